"""The fraction domain: every step an exact fraction ≥ 0, as in the 24 game.

The forms and slots are the whole-number engine's (see kernels.py), and so is the cap
rule: the added part P, the subtracted part N, the factors F and the divisors D of every
sum and product are each at most cap, and so is every value; P − N ≥ 0 and D ≠ 0.  A
product of factors above the cap is kept, exactly, as a part of a larger product (one of
its other factors may be 0); it is refused only as a value.  There is no ^ here.

The tables are Python sets of exact values (ints when whole, else Fractions) for every
sub-hand but the whole hand, whose forms are found top-down from its parts' tables, as in
the engine.  Python sets are for small hands: this domain takes MAX_CARDS at most.
"""

from collections import defaultdict
from fractions import Fraction
from math import comb, prod

import numpy as np

from eureka.numbers import kernels
from eureka.numbers.engine import HandSearch, SubHands, checked_cards, edges_graph
from eureka.numbers.rules import Rules

MAX_CARDS = 6
KIND_OPS = {kernels.PLUS: "+", kernels.DIFF: "-", kernels.TIMES: "*",
            kernels.RATIO: "/"}                                         # no POW here


def exact(q):
    """The value `q` as an int when it is whole, else as a Fraction."""
    return q.numerator if isinstance(q, Fraction) and q.denominator == 1 else q


def quotient(a, b):
    """The exact quotient `a` / `b` (an int when whole, else a Fraction); `b` must not be 0."""
    return exact(Fraction(a) / b)


