"""Decks as multisets of card values: their runs of values, their hands and ways to deal."""

import math
from collections import Counter


def describe(deck: Counter) -> str:
    """The values of `deck` as runs, e.g. '1–20' or '1–10, 25, 50, 75, 100'."""
    values = sorted(deck)
    runs, first = [], values[0]
    for prev, cur in zip(values, values[1:] + [None]):
        if cur is None or cur != prev + 1:
            runs.append(str(first) if first == prev else f"{first}–{prev}")
            first = cur
    return ", ".join(runs)


def hands(deck: Counter, size: int) -> list:
    """Every distinct hand of `size` cards that `deck` can deal, in ascending order.

    Each hand is a tuple of its values, ascending.
    """
    values = sorted(deck)
    out = []

    def extend(i, hand, left):
        if left == 0:
            out.append(tuple(hand))
            return
        for j in range(i, len(values)):
            for k in range(1, min(deck[values[j]], left) + 1):
                extend(j + 1, hand + [values[j]] * k, left - k)

    extend(0, [], size)
    return sorted(out)


def ways(deck: Counter, hand) -> int:
    """How many sets of cards of `deck` make `hand` (equal values told apart)."""
    return math.prod(math.comb(deck[v], k) for v, k in Counter(hand).items())


def draw(deck: Counter, size: int, rng) -> list:
    """Cards drawn from the shuffled `deck`, `size` of them, in the order drawn.

    `deck` maps each value to its copies; `rng` is a random.Random.
    """
    return rng.sample(sorted(deck.elements()), size)
