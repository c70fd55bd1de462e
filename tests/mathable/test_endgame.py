"""The exact endgame: against a brute force on small endgames, its line replayed by the
rules, the position checks and budget, the command, and the "endgame" policy."""

import functools
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka.errors import SearchTooLarge
from eureka.mathable import GAME, policies
from eureka.mathable.arrays import CELLS, board_array
from eureka.mathable.board import START, PositionError
from eureka.mathable.endgame import ALWAYS, budget, solve_endgame, turns
from eureka.mathable.legality import score_turn
from eureka.mathable.lines import CODE_SHIFT
from eureka.mathable.options import POLICIES
from eureka.mathable.position import Position, parse_text
from eureka.mathable.results import Endgame
from eureka.mathable.selfplay import game_rng, play_game
from eureka.mathable.tokens import token_set
from tests.oracle import mathable as oracle
from tests.oracle import mathable_endgame as brute
from tests.paths import PACKAGE
from tests.schema_check import assert_valid

EXAMPLE = PACKAGE / "mathable" / "data" / "endgame.txt"
VALUES = sorted(token_set(126))


@functools.cache
def boards() -> tuple:
    """The boards after every turn of three seeded self-play games: from the opening
    to the last turn."""
    found = []
    for seed in range(3):
        records = []
        play_game(("optimal", "optimal"), game_rng(seed, 0), on_turn=records.append)
        for r in records:
            grid = dict(r.grid)
            for s in r.placements:
                grid[s.placement.cell] = s.placement.value
            found.append(grid)
    return tuple(found)


def replay(grid: dict, mover, opponent, line) -> int:
    """The line played out under the rules (legality.score_turn, a pass only when
    nothing fits, the game ending as the rules say): the final difference."""
    grid, holders, net = dict(grid), [list(mover), list(opponent)], [0, 0]
    for k, step in enumerate(line):
        assert step.player == k % 2
        player = step.player
        if step.turn is None:
            assert not brute.singles(grid, tuple(holders[player]))
            continue
        placements = [s.placement for s in step.turn.placements]
        scored = score_turn(grid, placements)
        assert [s.points for s in scored] == [s.points for s in step.turn.placements]
        full = len(holders[player]) == 7 and len(placements) == 7
        for p in placements:
            holders[player].remove(p.value)
        assert step.turn.bonus == (50 if full else 0)
        net[player] += step.turn.points
        if not holders[player]:
            assert k == len(line) - 1, "the game goes on after a holder is empty"
            break
    else:
        assert not brute.singles(grid, tuple(holders[0]))       # both blocked
        assert not brute.singles(grid, tuple(holders[1]))
    return net[0] - sum(holders[0]) - (net[1] - sum(holders[1]))


def _holders(pool):
    return st.lists(st.sampled_from(pool), min_size=1, max_size=2)


@pytest.mark.parametrize("pool", [VALUES, range(13)], ids=["any tokens", "small tokens"])
@given(data=st.data())
def test_small_endgames_agree_with_the_brute_force(pool, data):
    """Small tokens fit almost anywhere: long lines, passes and blocked ends."""
    grid = boards()[data.draw(st.integers(0, 10_000)) % len(boards())]
    mover, opponent = data.draw(_holders(pool)), data.draw(_holders(pool))
    value, line, _ = solve_endgame(grid, mover, opponent)
    assert value == brute.value(grid, tuple(sorted(mover)), tuple(sorted(opponent)))
    assert replay(grid, sorted(mover), sorted(opponent), line) == value


@given(st.integers(0, 10_000), st.lists(st.sampled_from(range(13)), min_size=1,
                                        max_size=3))
def test_the_moves_are_every_set_of_placements_with_its_best_score(k, holder):
    """Completeness: every set of placements the oracle finds (every ordered sequence),
    with the best score of its orders, and nothing else."""
    grid = boards()[k % len(boards())]
    rows, values = turns(board_array(grid), tuple(sorted(holder)), bonus=False)
    found = {frozenset((CELLS[c >> CODE_SHIFT], values[c & 15]) for c in codes[:size]):
             score for _, score, size, *codes in rows}
    expected = oracle.all_turns(grid, holder)
    del expected[frozenset()]
    assert found == expected
    assert [r[0] for r in rows] == sorted((r[0] for r in rows), reverse=True)


def _few_sets_one_of_all_7(grid, holder) -> bool:
    """Whether the holder has under 300 sets of placements on the board, one of them
    every token: a small search that can earn the bonus."""
    rows = turns(board_array(grid), holder)[0]
    return len(rows) < 300 and any(size == 7 for _, _, size, *_ in rows)


