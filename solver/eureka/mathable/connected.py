"""The best turns of a long rack, searched by connected sets (components.py).

search.grow grows connected sets from the empty set, placement by placement next to
the set; a round of joins (components.join_round) joins sets by a placement next to
several; the sets joined are grown again, until a round of joins finds nothing new.
Then the best turns are packed from the connected sets (components.best_packings).

The bound stays valid: a component of a turn can go down first, in its best order, so
the turn scores at most its best score plus the most the rest could add after it. Each
set keeps that bound (table.BOUND: from the caps it was checked with, and from its own
caps before a round of joins or its growth); a set whose bound falls short of the
threshold is neither joined nor grown again, and a joined set is bounded by each of
its parts (and not kept at all when its largest part's caps rule it out:
components._worth). The own bounds of many sets at once (before a round of joins, and
of the sets it joined: from the root's caps, caps_from) and the joins run on the
threads (own_bounds, components.join_round).
"""

import numpy as np
from numba import prange

from eureka.jit import inlined, njit
from eureka.mathable import components, hashtable
from eureka.mathable.bound import SCRATCH, order_bound
from eureka.mathable.caps import cap_tables, caps, caps_from, no_tables
from eureka.mathable.lines import CODE_SHIFT, N_CELLS, fill_cand, refresh_around
from eureka.mathable.moves import moves_left, take_back
from eureka.mathable.search import (
    CAPSTAMP,
    HELD,
    SETS,
    STEPS,
    Ranking,
    grow,
    mark_zone,
    new_rack,
    new_scratch,
    rows,
    start_at,
    threshold,
)
from eureka.mathable.tokens import MAX_RACK


