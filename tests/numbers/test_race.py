"""A Pitagoras race against the bot (eureka.race): the bot's time follows the difficulty
rating, a right answer before it takes its cards, a wrong one gives the bot a hidden
card, and the game ends by the rulebook with every card accounted for."""

import json
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eureka.numbers.difficulty import seconds
from eureka.pitagoras import DECK, FACE_UP
from eureka.pitagoras import GAME as PITAGORAS
from eureka.race import LEVELS, REACTION, UNRATED, Race, RaceError


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def _cards_accounted_for(race) -> bool:
    return sum(len(p) for p in race.piles.values()) + len(race.table) + len(race.deck) \
        == sum(DECK.values())


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(list(LEVELS)))
def test_a_race_the_bot_wins_alone_ends_by_the_rulebook(seed, level):
    clock = Clock()
    race = Race(level, seed=seed, clock=clock)
    while not race.over:
        state = race.state()
        assert "answer" not in state and "due" not in state         # hidden
        assert PITAGORAS.solve(state["cards"], state["target"]).reachable
        clock.now += 1000
        turn = race.poll()
        assert turn["player"] == "eureka" and turn["right"]
        assert PITAGORAS.check(turn["equation"], state["cards"], state["target"],
                               compare=False).valid
        assert len(turn["cards"]) == PITAGORAS.solve(state["cards"], state["target"],
                                                     best=True).most_cards
        assert _cards_accounted_for(race)
    assert len(race.deck) < FACE_UP - len(race.table) or race.state()["deck"] == 0
    assert race.state()["winner"] == "eureka"


def test_a_right_answer_before_the_bot_takes_its_cards():
    clock = Clock()
    race = Race("expert", seed=3, clock=clock)
    cards, target = list(race.table), race.target
    answer = PITAGORAS.solve(cards, target, best=True).best[0]
    clock.now = 0.5
    turn = race.shout(answer.text)
    assert turn["right"] and sorted(turn["cards"]) == sorted(answer.cards)
    assert turn["seconds"] == 0.5 and race.state()["piles"]["you"] == len(answer.cards)
    assert _cards_accounted_for(race)


def test_an_answer_after_the_bot_shouted_is_too_late():
    clock = Clock()
    race = Race("expert", seed=3, clock=clock)
    answer = PITAGORAS.solve(race.table, race.target, best=True).best[0]
    clock.now = 10_000
    turn = race.shout(answer.text)
    assert turn == {"player": "you", "deal": 1, "equation": answer.text, "late": True,
                    "taken_by": "eureka"}
    assert race.state()["piles"]["you"] == 0 and race.turns[-2]["player"] == "eureka"


def test_a_wrong_answer_gives_the_bot_a_hidden_card_and_the_deal_goes_on():
    clock = Clock()
    race = Race("beginner", seed=4, clock=clock)
    before = race.state()
    turn = race.shout("1000+1")
    after = race.state()
    assert not turn["right"] and turn["penalty"] == 1 and "1000" in turn["why"]
    assert after["piles"] == {"you": 0, "eureka": 1} and after["deck"] == before["deck"] - 1
    assert after["cards"] == before["cards"] and after["target"] == before["target"]
    assert _cards_accounted_for(race)


def test_the_bots_time_follows_the_rating_and_its_level():
    medians = {}
    for level in LEVELS:
        race = Race(level, seed=1)
        ratios = [race.bot_seconds(r) / seconds(r) for r in [4.0, 6.0, 8.0] * 100]
        medians[level] = statistics.median(ratios)
        assert medians[level] == pytest.approx(LEVELS[level], rel=0.1)
    assert list(medians) == sorted(medians, key=medians.get, reverse=True)  # slow first
    casual = Race("casual", seed=2)
    assert statistics.median(casual.bot_seconds(None) for _ in range(300)) == \
        pytest.approx(UNRATED, rel=0.1)


def test_the_same_seed_deals_the_same_race():
    assert Race("casual", seed=9, clock=Clock()).state() == \
        Race("casual", seed=9, clock=Clock()).state()


def test_unknown_levels_and_dice_are_refused_and_a_finished_race_takes_no_shout():
    with pytest.raises(RaceError, match="unknown level"):
        Race("grandmaster")
    with pytest.raises(Exception, match="no Pitagoras die is called 'green'"):
        Race("casual", die="green")
    clock = Clock()
    race = Race("expert", seed=5, clock=clock)
    while not race.over:
        clock.now += 1000
        race.poll()
    with pytest.raises(RaceError, match="over"):
        race.shout("1+2")


def test_a_random_seed_is_shown_only_once_the_race_is_over():
    clock = Clock()
    race = Race("expert", clock=clock)                  # its deck's order is its seed
    while not race.over:
        assert race.state()["seed"] is None
        clock.now += 1000
        race.poll()
    assert race.state()["seed"] == race.seed
    assert Race("expert", seed=4).state()["seed"] == 4


def _taken_by_the_bot(seed: int = 3):
    """A race whose first deal the bot has just taken: the race, its clock, the best
    answer to that deal (wrong on the next) and the state once taken."""
    clock = Clock()
    race = Race("expert", seed=seed, clock=clock)
    answer = PITAGORAS.solve(race.table, race.target, best=True).best[0].text
    while race.poll() is None:
        clock.now += 0.5
    return race, clock, answer, race.state()


