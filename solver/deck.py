"""Decks as multisets of card values, and the check that a hand could come from one."""

import math
from collections import Counter

from eureka.errors import HandError


def check_hand(cards, deck: Counter, game: str) -> None:
    """Raise HandError unless every card is in the deck, with no more copies than it has."""
    for value, count in sorted(Counter(cards).items()):
        if value not in deck:
            raise HandError(f"{value} is not a card of the {game} deck "
                            f"(its values: {describe(deck)})")
        if count > deck[value]:
            copies = "copy" if deck[value] == 1 else "copies"
            raise HandError(f"{count} cards of {value}, but the {game} deck has only "
                            f"{deck[value]} {copies}")


def describe(deck: Counter) -> str:
    """The deck's values as runs, e.g. '1–20' or '1–10, 25, 50, 75, 100'."""
    values = sorted(deck)
    runs, first = [], values[0]
    for prev, cur in zip(values, values[1:] + [None]):
        if cur is None or cur != prev + 1:
            runs.append(str(first) if first == prev else f"{first}–{prev}")
            first = cur
    return ", ".join(runs)


def hands(deck: Counter, size: int) -> list:
    """Every distinct hand of `size` cards the deck can deal, as ascending tuples, in
    ascending order."""
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
    """How many sets of cards of the deck make this hand (equal values told apart)."""
    return math.prod(math.comb(deck[v], k) for v, k in Counter(hand).items())
