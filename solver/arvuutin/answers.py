"""The answers a hand of Arvuutin answer cards can give, and the cards to play.

An answer is the sum of the cards chosen.  Cards: green 1–9, purple 10–20, brown 30–80
(the composition of the deck is not published, so any hand of these values is taken).
Every correct answer is 1–100.
"""

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import numpy as np

from eureka.errors import HandError

LOWEST, HIGHEST = 1, 100                 # every correct answer
CARD_VALUES = set(range(1, 21)) | set(range(30, 81))
MAX_HAND = 16                              # 2^16 choices at most


def check_hand(cards) -> tuple:
    cards = tuple(sorted(int(c) for c in cards))
    if not cards:
        raise HandError("the hand is empty")
    if len(cards) > MAX_HAND:
        raise HandError(f"{len(cards)} cards: at most {MAX_HAND} are searched")
    for c in cards:
        if c not in CARD_VALUES:
            raise HandError(f"{c} is not an answer card (green 1–9, purple 10–20, "
                            f"brown 30–80)")
    return cards


def reachable(cards) -> int:
    """The answers the cards can give, as a bit set (bit s: some cards sum to s)."""
    bits = 1
    for c in cards:
        bits |= bits << c
    return bits & ~1


def answers(cards, lowest: int = LOWEST, highest: int = HIGHEST) -> list:
    """The answers lowest..highest the cards can give."""
    bits = reachable(cards)
    return [s for s in range(lowest, highest + 1) if bits >> s & 1]


@dataclass(frozen=True)
class Choice:
    """Cards to play: their sum, how far it is expected to be from the answer, and how
    strong the hand left behind is (answers 1–100 it can still give, then its total)."""

    cards: tuple
    distance: Fraction               # expected |sum − answer|
    left: tuple                      # the cards kept

    @property
    def total(self) -> int:
        return sum(self.cards)

    @cached_property
    def strength(self) -> tuple:
        return len(answers(self.left)), sum(self.left)

    def key(self) -> tuple:
        """Best first: nearest, then the stronger hand left, then fewer cards."""
        return self.distance, -self.strength[0], -self.strength[1], len(self.cards), \
            self.cards


def expected_distance(total: int, low: int, high: int) -> Fraction:
    """E|total − X| for X uniform on the whole numbers low..high."""
    return Fraction(sum(abs(total - x) for x in range(low, high + 1)), high - low + 1)


def sub_hands(cards) -> tuple:
    """Every distinct non-empty choice of cards, as (values, counts matrix, sums):
    counts[i, k] copies of values[k] in choice i."""
    tally = sorted(Counter(cards).items())
    values = np.array([v for v, _ in tally], np.int64)
    counts = np.zeros((1, len(tally)), np.int64)
    for k, (_, m) in enumerate(tally):
        copies = np.repeat(np.arange(m + 1), len(counts))
        counts = np.tile(counts, (m + 1, 1))
        counts[:, k] = copies
    counts = counts[1:]                      # the empty choice is first
    return values, counts, counts @ values


def best_choices(cards, low: int, high: int, top: int) -> list:
    """The `top` best choices for an answer in low..high (low == high: a single guess),
    by expected distance, then the strength of the hand left (see Choice.key)."""
    values, counts, sums = sub_hands(cards)
    width = high - low + 1
    dist = np.abs(sums[:, None] - np.arange(low, high + 1)[None, :]).sum(axis=1)
    cut = np.sort(np.unique(dist))[:top][-1]          # every choice as near as the top-th
    held = Counter(cards)
    out = []
    for i in np.flatnonzero(dist <= cut):
        chosen = tuple(int(v) for v, n in zip(values, counts[i]) for _ in range(n))
        left = tuple(sorted((held - Counter(chosen)).elements()))
        out.append(Choice(chosen, Fraction(int(dist[i]), width), left))
    return sorted(out, key=Choice.key)[:top]
