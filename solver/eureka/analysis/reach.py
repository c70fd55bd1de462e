"""Numba kernels: which targets lo..hi each hand of six cards of a deck makes, sharing work.

A hand makes a target with any of its cards, each at most once, + − × ÷ with every step
a positive whole number; the work is shared between hands.

The hands of a deck are made of far fewer distinct smaller multisets of cards than they
hold, so the values of each multiset of up to four cards are made once (from two
complementary smaller ones, each unordered split once) and stored sorted and
de-duplicated.  What a hand needs of its parts is then worked out once per part:
- a part of five cards only ever meets the one card a hand adds to it: its values, and
  those of its own parts, are marked in a table of the values small enough to still
  give a target with one card (x + c, x − c, x × c, x ÷ c; every card at most lo), and
  for every card c that can join it, the targets they make, alone or together, are
  kept as a bitmap of lo..hi;
- a part of four cards meets the values of the two cards a hand adds: for every value
  x that two cards which can join it make, the targets of x with its values (found
  through windows of them that can give a target) are kept as a bitmap.
A hand then ORs the bitmaps of its 1|5 and 2|4 splits and meets its 3|3 splits (a few
values each) pair by pair.

A multiset is a code: Σ count[k] × radix[k] over the deck's kinds (the distinct card
values, ascending), radix[k] = Π (copies[j] + 1) for j < k.
"""

import numpy as np
from numba import prange

from eureka.jit import njit

WORD = 64


@njit(cache=True)
def _radix(copies):
    radix = np.empty(copies.size + 1, dtype=np.int64)
    radix[0] = 1
    for k in range(copies.size):
        radix[k + 1] = radix[k] * (copies[k] + 1)
    return radix


@njit(cache=True)
def _counts(code, radix, copies, out):
    """The count of each kind in the multiset `code`, into out; returns its size."""
    size = 0
    for k in range(copies.size):
        out[k] = code // radix[k] % (copies[k] + 1)
        size += out[k]
    return size


@njit(cache=True)
def _parts(code, radix, copies, counts, parts, sizes):
    """Every sub-multiset of `code` but the empty one and itself; returns how many.

    Their codes go into parts, their sizes into sizes.
    """
    _counts(code, radix, copies, counts)
    digit = np.zeros(copies.size, dtype=np.int64)
    n = 0
    part, size = 0, 0
    while True:
        k = 0                                   # the next sub-multiset, as an odometer
        while k < copies.size and digit[k] == counts[k]:
            part -= digit[k] * radix[k]
            size -= digit[k]
            digit[k] = 0
            k += 1
        if k == copies.size:
            return n
        digit[k] += 1
        part += radix[k]
        size += 1
        if part != code:
            parts[n], sizes[n] = part, size
            n += 1


@njit(cache=True)
def _combined(a, b, out, k):
    """Append what a and b make (positive whole steps) to out[k:]; the new end."""
    out[k] = a + b
    k += 1
    big, small = max(a, b), min(a, b)
    if big != small:
        out[k] = big - small
        k += 1
    out[k] = a * b
    k += 1
    if big % small == 0:
        out[k] = big // small
        k += 1
    return k


@njit(cache=True)
def _store(codes, index, start, end, store, used, radix, copies):
    """The values of every multiset in `codes`, each sorted and de-duplicated, appended.

    The multisets are all of one size, their parts stored already; the values go into
    store, grown when it has no room. Returns (store, used).
    """
    counts = np.empty(copies.size, dtype=np.int64)
    parts = np.empty(64, dtype=np.int64)
    sizes = np.empty(64, dtype=np.int64)
    for code in codes:
        n = _parts(code, radix, copies, counts, parts, sizes)
        pairs = 0
        for p in range(n):
            a, b = index[parts[p]], index[code - parts[p]]
            if parts[p] <= code - parts[p]:
                pairs += (end[a] - start[a]) * (end[b] - start[b])
        made = np.empty(4 * pairs, dtype=np.int64)
        k = 0
        for p in range(n):
            if parts[p] > code - parts[p]:
                continue
            a, b = index[parts[p]], index[code - parts[p]]
            for i in range(start[a], end[a]):
                for j in range(start[b], end[b]):
                    k = _combined(store[i], store[j], made, k)
        made = np.sort(made[:k])
        if used + k > store.size:
            bigger = np.empty(max(2 * store.size, used + k), dtype=np.int64)
            bigger[:used] = store[:used]
            store = bigger
        i = index[code]
        start[i] = used
        for v in made:
            if used == start[i] or store[used - 1] != v:
                store[used] = v
                used += 1
        end[i] = used
    return store, used


