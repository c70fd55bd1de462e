"""One rulebook at the table: a person, a bot and a hint place, draw and score through the
same function (selfplay.Table.place), so a hint played as given scores what it said and a
person can play every turn a bot plays, draws and declined draws included."""

import random

import pytest

from eureka.mathable import record as records
from eureka.mathable.board import SQUARES, cell_name
from eureka.mathable.match import Match, MatchError, turn_choices
from eureka.mathable.policies import PLANNERS
from eureka.mathable.score import replay
from eureka.mathable.selfplay import IllegalTurn, checked, draw_choices, game_record
from eureka.mathable.singles import single_placements
from eureka.mathable.tokens import full_rack_bonus

GAMES = 200


def _text(placements) -> str:
    return " ".join(f"{cell_name(c)}={v}" for c, v in placements)


def _mine(match: Match):
    """The last finished turn of the person (the only one at the table)."""
    return next(t for t in reversed(match.turns) if t.seat == match.viewer)


def _play_hint(match: Match, rng: random.Random) -> bool:
    """Asks a hint (by score or equity) and plays it as given: it must score its points.

    Whether it was a hint in an open turn that counts the full-holder bonus."""
    by = rng.choice(["score", "equity"])
    seat = match.mover
    best = match.hint(by)
    if best is None:
        if match.state()["turn_open"]:
            match.end_turn()
        elif match.state()["can_exchange"]:
            match.exchange(match.holder()[:1])
        else:
            match.pass_turn()
        return False
    shown = match.hint_json(best, by)
    before = match._open.points if match._open else 0
    open_bonus = match._open is not None and best.total > best.score
    turns = len([t for t in match.turns if t.seat == seat])
    if rng.random() < 0.5:
        match.play(shown["text"])                   # typed, its draws said in words
    else:
        match.play(shown["placements"], draw=shown["draw"])
    if match._open is not None and match.mover == seat:
        assert match._open.points - before == shown["points"]
    else:
        finished = [t for t in match.turns if t.seat == seat]
        assert len(finished) == turns + 1
        assert finished[-1].points - before == shown["points"], (match.seed, shown)
    return open_bonus


def _play_single(match: Match, rng: random.Random) -> None:
    """A turn of one random legal placement (its draw taken or not), else an exchange or
    a pass."""
    options = single_placements(match.table.grid, match.holder())
    if options:
        match.play(rng.choice(options).placement.text(), draw=rng.random() < 0.5)
        if match._open is not None:
            match.end_turn()
    elif match.state()["can_exchange"]:
        match.exchange(match.holder()[:1])
    else:
        match.pass_turn()


def _open_a_turn(match: Match, rng: random.Random) -> bool:
    """Places one token on a restriction square, drawing, when it can: the turn stays open."""
    if not match.state()["bag"] or match._open is not None:
        return False
    options = [o for o in single_placements(match.table.grid, match.holder())
               if SQUARES[o.placement.cell].op]
    if not options:
        return False
    match.play(rng.choice(options).placement.text(), draw=True)
    return True


def test_every_hint_played_as_given_scores_what_it_said():
    opened = open_bonus = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        match = Match("beginner", seed=seed, first=rng.choice(["you", "bot"]))
        while not match.over:
            if rng.random() < 0.3:
                opened += _open_a_turn(match, rng)
            if match.over:
                break
            if match._open is not None or rng.random() < 0.4:
                open_bonus += _play_hint(match, rng)
            else:
                _play_single(match, rng)
        state = match.state()
        replayed = replay(records.parse(state["record"]))
        assert replayed.valid and replayed.final == state["final"]
    assert opened > GAMES                   # hints in open turns, after a draw
    assert open_bonus > 10                  # ... some of them for the 50 of a full holder


def _as_person(match: Match, planner) -> None:
    """The person's turn played through the API as the planner plays a bot's turn."""
    seat, table = match.mover, match.table
    holder = table.holders[seat]
    full = full_rack_bonus(holder, table.bonus)
    while True:
        plan = planner(table, seat, holder, full)
        if plan is None:
            if match.state()["turn_open"]:
                match.end_turn()
            elif table.bag:
                match.exchange(sorted(holder)[len(holder) - min(len(holder), len(table.bag)):])
            else:
                match.pass_turn()
            return
        choices = draw_choices(plan.placements, holder, full)
        match.play(_text(plan.placements), draw=choices)
        if not match.state()["turn_open"]:
            return


def _turns(record) -> list:
    return [(p.action, p.placements, p.draws, p.drawn, p.holder, p.exchanged)
            for p in record.plays]


