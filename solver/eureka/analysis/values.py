"""Numba kernels: which targets a hand can make, with how many cards at most, for a sweep.

The kernels answer for every hand of a sweep at once.

For one hand, the values of every subset of its cards are built from the smaller subsets:
the values of a subset are what + − × ÷ (and, with `powers`, a ^ b and b ^ a) make of
the values of any two complementary parts (each unordered split once; − and ÷ taken
larger by smaller).  Two kinds of subset
are never stored, only checked against the targets: the whole hand, and the subsets of
all cards but one, whose values can only ever meet that one card and are combined with
it at once.  A sweep shares the hands of a shard among the threads eureka.parallel
applies (the kernels release the GIL).

`cap` bounds every step (a step cap, unlike the engine's cap on whole normal forms, see
docs/RULES.md); the targets must not exceed it.  The sweeps pass 10^18.  Without ^ the
decks' cards never come near it; with ^ the two caps could only part on a sum or product
whose parts lie within a card's value of 10^18, and the Pitagoras table with ^ agrees
with the engine deal by deal (docs/ANALYSIS.md).
"""

import numpy as np

from eureka import parallel
from eureka.heaps import heapsort
from eureka.jit import njit
from eureka.numbers.kernels import power


@njit(cache=True)
def _combine(a, b, positive, cap, powers, out, k):
    """Append what a and b make to out[k:] (at most MADE values); returns the new end."""
    s = a + b
    if s <= cap:
        out[k] = s
        k += 1
    d = a - b if a >= b else b - a
    if d > 0 or (d == 0 and not positive):
        out[k] = d
        k += 1
    if a == 0 or b <= cap // a:         # tested before multiplying: nothing overflows
        out[k] = a * b
        k += 1
    big, small = max(a, b), min(a, b)
    if small > 0 and big % small == 0:
        out[k] = big // small
        k += 1
    elif small == 0 and big > 0 and not positive:
        out[k] = 0
        k += 1
    if powers:
        for r in (power(a, b, cap), power(b, a, cap)):
            if r >= 0 and (r > 0 or not positive):
                out[k] = r
                k += 1
    return k


MADE = 6                          # values _combine can append at most


@njit(cache=True)
def most_cards(cards, lo, hi, positive, cap, powers):
    """The most cards of any subset of `cards` that makes t: most[t - lo] (0: none).

    The targets t run from `lo` to `hi`. With `positive` no step may make 0; `cap`
    bounds every step, and `powers` allows a ^ b and b ^ a.
    """
    n = cards.size
    full = (1 << n) - 1
    hits = np.zeros(hi - lo + 1, dtype=np.int8)
    start = np.zeros(full + 1, dtype=np.int64)
    end = np.zeros(full + 1, dtype=np.int64)
    store = np.empty(1024, dtype=np.int64)
    used = 0
    spare = np.empty(MADE, dtype=np.int64)
    parts = np.empty(1 << max(n - 1, 0), dtype=np.int64)   # the splits of one subset
    for mask in range(1, full):
        size = _popcount(mask)
        if size == 1:
            made = cards[_lowest(mask):_lowest(mask) + 1]
            k = 1
        else:
            made, k = _values_of(store, start, end, mask, positive, cap, powers, parts)
        for i in range(k):
            if lo <= made[i] <= hi:
                hits[made[i] - lo] = max(hits[made[i] - lo], size)
        if size == n - 1:
            # Its values only ever meet the one card left out: combine them at once.
            c = cards[_lowest(full ^ mask)]
            for i in range(k):
                m = _combine(made[i], c, positive, cap, powers, spare, 0)
                for j in range(m):
                    if lo <= spare[j] <= hi:
                        hits[spare[j] - lo] = n
            continue
        k = _sorted_unique(made, k)
        if used + k > store.size:
            store = _grown(store, used, used + k)
        start[mask], end[mask] = used, used + k
        for i in range(k):
            store[used + i] = made[i]
        used += k
    if n == 1:
        if lo <= cards[0] <= hi:
            hits[cards[0] - lo] = 1
    else:
        _mark_whole_hand(store, start, end, full, lo, hi, positive, powers, cap, hits,
                         parts)
    return hits


@njit(cache=True)
def _popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True)
def _lowest(x):
    """The index of the lowest set bit."""
    i = 0
    while not (x >> i) & 1:
        i += 1
    return i


@njit(cache=True)
def _pairs(start, end, mask, parts):
    """How many pairs of stored values the splits of `mask` into two parts offer."""
    pairs = 0
    for s in range(_splits(mask, parts)):
        part = parts[s]
        pairs += (end[part] - start[part]) * (end[mask ^ part] - start[mask ^ part])
    return pairs


