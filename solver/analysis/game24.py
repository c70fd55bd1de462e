"""The 24 game: every hand of four cards 1–13, with fractions allowed (the standard
game) and with whole numbers only."""

import dataclasses
from dataclasses import dataclass

import numpy as np

from eureka import deck
from eureka.analysis.values import sweep, sweep_fractions
from eureka.game24 import CARDS, HAND_SIZE, TARGET
from eureka.numbers.rules import PITAGORAS


def hands() -> np.ndarray:
    """Every distinct hand of four cards (1820)."""
    return np.array(deck.hands(CARDS, HAND_SIZE), dtype=np.int64)


def solvable(cards: np.ndarray) -> tuple:
    """(with fractions, with whole numbers): whether all four cards make 24, every step
    ≥ 0, exact fractions in the first case and whole numbers in the second."""
    whole = sweep(cards, TARGET, TARGET, False, PITAGORAS.cap)[:, 0] == HAND_SIZE
    return sweep_fractions(cards, TARGET), whole


@dataclass
class Summary:
    hands: int
    with_fractions: int
    whole_numbers: int
    need_fractions: list           # hands solvable only with fractions

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


def summarise(cards: np.ndarray, fractions: np.ndarray, whole: np.ndarray) -> Summary:
    return Summary(len(cards), int(fractions.sum()), int(whole.sum()),
                   [h.tolist() for h in cards[fractions & ~whole]])
