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

The kernels' parameters share their names and meanings: `vals`, `cnt` and `stride` are
the hand's numbering (engine.SubHands: the distinct card values, cnt[X, k] and the
number of one card of each value); the tables are `data`, `start` and `stop`, the values
of sub-hand X in slot s being data[start[X, s]:stop[X, s]], sorted and distinct;
`stored`[X] tells whether sub-hand X has tables; `positive` is true in the positive
domain (every value >= 1); `ops` is the set of the operations allowed (eureka.ops.mask:
bit k for operation k); `cap` is the largest value admitted; `marks` are scratch marks
(new_marks).
"""

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from eureka.heaps import heapsort
from eureka.jit import njit, plain
from eureka.ops import ADD, DIVIDE, MULTIPLY, POWER, SUBTRACT

PLUS, DIFF, TIMES, RATIO, POW = 0, 1, 2, 3, 4
NS, PS, NP, PP, ALL = 5, 6, 7, 8, 9
NSLOT = 10
LEAF_BIT = 1 << 5

KIND_OP = np.array([1 << ADD, 1 << SUBTRACT, 1 << MULTIPLY, 1 << DIVIDE, 1 << POWER],
                   dtype=np.int64)
"""The operation of each root kind, in the kernels' set of operations (eureka.ops.mask)."""

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
    """The buffer `buf` with room for `need` more values after its first `n`.

    `buf` itself when it has the room, else a larger array holding its first n values
    (copied by loop: array slicing costs seconds of compile time).
    """
    if n + need <= buf.shape[0]:
        return buf
    bigger = np.empty(2 * buf.shape[0] + need, np.int64)
    for i in range(n):
        bigger[i] = buf[i]
    return bigger


@njit(cache=True)
def _grown_rows(rows, n, size):
    """A copy of the 2-D `rows` with `size` rows, its first `n` those of rows.

    Copied by loop, as in _grown.
    """
    bigger = np.empty((size, rows.shape[1]), rows.dtype)
    for i in range(n):
        for j in range(rows.shape[1]):
            bigger[i, j] = rows[i, j]
    return bigger


@njit(cache=True)
def _push(buf, n, x):
    """Appends `x` to `buf` after its first `n` values: (buf, grown when needed; n + 1)."""
    buf = _grown(buf, n, 1)
    buf[n] = x
    return buf, n + 1


@plain
def _next_sub(A, X, cnt, stride):
    """The sub-hand after `A` among the sub-hands of `X` (mixed-radix count), or -1.

    `cnt` and `stride` are the hand's numbering. The count starts from 0, the empty
    sub-hand; -1 comes after X itself.
    """
    for k in range(stride.shape[0]):
        if cnt[A, k] < cnt[X, k]:
            return A + stride[k]
        A -= cnt[A, k] * stride[k]
    return -1


@plain
def _first_digit(X, cnt):
    """The index k of the first card value that sub-hand `X` holds (`cnt`[X, k] > 0), or -1."""
    for k in range(cnt.shape[1]):
        if cnt[X, k] > 0:
            return k
    return -1


@plain
def _index(data, lo, hi, v):
    """Where `v` is in the sorted `data`[`lo`:`hi`] (binary search), or -1."""
    end = hi
    while lo < hi:
        mid = (lo + hi) >> 1
        if data[mid] < v:
            lo = mid + 1
        else:
            hi = mid
    return lo if lo < end and data[lo] == v else -1


@plain
def _has(data, lo, hi, v):
    """Whether `v` is in the sorted, distinct `data`[`lo`:`hi`].

    A binary search without branches to mispredict: the hot loop of the top-down search.
    """
    n = hi - lo
    if n <= 0:
        return False
    while n > 1:
        half = n >> 1
        lo = lo + half if data[lo + half] <= v else lo
        n -= half
    return data[lo] == v


@plain
def power(b, e, cap):
    """The power `b` ** `e` when it is defined and <= `cap`, else -1 (0 ** 0 is undefined)."""
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


@plain
def _root(v, e, cap):
    """The whole b with b ** `e` == `v` (`e` >= 1), or -1; powers above `cap` are not tried."""
    if v <= 1 or e == 1:
        return v
    guess = int(round(float(v) ** (1.0 / e)))
    for b in range(max(guess - 1, 2), guess + 2):
        if power(b, e, cap) == v:
            return b
    return -1