@njit(cache=True, nogil=True)
def connected_sets(board, sq_op, award, rack_vals, rack_cnt, bonus, limit, max_states,
                   bound_after, scale, offset, reach):
    """The answer of search.ranked_sets (the same sets), searched by connected sets.

    `board`, `sq_op`, `award`, `rack_vals`, `rack_cnt`, `bonus`, `limit`,
    `max_states`, `bound_after`, `scale`, `offset` and `reach` are as for ranked_sets,
    and so is what it returns: (entries, steps, sets), entries negative past
    `max_states` sets stored.
    """
    cand = fill_cand(board, sq_op)
    root = board.copy()
    rack = new_rack(rack_vals, rack_cnt)
    rank = Ranking(scale, offset, reach, bonus, limit)
    sc = new_scratch(board, sq_op, award, cand, rack)
    left, radix, subsets, full = rack.left, rack.radix, rack.subsets, rack.full
    keys, info, slots = hashtable.new(256)
    heap = np.empty(limit, dtype=np.int64)
    at = np.zeros(5, dtype=np.int64)
    tables = no_tables(rack)
    nv = rack_vals.size
    book = np.zeros((0, nv, full + 1), dtype=np.int8)   # own caps of sets: book[i] of
    booked = np.zeros(0, dtype=np.int64)                # entry booked[i]
    queue = np.zeros(0, dtype=np.int64)                 # sets to grow from
    qi = 0
    joined = np.zeros(0, dtype=np.int64)            # scores at the last round of joins
    bounded = 0                                     # own bounds worked out
    base = 0
    while True:
        done, keys, info, slots, tables = grow(
            board, sq_op, award, cand, root, rack, rank, sc, at, keys, info, slots, heap,
            tables, base, max_states, bound_after, True)
        if not done:
            return -at[SETS] - 1, at[STEPS], np.zeros((0, 3 + MAX_RACK), dtype=np.int64)
        for t in range(base - 1, -1, -1):   # the set grown from goes back, last first:
            take_back(board, sq_op, cand, left, sc.cur[t])  # a square's own cand is
            mark_zone(sc.zone, sc.cur[t] >> CODE_SHIFT, -1)      # as it went down
        n, hn = at[SETS], at[HELD]
        while True:                         # the next set to grow from
            thr = threshold(info, heap, hn, limit)
            while qi < queue.size and (
                    info[queue[qi], hashtable.G] <= info[queue[qi], hashtable.DONE] or
                    _most(info, queue[qi], scale) < thr):
                qi += 1
            if qi < queue.size:
                break
            todo = _reaching(info, np.arange(bounded, n if thr >= 0 else 0), scale, thr,
                             full)
            tables, book, booked = _bound_own(root, sq_op, award, rack, rank, keys, info,
                                              todo, tables, book, booked)
            bounded = n if thr >= 0 else 0
            which = _reaching(info, np.arange(n), scale, thr, -1)
            changed = np.zeros(which.size, dtype=np.bool_)  # since the last round
            for i in range(which.size):
                e = which[i]
                changed[i] = e >= joined.size or info[e, hashtable.G] != joined[e]
            if not changed.any():
                return n, at[STEPS], rows(keys, info, slots, *components.best_packings(
                    keys, info, which, rack_cnt, radix, subsets, bonus, limit, scale,
                    offset, reach, thr))
            joined = np.empty(n, dtype=np.int64)
            for e in range(n):
                joined[e] = info[e, hashtable.G]
            row = np.full(n, -1, dtype=np.int64)    # each set's latest caps
            for i in range(booked.size):
                row[booked[i]] = i
            rows_of = np.empty(which.size, dtype=np.int64)
            for i in range(which.size):
                rows_of[i] = row[which[i]]
            parts, tcode, jscore = components.join_round(
                root, sq_op, award, rack_vals, rack_cnt, radix, subsets, keys, info,
                which, changed, thr, scale, bonus, offset, reach, book, rows_of)
            queue = np.empty(tcode.size, dtype=np.int64)
            qn, qi = 0, 0
            for r in range(tcode.size):
                size2 = _joined(keys, parts[r], tcode[r], sc.child)
                g2 = jscore[r]
                hashtable.pack(sc.child, size2, sc.key)
                if n == keys.shape[0]:
                    keys, info, slots = hashtable.grow(keys, info, slots, n)
                e = hashtable.find(keys, slots, sc.key)
                most = hashtable.UNKNOWN * scale
                for i in range(parts.shape[1]):
                    if parts[r, i] >= 0:
                        most = min(most, _most(info, parts[r, i], scale))
                if e >= 0:
                    info[e, hashtable.BOUND] = min(info[e, hashtable.BOUND], most - g2 * scale)
                    if g2 <= info[e, hashtable.G]:
                        continue
                if e < 0:
                    if n >= max_states:
                        return -n - 1, at[STEPS], np.zeros((0, 3 + MAX_RACK),
                                                           dtype=np.int64)
                    hashtable.add(keys, info, slots, n, sc.key, -1 - e)
                    e, n = n, n + 1
                    info[e, hashtable.SIZE] = size2
                    info[e, hashtable.BOUND] = min(hashtable.UNKNOWN, most - g2 * scale)
                sub = subsets - 1
                for t in range(size2):
                    sub -= radix[sc.child[t] & 15]
                info[e, hashtable.G], info[e, hashtable.LAST] = g2, tcode[r]
                info[e, hashtable.TOTAL] = (g2 + (bonus if size2 == full else 0)
                                        ) * scale + offset[sub]
                thr = threshold(info, heap, hn, limit)
                if info[e, hashtable.TOTAL] >= thr:
                    hn = hashtable.offer(heap, hn, info, e)
                if size2 < full:
                    queue[qn] = e
                    qn += 1
            queue = queue[:qn]
            if thr >= 0:            # their own bounds, before any is grown
                todo = _reaching(info, queue, scale, thr, -1)
                tables, book, booked = _bound_own(root, sq_op, award, rack, rank, keys,
                                                  info, todo, tables, book, booked)
                bounded = n
        at[SETS], at[HELD] = n, hn
        e = queue[qi]
        qi += 1
        base = hashtable.unpack(keys, e, sc.cur)
        sub = _put(board, sq_op, cand, rack, sc.cur, base)
        for t in range(base):
            mark_zone(sc.zone, sc.cur[t] >> CODE_SHIFT, 1)
        info[e, hashtable.DONE] = info[e, hashtable.G]
        capped, moves = False, 0
        if thr >= 0:                    # its own bound: grown only if it can matter
            with_one, with_two, near, far, filled = tables
            with_one, with_two, near, far = cap_tables(
                root, sq_op, award, rack_vals, left, sub, subsets, filled, with_one,
                with_two, near, far)
            tables = (with_one, with_two, near, far, filled)
            at[CAPSTAMP] += 1
            caps(board, sq_op, award, cand, rack_vals, left, full - base, with_one[sub],
                 with_two[sub], near, far, sc.cur, base, sc.cap[base], rack.slot, sc.seen,
                 at[CAPSTAMP], sc.n0s, sc.n1s)
            info[e, hashtable.BOUND] = min(info[e, hashtable.BOUND], reach[sub] + scale *
                                       order_bound(rack_vals, left, sc.cap[base], 0, bonus,
                                                   sc.best))
            capped = True
        if thr < 0 or _most(info, e, scale) >= thr:     # else it goes back at once
            moves = moves_left(board, sq_op, award, cand, rack_vals, left, sc.mcode[base],
                               sc.mpts[base])
        start_at(sc, base, info[e, hashtable.G], sub, capped, moves)


