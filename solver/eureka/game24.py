"""The 24 game as a preset of the numbers engine.

Four cards ace to king: make 24 with every card, fractions allowed on the way.
"""

from collections import Counter

from eureka.deck import draw
from eureka.numbers import params
from eureka.numbers.game import NumbersGame
from eureka.numbers.rules import GAME24

CARDS = Counter({v: 4 for v in range(1, 14)})      # a pack of cards, ace to king
HAND_SIZE = 4
TARGET = 24

GAME = NumbersGame("game24", "24 game", GAME24, CARDS, hand_size=HAND_SIZE, target=TARGET,
                   every_card=True)


def deal(rng) -> tuple:
    """A deal: (four cards from a shuffled pack, 24); `rng` is a random.Random."""
    return draw(CARDS, HAND_SIZE, rng), TARGET


VERBS = params.verbs(GAME, (params.ANY_NUMBERS,), params.dealt,
                     {"cards": [3, 3, 8, 8], "equation": "8/(3-8/3)"})
"""solve, check and hint, their parameters declared (eureka.params)."""
