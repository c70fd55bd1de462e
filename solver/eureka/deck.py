"""Decks as multisets of card values: their runs of values, their hands and ways to deal."""

import math
import secrets
from collections import Counter

from eureka.errors import EurekaError

SEEDS = 2**128
"""A game's deal is seeded by a whole number below this. A random seed is one of all of
them (128 bits from `secrets`: too many to try, so what a game shows cannot give away
its hidden cards), and any of them may be given, so a seed a game reveals deals it again."""


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


def seed_of(given=None) -> int:
    """The seed `given`, a whole number from 0 to SEEDS - 1; None: a random one (secrets).

    Raises EurekaError for anything else.
    """
    if given is None:
        return secrets.randbelow(SEEDS)
    if isinstance(given, bool) or not isinstance(given, int) or not 0 <= given < SEEDS:
        raise EurekaError(f"the seed is a whole number from 0 to 2**{SEEDS.bit_length() - 1}"
                          f" - 1, not {given!r:.40}")
    return given
