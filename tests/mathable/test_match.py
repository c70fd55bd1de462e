"""A game of Mathable against a bot (eureka.mathable.match): played to its end by the
rules, its record replaying to the final scores, the bot's tokens and the bag hidden."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eureka.errors import EurekaError
from eureka.mathable import record as records
from eureka.mathable.board import SQUARES, cell_name
from eureka.mathable.match import LEVELS, PLAYERS, Match, MatchError
from eureka.mathable.score import replay
from eureka.mathable.selfplay import ENDINGS
from eureka.mathable.singles import single_placements


def move(match: Match, rng: random.Random, restricted: bool = False) -> None:
    """One turn of a person who plays a random legal placement (on a restriction square
    first, when `restricted`), ends an open turn, exchanges when stuck, else passes."""
    options = single_placements(match.table.grid, match.holder())
    if restricted:
        options = [o for o in options if SQUARES[o.placement.cell].op] or options
    if options:
        match.play(rng.choice(options).placement.text())
        if match.state()["turn_open"]:
            match.end_turn()
    elif match.state()["bag"]:
        match.exchange(match.holder()[:match.state()["bag"]])
    else:
        match.pass_turn()


def played(level: str, seed: int, first=None, restricted=False) -> Match:
    match = Match(level, seed=seed, first=first)
    rng = random.Random(seed)
    while not match.over:
        move(match, rng, restricted)
    return match


# The expert's whole games (10-20 s of CPU each) are the API's, the terminal's and the page's.
@pytest.mark.parametrize("level", [level for level in LEVELS if level != "expert"])
def test_a_game_plays_to_its_end_and_its_record_replays_to_the_final_scores(level):
    match = played(level, seed=5)
    assert [seat["level"] for seat in match.state()["seats"]] == [None, level]
    state = match.state()
    assert state["over"] and state["end"] in ENDINGS and state["to_move"] is None
    replayed = replay(records.parse(state["record"]))
    assert replayed.valid
    assert {p: replayed.final[p] for p in PLAYERS} == state["final"]
    for name in PLAYERS:
        assert state["final"][name] == state["scores"][name] - sum(state["left"][name])
    assert state["record"].startswith(f"# eureka play mathable: you against {level}")


def _hidden_swapped(match: Match) -> Match:
    """The same game with the bot's tokens and the bag's mixed anew (counts kept)."""
    table, bot = match.table, match.names.index("eureka")
    pool = table.bag + table.holders[bot]
    random.Random(1).shuffle(pool)
    k = len(table.holders[bot])
    table.holders[bot], table.bag[:] = pool[:k], pool[k:]
    return match


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 30), st.sampled_from(["you", "bot"]))
def test_no_state_before_the_end_shows_the_bots_tokens_or_the_bag(seed, turns, first):
    match, rng = Match("beginner", seed=seed, first=first), random.Random(seed)
    for _ in range(turns):
        if match.over:
            break
        move(match, rng)
    if match.over:                          # the end shows everything
        return
    before = json.dumps(match.state(), sort_keys=True)
    assert "record" not in match.state() and "left" not in match.state()
    assert before == json.dumps(_hidden_swapped(match).state(), sort_keys=True)
    for turn in match.state()["turns"]:
        if turn["player"] == "eureka":
            assert isinstance(turn["drawn"], int)


def test_the_same_seed_and_moves_give_the_same_game():
    assert played("casual", 11).state() == played("casual", 11).state()


def test_who_moves_first_can_be_chosen():
    assert Match("beginner", seed=2, first="bot").state()["turns"][0]["player"] == "eureka"
    assert Match("beginner", seed=2, first="you").state()["turns"] == []


def test_a_refused_turn_changes_nothing():
    match = Match("beginner", seed=4, first="you")
    before = match.state()
    held = match.holder()
    missing = next(v for v in range(1, 100) if v not in held)
    for text, message in [(f"A1={missing}", "holds none"),
                          (f"A1={held[0]}", "placement 1"),
                          ("I8", "I8"),
                          ("", "empty")]:
        with pytest.raises(EurekaError, match=message):
            match.play(text)
        assert match.state() == before
    with pytest.raises(MatchError, match="cannot pass: a token of the holder can be placed"):
        match.pass_turn()
    with pytest.raises(MatchError, match="only exchange tokens you hold"):
        match.exchange([missing])
    with pytest.raises(MatchError, match="no turn of yours is open"):
        match.end_turn()
    assert match.state() == before


def test_a_draw_on_a_restriction_square_keeps_the_turn_open():
    match, rng = Match("beginner", seed=8, first="you"), random.Random(8)
    while not match.over:
        options = [o for o in single_placements(match.table.grid, match.holder())
                   if SQUARES[o.placement.cell].op]
        if options and match.state()["bag"]:
            before = match.holder()
            placement = options[0].placement
            match.play(placement.text())
            state = match.state()
            assert state["turn_open"] and state["to_move"] == "you"
            assert len(state["drawn"]) == 1
            assert sorted(state["rack"]) == sorted(
                [*before[:before.index(placement.value)],
                 *before[before.index(placement.value) + 1:], *state["drawn"]])
            with pytest.raises(MatchError, match="turn is open"):
                match.exchange(match.holder()[:1])
            match.end_turn()
            assert match.state()["turns"][-2]["drawn"] == state["drawn"] or match.over
            return
        move(match, rng)
    pytest.fail("no restriction square came up")


def test_an_exchange_puts_tokens_back_for_as_many():
    match = Match("beginner", seed=6, first="you")
    held = match.holder()
    match.exchange(held[:3])
    state = match.state()
    mine = state["turns"][0]
    assert mine["player"] == "you" and mine["exchanged"] == sorted(held[:3])
    assert len(state["cells"]) - 4 + len(state["rack"]) + state["bot_holder"] \
        + state["bag"] == 126


def test_a_hint_is_a_legal_turn_and_is_counted():
    match = Match("casual", seed=3, first="you")
    hint = match.hint()
    assert hint is not None and match.state()["hints"] == 1
    match.play(" ".join(f"{cell_name(cell)}={value}" for cell, value in hint.placements))
    if match.state()["turn_open"]:
        match.end_turn()
    assert match.state()["turns"][0]["points"] >= hint.score


def test_unknown_levels_and_seats_are_refused():
    with pytest.raises(MatchError, match="unknown level 'grandmaster'"):
        Match("grandmaster")
    with pytest.raises(MatchError, match="first is the name of a seat"):
        Match("casual", first="them")
    assert list(LEVELS) == ["beginner", "casual", "strong", "expert"]


def test_nothing_is_played_once_the_game_is_over():
    match = played("beginner", seed=9)
    for act in (lambda: match.play("A1=1"), lambda: match.exchange([1]),
                match.pass_turn, match.hint):
        with pytest.raises(MatchError, match="the game is over"):
            act()


def test_a_random_seed_is_shown_only_once_the_game_is_over():
    match, rng = Match("beginner"), random.Random(2)     # its bag's order is its seed
    assert match.state()["seed"] is None
    while not match.over:
        move(match, rng)
        assert match.state()["seed"] is None or match.over
    assert match.state()["seed"] == match.seed
    assert Match("beginner", seed=4).state()["seed"] == 4        # one given is known


def _moves_from(match: Match, rng: random.Random, count: int) -> list:
    """`count` moves of the people (random legal ones), the states after each."""
    states = []
    for _ in range(count):
        if match.over:
            break
        move(match, rng, restricted=rng.random() < 0.5)
        states.append(match.state())
    return states


@pytest.mark.parametrize("against, people", [("beginner", 1), ("casual", 1),
                                             (["beginner", "casual"], 1), ([], 2),
                                             (["beginner"], 3)])
def test_a_kept_game_goes_on_exactly_where_it_stood(against, people):
    for seed, moves in [(1, 3), (2, 9), (3, 20)]:
        match = Match(against, seed=seed, people=people)
        _moves_from(match, random.Random(seed), moves)
        kept = json.loads(json.dumps(match.snapshot()))
        restored = Match.restore(kept)
        assert restored.state() == match.state()
        assert restored.snapshot() == kept
        assert _moves_from(restored, random.Random(7), 200) == \
            _moves_from(match, random.Random(7), 200)


def test_a_turn_kept_open_before_it_held_its_start_goes_on():
    """A game kept while the table held the open turn's board and holder restores."""
    match = Match("beginner", seed=0, first="you")
    while not match.state()["turn_open"]:
        best = match.hint()
        match.play(" ".join(f"{cell_name(c)}={v}" for c, v in best.placements), True)
    kept = json.loads(json.dumps(match.snapshot()))
    opened = kept["open"]
    old = {**kept, "open": {k: v for k, v in opened.items() if k not in ("grid", "holder")},
           "table": {**kept["table"], "before": [opened["grid"], opened["holder"]]}}
    restored = Match.restore(old)
    assert restored.snapshot() == kept
    restored.end_turn()
    match.end_turn()
    assert restored.snapshot() == match.snapshot()


