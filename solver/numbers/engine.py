"""The search over a hand of cards: value tables, reachability and every distinct form.

`HandSearch` builds the kernels' tables for one hand and one ruleset, then answers
questions about any target.  The tables stop one card short of the whole hand (two, in
the positive domain without ^, from four cards on); larger sub-hands are searched top-down from their stored
parts, so a query about one target costs far less than the table of everything the whole
hand can make.
"""

from collections import Counter
from math import comb

import numpy as np

from eureka.errors import HandError, SearchTooLarge
from eureka.numbers import form as F
from eureka.numbers import kernels as K
from eureka.numbers.rules import Rules

OP_BITS = {"+": K.OP_ADD, "-": K.OP_SUB, "*": K.OP_MUL, "/": K.OP_DIV, "^": K.OP_POW}
VALUE_BUDGET = 100_000_000   # values stored, or made for one table, at most (8 bytes)
FORM_BUDGET = 3_000_000      # normal forms built at most, parts included (~1 GB)
SLOT_BITS = [int(b) for b in K.SLOT_BITS]
PARTS = [(int(a), int(b)) for a, b in K.PART_SLOTS]


class SubHands:
    """The sub-multisets of a hand, numbered in mixed radix (see kernels)."""

    def __init__(self, cards):
        counts = sorted(Counter(cards).items())
        self.vals = np.array([v for v, _ in counts], dtype=np.int64)
        mult = [m for _, m in counts]
        self.stride = np.cumprod([1] + [m + 1 for m in mult[:-1]]).astype(np.int64)
        self.count = int(np.prod([m + 1 for m in mult]))
        self.full = self.count - 1
        digits = np.arange(self.count)[:, None] // self.stride[None, :]
        self.cnt = (digits % (np.array(mult) + 1)[None, :]).astype(np.int64)
        self.size = self.cnt.sum(axis=1)
        self.order = np.argsort(self.size[1:], kind="stable").astype(np.int64) + 1

    def cards(self, X: int) -> tuple:
        """The card values of sub-hand X, ascending."""
        return tuple(int(v) for v, c in zip(self.vals, self.cnt[X]) for _ in range(c))


def checked_cards(cards, rules: Rules, most: int) -> list[int]:
    """The cards as ints, refusing an empty hand, more than `most` cards, or a card the
    rules do not allow."""
    cards = [int(c) for c in cards]
    if not cards:
        raise HandError("no cards given")
    if len(cards) > most:
        raise SearchTooLarge(f"{len(cards)} cards is more than this search allows ({most})")
    for c in cards:
        if not rules.lowest <= c <= rules.cap:
            raise HandError(f"card {c} is outside the numbers this game allows "
                            f"({rules.lowest} to {rules.cap})")
    return cards


