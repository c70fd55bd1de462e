"""Numba kernels of the numbers engine.

A *sub-hand* is a sub-multiset of the cards, numbered in mixed radix: with the distinct
card values v_k held m_k times, sub-hand X takes cnt[X, k] copies of v_k and its number
is sum(cnt[X, k] * stride[k]).  Removing a sub-hand A <= X is plain subtraction, X - A.

For every stored sub-hand the kernels keep, per *slot*, the sorted values that the
admitted normal forms over exactly those cards can take.  The first five slots are the
kinds of a form's root; the others are unions used as the parts of a root:

    PLUS   sum of >= 2 terms, all added          DIFF   sum with >= 1 subtracted term
    TIMES  product of >= 2 factors, no divisor   RATIO  product with >= 1 divisor
    POW    a power b ^ e
    NS  (a term: not a sum)      = leaf | TIMES | RATIO | POW
    PS  (added terms only)       = NS | PLUS
    NP  (a factor: not a product)= leaf | PLUS | DIFF | POW
    PP  (factors only)           = NP | TIMES
    ALL                          = every kind

A sum is admitted when its added terms P and subtracted terms N give P - N in the
domain; a product when its factors F and divisors D give an exact F / D with no zero
divisor; every one of P, N, F, D and every power must be <= cap.  F is the product of
all the factors, so it is 0 when one of them is, however large the others: to allow
that, the TIMES and PP slots may hold one more value, cap + 1 ("over"), standing for
every product of non-zero factors above the cap.  The kernels do no validation and no
I/O.
"""

import numpy as np
from numba import njit

PLUS, DIFF, TIMES, RATIO, POW = 0, 1, 2, 3, 4
NS, PS, NP, PP, ALL = 5, 6, 7, 8, 9
NSLOT = 10
LEAF_BIT = 1 << 5

OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_POW = 1, 2, 4, 8, 16
KIND_OP = np.array([OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_POW], dtype=np.int64)

# Which root kinds (bits 0-4) and the leaf (bit 5) each slot holds.
SLOT_BITS = np.array([
    1 << PLUS, 1 << DIFF, 1 << TIMES, 1 << RATIO, 1 << POW,
    LEAF_BIT | (1 << TIMES) | (1 << RATIO) | (1 << POW),
    LEAF_BIT | (1 << TIMES) | (1 << RATIO) | (1 << POW) | (1 << PLUS),
    LEAF_BIT | (1 << PLUS) | (1 << DIFF) | (1 << POW),
    LEAF_BIT | (1 << PLUS) | (1 << DIFF) | (1 << POW) | (1 << TIMES),
    LEAF_BIT | 31,
], dtype=np.int64)

# The slots of the two parts of a root of each kind: (first part, second part).
PART_SLOTS = np.array([[NS, PS], [PS, PS], [NP, PP], [PP, PP], [ALL, ALL]],
                      dtype=np.int64)


@njit(cache=True)
def _grown(buf, n, need):
    """buf with room for `need` more values after its first n (copied by loop: array
    slicing costs seconds of compile time)."""
    if n + need <= buf.shape[0]:
        return buf
    bigger = np.empty(2 * buf.shape[0] + need, np.int64)
    for i in range(n):
        bigger[i] = buf[i]
    return bigger


@njit(cache=True)
def _push(buf, n, x):
    buf = _grown(buf, n, 1)
    buf[n] = x
    return buf, n + 1


@njit(cache=True)
def _next_sub(A, X, cnt, stride):
    """The sub-hand after A among the sub-hands of X (mixed-radix count), or -1."""
    for k in range(stride.shape[0]):
        if cnt[A, k] < cnt[X, k]:
            return A + stride[k]
        A -= cnt[A, k] * stride[k]
    return -1


@njit(cache=True)
def _first_digit(X, cnt):
    for k in range(cnt.shape[1]):
        if cnt[X, k] > 0:
            return k
    return -1


@njit(cache=True)
def _index(data, lo, hi, v):
    """Where v is in the sorted data[lo:hi] (binary search), or -1."""
    end = hi
    while lo < hi:
        mid = (lo + hi) >> 1
        if data[mid] < v:
            lo = mid + 1
        else:
            hi = mid
    return lo if lo < end and data[lo] == v else -1


@njit(cache=True)
def _has(data, lo, hi, v):
    return _index(data, lo, hi, v) >= 0


