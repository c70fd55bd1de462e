"""Counting for the tables: how many sets of cards give each hand, for rows of hands at once."""

import math
from collections import Counter

import numpy as np


def hand_ways(deck: Counter, hands: np.ndarray) -> np.ndarray:
    """How many sets of cards of `deck` give each row of `hands` (one hand per row), at once.

    Each count is eureka.deck.ways() of the row (equal values told apart), as int64.
    """
    out = np.ones(len(hands), dtype=np.int64)
    for value, copies in deck.items():
        held = (hands == value).sum(axis=1)
        out *= np.array([math.comb(copies, k) for k in range(hands.shape[1] + 1)])[held]
    return out