# ---------------------------------------------------------------- bottom-up values

@plain
def _combine(kind, a, b, positive, cap):
    """The root of `kind` over the part values `a` and `b`, as (value, whether larger b fail).

    The value is -1 when the root is not admitted; the second item is true when every
    larger `b` fails too (the caller walks b in ascending order). `positive`: the positive
    domain; a product above `cap` is cap + 1 ("over"), which stands for them all.
    """
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


@plain
def _splits_of(kind, X, A, cnt, dk):
    """Whether (`A`, `X` - A) is a split walked for a root of `kind`.

    A sum or product holds the first card of X in A, so that each unordered split is walked
    once: `dk` is X's first card value (_first_digit of X in `cnt`).
    """
    return A != X and (kind == DIFF or kind == RATIO or kind == POW or cnt[A, dk] >= 1)


@plain
def _root_values(kind, X, data, start, stop, cnt, stride, positive, cap, buf, budget):
    """Every value (with repeats) of the admitted forms over `X` whose root is `kind`.

    The values are written to `buf`, the parts' values read from the tables `data`, `start`
    and `stop` (`cnt`, `stride`: the numbering; `positive`, `cap`: the rules). Returns their
    number, or -(the room it needs) when buf is too small (call again with a larger buf).
    It stops once more than `budget` are made.
    """
    n = 0
    lo_slot = PART_SLOTS[kind, 0]
    hi_slot = PART_SLOTS[kind, 1]
    dk = _first_digit(X, cnt)
    A = _next_sub(0, X, cnt, stride)
    while A != -1:
        B = X - A
        b0, b1 = start[B, hi_slot], stop[B, hi_slot]
        if b1 > b0 and _splits_of(kind, X, A, cnt, dk):
            for i in range(start[A, lo_slot], stop[A, lo_slot]):
                if n > budget:          # checked before each row
                    return n
                if n + (b1 - b0) > buf.shape[0]:
                    return -(n + b1 - b0)
                a = data[i]
                if kind == RATIO and a > cap:
                    continue
                if kind == TIMES and a == 0:
                    buf[n] = 0
                    n += 1
                    continue
                if kind == RATIO and a == 0:
                    for j in range(b0, b1):
                        if 0 < data[j] <= cap:
                            buf[n] = 0
                            n += 1
                            break
                    continue
                for j in range(b0, b1):
                    r, last = _combine(kind, a, data[j], positive, cap)
                    if r >= 0:
                        buf[n] = r
                        n += 1
                    if last:
                        break
        A = _next_sub(A, X, cnt, stride)
    return n


@plain
def _union_values(slot, X, leaf, data, start, stop, cap, buf):
    """The values (with repeats) of the root kinds `slot` holds over `X`, and of the leaf.

    The leaf's value is `leaf` when X is one card (leaf >= 0), else no leaf. They are read
    from the tables `data`, `start` and `stop` and written to `buf`, which must have room for
    all of X's root values and one; values above `cap` are kept in the PP slot only.
    Returns their number.
    """
    bits = SLOT_BITS[slot]
    n = 0
    if leaf >= 0 and (bits & LEAF_BIT) != 0:
        buf[0] = leaf
        n = 1
    for kind in range(5):
        if (bits >> kind) & 1:
            for i in range(start[X, kind], stop[X, kind]):
                if data[i] <= cap or slot == PP:
                    buf[n] = data[i]
                    n += 1
    return n


MARK_BITS = 20          # values below 1 << MARK_BITS are deduplicated by marking them
_W0 = 1 << (MARK_BITS - 6)      # the marks: one bit per value ...
_W1 = _W0 >> 6                  # ... one bit per non-zero word of those ...
_W2 = _W1 >> 6                  # ... and one per non-zero word of the second level


def new_marks():
    """All-clear scratch marks for the kernels that deduplicate values (130 kB)."""
    return np.zeros(_W0 + _W1 + _W2, np.uint64)


@plain
def _mark(marks, v):
    """Marks the value `v` (below 1 << MARK_BITS) in `marks`, at each of the three levels."""
    one = np.uint64(1)
    w = v >> 6
    marks[w] |= one << np.uint64(v & 63)
    marks[_W0 + (w >> 6)] |= one << np.uint64(w & 63)
    marks[_W0 + _W1 + (w >> 12)] |= one << np.uint64((w >> 6) & 63)