@pytest.mark.parametrize("level, policy", [("beginner", "greedy"), ("casual", "optimal")])
def test_a_person_can_play_every_turn_a_bot_plays(level, policy):
    planner = PLANNERS["optimal"]
    for seed in range(GAMES // 2):
        match = Match(level, seed=seed)      # the person in the first seat, as self-play's
        while not match.over:
            _as_person(match, planner)
        by_bots = game_record(["optimal", policy], seed)
        assert _turns(match.record()) == _turns(by_bots), seed
        final = replay(by_bots).final
        assert match.state()["final"] == {"you": final["P1"], "eureka": final["P2"]}


def _restriction_turn(seed: int):
    """A game at a turn where the person can place on a restriction square, the bag not
    empty (played by hints until then), and those placements; None if none comes."""
    match, rng = Match("beginner", seed=seed, first="you"), random.Random(seed)
    while not match.over and match.state()["bag"]:
        options = [o for o in single_placements(match.table.grid, match.holder())
                   if SQUARES[o.placement.cell].op]
        if options:
            return match, options
        _play_hint(match, rng)
    return None


def test_the_draw_is_the_movers_choice_either_way():
    match, options = _restriction_turn(1)
    kept = match.snapshot()
    text = options[0].placement.text()
    declined = Match.restore(kept)
    declined.play(text, draw=False)
    assert declined._open is None and not _mine(declined).drawn
    taken = Match.restore(kept)
    taken.play(text, draw=True)
    assert taken.state()["turn_open"] and len(taken.state()["drawn"]) == 1
    taken.end_turn()
    assert len(_mine(taken).drawn) == 1 and _mine(taken).draw_at == (0,)
    assert _mine(taken).points == _mine(declined).points


def _as_a_bot(kept: dict, placements, draw):
    """The table after `placements` played by the mover of the game `kept` as a bot's
    turn is played (selfplay.policy_turn's call of Table.place), with the choice `draw`:
    the closed turn's record, or the open turn."""
    game = Match.restore(kept)
    table, seat = game.table, game.mover
    turn = game._open or table.begin(seat)          # a turn goes on after a draw
    drew = table.place(seat, turn, placements, draw)
    if drew and table.holders[seat]:
        return turn, table.holders[seat], table.bag
    return checked(table.close(seat, turn)), table.holders[seat], table.bag


def test_a_person_and_a_bot_facing_the_same_draw_have_the_same_options():
    faced, branches = 0, [0, 0]             # turns closed, turns left open by a draw
    for seed in range(GAMES):
        found = _restriction_turn(seed)
        if found is None:
            continue
        match, options = found
        faced += 1
        kept, rng = match.snapshot(), random.Random(seed)
        choice = rng.choice(options).placement
        placements = [(choice.cell, choice.value)]
        for draw in (True, False, None):
            person = Match.restore(kept)
            seat = person.mover
            person.play(choice.text(), draw=draw)
            bot, holder, bag = _as_a_bot(kept, placements, draw)
            branches[person._open is not None] += 1
            if person._open is not None:            # the token drawn: the turn goes on
                assert (person._open, person.table.holders[seat], person.table.bag) == \
                    (bot, holder, bag)
            else:                                   # the turn closed, the bot moved
                assert person.turns[len(match.turns)] == bot
    assert faced >= GAMES * 3 // 4 and min(branches) > GAMES // 4


def test_the_default_keeps_the_bonus_and_a_bad_choice_changes_nothing():
    assert draw_choices([1, 2], [5, 6], 50) == [False, False]      # empties a full holder
    assert draw_choices([1, 2], [5, 6, 7], 50) == [True, True]
    assert draw_choices([1, 2], [5, 6], 0) == [True, True]
    assert draw_choices([1, 2], [5, 6], 50, [True, False]) == [True, False]
    match, options = _restriction_turn(3)
    before = match.state()
    with pytest.raises(MatchError, match="one draw choice"):
        match.play(options[0].placement.text(), draw=[True, False])
    assert match.state() == before


def test_a_typed_turn_says_its_draws_after_its_placements():
    assert turn_choices("I8=12 J8=16") == ("I8=12 J8=16", None)
    assert turn_choices("I8=12 nodraw J8=16 draw") == ("I8=12 J8=16", [False, True])
    assert turn_choices("I8=12 J8=16 NoDraw") == ("I8=12 J8=16", [None, False])
    for text in ("nodraw I8=12", "I8=12 draw nodraw"):
        with pytest.raises(MatchError, match="follows a placement"):
            turn_choices(text)
    assert draw_choices([1, 2], [5, 6, 7], 50, [None, False]) == [True, False]
    assert draw_choices([1, 2], [5, 6], 50, [None, True]) == [False, True]


def test_a_long_game_ends_where_its_record_still_reads():
    """Friends who mostly exchange, placing once in 150 turns, never stall; the table ends
    their game at records.MOST_TURNS, and its record reads back and replays legally."""
    match = Match([], seed=3, people=2)
    while not match.over:
        best = match.hint("score") if len(match.turns) % 150 == 149 else None
        if best is not None:
            match.play(match.hint_json(best, "score")["text"])
            if match.state()["turn_open"]:
                match.end_turn()
        else:
            match.exchange(match.holder()[:1])
    assert len(match.turns) == records.MOST_TURNS
    text = match.record_text()
    assert replay(records.parse(text)).illegal is None


def test_the_table_refuses_a_pass_the_rules_forbid_and_changes_nothing():
    """Every seat passes through Table.close, which refuses a pass while the bag holds
    tokens (or the holder could place), as the record's replay does."""
    match = Match([], seed=5, people=2)
    kept = match.snapshot()
    table = match.table
    with pytest.raises(IllegalTurn, match="cannot pass: a token of the holder can be placed"):
        table.close(match.mover, table.begin(match.mover), [])
    with pytest.raises(MatchError, match="you cannot pass"):
        match.pass_turn()
    assert match.snapshot() == kept
