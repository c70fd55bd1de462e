"""The Countdown numbers round as a preset of the numbers engine."""

from collections import Counter

from eureka.deck import draw
from eureka.numbers import params
from eureka.numbers.game import NumbersGame
from eureka.numbers.rules import COUNTDOWN, Rules

NUMBERS = Counter({**{v: 2 for v in range(1, 11)}, 25: 1, 50: 1, 75: 1, 100: 1})
HAND_SIZE = 6                   # the numbers drawn; a hand of fewer is still solved
TARGETS = range(100, 1000)
LARGE = Counter({25: 1, 50: 1, 75: 1, 100: 1})
SMALL = NUMBERS - LARGE


def deal(rng, large: int | None = None) -> tuple:
    """A deal as the round deals it: (six numbers, a target).

    `rng` is a random.Random. `large` numbers come from the four large ones (None: 0 to
    4, each as likely, as a contestant may ask for any), the rest from the twenty small
    ones, and the target is 100–999, each as likely.
    """
    large = rng.randint(0, len(LARGE)) if large is None else large
    return (draw(LARGE, large, rng) + draw(SMALL, HAND_SIZE - large, rng),
            rng.choice(TARGETS))


def rules() -> Rules:
    """The rules of the round (eureka.numbers.rules.COUNTDOWN)."""
    return COUNTDOWN


GAME = NumbersGame("countdown", "Countdown", COUNTDOWN, NUMBERS, most_cards=HAND_SIZE,
                   any_answer=True)


VERBS = params.verbs(GAME, (params.ANY_NUMBERS,), params.dealt,
                     {"cards": [100, 75, 50, 25, 6, 3], "target": 952,
                      "equation": "((100+6)*3*75-50)/25"})
"""solve, check and hint, their parameters declared (eureka.params)."""
