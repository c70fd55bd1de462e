"""The Countdown numbers round as a preset of the numbers engine."""

from collections import Counter

from eureka.numbers.game import NumbersGame
from eureka.numbers.rules import COUNTDOWN, Rules

NUMBERS = Counter({**{v: 2 for v in range(1, 11)}, 25: 1, 50: 1, 75: 1, 100: 1})
HAND_SIZE = 6                   # the numbers drawn; a hand of fewer is still solved
TARGETS = range(100, 1000)


def rules() -> Rules:
    return COUNTDOWN


GAME = NumbersGame("countdown", "Countdown", COUNTDOWN, NUMBERS, any_answer=True)
