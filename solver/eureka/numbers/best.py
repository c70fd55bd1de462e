"""The most cards an equation making a target uses, found goal first.

`BestSearch` answers the Pitagoras question (one equation with the most cards) without
the tables of every large sub-hand: it asks the whole hand first, then ever smaller
sub-hands, and stops at the first that makes the target. A question "can the cards of
X make v?" is answered top-down: for each way to split X in two parts, the values of
the smaller part (stored tables of small sub-hands) fix the value the other part must
make, and that part is asked in turn (memoised). A "no" from this search is a proof,
since every equation is a tree of such splits; a "yes" comes with a witness tree.

Trees are searched with every step allowed and at most the cap. An engine equation is
an admitted normal form (see kernels); each has such a tree, so a "no" holds for the
engine too. Near the cap a found tree's form may not be admitted: `BestSearch.best`
then says so (None is not an answer) and the caller uses the complete engine.
"""

from math import prod

import numpy as np
from numba import types
from numba.typed import Dict

from eureka import ops
from eureka.errors import SearchTooLarge
from eureka.jit import njit
from eureka.numbers import kernels, normal_form
from eureka.numbers.engine import SubHands, checked_cards
from eureka.numbers.rules import Rules
from eureka.ops import ADD, DIVIDE, MULTIPLY, POWER, SUBTRACT

ANY, NONZERO, NONE = -3, -4, -1          # what a part must make, besides one value
TABLE_WORK = 500_000                     # value pairs combined to build the tables, at most
QUERY_WORK = 15_000_000                  # work of one search, at most
POW_WORK = 8                             # work of a candidate under ^ (roots, logs), else 1
LOOKUP_WORK = 2                          # more when its part is looked up in a table
QUERIES = 1_000_000                      # sub-hand questions remembered, at most
NODES, WORK, ABORTED, UNSURE, NODE_LIMIT, WORK_LIMIT = range(6)


@njit(cache=True)
def _step(op, a, b, low, cap):
    """The result of `a` `op` `b` for one step of a tree, or -1 when the rules do not allow it.

    `op` numbers the operation as eureka.ops does; a result below `low` (the rules' lowest
    value) or above `cap` is not allowed.
    """
    if op == ADD:
        r = a + b if a + b <= cap else -1
    elif op == SUBTRACT:
        r = a - b
    elif op == MULTIPLY:
        r = -1 if b != 0 and a > cap // b else a * b
    elif op == DIVIDE:
        r = a // b if b != 0 and a % b == 0 else -1
    else:
        r = kernels.power(a, b, cap)
    return r if r >= low else -1


@njit(cache=True)
def _grow_level(lo, hi, order, vals, cnt, stride, data, nd, start, stop, low, ops, cap):
    """The sorted values of the sub-hands `order`[`lo`:`hi`] (all of one size), appended to `data`.

    They are made from the tables of the smaller sub-hands: the values of sub-hand X are
    data[start[X]:stop[X]], and `start` and `stop` receive those of the new ones, written
    after the first `nd` values. `vals`, `cnt` and `stride` are the hand's numbering
    (engine.SubHands); `low`, `ops` (eureka.ops.mask) and `cap` the rules. Returns (data,
    grown when needed; the new nd).
    """
    buf = np.empty(4096, np.int64)
    marks = np.zeros(kernels._W0 + kernels._W1 + kernels._W2, np.uint64)   # as kernels.new_marks()
    for idx in range(lo, hi):
        X = order[idx]
        n = 0
        A = kernels._next_sub(0, X, cnt, stride)
        while A != -1:
            B = X - A
            if B != 0 and A <= B:
                for i in range(start[A], stop[A]):
                    for j in range(start[B], stop[B]):
                        for op in range(5):
                            if not (ops >> op) & 1:
                                continue
                            r = _step(op, data[i], data[j], low, cap)
                            if r >= 0:
                                buf, n = kernels._push(buf, n, r)
                            if op != ADD and op != MULTIPLY:        # + and × commute
                                r = _step(op, data[j], data[i], low, cap)
                                if r >= 0:
                                    buf, n = kernels._push(buf, n, r)
            A = kernels._next_sub(A, X, cnt, stride)
        if n == 0:
            for k in range(vals.shape[0]):
                if cnt[X, k] == 1 and X == stride[k]:
                    buf, n = kernels._push(buf, n, vals[k])
        data = kernels._grown(data, nd, n)
        start[X] = nd
        nd = kernels._unique_into(buf, n, marks, data, nd)
        stop[X] = nd
    return data, nd