@njit(cache=True)
def _splits(mask, parts):
    """Each split of `mask` into two non-empty parts once; returns the count.

    A split is written to parts[:count] as the part that holds the lowest card.
    """
    low = mask & -mask
    n = 0
    part = (mask - 1) & mask
    while part > 0:
        if part & low:
            parts[n] = part
            n += 1
        part = (part - 1) & mask
    return n


@njit(cache=True)
def _values_of(store, start, end, mask, positive, cap, powers, parts):
    """Every value (repeats included) two complementary stored parts of `mask` make.

    Returns (array, count).
    """
    made = np.empty(MADE * _pairs(start, end, mask, parts), dtype=np.int64)
    k = 0
    for s in range(_splits(mask, parts)):
        part = parts[s]
        other = mask ^ part
        for i in range(start[part], end[part]):
            for j in range(start[other], end[other]):
                k = _combine(store[i], store[j], positive, cap, powers, made, k)
    return made, k


@njit(cache=True)
def _mark_whole_hand(store, start, end, mask, lo, hi, positive, powers, cap, hits, parts):
    """Marks the targets lo..hi the whole hand makes from two parts of two cards or more.

    A part of one card has been met by its complement already (in most_cards()). For
    each value x of the smaller part, only the values y of the other part that can give
    a target are visited, found by binary search in its sorted values.
    """
    n = _popcount(mask)
    for s in range(_splits(mask, parts)):
        part = parts[s]
        if _popcount(part) < 2 or _popcount(mask ^ part) < 2:
            continue
        a, b = part, mask ^ part
        if end[a] - start[a] > end[b] - start[b]:
            a, b = b, a
        ys = store[start[b]:end[b]]
        for i in range(start[a], end[a]):
            x = store[i]
            _window(ys, lo - x, hi - x, x, 0, lo, n, hits)         # x + y
            _window(ys, x + lo, x + hi, x, 1, lo, n, hits)         # y − x
            _window(ys, x - hi, x - lo, x, 2, lo, n, hits)         # x − y
            if x > 0:
                _window(ys, (lo + x - 1) // x, hi // x, x, 3, lo, n, hits)  # x × y
                _window(ys, _times(x, lo, cap), _times(x, hi, cap), x, 4, lo, n,
                        hits)                                               # y ÷ x
                if hi > 0:                          # x ÷ y >= 1 when x > 0
                    _window(ys, max(1, (x + hi - 1) // hi), x // lo if lo else x,
                            x, 5, lo, n, hits)                              # x ÷ y
            elif lo == 0 and ys.size:
                hits[0] = n                       # 0 × y = 0, and 0 ÷ y for y > 0
            if powers:
                _window(ys, 0, 63 if x >= 2 else cap, x, 6, lo, n, hits, cap, hi)  # x ^ y
                _window(ys, 0, _root_bound(hi, x), x, 7, lo, n, hits, cap, hi)     # y ^ x
    if positive and lo == 0:
        hits[0] = 0                                   # no step may make 0


@njit(cache=True)
def _window(ys, first, last, x, op, lo, n, hits, cap=0, hi=0):
    """Marks what (x op y) makes for the sorted values ys in [first, last].

    x ^ y and y ^ x, ops 6 and 7, are marked only when they land in lo..hi.
    """
    i = np.searchsorted(ys, first)
    while i < ys.size and ys[i] <= last:
        y = ys[i]
        i += 1
        if op == 0:
            t = x + y
        elif op == 1:
            t = y - x
        elif op == 2:
            t = x - y
        elif op == 3:
            t = x * y
        elif op == 4:
            if y % x:
                continue
            t = y // x
        elif op == 5:
            if y == 0 or x % y:
                continue
            t = x // y
        else:
            t = power(x, y, cap) if op == 6 else power(y, x, cap)
            if not lo <= t <= hi:
                continue
        hits[t - lo] = n


@njit(cache=True)
def _times(x, k, cap):
    """The product x * k, or cap + 1 when that is larger (never overflowing)."""
    return cap + 1 if k != 0 and x > cap // k else x * k


@njit(cache=True)
def _root_bound(hi, x):
    """The largest y that y ^ x <= hi could allow (every y when x < 2)."""
    if x < 2:
        return hi if x == 1 else np.iinfo(np.int64).max
    return int(hi ** (1.0 / x)) + 1


@njit(cache=True)
def _grown(store, used, need):
    """The array store with room for `need` values, its first `used` kept.

    Copied by loop: a slice copy compiles Numba's shape checks and their messages.
    """
    bigger = np.empty(max(2 * store.size, need), dtype=np.int64)
    for i in range(used):
        bigger[i] = store[i]
    return bigger


@njit(cache=True)
def _sorted_unique(values, k):
    """Sort values[:k] and keep each value once at its front; the count kept."""
    heapsort(values, k)
    m = 0
    for i in range(k):
        if m == 0 or values[i] != values[m - 1]:
            values[m] = values[i]
            m += 1
    return m


@njit(cache=True, nogil=True)
def _most_cards_rows(hands, lo, hi, positive, cap, powers):
    """The most_cards() of every row of `hands`, one after another."""
    out = np.zeros((hands.shape[0], hi - lo + 1), dtype=np.int8)
    for h in range(hands.shape[0]):
        most = most_cards(hands[h], lo, hi, positive, cap, powers)
        for t in range(most.size):
            out[h, t] = most[t]
    return out


def sweep(hands, lo, hi, positive, cap, powers=False):
    """The most_cards() of every row of `hands` (all of one size): most[i, t - lo].

    `lo`, `hi`, `positive`, `cap` and `powers` are as for most_cards(). The rows are
    shared among the threads eureka.parallel applies.
    """
    return np.concatenate(parallel.in_shares(
        lambda first, last: _most_cards_rows(hands[first:last], lo, hi, positive, cap,
                                             powers), len(hands)))


@njit(cache=True)
def makes_fraction(cards, target):
    """Whether all the `cards` together make `target` when every step may be a fraction.

    Every step is ≥ 0 and exact: numerator and denominator kept in lowest terms. Raises
    OverflowError for a fraction too large for the kernel (a numerator or denominator of
    2^31 or more).
    """
    n = cards.size
    full = (1 << n) - 1
    start = np.zeros(full + 1, dtype=np.int64)
    end = np.zeros(full + 1, dtype=np.int64)
    nums = np.empty(1024, dtype=np.int64)
    dens = np.empty(1024, dtype=np.int64)
    used = 0
    parts = np.empty(1 << max(n - 1, 0), dtype=np.int64)   # the splits of one subset
    for mask in range(1, full + 1):
        if mask & (mask - 1) == 0:
            i = _lowest(mask)
            made_n = cards[i:i + 1].copy()
            made_d = np.ones(1, dtype=np.int64)
        else:
            made_n, made_d = _fractions_of(nums, dens, start, end, mask, parts)
        if mask == full:
            for i in range(made_n.size):
                if made_d[i] == 1 and made_n[i] == target:
                    return True
            return False
        keys = made_n * FRACTION_BASE + made_d
        k = _sorted_unique(keys, keys.size)
        if used + k > nums.size:
            nums = _grown(nums, used, used + k)
            dens = _grown(dens, used, used + k)
        start[mask], end[mask] = used, used + k
        for i in range(k):
            nums[used + i] = keys[i] // FRACTION_BASE
            dens[used + i] = keys[i] % FRACTION_BASE
        used += k
    return False


FRACTION_BASE = 1 << 31             # a fraction's key: numerator * BASE + denominator


@njit(cache=True)
def _fractions_of(nums, dens, start, end, mask, parts):
    """Every fraction two complementary parts of `mask` make (repeats included)."""
    pairs = _pairs(start, end, mask, parts)
    out_n = np.empty(5 * pairs, dtype=np.int64)
    out_d = np.empty(5 * pairs, dtype=np.int64)
    k = 0
    for s in range(_splits(mask, parts)):
        part = parts[s]
        other = mask ^ part
        for i in range(start[part], end[part]):
            for j in range(start[other], end[other]):
                a, b, c, d = nums[i], dens[i], nums[j], dens[j]
                k = _put(a * d + c * b, b * d, out_n, out_d, k)       # a/b + c/d
                k = _put(abs(a * d - c * b), b * d, out_n, out_d, k)  # larger − smaller
                k = _put(a * c, b * d, out_n, out_d, k)               # product
                if c > 0:
                    k = _put(a * d, b * c, out_n, out_d, k)           # (a/b) ÷ (c/d)
                if a > 0:
                    k = _put(c * b, d * a, out_n, out_d, k)           # (c/d) ÷ (a/b)
    return out_n[:k], out_d[:k]


@njit(cache=True)
def _put(num, den, out_n, out_d, k):
    """Store num/den in lowest terms; refuse what would not fit a key."""
    g = _gcd(num, den)
    num, den = num // g, den // g
    if num >= FRACTION_BASE or den >= FRACTION_BASE:
        raise OverflowError("a fraction too large for this kernel")
    out_n[k], out_d[k] = num, den
    return k + 1


@njit(cache=True)
def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


@njit(cache=True, nogil=True)
def _fraction_rows(hands, target):
    """The makes_fraction() of every row of `hands`, one after another."""
    out = np.zeros(hands.shape[0], dtype=np.bool_)
    for h in range(hands.shape[0]):
        out[h] = makes_fraction(hands[h], target)
    return out


def sweep_fractions(hands, target):
    """Whether each row of `hands` makes `target` with fractions allowed (makes_fraction()).

    The rows are shared among the threads eureka.parallel applies.
    """
    return np.concatenate(parallel.in_shares(
        lambda first, last: _fraction_rows(hands[first:last], target), len(hands)))
