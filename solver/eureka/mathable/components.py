"""A turn as its components: connected sets joined by one placement, packed together.

Two placements interact when one is among the two squares next to the other in a row
or column (lines.independent): only then can one change the other's points.  The
components of a turn (its placements linked by interaction) score independently, so a
turn's best score is the sum of its components' best scores, and the best turns are
packings of connected sets that leave each other alone.

A connected set's best order ends with some placement t; the set without t splits into
components around t's square, each in its own best order.  With one component, t
extends a connected set: the search grows those placement by placement.  With more,
t joins them (`join_round`): the search cannot reach such a set through connected sets
alone.  `best_packings` then combines the connected sets, bounded by a knapsack over the
rack's sub-multisets that ignores where the sets lie.  `write_order` gives a stored set
its best order back.

The tokens a set uses are a mixed-radix number over the rack's values (`radix`); a
set's squares and the squares it interacts with are bit masks over the padded board.
"""

import numpy as np
from numba import prange

from eureka.heaps import keep_largest
from eureka.jit import inlined, njit
from eureka.mathable import hashtable
from eureka.mathable.bound import SCRATCH, order_bound
from eureka.mathable.lines import (
    CODE_SHIFT,
    DIRS,
    EMPTY,
    N_CELLS,
    completes,
    independent,
    pair_results,
)
from eureka.mathable.tokens import MAX_RACK

