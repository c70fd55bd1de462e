"""Leave values: what the tokens kept on the holder after a turn are worth.

A turn's equity is its total (bonus included) plus the value of its leave, the tokens
it keeps.  The value is a small linear model fitted by fit_leaves.py from self-play
(data/leaves.json, one table per edition): a weight per token value kept, plus
  duplicates   each copy of a value beyond the first,
  equations    each way two kept tokens make a third kept one (a + b, a − b, a × b,
               a ÷ b = c), the holder's own equations.
The empty leave is worth 0: the values are relative to refilling the whole holder.
The weights are whole hundredths of a point (`UNIT`), so a leave's value is exact in
those units, however its terms are summed: the search ranks in them.
"""

import json
from collections import Counter
from contextlib import contextmanager
from functools import lru_cache
from importlib.resources import files

import numpy as np

from eureka.jit import njit
from eureka.mathable.legality import results

UNIT = 100                  # leave values are whole multiples of 1/UNIT point
TERMS = ("duplicates", "equations")
DATA = "leaves.json"


def equations(tokens) -> int:
    """How many ways two of the kept `tokens` make a third kept one (each token used once)."""
    count = Counter(tokens)
    values = sorted(count)
    n = 0
    for i, a in enumerate(values):
        for b in values[i:]:
            pair = Counter((a, b))
            if any(pair[v] > count[v] for v in pair):
                continue
            n += sum(count[c] - pair[c] > 0 for c in set(results(a, b).values()))
    return n


def features(tokens) -> dict:
    """The model's terms for the leave `tokens`: each value's count (key str(value)), then TERMS."""
    count = Counter(tokens)
    terms = {str(v): k for v, k in count.items()}
    terms["duplicates"] = sum(k - 1 for k in count.values())
    terms["equations"] = equations(tokens)
    return terms


class Leaves:
    """A fitted table: weights per token value and per term, for each edition.

    Made from the table as read from JSON (load): its "editions" map each edition to
    its fit, whose "weights" are in points; they are kept in 1/UNIT points.
    """

    def __init__(self, table: dict):
        self.table = table
        self.weights = {int(e): {t: round(UNIT * w) for t, w in fit["weights"].items()}
                        for e, fit in table["editions"].items()}

    def _weights(self, edition: int) -> dict:
        """The edition's weights in 1/UNIT points (126's for an edition not fitted)."""
        return self.weights.get(edition) or self.weights[126]

    def value(self, tokens, edition: int = 126) -> float:
        """The value of the leave `tokens` in points, a whole multiple of 1/UNIT (0.0: empty).

        `edition`: whose weights (126's for an edition not fitted).
        """
        return self.units(tokens, edition) / UNIT

    def equity(self, total: int, tokens, edition: int = 126) -> float:
        """A turn's `total` plus the value of its leave `tokens`, in points.

        Exact in 1/UNIT: no rounding noise. `edition`: whose weights (as for value).
        """
        return (UNIT * total + self.units(tokens, edition)) / UNIT

    def units(self, tokens, edition: int = 126) -> int:
        """The value of the leave `tokens` in 1/UNIT points, for `edition` (as for value)."""
        return _units(self, tuple(sorted(tokens)), edition)

    def sub_units(self, vals, counts, edition: int = 126) -> np.ndarray:
        """The value (1/UNIT points) of every sub-multiset of a rack: `units` of each, at once.

        The rack is its distinct values `vals` with their `counts`; the values come
        indexed by the mixed-radix number of each sub-multiset's counts (vals[0]'s count
        the lowest digit), as an int64 array. `edition`: whose weights (as for value).
        """
        w = self._weights(edition)
        per_value = np.array([w.get(str(int(v)), 0) for v in vals], dtype=np.int64)
        return _sub_units(np.asarray(vals, dtype=np.int64),
                          np.asarray(counts, dtype=np.int64), per_value,
                          w.get("duplicates", 0), w.get("equations", 0))


@njit(cache=True, nogil=True)
def _sub_units(vals, counts, per_value, duplicates, equations):
    """Leaves.sub_units, compiled: each sub-multiset's digits, its terms (features)."""
    nv = vals.size
    subsets = 1
    for k in range(nv):
        subsets *= counts[k] + 1
    units = np.zeros(subsets, dtype=np.int64)
    d = np.zeros(nv, dtype=np.int64)
    made = np.empty(4, dtype=np.int64)
    for s in range(subsets):
        x, u = s, 0
        for k in range(nv):
            d[k] = x % (counts[k] + 1)
            x //= counts[k] + 1
            u += per_value[k] * d[k] + duplicates * max(d[k] - 1, 0)
        n = 0
        for i in range(nv):
            for j in range(i, nv):
                if d[i] - (i == j) < 1 or d[j] < 1:
                    continue                        # the pair is not kept
                a, b = vals[i], vals[j]
                made[0], made[1], made[2] = a + b, b - a, a * b
                made[3] = b // a if a > 0 and b % a == 0 else -1
                for m in range(4):
                    seen = made[m] < 0
                    for e in range(m):
                        seen |= made[e] == made[m]
                    for k in range(nv):
                        if not seen and vals[k] == made[m] and \
                                d[k] - (k == i) - (k == j) > 0:
                            n += 1
        units[s] = u + equations * n
    return units


@lru_cache(maxsize=1 << 16)
def _units(leaves: Leaves, tokens: tuple, edition: int) -> int:
    w = leaves._weights(edition)
    return sum(w.get(t, 0) * x for t, x in features(tokens).items())


def load(path=None) -> Leaves:
    """The Leaves of a JSON file: `path`, or by default the packaged data/leaves.json."""
    source = files("eureka.mathable") / "data" / DATA if path is None else path
    with open(source, encoding="utf-8") as f:
        return Leaves(json.load(f))


_current: list = []


def current() -> Leaves:
    """The table in use: the packaged one unless `using` another."""
    if not _current:
        _current.append(load())
    return _current[-1]


@contextmanager
def using(leaves: Leaves):
    """Uses the table `leaves` inside the block (the fitting script's self-play).

    Within the block current() gives `leaves` (also what `with ... as` binds); after
    it, the table in use before.
    """
    current()
    _current.append(leaves)
    try:
        yield leaves
    finally:
        _current.remove(leaves)


def leave_value(tokens, edition: int = 126) -> float:
    """The equity value of keeping `tokens` on the holder, from the table in use.

    `edition`: whose weights (126's for an edition not fitted). 0.0 for an empty leave.
    """
    return current().value(tokens, edition)


def kept(rack, placed) -> list:
    """The tokens of `rack` left after placing the values `placed`, ascending."""
    left = Counter(rack)
    left.subtract(placed)
    return sorted(left.elements())