@njit(cache=True)
def power(b, e, cap):
    """b ** e when it is defined and <= cap, else -1 (0 ** 0 is undefined)."""
    if e == 0:
        return 1 if b != 0 else -1
    if b <= 1:
        return b
    acc = 1
    for _ in range(e):
        if acc > cap // b:
            return -1
        acc *= b
    return acc


@njit(cache=True)
def _root(v, e, cap):
    """The whole b with b ** e == v (e >= 1), or -1."""
    if v <= 1 or e == 1:
        return v
    guess = int(round(float(v) ** (1.0 / e)))
    for b in range(max(guess - 1, 2), guess + 2):
        if power(b, e, cap) == v:
            return b
    return -1


# ---------------------------------------------------------------- bottom-up values

SMALL = 1 << 16     # values below this are deduplicated with a bitmap, not a sort


@njit(cache=True)
def _sorted_unique(buf, n, seen):
    """The distinct values of buf[:n], ascending.  `seen` is an all-False scratch
    bitmap of the small values, and is left all-False."""
    small = np.empty(min(n, SMALL), np.int64)
    large = np.empty(n, np.int64)
    ns = 0
    nl = 0
    for i in range(n):
        v = buf[i]
        if v < SMALL:
            if not seen[v]:
                seen[v] = True
                small[ns] = v
                ns += 1
        else:
            large[nl] = v
            nl += 1
    small = np.sort(small[:ns])
    for i in range(ns):
        seen[small[i]] = False
    large = np.sort(large[:nl])
    out = np.empty(ns + nl, np.int64)
    for i in range(ns):
        out[i] = small[i]
    m = ns
    for i in range(nl):
        if i == 0 or large[i] != large[i - 1]:
            out[m] = large[i]
            m += 1
    return out[:m]