WORDS = -(-N_CELLS // 64)          # bit-mask words over the padded board
MAX_PARTS = 4                       # components a placement can join: one per direction
CHUNKS = 16                         # shares of a parallel loop (join_round,
                                    # connected.own_bounds): several per thread, for balance


@inlined
def _set(mask, e, c):
    mask[e, c >> 6] |= np.uint64(1) << np.uint64(c & 63)


@inlined
def _apart(zone, own, a, b):
    """Whether sets a and b share no square and leave each other's lines alone."""
    for w in range(WORDS):
        if zone[a, w] & own[b, w]:
            return False
    return True


@njit(cache=True)
def describe(keys, info, which, radix):
    """The stored sets `which` (entries) described, row i for which[i].

    Returns (codes, size, g, multiset, own, zone): their codes (−1 padded), sizes,
    scores, token multisets (mixed-radix numbers by `radix`), squares (own) and the
    squares within two of them in a line (zone, own included), the last two as bit
    masks over the padded board.  `keys`, `info`: the table (hashtable.py).
    """
    n = which.size
    codes = np.full((n, MAX_RACK), -1, dtype=np.int64)
    size = np.zeros(n, dtype=np.int64)
    g = np.zeros(n, dtype=np.int64)
    multiset = np.zeros(n, dtype=np.int64)
    own = np.zeros((n, WORDS), dtype=np.uint64)
    zone = np.zeros((n, WORDS), dtype=np.uint64)
    for e in range(n):
        m = hashtable.unpack(keys, which[e], codes[e])
        size[e], g[e] = m, info[which[e], hashtable.G]
        for j in range(m):
            p = codes[e, j] >> CODE_SHIFT
            multiset[e] += radix[codes[e, j] & 15]
            _set(own, e, p)
            _set(zone, e, p)
            for d in range(4):
                for step in range(1, 3):
                    _set(zone, e, p + step * DIRS[d])
    return codes, size, g, multiset, own, zone


@njit(cache=True)
def sub_multisets(rack_cnt, radix, subsets):
    """For each multiset s of the rack's tokens, its sub-multisets in ascending order.

    The rack has `rack_cnt` tokens of each value; the multisets are mixed-radix
    numbers by `radix`, `subsets` of them.  Returns (start, subs): s's sub-multisets
    are subs[start[s]:start[s + 1]].
    """
    nv = rack_cnt.size
    count = np.ones(subsets + 1, dtype=np.int64)
    count[0] = 0
    for s in range(subsets):
        c = 1
        for k in range(nv):
            c *= (s // radix[k]) % (rack_cnt[k] + 1) + 1
        count[s + 1] = c
    start = np.cumsum(count)
    out = np.empty(start[-1], dtype=np.int64)
    at = 0
    for s in range(subsets):
        for t in range(s + 1):
            if _within(t, s, rack_cnt, radix):
                out[at] = t
                at += 1
    return start, out


@inlined
def _within(t, s, rack_cnt, radix):
    """Whether multiset t is part of multiset s."""
    for k in range(rack_cnt.size):
        if (t // radix[k]) % (rack_cnt[k] + 1) > (s // radix[k]) % (rack_cnt[k] + 1):
            return False
    return True


@njit(cache=True)
def _around(root, size, codes, multiset, subsets):
    """The described sets (rows of describe) around each empty square q of the root.

    A set is around q when q is two squares or less from one of its squares in a line,
    and not one of them.  By token multiset m:
    sets[start[q * subsets + m]:start[q * subsets + m + 1]]; arms[i]: which of q's
    eight line squares sets[i] holds (bit 2d + step − 1 for the square step ≤ 2 from q
    in direction d).
    """
    n = size.size
    count = np.zeros(N_CELLS * subsets + 1, dtype=np.int64)
    mark = np.full(N_CELLS, -1, dtype=np.int64)     # q listed for e: mark[q] = e
    mine = np.full(N_CELLS, -1, dtype=np.int64)     # e's own squares
    where = np.zeros(N_CELLS, dtype=np.int64)       # the place q's entry for e went
    start = count
    sets = np.empty(0, dtype=np.int64)
    arms = np.zeros(0, dtype=np.int64)
    fill = count
    for phase in range(2):
        mark[:] = -1
        for e in range(n):
            for j in range(size[e]):
                mine[codes[e, j] >> CODE_SHIFT] = e
            for j in range(size[e]):
                p = codes[e, j] >> CODE_SHIFT
                for d in range(4):
                    for step in range(1, 3):
                        q = p + step * DIRS[d]
                        if root[q] != EMPTY or mine[q] == e:
                            continue
                        bit = np.int64(1) << (2 * (d ^ 1) + step - 1)  # p seen from q
                        if mark[q] == e:
                            if phase == 1:
                                arms[where[q]] |= bit
                            continue
                        mark[q] = e
                        at = q * subsets + multiset[e]
                        if phase == 0:
                            count[at + 1] += 1
                        else:
                            where[q] = fill[at]
                            sets[fill[at]], arms[fill[at]] = e, bit
                            fill[at] += 1
        if phase == 0:
            start = np.cumsum(count)
            sets = np.empty(start[-1], dtype=np.int64)
            arms = np.zeros(start[-1], dtype=np.int64)
            fill = start[:-1].copy()
    return start, sets, arms


@njit(cache=True)
def _fits(start, arms, subsets):
    """The table fits[q, b]: whether some set around q holds none of q's line squares in b.

    The sets around q as _around lists them, b in bits as its arms: with none, a group
    whose parts block b can take no more.
    """
    fits = np.zeros((N_CELLS, 256), dtype=np.bool_)
    held = np.zeros(256, dtype=np.bool_)
    for q in range(N_CELLS):
        held[:] = False
        for i in range(start[q * subsets], start[(q + 1) * subsets]):
            held[arms[i]] = True
        for v in range(1, 256):
            if held[v]:
                for b in range(256):
                    fits[q, b] |= v & b == 0
    return fits


@inlined
def _from(sub_start, subs, left, m):
    """The place of the first sub-multiset of `left` not below m in subs."""
    lo, hi = sub_start[left], sub_start[left + 1]
    return lo + np.searchsorted(subs[lo:hi], m)


@njit(cache=True, parallel=True)
def join_round(root, sq_op, award, rack_vals, rack_cnt, radix, subsets, keys, info, which,
               changed, thr, scale, bonus, offset, reach, book, row):
    """Every set a placement t makes by joining 2 to MAX_PARTS of the stored sets `which`.

    The sets joined lie around t's square and leave each other alone; at least one of
    them changed since the last round (`changed`[i] for which[i]), and the set made can
    still reach the threshold `thr` (_worth): t's square is empty, t is a token left
    and completes an equation there on the board with those sets.  `root`: the board
    the search started from; `sq_op`, `award`: each square's restriction and award;
    `rack_vals`, `rack_cnt`: the rack's distinct values and their counts; `radix`,
    `subsets`: the multisets of tokens as mixed-radix numbers; `keys`, `info`: the
    table.  Keys and bounds (`scale`, `bonus`, `offset`, `reach`) as in
    search.ranked_sets; `book`[`row`[i]]: which[i]'s own caps (row −1: none).

    Returns (parts, t, score): the joined entries (−1 padded), t's code and the score
    of the order that puts each part first, in its best order, then t.  The anchors
    are dealt out among the threads (_join_anchors).
    """
    codes, size, g, multiset, own, zone = describe(keys, info, which, radix)
    start, sets, arms = _around(root, size, codes, multiset, subsets)
    fits = _fits(start, arms, subsets)
    sub_start, subs = sub_multisets(rack_cnt, radix, subsets)
    every = changed.all()
    found = [(np.empty((0, MAX_PARTS), dtype=np.int64), np.empty(0, dtype=np.int64),
              np.empty(0, dtype=np.int64)) for _ in range(CHUNKS)]
    for chunk in prange(CHUNKS):
        found[chunk] = _join_anchors(
            np.int64(chunk), root, sq_op, award, rack_vals, rack_cnt, radix, subsets,
            codes, size, g, multiset, own, zone, start, sets, arms, fits, sub_start, subs,
            changed, every, (thr, scale, bonus, offset, reach, book, row))
    total = 0
    for chunk in range(CHUNKS):
        total += found[chunk][1].size
    parts = np.full((total, MAX_PARTS), -1, dtype=np.int64)
    tcode = np.empty(total, dtype=np.int64)
    score = np.empty(total, dtype=np.int64)
    at = 0
    for chunk in range(CHUNKS):
        p, t, s = found[chunk]
        for r in range(t.size):
            for i in range(MAX_PARTS):
                if p[r, i] >= 0:
                    parts[at + r, i] = which[p[r, i]]
        tcode[at:at + t.size], score[at:at + t.size] = t, s
        at += t.size
    return parts, tcode, score


@njit(cache=True)
def _join_anchors(chunk, root, sq_op, award, rack_vals, rack_cnt, radix, subsets, codes,
                  size, g, multiset, own, zone, start, sets, arms, fits, sub_start, subs,
                  changed, every, worth):
    """The join_round results from every CHUNKS-th anchor, from the chunk-th on.

    Anchors, not squares, are dealt out: one square can hold much of the work.  The
    chunk works on a board of its own.

    Each group of parts is found once, from its first changed part in q's list (the
    anchor); the others, each an unchanged set or a changed one after the anchor,
    follow in the list's order: by multiset, taken from what the rack has left.
    `every`: every set is changed.  `fits` (_fits): a group is not taken further
    when no set around q keeps clear of the line squares its parts block.  `worth`:
    what _worth needs.
    """
    lines = np.zeros(MAX_PARTS + 1, dtype=np.int64)    # q's line squares held so far
    everything = subsets - 1
    cap = 1024
    parts = np.full((cap, MAX_PARTS), -1, dtype=np.int64)
    tcode = np.empty(cap, dtype=np.int64)
    score = np.empty(cap, dtype=np.int64)
    found = 0
    board = root.copy()
    cand = np.full((N_CELLS, 4, 4), -1, dtype=np.int32)
    chosen = np.empty(MAX_PARTS, dtype=np.int64)
    used = np.zeros(MAX_PARTS + 1, dtype=np.int64)
    got = np.zeros(MAX_PARTS + 1, dtype=np.int64)
    si = np.zeros(MAX_PARTS + 1, dtype=np.int64)
    low = np.zeros(MAX_PARTS + 1, dtype=np.int64)
    blocked = np.zeros(MAX_PARTS + 1, dtype=np.int64)  # q's line squares they rule out
    whole = np.zeros(MAX_PARTS + 1, dtype=np.int64)    # placements chosen
    counted = -1                        # the anchors so far, over every square
    spare = np.empty_like(rack_cnt)     # scratch of _worth
    best = np.zeros(SCRATCH, dtype=np.int64)
    for q in range(N_CELLS):
        base = q * subsets
        if start[base + subsets] - start[base] < 2:
            continue
        for a in range(start[base], start[base + subsets]):
            c = sets[a]
            if not changed[c]:
                continue
            counted += 1
            if counted % CHUNKS != chunk:
                continue
            chosen[0], used[1], got[1], whole[1] = c, multiset[c], g[c], size[c]
            lines[1] = _held(root, q) | arms[a]
            blocked[1] = _blocked(arms[a])
            if not fits[q, blocked[1]]:
                continue                # every other set is too close on q's lines
            si[1], low[1] = sub_start[everything - used[1]], start[base]
            if every:                   # no unchanged sets: the others follow c
                si[1], low[1] = _from(sub_start, subs, everything - used[1], used[1]), a + 1
            depth = 1
            while depth >= 1:
                left = everything - used[depth]
                if si[depth] >= sub_start[left + 1]:
                    depth -= 1
                    continue
                m = subs[si[depth]]
                p = max(low[depth], start[base + m])
                if m == 0 or m == left or p >= start[base + m + 1]:
                    si[depth] += 1
                    continue
                low[depth] = p + 1
                if arms[p] & blocked[depth]:
                    continue            # too close to a chosen part on q's lines
                e = sets[p]
                if p == a or (changed[e] and p < a):
                    continue
                ok = True
                for i in range(depth):
                    if not _apart(zone, own, chosen[i], e):
                        ok = False
                        break
                if not ok:
                    continue
                chosen[depth] = e
                d2 = depth + 1
                used[d2], got[d2] = used[depth] + m, got[depth] + g[e]
                whole[d2] = whole[depth] + size[e]
                lines[d2] = lines[depth] | arms[p]
                blocked[d2] = blocked[depth] | _blocked(arms[p])
                if lines[d2] & (lines[d2] >> 1) & 0b01010101:     # a line is full
                    found, parts, tcode, score = _join_at(
                        q, chosen, d2, used[d2], got[d2], whole[d2] + 1, codes, size,
                        board, cand, sq_op, award, rack_vals, rack_cnt, radix, subsets,
                        found, parts, tcode, score, worth, spare, best)
                if d2 < MAX_PARTS and fits[q, blocked[d2]]:
                    depth = d2
                    si[depth] = _from(sub_start, subs, everything - used[depth], m)
                    low[depth] = p + 1
    return parts[:found], tcode[:found], score[:found]


@inlined
def _blocked(arms):
    """Which of q's eight line squares a set holding `arms` leaves to no set apart from it.

    Bits as _around's arms: both squares of each direction it holds, and the square
    next to q opposite one it holds next to q (two squares apart).
    """
    out = np.int64(0)
    for d in range(4):
        if arms >> (2 * d) & 3:
            out |= np.int64(3) << (2 * d)
            if arms >> (2 * d) & 1:
                out |= np.int64(1) << (2 * (d ^ 1))
    return out


@inlined
def _held(board, q):
    """Which of q's eight line squares hold a token (bits as _around's arms)."""
    out = np.int64(0)
    for d in range(4):
        for step in range(1, 3):
            if board[q + step * DIRS[d]] >= 0:
                out |= np.int64(1) << (2 * d + step - 1)
    return out


@njit(cache=True)
def _join_at(q, chosen, m, used, got, whole, codes, size, board, cand, sq_op, award,
             rack_vals, rack_cnt, radix, subsets, found, parts, tcode, score, worth, spare,
             best):
    """Adds to the results every token left that joins the m chosen parts at q.

    Each token left that completes an equation at q once the parts are down, making a
    set of `whole` placements worth keeping (_worth), goes into the results (parts,
    tcode, score: grown when full).  Returns how many there are, then the results.
    """
    for i in range(m):
        for j in range(size[chosen[i]]):
            code = codes[chosen[i], j]
            board[code >> CODE_SHIFT] = rack_vals[code & 15]
    for d in range(4):
        pair_results(board, sq_op, cand, q, d)
    for k in range(rack_vals.size):
        if (used // radix[k]) % (rack_cnt[k] + 1) == rack_cnt[k]:
            continue
        eq = completes(cand, q, rack_vals[k])
        if eq == 0:
            continue
        g2 = got + rack_vals[k] * eq * award[q]
        if not _worth(chosen, m, size, whole, g2, subsets - 1 - used - radix[k],
                      rack_vals, rack_cnt, radix, worth, spare, best):
            continue
        if found == tcode.size:
            cap = 2 * found
            parts2 = np.full((cap, MAX_PARTS), -1, dtype=np.int64)
            parts2[:found] = parts
            parts = parts2
            tcode = np.concatenate((tcode, np.empty(found, dtype=np.int64)))
            score = np.concatenate((score, np.empty(found, dtype=np.int64)))
        parts[found, :m] = chosen[:m]
        tcode[found] = q * 16 + k
        score[found] = g2
        found += 1
    for i in range(m):
        for j in range(size[chosen[i]]):
            board[codes[chosen[i], j] >> CODE_SHIFT] = EMPTY
    return found, parts, tcode, score


@njit(cache=True, inline="always")
def _worth(chosen, m, size, whole, g2, rest, rack_vals, rack_cnt, radix, worth, spare,
           best):
    """Whether the set that joins the parts chosen[:m] can still matter.

    The set has `whole` placements, score g2 and tokens left `rest`.  It matters when
    its key reaches thr, or it is not full and its largest part's own caps leave room
    for a turn where it goes down first.  Those caps bound the tokens left after the
    set too, shifted by the placements the set adds to the part: they go down before
    them.  worth = (thr, scale, bonus, offset, reach, book, row) as join_round's;
    spare, best: scratch.
    """
    thr, scale, bonus, offset, reach, book, row = worth
    full = whole
    for k in range(rack_vals.size):
        spare[k] = (rest // radix[k]) % (rack_cnt[k] + 1)
        full += spare[k]
    if (g2 + (bonus if whole == full else 0)) * scale + offset[rest] >= thr:
        return True
    big = chosen[0]
    for i in range(1, m):
        if size[chosen[i]] > size[big]:
            big = chosen[i]
    if whole == full or row[big] < 0:
        return whole < full
    return (g2 + order_bound(rack_vals, spare, book[row[big]], whole - size[big], bonus,
                             best)) * scale + reach[rest] >= thr


@njit(cache=True)
def best_packings(keys, info, which, rack_cnt, radix, subsets, bonus, limit, scale,
                  offset, reach, floor):
    """The best turns made of the stored connected sets `which` that leave each other alone.

    By branch and bound: every packing whose key (see search.ranked_sets: `scale`,
    `offset`, `reach`, `bonus`) reaches the `limit`-th best key found, and at least
    `floor`.  The knapsack bound over the rack's sub-multisets (`rack_cnt` tokens of
    each value, `subsets` multisets as mixed-radix numbers by `radix`) ignores where
    the sets lie.  `keys`, `info`: the table.  Returns (keys, scores, sizes, parts):
    the parts as entries (−1 padded).
    """
    codes, size, g, multiset, own, zone = describe(keys, info, which, radix)
    n = which.size
    full = 0
    for k in range(rack_cnt.size):
        full += rack_cnt[k]
    everything = subsets - 1
    first = np.full(subsets, -1, dtype=np.int64)    # the best single set by multiset
    for e in range(n):
        first[multiset[e]] = max(first[multiset[e]], g[e])
    sub_start, subs = sub_multisets(rack_cnt, radix, subsets)
    most = np.zeros(subsets, dtype=np.int64)        # knapsack: sets ignoring clashes
    for s in range(subsets):
        top = 0
        for i in range(sub_start[s], sub_start[s + 1]):
            t = subs[i]
            if t != 0 and first[t] >= 0:
                top = max(top, first[t] + most[s - t])
        most[s] = top
    order = np.argsort(multiset * (1 << 20) - g, kind="mergesort")
    block = np.zeros(subsets + 1, dtype=np.int64)   # order[block[m]:block[m + 1]]: m
    for e in range(n):
        block[multiset[e] + 1] += 1
    block = np.cumsum(block)
    heap = np.empty(limit, dtype=np.int64)
    hn = 0
    cap = 64
    found = np.full((cap, MAX_RACK), -1, dtype=np.int64)
    fkey = np.empty(cap, dtype=np.int64)
    fscore = np.empty(cap, dtype=np.int64)
    fsize = np.empty(cap, dtype=np.int64)
    nf = 0
    used = np.zeros(MAX_RACK + 1, dtype=np.int64)
    got = np.zeros(MAX_RACK + 1, dtype=np.int64)
    tokens = np.zeros(MAX_RACK + 1, dtype=np.int64)
    taken = np.zeros((MAX_RACK + 1, WORDS), dtype=np.uint64)
    chosen = np.empty(MAX_RACK + 1, dtype=np.int64)
    si = np.zeros(MAX_RACK + 1, dtype=np.int64)     # place in the sub-multisets list
    low = np.zeros(MAX_RACK + 1, dtype=np.int64)    # least place in order allowed
    depth = 0
    si[0] = sub_start[everything]
    while depth >= 0:                   # the parts in increasing places of order
        thr = max(floor, heap[0] if hn == limit else floor)
        left = everything - used[depth]
        if si[depth] >= sub_start[left + 1]:
            depth -= 1
            continue
        m = subs[si[depth]]
        p = max(low[depth], block[m])
        rest = left - m
        if m == 0 or p >= block[m + 1] or (
                got[depth] + first[m] + most[rest] + bonus) * scale + reach[rest] < thr:
            si[depth] += 1
            continue
        e = order[p]
        low[depth] = p + 1
        if (got[depth] + g[e] + most[rest] + bonus) * scale + reach[rest] < thr:
            low[depth] = block[m + 1]       # the block is sorted best first
            continue
        clash = False
        for w in range(WORDS):
            if zone[e, w] & taken[depth, w]:
                clash = True
                break
        if clash:
            continue
        chosen[depth] = e
        d2 = depth + 1
        used[d2], got[d2] = used[depth] + m, got[depth] + g[e]
        tokens[d2] = tokens[depth] + size[e]
        taken[d2] = taken[depth] | own[e]
        key = (got[d2] + (bonus if tokens[d2] == full else 0)) * scale + offset[
            everything - used[d2]]
        if key >= thr:
            hn = keep_largest(heap, hn, limit, key)
            if nf == cap:
                cap *= 2
                found2 = np.full((cap, MAX_RACK), -1, dtype=np.int64)
                found2[:nf] = found[:nf]
                found = found2
                fkey = np.concatenate((fkey, np.empty(cap - nf, dtype=np.int64)))
                fscore = np.concatenate((fscore, np.empty(cap - nf, dtype=np.int64)))
                fsize = np.concatenate((fsize, np.empty(cap - nf, dtype=np.int64)))
            found[nf, :d2] = which[chosen[:d2]]
            fkey[nf], fscore[nf], fsize[nf] = key, got[d2], tokens[d2]
            nf += 1
        if tokens[d2] < full:
            depth = d2
            si[depth] = _from(sub_start, subs, everything - used[depth], m)
            low[depth] = p + 1
    thr = max(floor, heap[0] if hn == limit else floor)
    keep = fkey[:nf] >= thr
    return fkey[:nf][keep], fscore[:nf][keep], fsize[:nf][keep], found[:nf][keep]


@njit(cache=True)
def write_order(keys, info, slots, e, out, at):
    """The place in `out` after stored set `e`'s placement codes, written there in its best order.

    The codes go into out[`at`:].  The order ends with its LAST placement, after the
    rest: a stored set, or the stored components it joined.  `keys`, `info`, `slots`:
    the table.  Returns −1 when a part of it is not stored.
    """
    stack = np.empty(4 * MAX_RACK, dtype=np.int64)   # entries, and codes as −1 − code
    codes = np.empty(MAX_RACK + 1, dtype=np.int64)
    rest = np.empty(MAX_RACK + 1, dtype=np.int64)
    part = np.empty(MAX_RACK + 1, dtype=np.int64)
    comp = np.empty(MAX_RACK + 1, dtype=np.int64)
    key = np.empty(hashtable.KEY_WORDS, dtype=np.uint64)
    top = 1
    stack[0] = e
    while top > 0:
        top -= 1
        x = stack[top]
        if x < 0:
            out[at] = -1 - x
            at += 1
            continue
        m = hashtable.unpack(keys, x, codes)
        last = info[x, hashtable.LAST]
        r = 0
        for j in range(m):
            if codes[j] != last:
                rest[r] = codes[j]
                r += 1
        stack[top] = -1 - last
        top += 1
        if r == 0:
            continue
        hashtable.pack(rest, r, key)
        f = hashtable.find(keys, slots, key)
        if f >= 0:
            stack[top] = f
            top += 1
            continue
        for j in range(r):                   # the components of the rest
            comp[j] = j
        for a in range(r):
            for b in range(a):
                if not independent(rest[a], rest[b]) and comp[a] != comp[b]:
                    old, new = comp[a], comp[b]
                    for j in range(r):
                        if comp[j] == old:
                            comp[j] = new
        for c in range(r):
            if comp[c] != c:
                continue
            k = 0
            for j in range(r):
                if comp[j] == c:
                    part[k] = rest[j]
                    k += 1
            hashtable.pack(part, k, key)
            f = hashtable.find(keys, slots, key)
            if f < 0:
                return -1
            stack[top] = f
            top += 1
    return at
