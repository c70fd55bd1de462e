"""The search's memory: a hash table of sets of placements and a heap of the best ones.

A set of placements is its sorted placement codes packed 16 bits each (code + 1; 0 =
none) into KEY_WORDS words: an exact key.  Entry e of the table keeps, in `info[e]`:
the best score found for the set (G), the last placement of that order (LAST), the
score it was last expanded with (DONE, −1: never), its size (SIZE), its place in the
heap (HEAP, −1: not there), its total with the full-rack bonus (TOTAL) and BOUND: what
its key could still gain beyond G × scale when it goes down first in a turn (UNKNOWN
when no bound was worked out; see search.grow).

The heap holds the `limit` best distinct sets found so far, least total on top: once
full, its top is the threshold a set must reach to matter.
"""

import numpy as np

from eureka.jit import inlined, njit
from eureka.mathable.tokens import MAX_RACK

SLOTS = 4                   # placement codes packed per key word (16 bits each)
KEY_WORDS = -(-MAX_RACK // SLOTS)
G, LAST, DONE, SIZE, HEAP, TOTAL, BOUND = range(7)
UNKNOWN = 1 << 30


@inlined
def pack(codes, n, key):
    """Packs the first `n` placement `codes` (sorted) into `key` (KEY_WORDS uint64 words)."""
    for w in range(KEY_WORDS):
        key[w] = np.uint64(0)
    for i in range(n):
        key[i // SLOTS] |= np.uint64(codes[i] + 1) << np.uint64(16 * (i % SLOTS))


@njit(cache=True)
def unpack(keys, e, out):
    """How many placement codes entry `e` of `keys` holds, written sorted into `out`."""
    n = 0
    for w in range(KEY_WORDS):
        word = keys[e, w]
        for s in range(SLOTS):
            v = np.int64((word >> np.uint64(16 * s)) & np.uint64(0xFFFF))
            if v != 0:
                out[n] = v - 1
                n += 1
    return n


@inlined
def _slot(key, mask):
    """The first slot to probe for a key (FNV-style mixing of its words)."""
    h = np.uint64(1469598103934665603)
    for w in range(KEY_WORDS):
        h = (h ^ key[w]) * np.uint64(1099511628211)
        h ^= h >> np.uint64(29)
    return np.int64(h & np.uint64(mask))


@njit(cache=True)
def new(cap):
    """An empty table for `cap` entries: (keys, info, slots).

    keys: a key of KEY_WORDS uint64 an entry; info: its fields (G ... BOUND), int32;
    slots: 2 × `cap` probe slots, each entry + 1 (0: free). `cap` must be a power of 2
    (the probe masks with the slots' size − 1).
    """
    info = np.full((cap, BOUND + 1), -1, dtype=np.int32)
    return (np.zeros((cap, KEY_WORDS), dtype=np.uint64), info,
            np.zeros(2 * cap, dtype=np.int32))


@inlined
def find(keys, slots, key):
    """The entry of `keys` holding `key`, or −1 − (the free slot where it would go).

    `slots`: the table's probe slots (linear probing from the key's hash).
    """
    mask = slots.size - 1
    h = _slot(key, mask)
    while True:
        s = slots[h]
        if s == 0:
            return -1 - h
        s -= 1
        same = True
        for w in range(KEY_WORDS):
            if keys[s, w] != key[w]:
                same = False
                break
        if same:
            return s
        h = (h + 1) & mask


@inlined
def add(keys, info, slots, n, key, free):
    """Stores `key` as entry `n` of `keys` in the free slot `free` of `slots` (from find).

    The entry's `info` is set to DONE −1, HEAP −1, BOUND UNKNOWN; its other fields are
    the caller's to set. Entry `n` must be within the table (grow it first when full).
    """
    for w in range(KEY_WORDS):
        keys[n, w] = key[w]
    slots[free] = n + 1
    info[n, DONE] = -1
    info[n, HEAP] = -1
    info[n, BOUND] = UNKNOWN


@njit(cache=True)
def grow(keys, info, slots, n):
    """The table (`keys`, `info`, `slots`) with twice the room, its `n` entries kept.

    The entries keep their indices; the slots are made again. Returns (keys, info,
    slots), new arrays.
    """
    keys2, info2, slots2 = new(2 * keys.shape[0])
    for e in range(n):                  # by loop: a slice copy compiles an error message
        for w in range(keys.shape[1]):
            keys2[e, w] = keys[e, w]
        for i in range(info.shape[1]):
            info2[e, i] = info[e, i]
    mask = slots2.size - 1
    for e in range(n):
        h = _slot(keys2[e], mask)
        while slots2[h] != 0:
            h = (h + 1) & mask
        slots2[h] = e + 1
    return keys2, info2, slots2


@inlined
def _swap(heap, info, i, j):
    heap[i], heap[j] = heap[j], heap[i]
    info[heap[i], HEAP] = i
    info[heap[j], HEAP] = j


@inlined
def sift_down(heap, hn, info, i):
    """Restores the order of `heap` below place `i` (its total grew, or it was replaced).

    `heap` holds entries, least TOTAL (in `info`) on top; `hn`: how many it holds. Each
    entry's HEAP field follows its place.
    """
    while True:
        small, a, b = i, 2 * i + 1, 2 * i + 2
        if a < hn and info[heap[a], TOTAL] < info[heap[small], TOTAL]:
            small = a
        if b < hn and info[heap[b], TOTAL] < info[heap[small], TOTAL]:
            small = b
        if small == i:
            return
        _swap(heap, info, i, small)
        i = small


@inlined
def offer(heap, hn, info, e):
    """Keeps entry `e`, whose total is new or grew, among the best; returns the heap's size.

    `heap`: the `limit` best entries so far (its size), least TOTAL in `info` on top;
    `hn`: how many it holds. `e` goes in while there is room, or in place of the top
    when its total is larger; an entry already in the heap is moved down.
    """
    i = info[e, HEAP]
    if i >= 0:
        sift_down(heap, hn, info, i)
        return hn
    if hn < heap.size:
        heap[hn] = e
        info[e, HEAP] = hn
        i = hn
        while i > 0 and info[heap[(i - 1) // 2], TOTAL] > info[heap[i], TOTAL]:
            _swap(heap, info, i, (i - 1) // 2)
            i = (i - 1) // 2
        return hn + 1
    if info[e, TOTAL] > info[heap[0], TOTAL]:
        info[heap[0], HEAP] = -1
        heap[0] = e
        info[e, HEAP] = 0
        sift_down(heap, hn, info, 0)
    return hn
