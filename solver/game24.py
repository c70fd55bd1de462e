"""The 24 game as a preset of the numbers engine: four cards ace to king, make 24 with
every card, fractions allowed on the way."""

from collections import Counter

from eureka.deck import check_hand
from eureka.numbers.rules import GAME24, Rules

CARDS = Counter({v: 4 for v in range(1, 14)})      # a pack of cards, ace to king
HAND_SIZE = 4
TARGET = 24


def rules() -> Rules:
    return GAME24


def check_cards(cards) -> None:
    check_hand(cards, CARDS, "24 game")