class FractionSearch(HandSearch):
    """HandSearch for the fraction domain: the same questions, the same forms."""

    def __init__(self, cards, rules: Rules, budget: int | None = None):
        """Builds the value tables of the hand `cards` under `rules`, every sub-hand but the whole.

        No `budget` here: MAX_CARDS bounds the search. The cards are checked as checked_cards
        checks them, up to rules.max_cards and MAX_CARDS.
        """
        cards = checked_cards(cards, rules, min(rules.max_cards, MAX_CARDS))
        self.rules = rules
        self.hand = h = SubHands(cards)
        self.leaf = {X: h.cards(X)[0] for X in range(1, h.count) if h.size[X] == 1}
        self._forms: dict = {}
        self._forms_built = 0
        self._parts = {X: [A for A in range(1, X) if (h.cnt[A] <= h.cnt[X]).all()]
                       for X in range(1, h.count)}
        # Every sub-hand but the whole hand, which is searched top-down from its parts.
        self._tables: dict = {}
        for X in map(int, h.order):
            if X != h.full or X in self.leaf:
                self._tables[X] = self._slots(X)

    # -- tables ----------------------------------------------------------------------
    def _splits(self, kind, X):
        """The parts (A, B) of X for a root of this kind.

        A sum or product's part A holds the first card of X, so that each unordered split is
        walked once.
        """
        first = int(np.argmax(self.hand.cnt[X] > 0))
        for A in self._parts[X]:
            if kind in (kernels.PLUS, kernels.TIMES) and self.hand.cnt[A, first] == 0:
                continue
            yield A, X - A

    def _slots(self, X):
        """The values of each slot over exactly the cards of X (see kernels)."""
        cap = self.rules.cap
        roots = {kind: set() for kind in range(5)}
        for kind, op in KIND_OPS.items():
            if op not in self.rules.ops:
                continue
            slot_a, slot_b = kernels.PART_SLOTS[kind]
            for A, B in self._splits(kind, X):
                made = roots[kind]
                for a in self._tables[A][slot_a]:
                    for b in self._tables[B][slot_b]:
                        if kind == kernels.PLUS and a + b <= cap:
                            made.add(a + b)
                        elif kind == kernels.DIFF and a >= b:
                            made.add(a - b)
                        elif kind == kernels.TIMES:
                            made.add(a * b)
                        elif kind == kernels.RATIO and a <= cap and 0 < b <= cap:
                            q = quotient(a, b)
                            if q <= cap:
                                made.add(q)
        leaf = {self.leaf[X]} if X in self.leaf else set()
        slots = [frozenset(roots[kind]) for kind in range(5)]
        for slot in range(5, kernels.NSLOT):
            values = set(leaf) if kernels.SLOT_BITS[slot] & kernels.LEAF_BIT else set()
            for kind in range(5):
                if (kernels.SLOT_BITS[slot] >> kind) & 1:
                    values |= roots[kind] if slot == kernels.PP else {
                        v for v in roots[kind] if v <= cap}
            slots.append(frozenset(values))
        return tuple(slots)

    # -- values ----------------------------------------------------------------------
    def reaches(self, value, X=None) -> bool:
        """Whether the cards of sub-hand `X` (default: any sub-hand) can make `value`."""
        if not 0 <= value <= self.rules.cap:
            return False
        if X is None:
            return bool(self.hands_reaching(value))
        if X in self._tables:
            return value in self._tables[X][kernels.ALL]
        return bool(self._edges(kernels.ALL, X, value, 1))

    def hands_reaching(self, value) -> list[int]:
        """Every sub-hand with an equation of `value`, in the order of their numbers."""
        return [X for X in range(1, self.hand.count) if self.reaches(value, X)]

    def values(self, X: int) -> np.ndarray:
        """Every value the stored sub-hand `X` can make, sorted (ints and Fractions)."""
        return np.array(sorted(self._tables[X][kernels.ALL]), dtype=object)

    def all_values(self) -> np.ndarray:
        """Every value some sub-hand makes, sorted (builds the whole hand's table)."""
        full = self.hand.full
        if full not in self._tables:
            self._tables[full] = self._slots(full)
        every = set().union(*(t[kernels.ALL] for t in self._tables.values()))
        return np.array(sorted(every), dtype=object)

    # -- forms -----------------------------------------------------------------------
    def _edges(self, slot, X, value, limit=0):
        """Rows (kind, A, a, B, b): the roots of the slot's kinds over X making value."""
        rows = []
        for kind, op in KIND_OPS.items():
            if (kernels.SLOT_BITS[slot] >> kind) & 1 and op in self.rules.ops and (
                    X not in self._tables or value in self._tables[X][kind]):
                for A, B in self._splits(kind, X):
                    for a, b in self._pairs(kind, A, B, value):
                        rows.append([kind, A, a, B, b])
                        if len(rows) == limit:
                            return rows
        return rows

    def _graph(self, value, roots, mode):
        """The graph the forms are built from, made from the rows of _edges."""
        return edges_graph(self, value, roots, mode)

    def _pairs(self, kind, A, B, v):
        """The part values (a over A, b over B) whose root of this kind makes v."""
        slot_a, slot_b = kernels.PART_SLOTS[kind]
        have_a, have_b = self._tables[A][slot_a], self._tables[B][slot_b]
        cap = self.rules.cap
        if kind == kernels.PLUS:
            return [(a, exact(v - a)) for a in have_a if v - a in have_b and v - a >= 0]
        if kind == kernels.DIFF:
            return [(exact(v + b), b) for b in have_b if v + b in have_a]
        if kind == kernels.TIMES:
            return [(a, b) for a in have_a if a != 0 for b in (quotient(v, a),)
                    if b in have_b] + [(0, b) for b in have_b if v == 0 and 0 in have_a]
        return [(exact(v * b), b) for b in have_b
                if 0 < b <= cap and v * b <= cap and v * b in have_a]

    # -- expression trees --------------------------------------------------------------
    def count_trees(self, value=None) -> int:
        """How many expression trees (Hutton's count) make `value` (None: of any value)."""
        h = self.hand
        trees: dict = {}
        for X in map(int, h.order):
            if X in self.leaf:
                trees[X] = {self.leaf[X]: 1}
            elif X != h.full or value is None:
                trees[X] = self._trees_over(X, trees)
        total = sum(_choose(h.cnt, h.full, X) * (sum(t.values()) if value is None
                                                  else t.get(value, 0))
                    for X, t in trees.items())
        if h.full not in trees:
            total += self._trees_making(value, h.full, trees)
        return total

    def _trees_over(self, X, trees) -> dict:
        """Value -> number of trees over exactly the cards of X."""
        made: dict = defaultdict(int)
        for A in self._parts[X]:
            ways = _choose(self.hand.cnt, X, A)
            for a, ca in trees[A].items():
                for b, cb in trees[X - A].items():
                    for op in self.rules.ops:
                        r = self._step(op, a, b)
                        if r is not None:
                            made[r] += ways * ca * cb
        return made

    def _trees_making(self, v, X, trees) -> int:
        """The trees over exactly X making v, each found from its left part's value."""
        total = 0
        for A in self._parts[X]:
            ways, right = _choose(self.hand.cnt, X, A), trees[X - A]
            for a, ca in trees[A].items():
                wanted = {"+": [v - a], "-": [a - v],
                          "*": list(right) if a == 0 == v else [quotient(v, a)] if a else [],
                          "/": [b for b in right if b] if a == 0 == v else
                               [quotient(a, v)] if v else []}
                for op in self.rules.ops:
                    total += ways * ca * sum(right.get(b, 0) for b in wanted[op]
                                             if self._step(op, a, b) == v)
        return total

    def _step(self, op, a, b):
        """The value of the tree node a op b, or None when the rules refuse it."""
        if op == "+":
            r = a + b
        elif op == "-":
            r = a - b
        elif op == "*":
            r = a * b
        else:
            r = quotient(a, b) if b != 0 else None
        return r if r is not None and 0 <= r <= self.rules.cap else None


def _choose(cnt, X, A) -> int:
    """The ways the cards of sub-hand A can be picked from those of X."""
    return prod(comb(int(x), int(a)) for x, a in zip(cnt[X], cnt[A]))