@njit(cache=True, parallel=True)
def _fives(codes, index, start, end, store, radix, copies, values, lo, hi):
    """The bitmaps of the targets each five-card multiset makes, alone or with a card.

    bits[i, k]: the targets the five-card multiset codes[i] or a part of it makes, alone
    or with one card of kind k joining it (zero when no such card is left).
    """
    kinds = copies.size
    words = (hi - lo) // WORD + 1
    limit = hi * values[-1] + 1                 # larger values give no target
    low_words = (hi + values[-1]) // WORD + 3   # seen[0 .. hi + largest card], packed
    size = max((lo + words * WORD) * values[-1], low_words * WORD)   # all that is read
    bits = np.zeros((codes.size, kinds, words), dtype=np.uint64)
    chunks = min(CHUNKS, codes.size)
    for chunk in prange(chunks):
        counts = np.empty(kinds, dtype=np.int64)
        parts = np.empty(64, dtype=np.int64)
        sizes = np.empty(64, dtype=np.int64)
        seen = np.zeros(size, dtype=np.int32)       # seen[v] == mark: v is made
        low = np.empty(low_words, dtype=np.uint64)
        own = np.empty(words, dtype=np.uint64)
        for i in range(chunk, codes.size, chunks):
            code, mark = codes[i], i + 1
            n = _parts(code, radix, copies, counts, parts, sizes)
            for p in range(n):
                a = index[parts[p]]
                for v in store[start[a]:end[a]]:          # what fewer cards make
                    if v >= limit:
                        break
                    seen[v] = mark
                if parts[p] > code - parts[p]:
                    continue
                b = index[code - parts[p]]
                for x in store[start[a]:end[a]]:
                    for y in store[start[b]:end[b]]:
                        _mark_below(x, y, limit, seen, mark)
            for w in range(low_words):
                low[w] = _word(seen, w * WORD, 1, mark)
            _shifted(low, lo, own)
            for k in range(kinds):                  # counts: set by _parts
                if counts[k] < copies[k]:
                    _with_card(seen, mark, low, own, values[k], lo, hi, bits[i, k])
    return bits


CHUNKS = 64                     # of a parallel loop: several per thread, for balance


@njit(cache=True)
def _mark_below(a, b, limit, seen, mark):
    """Mark what a and b make below `limit`."""
    big, small = max(a, b), min(a, b)
    if a + b < limit:
        seen[a + b] = mark
    if big != small and big - small < limit:
        seen[big - small] = mark
    if a * b < limit:
        seen[a * b] = mark
    q = np.int64(big / small)          # exact when small divides big (both < 2^53)
    if q * small == big and q < limit:
        seen[q] = mark


@njit(cache=True)
def _word(seen, first, step, mark):
    """Bit j set where seen[first + j * step] == mark, j < WORD."""
    w = np.uint64(0)
    for j in range(WORD):
        w |= np.uint64(seen[first + j * step] == mark) << np.uint64(j)
    return w


@njit(cache=True)
def _shifted(low, offset, out):
    """Into out, the bits of `low` from bit `offset` on."""
    r = np.uint64(offset % WORD)
    for w in range(out.size):
        q = offset // WORD + w
        out[w] = low[q] >> r
        if r:
            out[w] |= low[q + 1] << (np.uint64(WORD) - r)