def test_a_full_holder_placed_whole_earns_the_bonus():
    """A holder of 7 that fits whole, against one that never fits: the line places
    all 7 at once for the 50 (replay checks the bonus rule), worth 50 more than
    without the bonus."""
    holder = (1, 1, 2, 2, 3, 3, 4)
    grid = next(g for g in boards() if _few_sets_one_of_all_7(g, holder))
    value, line, _ = solve_endgame(grid, holder, [90])
    assert [s.turn.bonus for s in line] == [50]
    assert replay(grid, holder, [90], line) == value
    assert value - solve_endgame(grid, holder, [90], bonus=False)[0] == 50


def test_a_blocked_opening_is_the_deductions():
    """Nothing makes 90 or 81 on the opening board: both deduct, no line."""
    assert solve_endgame(dict(START), [90], [81]) == (81 - 90, [], 1)


# --- positions, budget and the command --------------------------------------------------

def test_the_docs_example():
    result = GAME.endgame(GAME.position(str(EXAMPLE)))
    assert (result.value, result.final, result.deductions) == (-373, (793, 1166),
                                                               (90, 91))
    assert [(s.player, s.turn.text()) for s in result.line] == [
        (0, "H12=18 F13=3 F14=7")]
    data = assert_valid(result.to_json())
    assert data["endgame_value"] == -373 and data["scores"] == {"mover": 855,
                                                                "opponent": 1257}


def test_a_player_who_cannot_place_passes():
    """90 fits nowhere on the opening board, 7 does (3 + 4): the mover passes."""
    grid = dict(START)
    value, line, _ = solve_endgame(grid, [90], [7])
    assert [(s.player, s.turn and s.turn.points) for s in line] == [(0, None), (1, 7)]
    assert value == replay(grid, [90], [7], line) == -90 - 7
    result = Endgame(Position(grid, [90], others={"P2": [7]}), "P2", value, tuple(line),
                     (90, 0), (-90, 7), 3)
    step = assert_valid(result.to_json())["line"][0]
    assert step == {"player": "mover", "pass": True, "turn": "", "points": 0, "bonus": 0,
                    "placements": []}


def _example(lines: dict) -> str:
    """The docs example with the lines starting with each key replaced (None:
    dropped)."""
    text = EXAMPLE.read_text()
    for key, line in lines.items():
        old = next(x for x in text.splitlines() if x.startswith(key))
        text = text.replace(old + "\n", "" if line is None else line + "\n")
    return text


NO_OPPONENT = _example({"rack opp:": None})
BAG_LEFT = _example({"rack opp:": "rack opp: 27 60"})


@pytest.mark.parametrize("text, message", [
    (NO_OPPONENT, "needs the opponent's holder"),
    (_example({"rack opp:": "rack opp: 27 60\nrack P3: 4"}), "for 2 players"),
    (_example({"score opp:": "score op: 1257"}), "score op: no rack op"),
    (BAG_LEFT, r"the bag is not empty: 1 token \(4\) is on neither"),
    (_example({"rack opp:": "rack opp:\nbag: 4 27 60"}), "rack opp is empty"),
])
def test_refusals(text, message):
    with pytest.raises(PositionError, match=message):
        GAME.endgame(parse_text(text))


def test_the_rack_given_replaces_the_movers_and_scores_default_to_0():
    text = _example({"rack:": None, "score:": None, "score opp:": None})
    assert GAME.endgame(parse_text(text), [3, 7, 18, 90]).value == 29


def test_the_budget_refuses_at_once():
    """Seven small tokens each on an open board: refused before any search."""
    grid = boards()[3]
    holder = [1, 2, 3, 4, 5, 6, 8]
    with pytest.raises(SearchTooLarge, match="too large to solve exactly"):
        budget(grid, holder, holder)
    budget(grid, holder[:ALWAYS], holder[:ALWAYS])          # always answered


# --- the policy --------------------------------------------------------------------------

def test_the_endgame_policy_plays_the_exact_turn_once_the_bag_is_empty():
    """Each turn it plays with the bag empty keeps the exact value of the endgame (and
    play_game's on_turn re-scores every turn by the rules)."""
    assert "endgame" in policies.PLANNERS and "endgame" in POLICIES
    checked = 0
    for seed in range(2):
        records = []
        play_game(("endgame", "optimal"), game_rng(seed, 0), on_turn=records.append)
        for before, r in itertools.pairwise(records):
            if before.bag or r.seat != 0 or not r.placements:
                continue
            mover, other = list(r.holder), list(r.holders[1])
            exact = solve_endgame(r.grid, mover, other)[0]
            grid, rest = dict(r.grid), list(mover)
            for s in r.placements:
                grid[s.placement.cell] = s.placement.value
                rest.remove(s.placement.value)
            after = -solve_endgame(grid, other, rest)[0] if rest else sum(other)
            assert r.points + after == exact
            checked += 1
    assert checked