def test_a_kept_game_of_another_version_is_refused():
    kept = Match("beginner", seed=1).snapshot()
    with pytest.raises(MatchError, match="version 2"):
        Match.restore({**kept, "version": 2})


def test_three_and_four_seats_play_to_the_end_and_their_records_replay():
    for against, people in [(["beginner", "casual"], 1), (["beginner"], 3), ([], 4)]:
        match = Match(against, seed=11, people=people)
        rng = random.Random(11)
        names = [seat["name"] for seat in match.state()["seats"]]
        assert len(names) == people + len(against)
        while not match.over:
            state = match.state()
            assert state["viewer"] == state["to_move"] in names[:people]
            move(match, rng)
        state = match.state()
        replayed = replay(records.parse(state["record"]))
        assert replayed.valid and replayed.final == state["final"]
        assert set(state["left"]) == set(names)


def test_the_seats_are_listed_as_named_whoever_moves_first():
    for first in ("Ann", "Bo", "Cy", "eureka"):
        state = Match(["casual"], seed=3, people=3, names=["Ann", "Bo", "Cy"],
                      first=first).state()
        assert [s["name"] for s in state["seats"]] == ["Ann", "Bo", "Cy", "eureka"]
        assert list(state["scores"]) == ["Ann", "Bo", "Cy", "eureka"]
        assert state["to_move"] == ("Ann" if first == "eureka" else first)


def test_a_person_sees_only_their_own_holder_and_the_unseen_tokens():
    match = Match([], seed=4, people=2, names=["Ann", "Bo"])
    rng = random.Random(4)
    for _ in range(6):
        state = match.state()
        mover = match.table.holders[match.mover]
        assert state["rack"] == sorted(mover) and state["viewer"] == state["to_move"]
        on_board = len(state["cells"]) - 4
        assert len(state["unseen"]) == 126 - on_board - len(mover)
        move(match, rng)


def test_tables_and_names_that_cannot_be_are_refused():
    for against, people, names, message in [
            ([], 1, None, "played by 2 to 4"), (["casual"] * 4, 1, None, "played by 2 to 4"),
            ("casual", 0, None, "people is a whole number"),
            ([], 2, ["Ann", "Ann"], "its own name"), ([], 2, ["Ann"], "one name a person"),
            ([], 2, ["Ann", "two words"], "one word"), ([], 2, ["left", "Bo"], "one word"),
            ("casual", 1, ["eureka"], "its own name"), (5, 1, None, "a list of levels")]:
        with pytest.raises(MatchError, match=message):
            Match(against, people=people, names=names)