@njit(cache=True)
def _with_card(seen, mark, low, own, c, lo, hi, bits):
    """Sets in bits the targets made by the marked values alone (own) or with the card c.

    low: the marks from 0 on, packed; c <= lo.
    """
    more = np.empty(bits.size, dtype=np.uint64)
    _shifted(low, lo - c, bits)                                 # x + c
    _shifted(low, lo + c, more)                                 # x − c
    for w in range(bits.size):
        divided = _word(seen, (lo + w * WORD) * c, c, mark)     # x ÷ c: x = t × c
        bits[w] |= own[w] | more[w] | divided
    for x in range((lo + c - 1) // c, hi // c + 1):             # x × c
        if seen[x] == mark:
            _set(bits, x * c - lo)
    tail = (hi - lo + 1) % WORD                                 # bits past hi: none
    if tail:
        bits[-1] &= (np.uint64(1) << np.uint64(tail)) - np.uint64(1)


@njit(cache=True)
def prepare(values, copies, lo, hi):
    """The work shared by the hands of six cards of a deck, for reach_of().

    `values` are the deck's card values, ascending, each with its `copies`; `lo`..`hi`
    are the targets. Returns (index, start, end, store, bits, slot, quads). Raises
    ValueError for cards above `lo`, or too large for the kernel's 64-bit steps.
    """
    if values[-1] > lo:
        raise ValueError("cards above the lowest target: this kernel meets a part of "
                         "five cards with the sixth by x + c, x - c, x * c and x / c only")
    if float(values[-1]) ** 6 >= 2.0 ** 62 or hi * float(values[-1]) ** 4 >= 2.0 ** 62:
        raise ValueError("cards too large for this kernel's 64-bit steps")
    radix = _radix(copies)
    counts = np.empty(copies.size, dtype=np.int64)
    size_of = np.empty(radix[-1], dtype=np.int64)
    for code in range(radix[-1]):
        size_of[code] = _counts(code, radix, copies, counts)
    index = np.full(radix[-1], -1, dtype=np.int64)
    small = np.nonzero((size_of >= 1) & (size_of <= 4))[0]
    small = small[np.argsort(size_of[small], kind="mergesort")]
    index[small] = np.arange(small.size)
    start = np.zeros(small.size, dtype=np.int64)
    end = np.zeros(small.size, dtype=np.int64)
    store = np.empty(1 << 16, dtype=np.int64)
    used = 0
    for k in range(copies.size):
        i = index[radix[k]]
        store[used] = values[k]
        start[i], end[i] = used, used + 1
        used += 1
    for size in range(2, 5):
        store, used = _store(small[size_of[small] == size], index, start, end, store,
                             used, radix, copies)
    two = index[small[size_of[small] == 2]]            # stored one after another
    made = np.unique(store[start[two[0]]:end[two[-1]]])  # what two cards make
    slot = np.full(made[-1] + 1, -1, dtype=np.int64)       # slot[x]: x's place in made
    slot[made] = np.arange(made.size)
    quads = _quads(small[size_of[small] == 4], index, start, end, store[:used], radix,
                   copies, slot, made.size, lo, hi)
    fives = np.nonzero(size_of == 5)[0]
    index[fives] = np.arange(fives.size)
    bits = _fives(fives, index, start, end, store[:used], radix, copies, values, lo, hi)
    return index, start, end, store[:used], bits, slot, quads


@njit(cache=True, parallel=True)
def _quads(codes, index, start, end, store, radix, copies, slot, slots, lo, hi):
    """The bitmaps of the targets each four-card multiset makes with a value of two cards.

    bits[i, slot[x]]: the targets the four-card multiset codes[i] makes with a value x
    of two cards that can join it, met through windows of its sorted values.
    """
    kinds = copies.size
    bits = np.zeros((codes.size, slots, (hi - lo) // WORD + 1), dtype=np.uint64)
    chunks = min(CHUNKS, codes.size)
    for chunk in prange(chunks):
        counts = np.empty(kinds, dtype=np.int64)
        done = np.zeros(slots, dtype=np.int64)      # done[j] == i + 1: met already
        for i in range(chunk, codes.size, chunks):
            q = index[codes[i]]
            ys = store[start[q]:end[q]]
            _counts(codes[i], radix, copies, counts)
            for k in range(kinds):
                if counts[k] == copies[k]:
                    continue
                counts[k] += 1
                for m in range(k, kinds):
                    if counts[m] == copies[m]:
                        continue
                    two = index[radix[k] + radix[m]]
                    for x in store[start[two]:end[two]]:
                        if done[slot[x]] != i + 1:
                            done[slot[x]] = i + 1
                            _meet(x, ys, lo, hi, bits[i, slot[x]])
                counts[k] -= 1
    return bits


@njit(cache=True, parallel=True)
def reach_of(hands, values, copies, lo, hi, index, start, end, store, bits, slot, quads):
    """Whether each hand makes each target: reach[h, t - lo] for hand h and target t.

    `hands` holds six cards of the deck per row, each row ascending; `values`,
    `copies`, `lo` and `hi` are as given to prepare(), and `index`, `start`, `end`,
    `store`, `bits`, `slot` and `quads` are its shared work, in the order it returns
    them.
    """
    kinds = copies.size
    radix = _radix(copies)
    first_quad = start.size - quads.shape[0]      # the four-card multisets come last
    reach = np.zeros((hands.shape[0], hi - lo + 1), dtype=np.bool_)
    for h in prange(hands.shape[0]):
        counts = np.empty(kinds, dtype=np.int64)
        parts = np.empty(64, dtype=np.int64)
        sizes = np.empty(64, dtype=np.int64)
        made = np.zeros(bits.shape[2], dtype=np.uint64)
        code = 0
        for card in hands[h]:
            code += radix[np.searchsorted(values, card)]
        _counts(code, radix, copies, counts)
        for k in range(kinds):                      # 1|5, and every part alone
            if counts[k]:
                made |= bits[index[code - radix[k]], k]
        n = _parts(code, radix, copies, counts, parts, sizes)
        for p in range(n):
            other = code - parts[p]
            a, b = index[parts[p]], index[other]
            if sizes[p] == 2:                                   # 2|4
                for x in store[start[a]:end[a]]:
                    made |= quads[b - first_quad, slot[x]]
            elif sizes[p] == 3 and parts[p] <= other:           # 3|3, pair by pair
                _meet_pairs(store[start[a]:end[a]], store[start[b]:end[b]], lo, hi, made)
        for t in range(hi - lo + 1):
            reach[h, t] = (made[t // WORD] >> np.uint64(t % WORD)) & np.uint64(1)
    return reach


@njit(cache=True)
def _set(bits, i):
    bits[i // WORD] |= np.uint64(1) << np.uint64(i % WORD)


@njit(cache=True)
def _meet_pairs(xs, ys, lo, hi, bits):
    """Set in bits the targets any x of xs makes with any y of ys."""
    for x in xs:
        for y in ys:
            big, small = max(x, y), min(x, y)
            for t in (x + y, big - small, x * y):
                if lo <= t <= hi:
                    _set(bits, t - lo)
            if lo * small <= big <= hi * small and big % small == 0:
                _set(bits, big // small - lo)


@njit(cache=True)
def _meet(x, ys, lo, hi, row):
    """Sets in the bitmap row the targets x makes with any of the sorted values ys.

    For each operation only the window of ys that can give a target is visited.
    """
    for y in ys[np.searchsorted(ys, lo - x):]:                  # x + y
        if y > hi - x:
            break
        _set(row, x + y - lo)
    for y in ys[np.searchsorted(ys, x + lo):]:                  # y − x
        if y > x + hi:
            break
        _set(row, y - x - lo)
    for y in ys[np.searchsorted(ys, x - hi):]:                  # x − y
        if y > x - lo:
            break
        _set(row, x - y - lo)
    for y in ys[np.searchsorted(ys, (lo + x - 1) // x):]:       # x × y
        if y > hi // x:
            break
        _set(row, x * y - lo)
    for y in ys[np.searchsorted(ys, x * lo):]:                  # y ÷ x
        if y > x * hi:
            break
        if y % x == 0:
            _set(row, y // x - lo)
    for y in ys[np.searchsorted(ys, (x + hi - 1) // hi):]:      # x ÷ y
        if y > x // lo:
            break
        if x % y == 0:
            _set(row, x // y - lo)