@njit(cache=True)
def _combine(kind, a, b, positive, cap):
    """The root of `kind` over part values a, b (in ascending b order) as
    (value or -1 when not admitted, whether every larger b fails too)."""
    if kind == PLUS:
        return (a + b, False) if a + b <= cap else (-1, True)
    if kind == DIFF:
        if b > a or (positive and b == a):
            return -1, True
        return a - b, False
    if kind == TIMES:
        if b != 0 and b > cap // a:
            return cap + 1, True            # over the cap: stands for them all
        return a * b, False
    if kind == RATIO:
        if b > a:
            return -1, True
        return (a // b, False) if b != 0 and a % b == 0 else (-1, False)
    r = power(a, b, cap)
    return r, r < 0 and a >= 2 and b > 0


@njit(cache=True)
def _root_values(kind, X, data, start, stop, cnt, stride, positive, cap, buf, budget):
    """Every value (with repeats) of the admitted forms over X whose root is `kind`;
    it stops once more than `budget` are made."""
    n = 0
    lo_slot = PART_SLOTS[kind, 0]
    hi_slot = PART_SLOTS[kind, 1]
    dk = _first_digit(X, cnt)
    A = _next_sub(0, X, cnt, stride)
    while A != -1:
        B = X - A
        if B != 0 and (kind == DIFF or kind == RATIO or kind == POW or cnt[A, dk] >= 1):
            for i in range(start[A, lo_slot], stop[A, lo_slot]):
                a = data[i]
                if kind == TIMES and a == 0:
                    if stop[B, hi_slot] > start[B, hi_slot]:
                        buf, n = _push(buf, n, 0)
                    continue
                if kind == RATIO and a > cap:
                    continue
                if kind == RATIO and a == 0:
                    for j in range(start[B, hi_slot], stop[B, hi_slot]):
                        if 0 < data[j] <= cap:
                            buf, n = _push(buf, n, 0)
                            break
                    continue
                for j in range(start[B, hi_slot], stop[B, hi_slot]):
                    r, last = _combine(kind, a, data[j], positive, cap)
                    if r >= 0:
                        buf, n = _push(buf, n, r)
                    if last:
                        break
                if n > budget:
                    return buf, n
        A = _next_sub(A, X, cnt, stride)
    return buf, n


@njit(cache=True)
def build_tables(vals, cnt, stride, order, n_stored, positive, ops, cap, budget):
    """Value tables of the first n_stored sub-hands of `order` (sorted by size).

    Returns (data, start, stop, ok); ok is False when more than `budget` values would
    be stored, and the tables are then incomplete.
    """
    M = cnt.shape[0]
    start = np.zeros((M, NSLOT), np.int64)
    stop = np.zeros((M, NSLOT), np.int64)
    data = np.empty(4096, np.int64)
    nd = 0
    buf = np.empty(4096, np.int64)
    seen = np.zeros(SMALL, np.bool_)
    for idx in range(n_stored):
        X = order[idx]
        size = 0
        leaf = -1
        for k in range(vals.shape[0]):
            size += cnt[X, k]
            if cnt[X, k] > 0:
                leaf = vals[k]
        for slot in range(NSLOT):
            n = 0
            if slot < 5:
                if size >= 2 and (ops & KIND_OP[slot]) != 0:
                    buf, n = _root_values(slot, X, data, start, stop, cnt, stride,
                                          positive, cap, buf, budget)
            else:
                bits = SLOT_BITS[slot]
                if size == 1 and (bits & LEAF_BIT) != 0:
                    buf, n = _push(buf, n, leaf)
                for kind in range(5):
                    if (bits >> kind) & 1:
                        for i in range(start[X, kind], stop[X, kind]):
                            if data[i] <= cap or slot == PP:
                                buf, n = _push(buf, n, data[i])
            if n > budget:
                return data[:nd], start, stop, False
            uniq = _sorted_unique(buf, n, seen)
            if nd + uniq.shape[0] > budget:
                return data[:nd], start, stop, False
            data = _grown(data, nd, uniq.shape[0])
            start[X, slot] = nd
            for i in range(uniq.shape[0]):
                data[nd + i] = uniq[i]
            nd += uniq.shape[0]
            stop[X, slot] = nd
    return data[:nd], start, stop, True


# ---------------------------------------------------------------- top-down edges

@njit(cache=True)
def _emit(out, n, A, a, B, b):
    out = _grown(out, n, 4)
    out[n] = A
    out[n + 1] = a
    out[n + 2] = B
    out[n + 3] = b
    return out, n + 4


@njit(cache=True)
def _split_edges(kind, A, B, v, data, start, stop, cap, out, n, stored_a, stored_b):
    """The pairs (a in part A, b in part B) whose root `kind` gives v.

    At most one part may be unstored: the other one is walked, and the pairs are then
    candidates that the caller must confirm.  Unstored parts occur only in the positive
    domain without ^, where no zero or power makes a value stand for many.
    """
    sa = PART_SLOTS[kind, 0]
    sb = PART_SLOTS[kind, 1]
    a0, a1 = start[A, sa], stop[A, sa]
    b0, b1 = start[B, sb], stop[B, sb]
    if kind == TIMES and v > cap:
        return _over_edges(A, B, a0, a1, b0, b1, data, cap, out, n)
    walk_a = a1 - a0 <= b1 - b0
    if kind == POW or not stored_a:
        walk_a = False          # walk the exponents: few of them can give v
    elif not stored_b:
        walk_a = True
    if walk_a:
        for i in range(a0, a1):
            a = data[i]
            if kind == PLUS:
                if a > v:
                    break
                if _found(data, b0, b1, stored_b, v - a):
                    out, n = _emit(out, n, A, a, B, v - a)
            elif kind == DIFF:
                if a >= v and _found(data, b0, b1, stored_b, a - v):
                    out, n = _emit(out, n, A, a, B, a - v)
            elif kind == TIMES:
                if a == 0:
                    if v == 0:
                        for j in range(b0, b1):
                            out, n = _emit(out, n, A, 0, B, data[j])
                elif v % a == 0 and _found(data, b0, b1, stored_b, v // a):
                    out, n = _emit(out, n, A, a, B, v // a)
            else:  # RATIO: a is the product of the factors
                if a > cap:
                    continue
                if v == 0:
                    if a == 0:
                        for j in range(b0, b1):
                            if 0 < data[j] <= cap:
                                out, n = _emit(out, n, A, 0, B, data[j])
                elif a % v == 0 and a // v != 0 and _found(data, b0, b1, stored_b, a // v):
                    out, n = _emit(out, n, A, a, B, a // v)
    else:
        for j in range(b0, b1):
            b = data[j]
            if kind == PLUS:
                if b > v:
                    break
                if _found(data, a0, a1, stored_a, v - b):
                    out, n = _emit(out, n, A, v - b, B, b)
            elif kind == DIFF:
                if v + b > cap:
                    break
                if _found(data, a0, a1, stored_a, v + b):
                    out, n = _emit(out, n, A, v + b, B, b)
            elif kind == TIMES:
                if b == 0:
                    if v == 0:
                        for i in range(a0, a1):
                            out, n = _emit(out, n, A, data[i], B, 0)
                elif v % b == 0 and _found(data, a0, a1, stored_a, v // b):
                    out, n = _emit(out, n, A, v // b, B, b)
            elif kind == RATIO:
                if b == 0 or b > cap:
                    continue
                if v > 0 and b > cap // v:
                    break
                if _found(data, a0, a1, stored_a, v * b):
                    out, n = _emit(out, n, A, v * b, B, b)
            else:  # POW: b is the exponent
                if b == 0:
                    if v == 1:
                        for i in range(a0, a1):
                            if data[i] != 0:
                                out, n = _emit(out, n, A, data[i], B, 0)
                    continue
                if v >= 2 and b > 62:
                    break
                base = _root(v, b, cap)
                if base >= 0 and _found(data, a0, a1, stored_a, base):
                    out, n = _emit(out, n, A, base, B, b)
    return out, n


@njit(cache=True)
def _found(data, lo, hi, stored, v):
    """v in the sorted data[lo:hi]; always a candidate in an unstored part."""
    return _has(data, lo, hi, v) if stored else True


@njit(cache=True)
def _over_edges(A, B, a0, a1, b0, b1, data, cap, out, n):
    """The factor pairs of a product over the cap: both non-zero, product > cap."""
    for i in range(a0, a1):
        a = data[i]
        if a == 0:
            continue
        for j in range(b0, b1):
            b = data[j]
            if b != 0 and (b > cap or b > cap // a):
                out, n = _emit(out, n, A, a, B, b)
    return out, n


@njit(cache=True)
def root_edges(kind, X, v, stored, data, start, stop, cnt, stride, positive, ops, cap,
               limit):
    """The ways a form over X with root `kind` makes v: rows (A, a, B, b), flat.

    A and B are the sub-hands of the two parts (see PART_SLOTS) and a, b their values;
    a pair with an unstored part is a candidate (see _split_edges).  limit > 0 stops
    after that many rows.
    """
    out = np.empty(64, np.int64)
    n = 0
    low = 1 if positive else 0
    top = cap + 1 if kind == TIMES else cap
    if (ops & KIND_OP[kind]) != 0 and low <= v <= top:
        dk = _first_digit(X, cnt)
        A = _next_sub(0, X, cnt, stride)
        while A != -1:
            B = X - A
            if B != 0 and (kind == DIFF or kind == RATIO or kind == POW
                           or cnt[A, dk] >= 1):
                out, n = _split_edges(kind, A, B, v, data, start, stop, cap, out, n,
                                      stored[A], stored[B])
                if limit > 0 and n >= 4 * limit:
                    break
            A = _next_sub(A, X, cnt, stride)
    return out[:n]


@njit(cache=True)
def stored_reaching(v, stored, data, start, stop):
    """Every stored sub-hand with an admitted form of value v."""
    out = np.empty(stored.shape[0], np.int64)
    n = 0
    for X in range(1, stored.shape[0]):
        if stored[X] and _has(data, start[X, ALL], stop[X, ALL], v):
            out[n] = X
            n += 1
    return out[:n]


# ---------------------------------------------------------------- expression trees

@njit(cache=True)
def _tree_result(op, a, b, positive, cap):
    """a op b for one node of an expression tree, or -1 when the node is not allowed."""
    if op == 0:
        return a + b if a + b <= cap else -1
    if op == 1:
        if a > b or (a == b and not positive):
            return a - b
        return -1
    if op == 2:
        if a != 0 and b > cap // a:
            return -1
        return a * b
    if op == 3:
        if b != 0 and a % b == 0 and (a != 0 or not positive):
            return a // b
        return -1
    return power(a, b, cap)


@njit(cache=True)
def _choose(cnt, X, A, binom):
    """How many ways the cards of sub-hand A can be picked from those of X."""
    w = 1
    for k in range(cnt.shape[1]):
        w *= binom[cnt[X, k], cnt[A, k]]
    return w


@njit(cache=True)
def tree_tables(vals, cnt, stride, order, n_stored, positive, ops, cap, binom):
    """Value -> number of expression trees, for the first n_stored sub-hands of order.

    Trees are ordered binary trees over ordered selections of the cards (Hutton's
    count): every node must be allowed, with its value <= cap.  Equal cards are told
    apart by position, as in a list of numbers.
    """
    M = cnt.shape[0]
    start = np.zeros(M, np.int64)
    stop = np.zeros(M, np.int64)
    tv = np.empty(4096, np.int64)
    tc = np.empty(4096, np.int64)
    nt = 0
    rv = np.empty(4096, np.int64)
    rc = np.empty(4096, np.int64)
    seen = np.zeros(SMALL, np.bool_)
    for idx in range(n_stored):
        X = order[idx]
        n = 0
        size = 0
        for k in range(vals.shape[0]):
            size += cnt[X, k]
        if size == 1:
            for k in range(vals.shape[0]):
                if cnt[X, k] == 1:
                    rv, n = _push(rv, 0, vals[k])
                    rc, _ = _push(rc, 0, 1)
        else:
            A = _next_sub(0, X, cnt, stride)
            while A != -1:
                B = X - A
                if B != 0:
                    w = _choose(cnt, X, A, binom)
                    for i in range(start[A], stop[A]):
                        for j in range(start[B], stop[B]):
                            for op in range(5):
                                if (ops >> op) & 1:
                                    r = _tree_result(op, tv[i], tv[j], positive, cap)
                                    if r >= 0:
                                        rv, _ = _push(rv, n, r)
                                        rc, n = _push(rc, n, w * tc[i] * tc[j])
                A = _next_sub(A, X, cnt, stride)
        uniq = _sorted_unique(rv, n, seen)
        tv = _grown(tv, nt, uniq.shape[0])
        tc = _grown(tc, nt, uniq.shape[0])
        start[X] = nt
        stop[X] = nt + uniq.shape[0]
        for i in range(uniq.shape[0]):
            tv[nt + i] = uniq[i]
            tc[nt + i] = 0
        for p in range(n):
            tc[nt + np.searchsorted(uniq, rv[p])] += rc[p]
        nt = stop[X]
    return tv[:nt], tc[:nt], start, stop


@njit(cache=True)
def _count_of(tv, tc, lo, hi, v):
    """The number of trees of value v in the table tv[lo:hi], tc[lo:hi]."""
    i = _index(tv, lo, hi, v)
    return tc[i] if i >= 0 else 0


@njit(cache=True)
def count_trees(v, every, n_stored, order, tv, tc, start, stop, cnt, stride, positive,
                ops, cap, binom):
    """Expression trees over any cards of the hand making v (every: of any value)."""
    full = cnt.shape[0] - 1
    stored = np.zeros(cnt.shape[0], np.bool_)
    stored[order[:n_stored]] = True
    total = 0
    for X in range(1, cnt.shape[0]):
        pick = _choose(cnt, full, X, binom)
        if every:
            for i in range(start[X], stop[X]):
                total += pick * tc[i]
        elif stored[X]:
            total += pick * _count_of(tv, tc, start[X], stop[X], v)
        else:
            total += pick * trees_making(v, X, tv, tc, start, stop, cnt, stride, positive,
                                         ops, cap, binom)
    return total


@njit(cache=True)
def trees_making(v, X, tv, tc, start, stop, cnt, stride, positive, ops, cap, binom):
    """Number of expression trees over exactly the cards of X (unstored) making v."""
    total = 0
    A = _next_sub(0, X, cnt, stride)
    while A != -1:
        B = X - A
        if B != 0:
            w = _choose(cnt, X, A, binom)
            for i in range(start[A], stop[A]):
                a = tv[i]
                ways = 0
                for op in range(5):
                    if not (ops >> op) & 1:
                        continue
                    if op == 0:
                        if a <= v:
                            ways += _count_of(tv, tc, start[B], stop[B], v - a)
                    elif op == 1:
                        if a >= v and (a > v or not positive):
                            ways += _count_of(tv, tc, start[B], stop[B], a - v)
                    else:
                        for j in range(start[B], stop[B]):
                            if _tree_result(op, a, tv[j], positive, cap) == v:
                                ways += tc[j]
                total += w * tc[i] * ways
        A = _next_sub(A, X, cnt, stride)
    return total


@njit(cache=True)
def slot_edges(slot, X, v, stored, data, start, stop, cnt, stride, positive, ops, cap,
               limit):
    """root_edges for every root kind the slot holds: rows (kind, A, a, B, b), flat."""
    out = np.empty(80, np.int64)
    n = 0
    bits = SLOT_BITS[slot]
    for kind in range(5):
        if not (bits >> kind) & 1:
            continue
        if stored[X] and not _has(data, start[X, kind], stop[X, kind], v):
            continue
        rows = root_edges(kind, X, v, stored, data, start, stop, cnt, stride, positive,
                          ops, cap, limit)
        out = _grown(out, n, rows.shape[0] // 4 * 5)
        for r in range(0, rows.shape[0], 4):
            out[n] = kind
            for c in range(4):
                out[n + 1 + c] = rows[r + c]
            n += 5
        if limit > 0 and n >= 5 * limit:
            break
    return out[:n]
