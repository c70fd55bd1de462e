"""The Countdown numbers round as a preset of the numbers engine."""

from collections import Counter

from eureka.deck import check_hand
from eureka.numbers.rules import COUNTDOWN, Rules

NUMBERS = Counter({**{v: 2 for v in range(1, 11)}, 25: 1, 50: 1, 75: 1, 100: 1})
HAND_SIZE = 6
TARGETS = range(100, 1000)


def rules() -> Rules:
    return COUNTDOWN


def check_cards(cards) -> None:
    check_hand(cards, NUMBERS, "Countdown")