@plain
def _drain(marks, out, n):
    """Appends the marked values to `out`[`n`:], ascending, and clears `marks`; the new n."""
    one = np.uint64(1)
    for i2 in range(_W2):
        top = marks[_W0 + _W1 + i2]
        marks[_W0 + _W1 + i2] = 0
        while top != 0:
            i1 = (i2 << 6) + int(trailing_zeros(top))
            top &= top - one
            mid = marks[_W0 + i1]
            marks[_W0 + i1] = 0
            while mid != 0:
                i0 = (i1 << 6) + int(trailing_zeros(mid))
                mid &= mid - one
                low = marks[i0]
                marks[i0] = 0
                while low != 0:
                    out[n] = (i0 << 6) + int(trailing_zeros(low))
                    low &= low - one
                    n += 1
    return n


@plain
def _unique_into(buf, n, marks, out, m):
    """Appends the distinct values of `buf`[:`n`] to `out`[`m`:], ascending; the new m.

    The `marks` must be clear, and are left clear; buf is overwritten.
    """
    large = 0
    for i in range(n):
        v = buf[i]
        if v < (1 << MARK_BITS):
            _mark(marks, v)
        else:
            buf[large] = v
            large += 1
    m = _drain(marks, out, m)
    heapsort(buf, large)
    for i in range(large):
        if i == 0 or buf[i] != buf[i - 1]:
            out[m] = buf[i]
            m += 1
    return m


@njit(cache=True)
def build_tables(vals, cnt, stride, order, n_stored, positive, ops, cap, budget, marks):
    """Value tables of the first `n_stored` sub-hands of `order` (sorted by size).

    `vals`, `cnt` and `stride` are the hand's numbering; `positive`, `ops` and `cap` the
    rules (see the module's notes); `marks`: see new_marks. Every part of a sub-hand must
    come before it in `order`.

    Returns (data, start, stop, ok); ok is False when more than `budget` values would be
    stored, and the tables are then incomplete.
    """
    M = cnt.shape[0]
    start = np.zeros((M, NSLOT), np.int64)
    stop = np.zeros((M, NSLOT), np.int64)
    data = np.empty(16384, np.int64)
    nd = 0
    buf = np.empty(16384, np.int64)
    for idx in range(n_stored):
        X = order[idx]
        size = 0
        leaf = -1
        for k in range(vals.shape[0]):
            size += cnt[X, k]
            if cnt[X, k] > 0:
                leaf = vals[k]
        while True:
            made, need = _hand_tables(X, leaf if size == 1 else -1, size >= 2, data, nd,
                                      start, stop, cnt, stride, positive, ops, cap,
                                      budget, buf, marks)
            if need == 0:
                break
            if need > 0:            # room for need values, and no more than needed
                buf = np.empty(max(need, min(2 * buf.shape[0], budget)), np.int64)
            else:
                data = _grown(data, nd, -need - nd)
        if made < 0:
            return data[:nd], start, stop, False
        nd = made
    return data[:nd], start, stop, True


@plain
def _hand_tables(X, leaf, roots, data, nd, start, stop, cnt, stride, positive, ops, cap,
                 budget, buf, marks):
    """The tables of sub-hand `X` (its parts' built), every slot, written at `data`[`nd`:].

    `leaf`: its card when X is one card, else -1; `roots`: whether X has root kinds (two
    cards or more). `start` and `stop` receive the slots' bounds; `cnt`, `stride`,
    `positive`, `ops` and `cap` are as in build_tables; `buf` is scratch room and `marks`
    the clear marks. Returns (the new nd, 0), or (-1, 0) past the `budget`, or (nd, need)
    when buf (need > 0: room for need values) or data (need < 0: for -need values in all)
    is too small: call again once it is not.
    """
    for slot in range(NSLOT):
        n = 0
        if slot >= 5:
            room = 1 + stop[X, POW] - start[X, PLUS]      # the root kinds' values
            if room > buf.shape[0]:
                return nd, room
            n = _union_values(slot, X, leaf, data, start, stop, cap, buf)
        elif roots and (ops & KIND_OP[slot]) != 0:
            n = _root_values(slot, X, data, start, stop, cnt, stride, positive, cap, buf,
                             budget)
            if n < 0:
                return nd, -n
        if n > budget:
            return -1, 0
        if nd + n > data.shape[0]:
            return nd, -(nd + n)
        start[X, slot] = nd
        nd = _unique_into(buf, n, marks, data, nd)
        stop[X, slot] = nd
        if nd > budget:
            return -1, 0
    return nd, 0


