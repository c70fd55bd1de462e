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


def pitagoras_deals(n: int = 1000, seed: int = 2026, cards: int = 5) -> list[Puzzle]:
    """Cards dealt from the 55-card deck (five, or more when extra cards are dealt),
    the two blue dice rolled."""
    rng = random.Random(seed)
    deck = list(pitagoras.DECK.elements())
    return [Puzzle(tuple(rng.sample(deck, cards)),
                   rng.choice(pitagoras.ONES_DIE) + rng.choice(pitagoras.TENS_DICE["blue"]))
            for _ in range(n)]


def eight_card_deals(n: int = 1000, seed: int = 2026) -> list[Puzzle]:
    """Eight cards face up (three extra cards dealt): at most ten deals, they are slow."""
    return pitagoras_deals(min(n, 10), seed, cards=8)
