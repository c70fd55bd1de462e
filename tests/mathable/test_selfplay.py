"""Mathable self-play: reproducible games whose every turn replays under the rules."""

import functools
import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka import parallel
from eureka.errors import EurekaError
from eureka.mathable import selfplay
from eureka.mathable import simulate as simulate_module
from eureka.mathable.board import SQUARES, START
from eureka.mathable.legality import equations, score_turn
from eureka.mathable.options import MAX_GAMES, POLICIES
from eureka.mathable.policies import PLANNERS
from eureka.mathable.ranking import best_turns
from eureka.mathable.results import Summary
from eureka.mathable.selfplay import END_BLOCKED, END_EMPTIED, ENDINGS, KINDS, game_rng, play_game
from eureka.mathable.simulate import seat_orders, simulate, summary, win_interval
from eureka.mathable.singles import single_placements
from eureka.mathable.tokens import FULL_RACK_BONUS, RACK_SIZE, token_set
from eureka.schemas import schema


def board_tokens(grid):
    return Counter(v for cell, v in grid.items() if cell not in START)


def fits_anywhere(grid, values):
    """Independent of simulate.py: does a value complete an equation on an empty square?"""
    return any(equations(grid, cell, v) for cell in SQUARES if cell not in grid
               for v in set(values))


def play_checked(policies, seed, edition=126, bonus=True):
    """Play one game and check every turn against the rules; returns (result, records)."""
    records = []
    result = play_game(policies, game_rng(seed, 0), edition, bonus, on_turn=records.append)
    tokens = token_set(edition)
    n = len(policies)
    grid = dict(START)
    holders = None
    points = [0] * n
    squares = Counter()
    for t, rec in enumerate(records):
        # Seats move in turn, from the starter.
        assert rec.seat == (result.starter + t) % n
        assert rec.grid == grid, "the board changed between turns"
        if holders is None:
            assert len(rec.holder) == RACK_SIZE
        else:
            assert Counter(rec.holder) == Counter(holders[rec.seat])
        start, drawn = Counter(rec.holder), Counter(rec.drawn)
        # Every placement is legal on the board before it and scores what was credited.
        moves = [s.placement for s in rec.placements]
        replay = score_turn(grid, moves)             # updates grid in place
        assert [s.points for s in replay] == [s.points for s in rec.placements]
        placed = Counter(m.value for m in moves)
        assert not placed - (start + drawn), "placed a token it did not hold"
        left = start + drawn - placed - Counter(rec.exchanged)
        assert not left - Counter(rec.holders[rec.seat])
        emptied = sum(left.values()) == 0 and not rec.exchanged
        full = bonus and len(rec.holder) == RACK_SIZE and bool(moves) and emptied
        assert rec.bonus == (FULL_RACK_BONUS if full else 0)
        assert rec.points == sum(s.points for s in replay) + rec.bonus
        points[rec.seat] += rec.points
        squares.update(SQUARES[m.cell].kind for m in moves)
        # Extra draws: at most one per restriction square, and taken whenever the bag
        # allows, except by a planning policy ("optimal", "equity"...) protecting a
        # full-holder bonus.
        restricted = sum(1 for s in replay if s.restriction)
        assert len(rec.drawn) <= restricted
        if rec.bag and len(rec.drawn) < restricted:
            assert policies[rec.seat] in PLANNERS and \
                rec.bonus == FULL_RACK_BONUS
        # Nothing placed: only because nothing could be; exchange if the bag allows.
        if not moves:
            assert single_placements(rec.grid, rec.holder) == []
            assert rec.passed == (not rec.exchanged)
            if rec.passed:
                assert not rec.bag
            else:
                k = min(len(rec.holder), len(rec.bag))
                assert len(rec.exchanged) == k
        else:
            assert not rec.exchanged and not rec.passed
        # Policies: the first placement of greedy is the best single one; optimal's
        # turn without draws is the exact best turn.
        policy = policies[rec.seat]
        if moves and policy == "greedy":
            best = single_placements(rec.grid, rec.holder)[0]
            assert replay[0].points == best.points
        if moves and policy == "optimal" and not rec.drawn:
            full_bonus = FULL_RACK_BONUS if bonus and len(rec.holder) == RACK_SIZE else 0
            assert rec.points == best_turns(rec.grid, rec.holder, 1, full_bonus)[0].points
        # Refilled, and every token accounted for.
        holders = rec.holders
        assert len(holders[rec.seat]) == RACK_SIZE or not rec.bag
        assert all(len(h) <= RACK_SIZE for h in holders)
        everything = board_tokens(grid) + Counter(rec.bag)
        for h in holders:
            everything += Counter(h)
        assert everything == tokens
    # Totals.
    assert result.turns == len(records)
    assert result.placements == sum(len(r.placements) for r in records)
    assert result.draws == sum(len(r.drawn) for r in records)
    assert result.exchanges == sum(1 for r in records if r.exchanged)
    assert result.passes == sum(1 for r in records if r.passed)
    assert result.squares == {k: squares[k] for k in KINDS}
    assert result.deductions == tuple(sum(h) for h in holders)
    assert result.scores == tuple(p - d for p, d in zip(points, result.deductions))
    assert result.bonuses == tuple(sum(1 for r in records if r.seat == s and r.bonus)
                                   for s in range(n))
    # The ending is the one the rulebook describes.
    last = records[-1]
    if result.end == END_EMPTIED:
        assert not last.bag and not holders[last.seat]
    else:
        assert result.end == END_BLOCKED
        remaining = [v for h in holders for v in h] + list(last.bag)
        assert not fits_anywhere(grid, remaining)
    return result, records