# ---------------------------------------------------------------- top-down forms of a value

@plain
def _put(out, n, kind, A, a, B, b):
    """Writes the row (`kind`, `A`, `a`, `B`, `b`) at `out`[`n`:]; the new n.

    The caller made room for it.
    """
    out[n] = kind
    out[n + 1] = A
    out[n + 2] = a
    out[n + 3] = B
    out[n + 4] = b
    return n + 5


@plain
def _split_edges(kind, A, B, v, data, start, stop, cap, out, n, stored_a, stored_b):
    """The rows (`kind`, `A`, a, `B`, b): a in part A, b in part B whose root kind gives `v`.

    v must be <= `cap`; the rows are written at `out`[`n`:], the parts' values read from the
    tables `data`, `start` and `stop`. Returns the new n. There must be room for as many
    rows as both parts have values (one row per value walked, and a zero part's rows).

    `stored_a` and `stored_b` tell whether each part is stored. At most one part may be
    unstored: the other one is walked, and the pairs are then candidates that the caller
    must confirm. Unstored parts occur only in the positive domain without ^, where no zero
    or power makes a value stand for many.
    """
    sa = PART_SLOTS[kind, 0]
    sb = PART_SLOTS[kind, 1]
    a0, a1 = start[A, sa], stop[A, sa]
    b0, b1 = start[B, sb], stop[B, sb]
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
                    n = _put(out, n, kind, A, a, B, v - a)
            elif kind == DIFF:
                if a >= v and _found(data, b0, b1, stored_b, a - v):
                    n = _put(out, n, kind, A, a, B, a - v)
            elif kind == TIMES:
                if a == 0:
                    if v == 0:
                        for j in range(b0, b1):
                            n = _put(out, n, kind, A, 0, B, data[j])
                elif v % a == 0 and _found(data, b0, b1, stored_b, v // a):
                    n = _put(out, n, kind, A, a, B, v // a)
            else:  # RATIO: a is the product of the factors
                if a > cap:
                    continue
                if v == 0:
                    if a == 0:
                        for j in range(b0, b1):
                            if 0 < data[j] <= cap:
                                n = _put(out, n, kind, A, 0, B, data[j])
                elif a % v == 0 and a // v != 0 and _found(data, b0, b1, stored_b, a // v):
                    n = _put(out, n, kind, A, a, B, a // v)
    else:
        for j in range(b0, b1):
            b = data[j]
            if kind == PLUS:
                if b > v:
                    break
                if _found(data, a0, a1, stored_a, v - b):
                    n = _put(out, n, kind, A, v - b, B, b)
            elif kind == DIFF:
                if v + b > cap:
                    break
                if _found(data, a0, a1, stored_a, v + b):
                    n = _put(out, n, kind, A, v + b, B, b)
            elif kind == TIMES:
                if b == 0:
                    if v == 0:
                        for i in range(a0, a1):
                            n = _put(out, n, kind, A, data[i], B, 0)
                elif v % b == 0 and _found(data, a0, a1, stored_a, v // b):
                    n = _put(out, n, kind, A, v // b, B, b)
            elif kind == RATIO:
                if b == 0 or b > cap:
                    continue
                if v > 0 and b > cap // v:
                    break
                if _found(data, a0, a1, stored_a, v * b):
                    n = _put(out, n, kind, A, v * b, B, b)
            else:  # POW: b is the exponent
                if b == 0:
                    if v == 1:
                        for i in range(a0, a1):
                            if data[i] != 0:
                                n = _put(out, n, kind, A, data[i], B, 0)
                    continue
                if v >= 2 and b > 62:
                    break
                base = _root(v, b, cap)
                if base >= 0 and _found(data, a0, a1, stored_a, base):
                    n = _put(out, n, kind, A, base, B, b)
    return n


@plain
def _found(data, lo, hi, stored, v):
    """Whether `v` is in the sorted `data`[`lo`:`hi`]; always true when that part is not `stored`.

    A value of an unstored part is a candidate, for the caller to confirm.
    """
    return _has(data, lo, hi, v) if stored else True


@plain
def _over_edges(A, B, start, stop, data, cap, out, n):
    """The rows of the TIMES roots over `cap` of the parts `A` and `B`, written at `out`[`n`:].

    The rows are those of both factors non-zero and a product above the cap, their values
    read from the tables `data`, `start` and `stop`. Returns the new n, or -1 when out has
    no room for them.
    """
    a0, a1 = start[A, PART_SLOTS[TIMES, 0]], stop[A, PART_SLOTS[TIMES, 0]]
    b0, b1 = start[B, PART_SLOTS[TIMES, 1]], stop[B, PART_SLOTS[TIMES, 1]]
    for i in range(a0, a1):
        a = data[i]
        if a == 0:
            continue
        if n + 5 * (b1 - b0) > out.shape[0]:
            return -1
        for j in range(b0, b1):
            b = data[j]
            if b != 0 and (b > cap or b > cap // a):
                n = _put(out, n, TIMES, A, a, B, b)
    return n


@plain
def _candidates(slot, X, v, first, stored, data, start, stop, cnt, stride, positive, ops,
                cap, out):
    """Rows (kind, A, a, B, b): the roots of `slot`'s kinds over `X` making `v`, flat in `out`.

    Each row holds the root's two parts (see PART_SLOTS). Returns their length n in out[:n],
    or -1 when out has no room for them (call again with a larger out). A row with an
    unstored part (`stored`) is a candidate: that part must still be shown to make its
    value. `first`: stop after the first row with both parts stored. The tables are `data`,
    `start` and `stop`; `cnt`, `stride`, `positive`, `ops` and `cap` as in build_tables.
    """
    n = 0
    low = 1 if positive else 0
    bits = SLOT_BITS[slot]
    dk = _first_digit(X, cnt)
    for kind in range(5):
        if not (bits >> kind) & 1 or (ops & KIND_OP[kind]) == 0:
            continue
        if not low <= v <= (cap + 1 if kind == TIMES else cap):
            continue
        if stored[X] and not _has(data, start[X, kind], stop[X, kind], v):
            continue
        A = _next_sub(0, X, cnt, stride)
        while A != -1:
            B = X - A
            if _splits_of(kind, X, A, cnt, dk):
                before = n
                if kind == TIMES and v > cap:
                    n = _over_edges(A, B, start, stop, data, cap, out, n)
                    if n < 0:
                        return -1
                else:
                    sa, sb = PART_SLOTS[kind, 0], PART_SLOTS[kind, 1]
                    room = 5 * (stop[A, sa] - start[A, sa] + stop[B, sb] - start[B, sb])
                    if n + room > out.shape[0]:
                        return -1
                    n = _split_edges(kind, A, B, v, data, start, stop, cap, out, n,
                                     stored[A], stored[B])
                if first and n > before and stored[A] and stored[B]:
                    return before + 5
            A = _next_sub(A, X, cnt, stride)
    return n


# The fields of a node of the graph (see value_graph), and its states.
SLOT_, HAND_, VALUE_, STATE_, FROM_, TO_ = 0, 1, 2, 3, 4, 5
NEW, OPEN, DONE, EMPTY = 0, 1, 2, 3
_MIX = -7046029254386353131        # 0x9E3779B97F4A7C15 as a signed 64-bit number


@plain
def _slot_of(node, u, mask):
    """Where node `u` of `node` goes in the hash table (of `mask` + 1 places)."""
    h = node[u, VALUE_] * _MIX + node[u, HAND_] * 16 + node[u, SLOT_]
    return (h ^ (h >> 29)) & mask


@plain
def _node(slot, X, w, node, nn, table):
    """The number of the node (`slot`, `X`, `w`), added to `node` and `table` when new.

    The first `nn` rows of node are taken and the caller made room for one more. Returns
    (the node's number, the new nn).
    """
    mask = table.shape[0] - 1
    node[nn, SLOT_] = slot
    node[nn, HAND_] = X
    node[nn, VALUE_] = w
    i = _slot_of(node, nn, mask)
    while table[i] >= 0:
        u = table[i]
        if node[u, VALUE_] == w and node[u, HAND_] == X and node[u, SLOT_] == slot:
            return u, nn
        i = (i + 1) & mask
    node[nn, STATE_] = NEW
    table[i] = nn
    return nn, nn + 1


@plain
def _crowded(node, nn, table, more):
    """Whether `node` or `table` lacks room for `more` nodes after the first `nn`."""
    return nn + more > node.shape[0] or 2 * (nn + more) > table.shape[0]


@njit(cache=True)
def _room(node, nn, table, more):
    """The arrays `node` and `table` with room for `more` nodes after the first `nn`.

    Grown when needed: a larger table is filled anew with the nn nodes.
    """
    if nn + more > node.shape[0]:
        node = _grown_rows(node, nn, 2 * (nn + more))
    if 2 * (nn + more) > table.shape[0]:
        size = table.shape[0]
        while 2 * (nn + more) > size:
            size *= 2
        table = np.full(size, -1, np.int64)
        for u in range(nn):
            i = _slot_of(node, u, size - 1)
            while table[i] >= 0:
                i = (i + 1) & (size - 1)
            table[i] = u
    return node, table


@njit(cache=True)
def value_graph(v, roots, mode, leaf_of, stored, data, start, stop, cnt, stride, positive,
                ops, cap):
    """The admitted forms of value `v` over each sub-hand of `roots`, as a graph.

    A node (slot, X, w) stands for the forms of the slot's kinds over exactly X making
    w; its edges (kind, part a's node, part b's node) are the roots of those forms.
    `mode` 2 only asks which roots make v; mode 1 wants one form (one edge per node),
    mode 0 every form. `leaf_of`[X] is the card of a one-card sub-hand X (-1 for others);
    `stored`, `data`, `start`, `stop`, `cnt`, `stride`, `positive`, `ops` and `cap` are
    as in the module's notes.

    Returns (reached, value, leaf, end, edges): node reached[r] is (ALL, roots[r], v), or
    -1 when no form makes v (mode 2: >= 0 when one does, and the other arrays empty);
    node i makes value[i], is a card when leaf[i], and its edges are
    edges[end[i - 1]:end[i]].  Parts come before the nodes they are parts of, and the
    nodes of each root after those of the roots before it.
    """
    node = np.empty((256, 6), np.int64)
    table = np.full(1024, -1, np.int64)
    kept = np.empty((256, 3), np.int64)         # the edges, node by node
    stack = np.empty(64, np.int64)
    rows = np.empty(4096, np.int64)
    reached = np.full(roots.shape[0], -1, np.int64)
    at = np.zeros(5, np.int64)                  # see _search
    while True:
        lack = _search(v, roots, mode, leaf_of, stored, data, start, stop, cnt, stride,
                       positive, ops, cap, node, table, kept, stack, rows, reached, at)
        if lack == 0:
            break
        if lack == 1:
            rows = np.empty(2 * rows.shape[0], np.int64)
            continue
        nn, ne, ns, more = at[1], at[2], at[3], at[4]
        if _crowded(node, nn, table, more):
            node, table = _room(node, nn, table, more)
        if ne + more > kept.shape[0]:
            kept = _grown_rows(kept, ne, 2 * (ne + more))
        if ns + more > stack.shape[0]:
            stack = _grown(stack, ns, more)
    if mode == 2:
        return reached, np.empty(0, np.int64), np.empty(0, np.bool_), \
            np.empty(0, np.int64), np.empty((0, 3), np.int64)
    return _in_build_order(reached, node, at[1], kept, leaf_of)


@plain
def _search(v, roots, mode, leaf_of, stored, data, start, stop, cnt, stride, positive, ops,
            cap, node, table, kept, stack, rows, reached, at):
    """The depth-first search of value_graph, from `roots`[`at`[0]] on.

    `v`, `mode`, `leaf_of`, `stored`, `data`, `start`, `stop`, `cnt`, `stride`,
    `positive`, `ops` and `cap` are value_graph's; at[1:4] count the nodes in `node`, the
    edges in `kept` and the nodes on `stack` so far; `table` is the nodes' hash table,
    `rows` scratch room for _candidates, and `reached`[r] receives root r's node.

    Returns 0 once every root is searched; or, with at[:4] saved, 1 when rows, 2 when
    node, table, kept or stack lack room for at[4] more (call again once they have it).
    """
    first = mode != 0
    r, nn, ne, ns = at[0], at[1], at[2], at[3]
    while r < roots.shape[0]:
        X = roots[r]
        if ns == 0:                     # the search from this root starts
            if stored[X]:
                if not _has(data, start[X, ALL], stop[X, ALL], v):
                    r += 1
                    continue
                if mode == 2:
                    reached[r] = 0
                    r += 1
                    continue
            if _crowded(node, nn, table, 1):
                return _paused(at, r, nn, ne, ns, 1, 2)
            u, nn = _node(ALL, X, v, node, nn, table)
            stack[0] = u
            ns = 1
        while ns > 0:
            u = stack[ns - 1]
            state = node[u, STATE_]
            if state == NEW:
                nr = _candidates(node[u, SLOT_], node[u, HAND_], node[u, VALUE_], first,
                                 stored, data, start, stop, cnt, stride, positive, ops,
                                 cap, rows)
                if nr < 0:
                    return _paused(at, r, nn, ne, ns, 0, 1)
                more = 2 * nr // 5
                if (_crowded(node, nn, table, more) or ne + more > kept.shape[0]
                        or ns + more > stack.shape[0]):
                    return _paused(at, r, nn, ne, ns, more, 2)
                node[u, FROM_] = ne
                for k in range(0, nr, 5):
                    kind = rows[k]
                    a, nn = _node(PART_SLOTS[kind, 0], rows[k + 1], rows[k + 2], node, nn,
                                  table)
                    b, nn = _node(PART_SLOTS[kind, 1], rows[k + 3], rows[k + 4], node, nn,
                                  table)
                    kept[ne, 0] = kind
                    kept[ne, 1] = a
                    kept[ne, 2] = b
                    ne += 1
                    for c in (a, b):
                        if node[c, STATE_] == NEW:
                            stack[ns] = c
                            ns += 1
                node[u, TO_] = ne
                node[u, STATE_] = OPEN
            elif state == OPEN:         # its parts are done: keep the edges they make
                m = node[u, FROM_]
                for e in range(node[u, FROM_], node[u, TO_]):
                    if (node[kept[e, 1], STATE_] == DONE
                            and node[kept[e, 2], STATE_] == DONE):
                        for f in range(3):
                            kept[m, f] = kept[e, f]
                        m += 1
                        if first:
                            break
                node[u, TO_] = m
                leaf = (SLOT_BITS[node[u, SLOT_]] & LEAF_BIT) != 0 and (
                    leaf_of[node[u, HAND_]] == node[u, VALUE_])
                node[u, STATE_] = DONE if leaf or m > node[u, FROM_] else EMPTY
                ns -= 1
            else:
                ns -= 1
        if node[u, STATE_] == DONE:     # u: the root's node, the last one left
            reached[r] = u
        r += 1
    return _paused(at, r, nn, ne, ns, 0, 0)


@plain
def _paused(at, r, nn, ne, ns, more, lack):
    """Saves _search's place in `at` and returns `lack`.

    at[0:5] = `r`, `nn`, `ne`, `ns` and `more`, the room needed.
    """
    at[0] = r
    at[1] = nn
    at[2] = ne
    at[3] = ns
    at[4] = more
    return lack


@njit(cache=True)
def _in_build_order(reached, node, nn, kept, leaf_of):
    """The nodes that the roots' forms are built from, renumbered parts first (see value_graph).

    `reached`, `node` (its first `nn` rows), `kept` and `leaf_of` are those of _search;
    reached is renumbered in place. Returns value_graph's (reached, value, leaf, end,
    edges).
    """
    number = np.full(nn, -1, np.int64)
    opened = np.zeros(nn, np.bool_)
    value = np.empty(nn, np.int64)
    leaf = np.empty(nn, np.bool_)
    end = np.empty(nn, np.int64)
    edges = np.empty((kept.shape[0], 3), np.int64)
    k = 0
    ne = 0
    stack = np.empty(2 * kept.shape[0] + 1, np.int64)    # a node per edge at most, twice
    for r in range(reached.shape[0]):
        if reached[r] < 0:
            continue
        stack[0] = reached[r]
        ns = 1
        while ns > 0:
            u = stack[ns - 1]
            if number[u] >= 0:
                ns -= 1
            elif not opened[u]:
                opened[u] = True
                for e in range(node[u, FROM_], node[u, TO_]):
                    for c in (kept[e, 1], kept[e, 2]):
                        if number[c] < 0:
                            stack[ns] = c
                            ns += 1
            else:
                for e in range(node[u, FROM_], node[u, TO_]):
                    edges[ne, 0] = kept[e, 0]
                    edges[ne, 1] = number[kept[e, 1]]
                    edges[ne, 2] = number[kept[e, 2]]
                    ne += 1
                value[k] = node[u, VALUE_]
                leaf[k] = (SLOT_BITS[node[u, SLOT_]] & LEAF_BIT) != 0 and (
                    leaf_of[node[u, HAND_]] == node[u, VALUE_])
                end[k] = ne
                number[u] = k
                k += 1
                ns -= 1
        reached[r] = number[reached[r]]
    return reached, value[:k], leaf[:k], end[:k], edges[:ne]


# ---------------------------------------------------------------- expression trees

@njit(cache=True)
def _tree_result(op, a, b, positive, cap):
    """The value of `a` `op` `b` at one node of an expression tree, or -1 when it is not allowed.

    `op` numbers the operation as eureka.ops does (ADD ... POWER); `positive`: the positive
    domain; no value above `cap` is allowed.
    """
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
    """How many ways the cards of sub-hand `A` can be picked from those of sub-hand `X`.

    `cnt` is the hand's numbering and `binom`[n, k] the binomial coefficient.
    """
    w = 1
    for k in range(cnt.shape[1]):
        w *= binom[cnt[X, k], cnt[A, k]]
    return w


@njit(cache=True)
def tree_tables(vals, cnt, stride, order, n_stored, positive, ops, cap, binom):
    """Value -> number of expression trees, for the first `n_stored` sub-hands of `order`.

    Trees are ordered binary trees over ordered selections of the cards (Hutton's
    count): every node must be allowed, with its value <= `cap`.  Equal cards are told
    apart by position, as in a list of numbers. `vals`, `cnt`, `stride`, `positive` and
    `ops` are as in build_tables; `binom`[n, k] is the binomial coefficient.

    Returns (tv, tc, start, stop): sub-hand X's trees make the values
    tv[start[X]:stop[X]] (sorted, distinct), tc[i] trees of them the value tv[i].
    """
    M = cnt.shape[0]
    start = np.zeros(M, np.int64)
    stop = np.zeros(M, np.int64)
    tv = np.empty(4096, np.int64)
    tc = np.empty(4096, np.int64)
    nt = 0
    rv = np.empty(4096, np.int64)
    rc = np.empty(4096, np.int64)
    scratch = np.empty(4096, np.int64)
    marks = np.zeros(_W0 + _W1 + _W2, np.uint64)   # as new_marks()
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
        scratch = _grown(scratch, 0, n)
        for p in range(n):
            scratch[p] = rv[p]
        tv = _grown(tv, nt, n)
        tc = _grown(tc, nt, n)
        start[X] = nt
        stop[X] = _unique_into(scratch, n, marks, tv, nt)
        for i in range(nt, stop[X]):
            tc[i] = 0
        for p in range(n):
            tc[_index(tv, nt, stop[X], rv[p])] += rc[p]
        nt = stop[X]
    return tv[:nt], tc[:nt], start, stop


@njit(cache=True)
def _count_of(tv, tc, lo, hi, v):
    """The number of trees of value `v` in the table `tv`[`lo`:`hi`], `tc`[lo:hi]."""
    i = _index(tv, lo, hi, v)
    return tc[i] if i >= 0 else 0


@njit(cache=True)
def count_trees(v, every, n_stored, order, tv, tc, start, stop, cnt, stride, positive,
                ops, cap, binom):
    """How many expression trees over any cards of the hand make `v` (`every`: of any value).

    The trees' tables `tv`, `tc`, `start` and `stop` are tree_tables' over the first
    `n_stored` sub-hands of `order`; the trees of the sub-hands not stored are counted by
    trees_making. `cnt`, `stride`, `positive`, `ops`, `cap` and `binom` are as in
    tree_tables.
    """
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
    """The number of expression trees over exactly the cards of `X` (unstored) making `v`.

    X's parts have tables: `tv`, `tc`, `start` and `stop` as tree_tables makes them;
    `cnt`, `stride`, `positive`, `ops`, `cap` and `binom` as in tree_tables.
    """
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
