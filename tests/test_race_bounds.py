"""A race's memory is bounded: an answer longer than a real one is refused, answers that
change nothing (too late, or wrong with the deck out) are kept up to a number and then
only counted, and none is taken once the race is over."""

import json

import pytest

from eureka.pitagoras import DECK
from eureka.pitagoras import GAME as PITAGORAS
from eureka.race import MOST_ANSWER, MOST_IDLE, Race, RaceError


def _size(doc) -> int:
    """The bytes of `doc` as JSON."""
    return len(json.dumps(doc).encode())


def test_a_race_stays_small_whatever_is_shouted():
    race = Race("beginner", seed=4, clock=lambda: 0.0)      # the bot never shouts
    before = race.snapshot()
    for _ in range(100):                                    # 250 KB each: refused
        with pytest.raises(RaceError, match=f"at most {MOST_ANSWER} characters"):
            race.shout("1000" + " " * 250_000 + "+1")
    assert race.snapshot() == before
    race.shout(PITAGORAS.solve(race.table, race.target, best=True).best[0].text)
    while race.deck:                                        # a hidden card each
        race.shout("1000+1")
    kept = len(race.turns)
    for _ in range(2 * MOST_IDLE):                          # change nothing
        race.shout("1000+1")
        race.shout("1+2", deal=1)
    state, snapshot = race.state(), race.snapshot()
    assert len(state["turns"]) == kept + MOST_IDLE and state["unkept"] == 3 * MOST_IDLE
    assert state["turns"][-1]["deal"] == 1 and state["turns"][-1]["late"]
    turn = len(json.dumps({"equation": "", "why": "", **state["turns"][-1]}))
    bound = (sum(DECK.values()) + MOST_IDLE) * (turn + 2 * MOST_ANSWER) + 8192
    assert _size(state) < bound and _size(snapshot) < 2 * bound
    assert Race.restore(snapshot, clock=lambda: 0.0).state() == state


def test_a_race_over_takes_no_answer():
    now = [0.0]
    race = Race("expert", seed=5, clock=lambda: now[0])
    while not race.over:
        now[0] += 1000
        race.poll()
    before = race.snapshot()
    for deal in (None, 1, race.deal):
        with pytest.raises(RaceError, match="the game is over"):
            race.shout("1+2", deal=deal)
    assert race.snapshot() == before