@njit(cache=True)
def _level_work(lo, hi, order, cnt, stride, start, stop):
    """The value pairs that building the sub-hands `order`[`lo`:`hi`] would combine.

    `cnt` and `stride` are the hand's numbering; the smaller sub-hands' tables are bounded
    by `start` and `stop`.
    """
    work = 0
    for idx in range(lo, hi):
        X = order[idx]
        A = kernels._next_sub(0, X, cnt, stride)
        while A != -1:
            B = X - A
            if B != 0 and A <= B:
                work += (stop[A] - start[A]) * (stop[B] - start[B])
            A = kernels._next_sub(A, X, cnt, stride)
    return work


@njit(cache=True)
def _bounds(order, n_stored, cnt, stride, data, start, stop, low, ops, cap):
    """Per sub-hand: an upper bound of its values, a value it makes and a non-zero one.

    The first `n_stored` sub-hands of `order` have tables (`data`, `start`, `stop`) and their
    bounds are exact; the others' come from their parts, under the rules `low`, `ops` and
    `cap` (`cnt`, `stride`: the hand's numbering). Returns (top, some): top[X] is the upper
    bound (-1: none), some[X, 0] a value X makes and some[X, 1] a non-zero one (-1: none
    found).
    """
    M = cnt.shape[0]
    top = np.full(M, -1, np.int64)
    some = np.full((M, 2), -1, np.int64)
    for idx in range(order.shape[0]):
        X = order[idx]
        if idx < n_stored:
            if stop[X] > start[X]:
                top[X] = data[stop[X] - 1]
                some[X, 0] = data[start[X]]
                if top[X] > 0:
                    some[X, 1] = top[X]
            continue
        A = kernels._next_sub(0, X, cnt, stride)
        while A != -1:
            B = X - A
            if B != 0 and top[A] >= 0 and top[B] >= 0:
                ta, tb = top[A], top[B]
                bound = ta
                if (ops >> ADD) & 1:
                    bound = max(bound, min(ta + tb, cap))
                if (ops >> MULTIPLY) & 1:
                    bound = max(bound, cap if tb != 0 and ta > cap // tb else ta * tb)
                if (ops >> POWER) & 1:
                    p = kernels.power(ta, tb, cap) if ta >= 2 else 1
                    bound = max(bound, cap if p < 0 else p)
                top[X] = max(top[X], bound)
                for p in range(2):
                    for q in range(2):
                        a, b = some[A, p], some[B, q]
                        for op in range(5):
                            if a >= 0 and b >= 0 and (ops >> op) & 1:
                                r = _step(op, a, b, low, cap)
                                if r >= 0 and some[X, 0] < 0:
                                    some[X, 0] = r
                                if r > 0 and some[X, 1] < 0:
                                    some[X, 1] = r
            A = kernels._next_sub(A, X, cnt, stride)
    return top, some


@njit(cache=True)
def _log(base, v, cap):
    """The exponent e with `base` ** e == `v` (base >= 2, v >= 2), or -1; no power above `cap`."""
    acc, e = 1, 0
    while acc < v and acc <= cap // base:
        acc *= base
        e += 1
    return e if acc == v else -1


@njit(cache=True)
def _needed(op, side, w, v, low, cap):
    """What the other part must make so that `v` == `w` `op` o (`side` 0) or o op w (side 1).

    Returns one value, ANY, NONZERO, or NONE; `low` and `cap` are the rules' bounds.
    """
    if side == 0:
        if op == ADD:
            return v - w if w <= v else NONE
        if op == SUBTRACT:
            return w - v if w >= v else NONE
        if op == MULTIPLY:
            if w == 0:
                return ANY if v == 0 else NONE
            return v // w if v % w == 0 else NONE
        if op == DIVIDE:
            if v == 0:
                return NONZERO if w == 0 else NONE
            return w // v if w % v == 0 and w >= v else NONE
        if w == 0:                                   # w is the base
            return NONZERO if v == 0 else NONE
        if w == 1:
            return ANY if v == 1 else NONE
        if v == 1:
            return 0
        return _log(w, v, cap) if v >= 2 else NONE
    if op == SUBTRACT:
        return v + w if v + w <= cap else NONE
    if op == DIVIDE:
        if w == 0 or (v != 0 and w > cap // v):
            return NONE
        return v * w
    if op == POWER:                                    # w is the exponent
        if w == 0:
            return NONZERO if v == 1 else NONE
        return kernels._root(v, w, cap)
    return NONE                                      # + and × are symmetric


@njit(cache=True)
def _makes(X, v, wit, nowit, data, start, stop, stored, top, some, cnt, stride,
           size, smax, low, ops, cap, memo, state):
    """Whether the cards of exactly sub-hand `X` make `v`.

    With a 5-slot `wit`, X is split afresh and wit receives (op, L, l, R, r), v == l op r;
    `nowit` is the empty array passed for no witness. The stored sub-hands (`stored`) have
    tables `data`, `start` and `stop`; `top` and `some` are _bounds'; `cnt`, `stride` and
    `size` (cards per sub-hand) the hand's; `smax` the most cards stored; `low`, `ops` and
    `cap` the rules. `memo` remembers the answers by (X, v). `state` holds the counts and
    limits (NODES ... WORK_LIMIT): the search gives up (state[ABORTED]) past the limits;
    state[UNSURE] marks a question about a part it could not settle.

    The splits whose other part is stored (up to smax cards: a look-up) come first,
    then those asking a part of size[X] - 1 cards, of size[X] - 2 ... (fewer questions
    each, a larger part being asked of a smaller stored one): a witness is found
    early, and a "no" costs the same.
    """
    want = wit.shape[0] > 0
    if v < low or v > top[X]:
        return False
    if stored[X] and not want:
        return kernels._index(data, start[X], stop[X], v) >= 0
    key = (X, v)
    if not want and key in memo:
        return memo[key]
    state[NODES] += 1
    if state[NODES] > state[NODE_LIMIT] or state[WORK] > state[WORK_LIMIT]:
        state[ABORTED] = 1
        return False
    last = max(size[X], smax + 1)
    for step in range(smax, last):
        asked = smax if step == smax else smax + last - step     # size of other, or smax
        A = kernels._next_sub(0, X, cnt, stride)
        while A != -1:
            B = X - A
            walked, other = A, B
            if not stored[A] or (stored[B] and stop[B] - start[B] < stop[A] - start[A]):
                walked, other = B, A
            if B == 0 or A > B or max(size[other], smax) != asked:
                A = kernels._next_sub(A, X, cnt, stride)
                continue
            for i in range(start[walked], stop[walked]):
                w = data[i]
                for op in range(5):
                    if not (ops >> op) & 1:
                        continue
                    for side in range(2):
                        o = _needed(op, side, w, v, low, cap)
                        if o == NONE:
                            continue
                        state[WORK] += POW_WORK if op == POWER else 1
                        if state[WORK] > state[WORK_LIMIT]:
                            state[ABORTED] = 1
                            return False
                        if o == ANY or o == NONZERO:
                            o = some[other, 0 if o == ANY else 1]
                            if o < 0 and not stored[other]:
                                state[UNSURE] = 1
                            ok = o >= 0
                        elif not low <= o <= top[other]:
                            ok = False
                        elif stored[other]:              # a look-up, not a call
                            state[WORK] += LOOKUP_WORK
                            ok = kernels._index(data, start[other], stop[other], o) >= 0
                        else:
                            ok = _makes(
                                other, o, nowit, nowit, data, start, stop, stored, top, some,
                                cnt, stride, size, smax, low, ops, cap, memo, state)
                        if state[ABORTED]:
                            return False
                        if ok:
                            if want:
                                parts = ((walked, w, other, o) if side == 0
                                         else (other, o, walked, w))
                                wit[0] = op
                                wit[1], wit[2], wit[3], wit[4] = parts
                            else:
                                memo[key] = True
                            return True
            A = kernels._next_sub(A, X, cnt, stride)
    if not want:
        memo[key] = False
    return False


class BestSearch:
    """One hand under one ruleset (whole or positive numbers), asked for the most cards.

    Asked target by target for an equation with the most cards. The tables of the small
    sub-hands are built at once: every size up to half the hand's cards, and the larger
    sizes while one takes at most TABLE_WORK value pairs combined.
    """

    def __init__(self, cards, rules: Rules, budget: int | None = None):
        """Builds the tables of the small sub-hands of `cards` under `rules`.

        `budget`: the values its tables may hold (None: as many as TABLE_WORK allows to make);
        SearchTooLarge past it. Raises ValueError in the fraction domain; the cards are checked
        as checked_cards checks them.
        """
        if rules.domain == "fraction":
            raise ValueError("the best-first search works on whole numbers")
        cards = checked_cards(cards, rules, rules.max_cards)
        self.rules = rules
        self.hand = h = SubHands(cards)
        self._args = (rules.lowest, ops.mask(rules.ops), int(rules.cap))
        n = len(cards)
        order = h.order
        self.start = np.zeros(h.count, np.int64)
        self.stop = np.zeros(h.count, np.int64)
        data, nd = np.empty(4096, np.int64), 0
        size, lo = 0, 0
        while lo < len(order):
            size += 1
            hi = int(np.searchsorted(h.size[order], size, side="right"))
            # every split of a larger sub-hand needs one stored part: store up to n // 2
            if size > max(n // 2, 1) and _level_work(lo, hi, order, h.cnt, h.stride,
                                                     self.start, self.stop) > TABLE_WORK:
                break
            data, nd = _grow_level(lo, hi, order, h.vals, h.cnt, h.stride, data, nd,
                                   self.start, self.stop, *self._args)
            if budget is not None and nd > budget:
                raise SearchTooLarge(f"the values of {size} cards exceed the search's "
                                     f"budget ({budget:,} values)")
            lo = hi
        self.data, self.n_stored = data[:nd], lo
        self.stored = np.zeros(h.count, np.bool_)
        self.stored[order[:lo]] = True
        self.smax = int(h.size[order[lo - 1]])          # the most cards stored
        self.top, self.some = _bounds(order, lo, h.cnt, h.stride, self.data, self.start,
                                      self.stop, *self._args)
        self.memo = Dict.empty(key_type=types.UniTuple(types.int64, 2),
                               value_type=types.boolean)
        self.state = np.array([0, 0, 0, 0, QUERIES, QUERY_WORK], np.int64)
        self._nowit = np.empty(0, np.int64)

    def makes(self, X: int, value: int, witness: np.ndarray | None = None) -> bool:
        """Whether exactly the cards of sub-hand `X` make `value`.

        With `witness`, a 5-slot int64 array, X is split afresh and witness receives (op, L, l,
        R, r), value == l op r. Raises SearchTooLarge past the search's limits.
        """
        wit = self._nowit if witness is None else witness
        found = _makes(int(X), int(value), wit, self._nowit, self.data, self.start,
                       self.stop, self.stored, self.top, self.some, self.hand.cnt,
                       self.hand.stride, self.hand.size, self.smax, *self._args,
                       self.memo, self.state)
        if self.state[ABORTED]:
            raise SearchTooLarge(
                f"proving that no equation of {int(self.hand.size[X])} cards makes "
                f"{value} takes too long; use fewer cards or a smaller target")
        return found

    def best(self, target: int):
        """A form with the most cards making `target`, and whether it is exact: (form, exact).

        The form is None when no equation makes the target; exact is False when the complete
        engine must be asked (a part left unsettled, or a form the engine does not admit).
        Raises SearchTooLarge past the search's limits.
        """
        h = self.hand
        by_size = sorted(range(1, h.count), key=lambda X: (-h.size[X], X))
        for X in by_size:
            if self.makes(X, target):
                form = self._form(X, target)
                exact = _admitted(form, self.rules) == target and not self.state[UNSURE]
                return form, exact
        return None, not self.state[UNSURE]

    def _form(self, X: int, value: int) -> tuple:
        """The normal form of a tree over exactly X making value (known to exist)."""
        if self.hand.size[X] == 1:
            return normal_form.leaf(int(value))
        wit = np.full(5, -1, np.int64)
        self.makes(X, value, wit)
        op, L, left, R, right = (int(x) for x in wit)
        return _joined(ops.CODES[op], self._form(L, left), self._form(R, right))


def _joined(op: str, fa: tuple, fb: tuple) -> tuple:
    """The normal form of the tree fa op fb."""
    if op == "^":
        return normal_form.make_power(fa, fb)
    kind = normal_form.SUM if op in "+-" else normal_form.PRODUCT
    pa = (fa[1], fa[2]) if fa[0] == kind else ((fa,), ())
    pb = (fb[1], fb[2]) if fb[0] == kind else ((fb,), ())
    if op in "-/":
        pb = (pb[1], pb[0])
    make = normal_form.make_sum if kind == normal_form.SUM else normal_form.make_product
    return make(pa[0] + pb[0], pa[1] + pb[1])


def _admitted(form: tuple, rules: Rules):
    """The value of a form when the engine admits it, else None.

    Admitted: every sum's added and subtracted terms, every product's factors and divisors
    and every power at most the cap, and every value in the domain.
    """
    kind = form[0]
    if kind == normal_form.LEAF:
        return form[1]
    if kind == normal_form.POWER:
        b, e = _admitted(form[1], rules), _admitted(form[2], rules)
        if b is None or e is None or (b == 0 and e == 0):
            return None
        r = b ** e if b <= 1 or e * (b.bit_length() - 1) <= 64 else rules.cap + 1
        return r if rules.lowest <= r <= rules.cap else None
    sides = [[_admitted(g, rules) for g in part] for part in form[1:]]
    if None in sides[0] or None in sides[1]:
        return None
    if kind == normal_form.SUM:
        p, n = sum(sides[0]), sum(sides[1])
        ok = p <= rules.cap and n <= rules.cap
        return p - n if ok and p - n >= rules.lowest else None
    p, d = prod(sides[0]), prod(sides[1])
    if p > rules.cap or not 0 < d <= rules.cap or p % d:
        return None
    return p // d if p // d >= rules.lowest else None