def test_an_answer_naming_a_deal_taken_is_too_late_and_changes_nothing_else():
    race, clock, answer, taken = _taken_by_the_bot()
    assert taken["deal"] == 2 and taken["turns"][-1]["deal"] == 1
    clock.now += 2                                    # long after: the deal named counts
    turn = race.shout(answer, deal=1)
    after = race.state()
    assert turn == {"player": "you", "deal": 1, "equation": answer, "late": True,
                    "taken_by": "eureka"}
    assert after["turns"] == [*taken["turns"], turn]
    assert {k: after[k] for k in ("deal", "cards", "target", "deck", "piles")} == \
        {k: taken[k] for k in ("deal", "cards", "target", "deck", "piles")}
    assert not PITAGORAS.check(answer, after["cards"], after["target"], compare=False).valid
    judged = race.shout(answer, deal=2)               # the same text, on the next deal
    assert judged["deal"] == 2 and judged["right"] is False and judged["penalty"] == 1


def test_an_answer_naming_no_deal_answers_the_one_taken_during_the_reaction_time():
    race, clock, answer, taken = _taken_by_the_bot()
    clock.now += 0.3
    assert race.shout(answer)["late"] and race.state()["piles"] == taken["piles"]
    clock.now += REACTION
    turn = race.shout(answer)                         # the next deal has been seen
    assert turn["deal"] == 2 and turn["right"] is False
    assert race.state()["piles"]["eureka"] == taken["piles"]["eureka"] + 1


def test_no_reaction_time_after_your_own_take():
    clock = Clock()
    race = Race("beginner", seed=4, clock=clock)
    race.shout(PITAGORAS.solve(race.table, race.target, best=True).best[0].text)
    turn = race.shout("1000+1")                       # at once: the deal you dealt
    assert turn["deal"] == 2 and turn["penalty"] == 1


@pytest.mark.parametrize("typo", ["abc", "1+", "(3+10", "3 10", "", "2.5+1"])
def test_a_typo_is_refused_with_its_reason_and_nothing_changes(typo):
    clock = Clock()
    race = Race("beginner", seed=4, clock=clock)
    before = race.snapshot()
    with pytest.raises(RaceError, match=r"not an equation \(.* at position \d+\)"):
        race.shout(typo)
    assert race.snapshot() == before
    answer = PITAGORAS.solve(race.table, race.target, best=True).best[0].text
    assert race.shout(answer)["right"]                # the race goes on


@pytest.mark.parametrize("deal", [0, 2, -1, True, "1", 1.0])
def test_a_deal_not_dealt_is_refused(deal):
    race = Race("beginner", seed=4, clock=Clock())
    before = race.snapshot()
    with pytest.raises(RaceError, match="no deal"):
        race.shout("1+2", deal=deal)
    assert race.snapshot() == before


def _play_on(race, clock, moves: int) -> None:
    """`moves` events on `race` by one fixed script: wrong answers, typos, late answers,
    right ones, and the bot's shouts, each some seconds after the last."""
    for step in range(moves):
        if race.over:
            return
        clock.now += (0.25, 1.25, 2.5, 0.125)[step % 4]
        state = race.state()
        kind = step % 5
        if kind == 0:
            race.shout("1000+1")
        elif kind == 1:
            with pytest.raises(RaceError):
                race.shout("1+")
        elif kind == 2 and state["deal"] > 1:
            race.shout("1+2", deal=state["deal"] - 1)
        elif kind == 3:
            race.shout(PITAGORAS.solve(state["cards"], state["target"],
                                       best=True).best[0].text)
        else:
            race.poll()


def test_a_restored_race_goes_on_as_the_race_would():
    clock = Clock()
    race = Race("strong", seed=21, clock=clock)
    _play_on(race, clock, 23)
    race.shout("1000+1")                              # a change: the snapshot is now
    assert not race.over and race.turns
    doc = json.loads(json.dumps(race.snapshot()))
    assert doc["version"] == 1 and "answer" in doc and "answer" not in race.state()
    later = Clock()
    later.now = 4096.0
    again = Race.restore(doc, clock=later)
    assert again.state() == race.state() and again.snapshot() == race.snapshot()
    _play_on(race, clock, 60)
    _play_on(again, later, 60)
    assert again.state() == race.state() and again.snapshot() == race.snapshot()
    assert race.over


def test_a_snapshot_changes_only_when_the_race_does():
    race, clock, answer, _ = _taken_by_the_bot()
    first = race.snapshot()
    clock.now += 0.2
    race.poll()
    with pytest.raises(RaceError):
        race.shout("abc")
    assert race.snapshot() == first
    race.shout("1000+1")
    assert race.snapshot() != first and race.snapshot()["elapsed"] == pytest.approx(0.2)


def test_a_restored_deal_resumes_its_clock_from_the_snapshot():
    clock = Clock()
    race = Race("casual", seed=8, clock=clock)
    clock.now = 1.5
    race.shout("1000+1")
    later = Clock()
    later.now = 777.0
    again = Race.restore(race.snapshot(), clock=later)
    assert again.state()["elapsed"] == 1.5
    with pytest.raises(RaceError, match="version 1"):
        Race.restore({**race.snapshot(), "version": 2})
