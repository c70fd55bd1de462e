"""A Pitagoras race against the bot (eureka.race): the bot's time follows the difficulty
rating, a right answer before it takes its cards, a wrong one gives the bot a hidden
card, and the game ends by the rulebook with every card accounted for."""

import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eureka.numbers.difficulty import seconds
from eureka.pitagoras import DECK, FACE_UP
from eureka.pitagoras import GAME as PITAGORAS
from eureka.race import LEVELS, UNRATED, Race, RaceError


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
    assert turn["player"] == "eureka" and race.state()["piles"]["you"] == 0


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
