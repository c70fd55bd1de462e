"""The fixed, seeded puzzle sets every solver is timed on."""

import random
from dataclasses import dataclass

from solver import countdown, pitagoras


@dataclass(frozen=True)
class Puzzle:
    cards: tuple
    target: int


def countdown_puzzles(n: int = 1000, seed: int = 2026) -> list[Puzzle]:
    """Six tiles drawn from the 24 Countdown tiles, a target drawn from 100-999."""
    rng = random.Random(seed)
    tiles = list(countdown.NUMBERS.elements())
    return [Puzzle(tuple(rng.sample(tiles, countdown.HAND_SIZE)),
                   rng.choice(countdown.TARGETS)) for _ in range(n)]


def pitagoras_deals(n: int = 1000, seed: int = 2026) -> list[Puzzle]:
    """Five cards dealt from the 55-card deck, the two blue dice rolled."""
    rng = random.Random(seed)
    deck = list(pitagoras.DECK.elements())
    return [Puzzle(tuple(rng.sample(deck, 5)),
                   rng.choice(pitagoras.ONES_DIE) + rng.choice(pitagoras.TENS_DICE["blue"]))
            for _ in range(n)]
