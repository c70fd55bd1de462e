"""A slow reference for Arvuutin answers: every subset of the cards, by position."""

from fractions import Fraction
from itertools import combinations


def subsets(cards):
    """Every distinct non-empty choice of cards, as sorted tuples."""
    return {tuple(sorted(c)) for k in range(1, len(cards) + 1)
            for c in combinations(cards, k)}


def answers(cards):
    return sorted({sum(c) for c in subsets(cards) if 1 <= sum(c) <= 100})


def ranked(cards, low, high):
    """Every choice with its key: expected distance to an answer uniform on low..high,
    then the most answers 1–100 of the hand a winner keeps (every card after an exact
    hit of a single guess, the rulebook's top knowledge bonus; else the cards left),
    then its largest total, then the fewest cards."""
    out = []
    for chosen in subsets(cards):
        left = list(cards)
        for c in chosen:
            left.remove(c)
        far = Fraction(sum(abs(sum(chosen) - x) for x in range(low, high + 1)),
                       high - low + 1)
        kept = list(cards) if low == high and far == 0 else left
        out.append((far, -len(answers(kept)), -sum(kept), len(chosen), chosen))
    return sorted(out)