@inlined
def _put(board, sq_op, cand, rack, codes, m):
    """Puts placements codes[:m] down; returns the tokens left as a mixed-radix number.

    Take them back last first: moves.take_back.
    """
    sub = rack.subsets - 1
    for t in range(m):
        p = codes[t] >> CODE_SHIFT
        board[p] = rack.vals[codes[t] & 15]
        refresh_around(board, sq_op, cand, p)
        rack.left[codes[t] & 15] -= 1
        sub -= rack.radix[codes[t] & 15]
    return sub


@njit(cache=True)
def _bound_own(root, sq_op, award, rack, rank, keys, info, todo, tables, book, booked):
    """Lowers each entry of `todo` to its own bound (own_bounds).

    The caps' tables and the root's caps for its tokens left are made first.  Returns
    the caps' tables and the caps book with their caps added (book[i]: entry
    booked[i]'s own caps, for the round of joins).
    """
    rack_vals, rack_cnt, radix, subsets, full = (rack.vals, rack.cnt, rack.radix,
                                                 rack.subsets, rack.full)
    with_one, with_two, near, far, filled = tables
    nv = rack_vals.size
    rooted = np.zeros((subsets, nv, full + 1), dtype=np.int8)
    done = np.zeros(subsets, dtype=np.bool_)
    cand = fill_cand(root, sq_op)
    cap = np.zeros((nv, full + 1), dtype=np.int64)
    seen = np.zeros(N_CELLS, dtype=np.int64)
    n0s = np.zeros(nv, dtype=np.int64)
    n1s = np.zeros(nv, dtype=np.int64)
    cur = np.empty(MAX_RACK + 1, dtype=np.int64)
    left = np.empty_like(rack_cnt)
    for e in todo:
        m = hashtable.unpack(keys, e, cur)
        sub = subsets - 1
        for t in range(m):
            sub -= radix[cur[t] & 15]
        if done[sub]:
            continue
        done[sub] = True
        for k in range(nv):
            left[k] = (sub // radix[k]) % (rack_cnt[k] + 1)
        with_one, with_two, near, far = cap_tables(
            root, sq_op, award, rack_vals, left, sub, subsets, filled, with_one,
            with_two, near, far)
        caps(root, sq_op, award, cand, rack_vals, left, full - m, with_one[sub],
             with_two[sub], near, far, cur, 0, cap, rack.slot, seen, sub + 1, n0s, n1s)
        for k in range(nv):
            for b in range(full + 1):
                rooted[sub, k, b] = cap[k, b]
    tables = (with_one, with_two, near, far, filled)
    if todo.size == 0:
        return tables, book, booked
    more = np.empty((book.shape[0] + todo.size, nv, full + 1), dtype=book.dtype)
    for i in range(book.shape[0]):
        for k in range(nv):
            for b in range(full + 1):
                more[i, k, b] = book[i, k, b]
    own_bounds(root, sq_op, award, rack, rank, keys, info, todo, tables, rooted,
               more[book.shape[0]:])
    entries = np.empty(booked.size + todo.size, dtype=np.int64)
    for i in range(booked.size):
        entries[i] = booked[i]
    for i in range(todo.size):
        entries[booked.size + i] = todo[i]
    return tables, more, entries


@njit(cache=True, parallel=True)
def own_bounds(root, sq_op, award, rack, rank, keys, info, todo, tables, rooted, book):
    """Lowers `info`[e, BOUND] to the own bound of each entry e = `todo`[i].

    The bound comes from its caps made from the root's (caps_from; `rooted`[s]: the
    caps on the `root` board for tokens left s), which are kept in `book`[i] (caps are
    at most 4 lines × the largest award: they fit a byte); on the threads, each chunk
    of entries on a board of its own.  `sq_op`, `award`: each square's restriction and
    award; `rack`: the Rack; `rank`: the Ranking; `keys`: the table's keys.  The caps'
    `tables` must be filled for every entry's tokens left.
    """
    with_one, with_two = tables[0], tables[1]
    nv, full = rack.vals.size, rack.full
    chunks = min(components.CHUNKS, todo.size)
    for chunk in prange(chunks):
        board = root.copy()
        cand = fill_cand(board, sq_op)
        mine = new_rack(rack.vals, rack.cnt)       # this thread's tokens left
        cur = np.empty(MAX_RACK + 1, dtype=np.int64)
        cap = np.zeros((nv, full + 1), dtype=np.int64)
        seen = np.zeros(N_CELLS, dtype=np.int64)
        n0s = np.zeros(nv, dtype=np.int64)
        n1s = np.zeros(nv, dtype=np.int64)
        best = np.zeros(SCRATCH, dtype=np.int64)
        for i in range(chunk, todo.size, chunks):
            e = todo[i]
            m = hashtable.unpack(keys, e, cur)
            sub = _put(board, sq_op, cand, mine, cur, m)
            caps_from(rooted[sub], board, sq_op, award, cand, mine.left, mine.slot,
                      full - m, with_one[sub], with_two[sub], cur, m, cap, seen, i + 1,
                      n0s, n1s)
            info[e, hashtable.BOUND] = min(info[e, hashtable.BOUND], rank.reach[sub] + rank.scale *
                                       order_bound(rack.vals, mine.left, cap, 0,
                                                   rank.bonus, best))
            for k in range(nv):
                for b in range(full + 1):
                    book[i, k, b] = cap[k, b]
            for t in range(m - 1, -1, -1):
                take_back(board, sq_op, cand, mine.left, cur[t])


@inlined
def _most(info, e, scale):
    """The most entry e's key could reach in a turn where it goes down first."""
    return np.int64(info[e, hashtable.G]) * scale + info[e, hashtable.BOUND]


@njit(cache=True)
def _reaching(info, entries, scale, thr, full):
    """The entries of `entries` that can still be part of a turn whose key reaches thr.

    By _most, and with full ≥ 0, only those whose sets have fewer than `full`
    placements: the only ones a round of joins, an own bound or the packing needs.
    """
    out = np.empty(entries.size, dtype=np.int64)
    m = 0
    for e in entries:
        if _most(info, e, scale) >= thr and (full < 0 or info[e, hashtable.SIZE] < full):
            out[m] = e
            m += 1
    return out[:m]


@njit(cache=True)
def _joined(keys, parts, t, out):
    """The sorted codes of the stored sets `parts` (−1 padded) and placement t."""
    n = 0
    for i in range(parts.size):
        if parts[i] >= 0:
            n += hashtable.unpack(keys, parts[i], out[n:])
    out[n] = t
    n += 1
    for i in range(1, n):                   # an insertion sort: a few codes
        code, j = out[i], i
        while j > 0 and out[j - 1] > code:
            out[j] = out[j - 1]
            j -= 1
        out[j] = code
    return n