class HandSearch:
    """Everything a hand can make under a ruleset, queried target by target."""

    def __init__(self, cards, rules: Rules, budget: int | None = None):
        """`budget`: the values the tables may hold (default VALUE_BUDGET); a hand that
        needs more raises SearchTooLarge."""
        budget = VALUE_BUDGET if budget is None else budget
        cards = checked_cards(cards, rules, rules.max_cards)
        self.rules = rules
        self.hand = SubHands(cards)
        self._args = (bool(rules.domain == "positive"),
                      sum(OP_BITS[o] for o in rules.ops), int(rules.cap))
        n = len(cards)
        # The tables stop one card short of the hand, or two where no zero or power can
        # make one value stand for many (then parts are confirmed top-down).
        shallow = rules.domain == "positive" and "^" not in rules.ops and n >= 4
        self.largest_stored = n - 2 if shallow else max(n - 1, 1)
        self.n_stored = int(np.sum(self.hand.size[1:] <= self.largest_stored))
        data, start, stop, ok = K.build_tables(
            self.hand.vals, self.hand.cnt, self.hand.stride, self.hand.order,
            self.n_stored, *self._args, budget)
        if not ok:
            raise SearchTooLarge(
                f"the values of {n} cards under these rules exceed the engine's memory "
                f"budget ({budget:,} values); use fewer cards or operations")
        self.data, self.start, self.stop = data, start, stop
        self.stored = np.zeros(self.hand.count, dtype=np.bool_)
        self.stored[self.hand.order[:self.n_stored]] = True
        self.unstored = [int(X) for X in self.hand.order[self.n_stored:]]
        self._forms: dict = {}
        self._forms_built = 0
        self._made: dict = {}
        self.leaf = {X: self.hand.cards(X)[0] for X in range(1, self.hand.count)
                     if self.hand.size[X] == 1}

    # -- values --------------------------------------------------------------------
    def reaches(self, value: int, X: int | None = None) -> bool:
        """Whether the cards of sub-hand X (default: any sub-hand) can make value."""
        if not self.rules.lowest <= value <= self.rules.cap:
            return False
        if X is None:
            return len(self.hands_reaching(value)) > 0
        if self.stored[X]:
            values = self.values(X)
            i = int(np.searchsorted(values, value))
            return i < len(values) and int(values[i]) == value
        return len(self._edges(K.ALL, X, value, 1)) > 0

    def hands_reaching(self, value: int) -> list[int]:
        """Every sub-hand with an equation of this value."""
        if not self.rules.lowest <= value <= self.rules.cap:
            return []
        hands = K.stored_reaching(value, self.stored, self.data, self.start, self.stop)
        return hands.tolist() + [X for X in self.unstored
                                 if self._edges(K.ALL, X, value, 1)]

    def values(self, X: int) -> np.ndarray:
        """Every value a stored sub-hand X can make."""
        return self.data[self.start[X, K.ALL]:self.stop[X, K.ALL]]

    def closest(self, target: int, how_many: int) -> list:
        """The how_many values nearest the target (target excluded) that some sub-hand
        makes, nearest first, the lower first on a tie (Python numbers)."""
        values = self.all_values()
        values = values[values != target]
        i = int(np.searchsorted(values, target))
        below, above = values[max(0, i - how_many):i][::-1], values[i:i + how_many]
        near = sorted(list(below) + list(above), key=lambda v: (abs(v - target), v))
        return [getattr(v, "item", lambda: v)() for v in near[:how_many]]

    def all_values(self) -> np.ndarray:
        """Every value some sub-hand makes, sorted (builds the whole hand's table)."""
        h = self.hand
        data, start, stop, ok = K.build_tables(h.vals, h.cnt, h.stride, h.order,
                                               len(h.order), *self._args, VALUE_BUDGET)
        if not ok:
            raise SearchTooLarge(f"the values of all {int(h.size[h.full])} cards exceed the "
                                 f"engine's memory budget ({VALUE_BUDGET:,} values)")
        parts = [data[start[X, K.ALL]:stop[X, K.ALL]] for X in range(1, h.count)]
        return np.unique(np.concatenate(parts))

    # -- forms ---------------------------------------------------------------------
    def forms(self, value: int, X: int) -> frozenset:
        """Every admitted normal form over exactly the cards of X with this value."""
        return self._slot_forms(K.ALL, int(X), value)

    def one_form(self, value: int, X: int) -> tuple | None:
        """Some admitted normal form over exactly X with this value, found cheaply."""
        return self._first(K.ALL, int(X), value)

    def _edges(self, slot, X, value, limit=0):
        """Rows (kind, A, a, B, b): the roots of the slot's kinds over X making value."""
        confirmed = self.hand.size[X] <= self.largest_stored + 1
        rows = K.slot_edges(slot, X, int(value), self.stored, self.data, self.start, self.stop,
                            self.hand.cnt, self.hand.stride, *self._args,
                            limit if confirmed else 0).reshape(-1, 5).tolist()
        if confirmed:
            return rows
        found = []
        for row in rows:
            kind, A, a, B, b = row
            slot_a, slot_b = PARTS[kind]
            if self._makes(slot_a, A, a) and self._makes(slot_b, B, b):
                found.append(row)
                if len(found) == limit:
                    break
        return found

    def _makes(self, slot, X, value):
        """Whether some form of the slot's kinds over exactly X makes value."""
        if self.stored[X]:
            return True             # the kernels looked it up already
        key = (slot, X, value)
        known = self._made.get(key)
        if known is None:
            known = self._made[key] = len(self._edges(slot, X, value, 1)) > 0
        return known

    def _is_leaf(self, slot, X, value):
        return SLOT_BITS[slot] & K.LEAF_BIT and self.leaf.get(X) == value

    def _slot_forms(self, slot, X, value):
        key = (slot, X, value)
        known = self._forms.get(key)
        if known is not None:
            return known
        found = {F.leaf(value)} if self._is_leaf(slot, X, value) else set()
        for kind, A, a, B, b in self._edges(slot, X, value):
            slot_a, slot_b = PARTS[kind]
            for fa in self._slot_forms(slot_a, A, a):
                for fb in self._slot_forms(slot_b, B, b):
                    found.add(_join(kind, fa, fb))
        self._forms_built += len(found)
        if self._forms_built > FORM_BUDGET:
            raise SearchTooLarge(
                f"more than {FORM_BUDGET:,} equations and parts of equations to list; "
                f"ask for the best answer only (--best) or use fewer cards")
        result = frozenset(found)
        self._forms[key] = result
        return result

    def _first(self, slot, X, value):
        if self._is_leaf(slot, X, value):
            return F.leaf(value)
        for kind, A, a, B, b in self._edges(slot, X, value, 1):
            slot_a, slot_b = PARTS[kind]
            return _join(kind, self._first(slot_a, A, a), self._first(slot_b, B, b))
        return None

    # -- expression trees ------------------------------------------------------------
    def count_trees(self, value: int | None = None) -> int:
        """Expression trees (Hutton's count) making value; None: trees of any value."""
        h = self.hand
        n = int(h.size[h.full])
        every = value is None
        if not every and not self.rules.lowest <= value <= self.rules.cap:
            return 0
        n_stored = len(h.order) if every else int(np.sum(h.size[1:] <= max(n - 1, 1)))
        binom = np.array([[comb(i, j) for j in range(11)] for i in range(11)], np.int64)
        tv, tc, start, stop = K.tree_tables(h.vals, h.cnt, h.stride, h.order, n_stored,
                                            *self._args, binom)
        return int(K.count_trees(-1 if every else value, every, n_stored, h.order, tv, tc,
                                 start, stop, h.cnt, h.stride, *self._args, binom))


def _join(kind, fa, fb):
    """The form of a root of this kind over parts fa and fb (see kernels.PART_SLOTS)."""
    if kind == K.PLUS:
        return F.make_sum((fa,) + F.terms(fb))
    if kind == K.DIFF:
        return F.make_sum(F.terms(fa), F.terms(fb))
    if kind == K.TIMES:
        return F.make_product((fa,) + F.factors(fb))
    if kind == K.RATIO:
        return F.make_product(F.factors(fa), F.factors(fb))
    return F.make_power(fa, fb)