GAMES = [
    (("optimal", "optimal"), 126),
    (("optimal", "optimal"), 106),
    (("greedy", "greedy", "greedy"), 126),
    (("random", "random", "random", "random"), 126),
    (("random", "greedy"), 106),
    (("optimal", "greedy", "random"), 126),
    (("greedy", "optimal", "random", "optimal"), 126),
]
SEEDS = range(4)


@functools.cache
def checked(policies, edition, seed):
    return play_checked(policies, seed, edition)


@pytest.mark.parametrize("policies, edition", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_turn_replays_under_the_rules(policies, edition, seed):
    result, records = checked(policies, edition, seed)
    assert result.placements > 60
    assert result.end in ENDINGS


BRANCHES = (END_EMPTIED, END_BLOCKED, "exchange", "partial exchange", "pass",
            "declined draw", "bonus after a draw", "bonus")


def test_the_checked_games_reach_every_branch():
    """The games above (and, if a rare branch is missing, a few more checked games)
    exercise every rule the game loop implements."""
    games = [(p, e, s) for p, e in GAMES for s in SEEDS]
    games += [(("optimal", "greedy", "random"), 126, s) for s in range(100, 130)]
    seen = Counter()
    for policies, edition, seed in games:
        result, records = checked(policies, edition, seed)
        seen[result.end] += 1
        for rec in records:
            restricted = sum(1 for s in rec.placements if s.restriction)
            seen["exchange"] += bool(rec.exchanged)
            seen["partial exchange"] += 0 < len(rec.exchanged) < len(rec.holder)
            seen["pass"] += rec.passed
            seen["declined draw"] += bool(rec.bag) and len(rec.drawn) < restricted
            seen["bonus after a draw"] += bool(rec.drawn) and rec.bonus > 0
            seen["bonus"] += rec.bonus > 0
        if all(seen[b] for b in BRANCHES):
            return
    pytest.fail(f"never seen: {[b for b in BRANCHES if not seen[b]]}")


def test_no_bonus_option_never_awards_fifty():
    for seed in range(3):
        result, _ = play_checked(("optimal", "greedy"), seed, bonus=False)
        assert result.bonuses == (0, 0)


def test_optimal_earns_full_rack_bonuses():
    summary = simulate(6, ("optimal", "optimal"), seed=11)
    assert sum(summary.bonus_rate) > 0
    assert sum(r.scores[0] + r.scores[1] for r in summary.results) > 0


def test_seeded_runs_repeat_exactly():
    a = simulate(3, ("optimal", "random"), seed=42)
    b = simulate(5, ("optimal", "random"), seed=42)
    assert a.results == b.results[:6]                   # 3 deals, both seat orders
    again = simulate(3, ("optimal", "random"), seed=42)
    assert again.to_json() == a.to_json() and again.results == a.results
    alone = play_game(("optimal", "random"), game_rng(42, 2))
    assert alone == b.results[4], "deal i depends on (seed, i) only"
    other = simulate(3, ("optimal", "random"), seed=43)
    assert other.results != a.results
    assert len({r.scores for r in b.results}) > 1, "games of a run should differ"


def test_runs_do_not_depend_on_the_thread_count(monkeypatch):
    monkeypatch.setattr(simulate_module, "CHUNK", 3)  # several chunks, one uneven
    runs = {}
    for count in (1, 2):
        parallel.choose(count)
        try:
            done = []
            runs[count] = simulate(7, ("optimal", "greedy"), seed=5, progress=done.append,
                                   swap=False)
        finally:
            parallel.choose(None)
        assert done == list(range(1, 8))
    assert runs[1].results == runs[2].results
    assert runs[1].results == [play_game(("optimal", "greedy"), game_rng(5, i))
                               for i in range(7)]


def test_play_game_repeats_from_the_generator():
    first = play_game(("greedy", "random", "optimal"), game_rng(9, 4))
    second = play_game(("greedy", "random", "optimal"), game_rng(9, 4))
    assert first == second


class PopLast:
    """A generator stand-in that always draws the last token of the bag."""

    def integers(self, n):
        return n - 1


def test_ties_for_the_start_are_redrawn_among_the_tied():
    game = selfplay.Table(3, PopLast(), 126, True)
    game.bag = [2, 5, 9, 9, 3]          # drawn from the end: 3, 9, 9, then 5, 2
    assert selfplay._starter(game, 3) == 1
    assert game.holders == [[3], [9, 5], [9, 2]]
    assert game.bag == []


def test_summary_aggregates():
    done = []
    summary = simulate(4, ("greedy", "random", "random"), seed=3, progress=done.append,
                       swap=False)
    assert done == [1, 2, 3, 4]
    data = json.loads(json.dumps(summary.to_json()))
    assert data["games"] == 4 and data["policies"] == ["greedy", "random", "random"]
    assert sum(seat["win_rate"] for seat in data["seats"]) == pytest.approx(1)
    assert sum(data["endings"].values()) == 4
    assert sum(data["square_share"].values()) == pytest.approx(1)
    scores = [r.scores[0] for r in summary.results]
    seat0 = data["seats"][0]["score"]
    assert (seat0["min"], seat0["max"]) == (min(scores), max(scores))
    assert seat0["mean"] == pytest.approx(sum(scores) / 4)
    turns = [r.turns for r in summary.results]
    assert data["turns"] == {"mean": pytest.approx(sum(turns) / 4), "min": min(turns),
                             "max": max(turns)}
    assert data["per_game"]["draws"] == pytest.approx(
        sum(r.draws for r in summary.results) / 4)


def test_win_rate_splits_ties():
    tie = selfplay.GameResult((10, 10), (0, 0), 1, 1, (0, 0), dict.fromkeys(KINDS, 0),
                              0, 0, 0, END_BLOCKED)
    win = selfplay.GameResult((5, 9), (0, 0), 1, 1, (0, 0), dict.fromkeys(KINDS, 0),
                              0, 0, 0, END_BLOCKED)
    found = summary([tie, win], ("greedy", "greedy"), 126, True, 0)
    assert isinstance(found, Summary) and found.win_rate == (0.25, 0.75)


@pytest.mark.parametrize("call, message", [
    (lambda: simulate(1, ("optimal",)), "2 to 4 players"),
    (lambda: simulate(1, ("greedy",) * 5), "2 to 4 players"),
    (lambda: simulate(1, ("optimal", "clever")), "unknown policy"),
    (lambda: simulate(0, ("optimal", "greedy")), "number of games"),
    (lambda: simulate(MAX_GAMES + 1, ("optimal", "greedy")), "at most 100,000"),
    (lambda: simulate(10**30, ("optimal", "greedy")), "at most"),
    (lambda: simulate(1, ("optimal", "greedy"), seed=-1), "seed"),
    (lambda: simulate(1, ("optimal", "greedy"), edition=100), "edition"),
    (lambda: play_game(("random",) * 6, game_rng(0, 0)), "2 to 4 players"),
])
def test_bad_arguments_raise_one_clear_line(call, message):
    with pytest.raises(EurekaError, match=message) as info:
        call()
    assert "\n" not in str(info.value)


def test_policy_names():
    assert POLICIES == ("optimal", "equity", "sim", "endgame", "sim-endgame", "greedy",
                        "random")
    assert set(POLICIES) == set(PLANNERS) | {"greedy", "random"}
    listed = schema("eureka.mathable.simulate/1")["properties"]["policies"]["items"]
    assert tuple(listed["enum"]) == POLICIES


# --- seat orders and win rates you can trust --------------------------------------------

@pytest.mark.parametrize("policies, orders", [
    (("optimal", "optimal"), (0,)),
    (("optimal", "greedy"), (0, 1)),
    (("optimal", "greedy", "random"), (0, 1, 2)),
    (("optimal", "greedy", "optimal", "greedy"), (0, 1)),
    (("optimal", "optimal", "greedy"), (0, 1, 2)),
])
def test_seat_orders_are_the_distinct_rotations(policies, orders):
    assert seat_orders(policies) == orders


def plain_wilson(p, n, z=1.959964):
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    return max(0, centre - half), min(1, centre + half)


def test_win_rate_and_spread_intervals_from_the_games():
    summary = simulate(6, ("optimal", "greedy"), seed=2)
    assert len(summary.results) == 12
    for k, row in enumerate(summary.policy_rates):
        wins, spreads = [], []
        for r in summary.results:
            a, b = r.scores[k], r.scores[1 - k]
            wins.append(1.0 if a > b else 0.5 if a == b else 0.0)
            spreads.append(a - b)
        deals = [(wins[i] + wins[i + 1]) / 2 for i in range(0, 12, 2)]
        gaps = [(spreads[i] + spreads[i + 1]) / 2 for i in range(0, 12, 2)]
        p = sum(wins) / 12
        var = sum((d - p) ** 2 for d in deals) / 5 / 6        # of the mean, from deals
        n = min(12, p * (1 - p) / var) if var and 0 < p < 1 else 6
        assert row["win_rate"] == pytest.approx(p)
        assert row["win_interval"] == pytest.approx(plain_wilson(p, n))
        mean = sum(gaps) / 6
        half = 1.959964 * (sum((g - mean) ** 2 for g in gaps) / 5 / 6) ** 0.5
        assert row["spread"] == pytest.approx(mean)
        assert row["spread_interval"] == pytest.approx([mean - half, mean + half])
    first, second = summary.policy_rates
    assert first["win_rate"] + second["win_rate"] == pytest.approx(1)
    assert first["spread"] == pytest.approx(-second["spread"])


def test_win_interval_edges():
    assert win_interval([1.0, 1.0, 1.0], 6) == pytest.approx(
        plain_wilson(1.0, 3))                       # no variation: over the deals
    assert win_interval([0.5], 2) == pytest.approx(plain_wilson(0.5, 1))
    low, high = win_interval([0.5, 1.0, 0.0, 0.5] * 25, 200)
    assert 0 < low < 0.5 < high < 1


def test_policies_sharing_seats():
    summary = simulate(2, ("optimal", "optimal", "greedy"), seed=4)
    optimal, greedy = summary.policy_rates
    assert (optimal["seats"], greedy["seats"]) == (2, 1)
    assert optimal["win_rate"] + greedy["win_rate"] == pytest.approx(1)
    assert simulate(1, ("greedy", "greedy"), seed=4).policy_rates == []


def test_games_in_all_are_bounded():
    with pytest.raises(EurekaError, match="in each of 4 seat orders"):
        simulate(MAX_GAMES // 4 + 1, ("optimal", "greedy", "random", "greedy"))


@given(st.lists(st.lists(st.sampled_from((0.0, 0.5, 1.0)), min_size=2, max_size=2),
                min_size=1, max_size=40))
def test_win_interval_is_wilsons_over_the_effective_games(pairs):
    deals = [sum(pair) / 2 for pair in pairs]
    low, high = win_interval(deals, 2 * len(deals))
    p = sum(deals) / len(deals)
    assert 0 <= low <= p <= high <= 1
    if len(deals) > 1 and 0 < p < 1 and len(set(deals)) > 1:
        var = sum((d - p) ** 2 for d in deals) / (len(deals) - 1) / len(deals)
        n = min(2 * len(deals), p * (1 - p) / var)
    else:
        n = len(deals)
    assert (low, high) == pytest.approx(plain_wilson(p, n))
