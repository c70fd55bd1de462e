"""A slow, obviously correct reference for equity: a turn's total plus the value of
the tokens it keeps, from a table's weights read directly (whole 1/100 points)."""

from collections import Counter
from itertools import permutations

from tests.oracle import mathable as oracle

UNIT = 100


def own_equations(tokens) -> int:
    """The distinct ({a, b}, c) with a op b = c, three different tokens of `tokens`
    (− larger minus smaller, ÷ exact with a non-zero divisor)."""
    found = set()
    for a, b, c in permutations(tokens, 3):
        small, big = min(a, b), max(a, b)
        if c in (a + b, big - small, a * b) or (small and big == c * small):
            found.add((small, big, c))
    return len(found)


def leave_units(tokens, weights: dict) -> int:
    """The leave's value in 1/UNIT points: each token's weight, the duplicates and
    the holder's own equations (weights in points, as the data file has them)."""
    w = {term: round(UNIT * x) for term, x in weights.items()}
    count = Counter(tokens)
    return (sum(w.get(str(v), 0) * n for v, n in count.items())
            + w.get("duplicates", 0) * sum(n - 1 for n in count.values())
            + w.get("equations", 0) * own_equations(tokens))


def equity_keys(grid: dict, rack, bonus: int, weights: dict) -> dict:
    """{frozenset of placements: its equity in 1/UNIT points} for every non-empty
    turn (oracle.all_turns; the bonus when every token goes down)."""
    out = {}
    for placed, score in oracle.all_turns(grid, rack).items():
        if not placed:
            continue
        kept = Counter(rack)
        kept.subtract(v for _, v in placed)
        total = score + (bonus if len(placed) == len(rack) else 0)
        out[placed] = UNIT * total + leave_units(list(kept.elements()), weights)
    return out
