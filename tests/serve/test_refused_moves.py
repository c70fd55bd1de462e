"""A move the API refuses changes nothing: any request body, played on a kept game (a
Mathable match fresh, with a turn open or over; a race fresh or over), is either played
or refused with an EurekaError that leaves the game byte-identical, in the games' file
and in the library's own object; once a game is over, every move is told so."""

import json

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from eureka.cli.serve.play import Games, Mathable, Races
from eureka.errors import EurekaError
from eureka.mathable.board import cell_name
from eureka.mathable.match import Match
from eureka.race import Race
from eureka.store import Store

KINDS = {"mathable": (Mathable(), Match), "pitagoras": (Races(), Race)}
MOVES = ("turn", "draw", "exchange", "pass", "end", "hint", "shout", "deal")


def _placements(best) -> str:
    """The placements of the ranked turn `best` as typed."""
    return " ".join(f"{cell_name(c)}={v}" for c, v in best.placements)


def _with_a_turn_open() -> Match:
    """A match whose person drew on a restriction square: the turn stays open."""
    match = Match("beginner", seed=0, first="you")
    while not match.state()["turn_open"]:
        match.play(_placements(match.hint()), draw=True)
    return match


def _over() -> Match:
    """A match played to its end by the hints (else a pass or an exchange)."""
    match = Match("beginner", seed=3, first="you")
    while not match.over:
        best = match.hint()
        if best is not None:
            match.play(_placements(best), match.hint_json(best, "score")["draw"])
            if match.state()["turn_open"]:
                match.end_turn()
        elif match.can_pass():
            match.pass_turn()
        else:
            match.exchange(match.holder()[:1])
    return match


def _race_over() -> Race:
    """A race the bot took every deal of."""
    now = [0.0]
    race = Race("beginner", seed=5, clock=lambda: now[0])
    while not race.over:
        now[0] += 1000
        race.poll()
    return race


class _Positions(dict):
    """The positions by name, each (game, snapshot): shown by name in a failure."""

    def __repr__(self):
        return f"<positions: {', '.join(self)}>"


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """The games' file and the positions the moves are tried on: name -> (kind, snapshot)."""
    fresh = Race("beginner", seed=4)
    assert fresh.seconds_left() > 5                      # the bot stays quiet meanwhile
    positions = {"fresh match": ("mathable", Match("beginner", seed=3, first="you")),
                 "turn open": ("mathable", _with_a_turn_open()),
                 "match over": ("mathable", _over()),
                 "fresh race": ("pitagoras", fresh), "race over": ("pitagoras", _race_over())}
    store = Store(tmp_path_factory.mktemp("refused") / "games.db")
    return store, _Positions({name: (game, played.snapshot()) for name, (game, played)
                              in positions.items()})


def _seen(state: dict) -> dict:
    """A state without its clock (a race's seconds since its deal)."""
    return {k: v for k, v in state.items() if k != "elapsed"}


def _text(doc) -> str:
    """`doc` as JSON text, keys sorted."""
    return json.dumps(doc, sort_keys=True)


def _kept(store, key: str) -> str:
    """The snapshot of the game `key` as the file holds it."""
    with store._open() as db:
        return db.execute("SELECT snapshot FROM games WHERE id = ?", (key,)).fetchone()[0]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6),
                                                                 inner, max_size=3),
    max_leaves=8)
CELLS = st.builds(lambda row, column, value: f"{column}{row}={value}",
                  st.integers(1, 15), st.sampled_from("ABCDEFGHIJKLMNO"), st.integers(0, 99))
TYPED = st.lists(CELLS | st.sampled_from(["draw", "nodraw", "x", "="]), max_size=4).map(
    " ".join)
MOVE = st.one_of(
    st.dictionaries(st.sampled_from(MOVES) | st.text(max_size=8), JSON, max_size=3),
    st.fixed_dictionaries({"turn": TYPED}, optional={"draw": JSON}),
    st.fixed_dictionaries({"exchange": st.lists(st.integers(-1, 60), max_size=8)}),
    st.fixed_dictionaries({"shout": st.text("0123456789+-*/() =", max_size=20)},
                          optional={"deal": st.integers(-1, 30)}))


@given(position=st.sampled_from(["fresh match", "turn open", "match over", "fresh race",
                                 "race over"]), fields=MOVE)
@example(position="fresh match", fields={"turn": "A1=5"})    # no 5 on the holder
def test_a_refused_move_leaves_the_kept_game_byte_identical(games, position, fields):
    store, positions = games
    game, snapshot = positions[position]
    kind, cls = KINDS[game]
    kept = Games(kind, store, game)
    key = store.add(game, cls.restore(snapshot))
    before, state = _kept(store, key), _seen(kept.state(key))
    try:
        kept.move(key, fields)
    except EurekaError as refused:
        assert _kept(store, key) == before and _seen(kept.state(key)) == state
        if position.endswith("over"):
            assert str(refused).startswith("the game is over")
        played = cls.restore(json.loads(before))         # the library's object, alone
        with pytest.raises(EurekaError):
            kind.move(played, fields)
        assert _text(played.snapshot()) == _text(json.loads(before))
    else:
        assert not position.endswith("over"), "a move played after the end"


@pytest.mark.parametrize("position, fields", [
    ("match over", {"end": True}), ("match over", {"hint": 1}), ("match over", {}),
    ("race over", {"shout": "1+2", "deal": 1}), ("race over", {"end": True})])
def test_any_move_after_the_end_says_the_game_is_over(games, position, fields):
    store, positions = games
    game, snapshot = positions[position]
    kind, cls = KINDS[game]
    key = store.add(game, cls.restore(snapshot))
    with pytest.raises(EurekaError, match="^the game is over: it takes no more moves$"):
        Games(kind, store, game).move(key, fields)
