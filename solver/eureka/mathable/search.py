"""The exact best turn: the `limit` best sets of placements for a rack, by branch and bound.

The branch and bound is over the sets of placements.  A turn is a set of placements:
what can follow depends only on the set (the board and the rack that remain), while its
score depends on the order.  `grow` searches the sets depth first: each set is stored
once (hashtable.py) with the best score of any order found, and a set is not expanded
when even the most its remaining tokens could add (caps.py, bound.py) cannot reach the
`limit` best totals found so far.  `ranked_sets` grows them from the empty set;
connected.py grows long racks by connected sets with the same `grow`.

The search's state travels as named tuples (Rack, Ranking, Scratch). The helpers of its
inner loop are `inlined` (eureka.jit): compiled without reference counts and inlined by
LLVM, as fast as Numba's own inlining and much faster to compile.
"""

from collections import namedtuple

import numpy as np

from eureka.jit import inlined, njit
from eureka.mathable import components, hashtable
from eureka.mathable.bound import SCRATCH, order_bound
from eureka.mathable.caps import cap_tables, caps, caps_around, no_tables
from eureka.mathable.lines import (
    CODE_SHIFT,
    DIRS,
    MAX_TOKEN,
    N_CELLS,
    SQUARES,
    fill_cand,
    independent,
    refresh_around,
)
from eureka.mathable.moves import child_moves, sorted_moves, take_back
from eureka.mathable.tokens import MAX_RACK

BOUND_AFTER = 10_000        # sets stored before the search starts bounding: small
                            # searches finish sooner without
OWN_LEFT = 3                # a set's own bound is checked when at most this many
                            # tokens are left: with more, it prunes almost nothing


Rack = namedtuple("Rack", "vals cnt left slot radix subsets full")
"""The rack as the search holds it: its distinct values (vals) and their counts (cnt);
the tokens of each still off the board (left: changed as placements go down and come
back); slot[v]: value v's index in vals (−1: not in the rack); the tokens left as a
mixed-radix number (radix; `subsets` such numbers); full: the rack's size."""

Ranking = namedtuple("Ranking", "scale offset reach bonus limit")
"""How the search ranks sets: key = total × scale + offset[the tokens left] (see
ranked_sets); bonus: the full-rack bonus; limit: how many best sets it keeps."""

Scratch = namedtuple("Scratch", "placed score nxt subs capped couldk cap mn mcode mpts "
                                "cur child key mark hits new_code new_pts seen n0s n1s "
                                "best zone")
"""The search's working memory. By depth: the last placement, the score so far, the
next move to try, the tokens left, whether the caps are known (and the caps, cap),
each token's bound (couldk), the moves (mcode, mpts; mn of them). Then the set's codes
(cur, sorted) and a child's (child), a key, scratch for the moves and caps, and
(connected search) how many placed squares each square is near (zone)."""

SETS, HELD, STEPS, STAMP, CAPSTAMP = range(5)
"""The search's counters (at[...]): sets stored, sets in the heap, placements tried,
and the stamps of the move and cap scratch."""


@njit(cache=True)
def new_rack(rack_vals, rack_cnt):
    """The Rack of the distinct values `rack_vals` and their counts `rack_cnt`, all left."""
    nv = rack_vals.size
    full = 0
    for k in range(nv):
        full += rack_cnt[k]
    slot = np.full(MAX_TOKEN + 1, -1, dtype=np.int64)
    for k in range(nv):
        slot[rack_vals[k]] = k
    radix = np.ones(nv, dtype=np.int64)
    subsets = 1
    for k in range(nv):
        radix[k] = subsets
        subsets *= rack_cnt[k] + 1
    return Rack(rack_vals, rack_cnt, rack_cnt.copy(), slot, radix, subsets, full)


@njit(cache=True)
def new_scratch(board, sq_op, award, cand, rack):
    """The Scratch of a search from `board`, at depth 0: its moves sorted.

    `sq_op`, `award`: each square's restriction and award; `cand`: the board's
    cross-checks (lines.fill_cand); `rack`: the Rack (new_rack).
    """
    nv, full = rack.vals.size, rack.full
    width = SQUARES * nv                    # at most every square for every value
    by_depth = np.zeros((4, full + 1), dtype=np.int64)    # placed, score, nxt, subs
    by_depth[3, 0] = rack.subsets - 1
    moves = np.empty((2, full + 1, width), dtype=np.int32)  # mcode, mpts
    mn = np.zeros(full + 1, dtype=np.int64)
    mn[0] = sorted_moves(board, sq_op, award, cand, rack.vals, moves[0, 0], moves[1, 0])
    return Scratch(by_depth[0], by_depth[1], by_depth[2], by_depth[3],
                   np.zeros(full + 1, dtype=np.bool_),
                   np.full((full + 1, nv), -1, dtype=np.int64),
                   np.zeros((full + 1, nv, full + 1), dtype=np.int64), mn,
                   moves[0], moves[1],
                   np.empty(MAX_RACK + 1, dtype=np.int64),
                   np.empty(MAX_RACK + 1, dtype=np.int64),
                   np.empty(hashtable.KEY_WORDS, dtype=np.uint64),
                   np.zeros(N_CELLS, dtype=np.int64), np.zeros(nv, dtype=np.int64),
                   np.empty(8 * nv, dtype=np.int64), np.empty(8 * nv, dtype=np.int64),
                   np.zeros(N_CELLS, dtype=np.int64), np.zeros(nv, dtype=np.int64),
                   np.zeros(nv, dtype=np.int64), np.zeros(SCRATCH, dtype=np.int64),
                   np.zeros(N_CELLS, dtype=np.int64))


@njit(cache=True)
def start_at(sc, base, score, sub, capped, moves):
    """Makes depth `base` of the Scratch `sc` the start of a search from the set sc.cur[:base].

    The set is down on the board; `score`: its score, `sub`: the tokens left (a
    mixed-radix number), `capped`: whether sc.cap[base] holds its caps, `moves`: how
    many of its moves sc.mcode[base] holds.

    Writes into a Scratch go through functions that take it as an argument, as here:
    Numba's dead-code elimination can drop a write through a named tuple's field in the
    function that made the tuple when nothing there reads it again.
    """
    sc.placed[base], sc.score[base], sc.nxt[base], sc.subs[base] = -1, score, 0, sub
    sc.capped[base] = capped
    for k in range(sc.couldk.shape[1]):
        sc.couldk[base, k] = -1
    sc.mn[base] = moves


@inlined
def threshold(info, heap, held, limit):
    """The least total of the `limit` best sets so far, or −1 while fewer are held.

    `info`: the table's fields; `heap`: the best entries, least total on top; `held`:
    how many it holds.
    """
    return info[heap[0], hashtable.TOTAL] if held == limit else -1


@njit(cache=True, nogil=True)
def best_sets(board, sq_op, award, rack_vals, rack_cnt, bonus, limit, max_states,
              bound_after):
    """The `limit` highest-scoring sets of placements: ranked_sets by score.

    `board`, `sq_op`, `award`, `rack_vals`, `rack_cnt`, `bonus`, `max_states` and
    `bound_after` as for ranked_sets. Returns (entries, sets) as ranked_sets returns
    them, without the steps.
    """
    offset = np.zeros(1 << MAX_RACK, dtype=np.int64)
    n, _, found = ranked_sets(board, sq_op, award, rack_vals, rack_cnt, bonus, limit,
                              max_states, bound_after, 1, offset, offset)
    return n, found


@njit(cache=True, nogil=True)
def ranked_sets(board, sq_op, award, rack_vals, rack_cnt, bonus, limit, max_states,
                bound_after, scale, offset, reach):
    """The `limit` best sets of placements, by branch and bound over the sets (grow).

    `board`: the padded kernel board (tokens go down on it during the search, and are
    taken back); `sq_op`, `award`: each square's restriction and award; `rack_vals`,
    `rack_cnt`: the rack's distinct values, ascending, and their counts; `bonus`: the
    full-rack bonus; `max_states`: the most sets stored; `bound_after`: the sets stored
    before the search starts bounding (see grow).

    Ranked by key = total × `scale` + `offset`[the tokens left] (the score: scale 1,
    offsets 0; equity: leave values as whole offsets ≥ 0), the tokens left as a
    mixed-radix number over the rack's values; `reach`[s] ≥ the offset of every
    sub-multiset of s, so that the bounds stay upper bounds of the key.

    Returns (entries, steps, sets): the number of sets stored (negative: more than
    max_states, the search stopped), the placements tried (the search's work, which
    its time follows closely) and, for each set whose total reaches the final
    threshold, a row: key, score, size, then its placement codes in order (−1
    padded). connected.connected_sets finds the same sets by another way.
    """
    cand = fill_cand(board, sq_op)
    rack = new_rack(rack_vals, rack_cnt)
    sc = new_scratch(board, sq_op, award, cand, rack)
    keys, info, slots = hashtable.new(256)
    heap = np.empty(limit, dtype=np.int64)
    at = np.zeros(5, dtype=np.int64)
    rank = Ranking(scale, offset, reach, bonus, limit)
    done, keys, info, slots, _ = grow(board, sq_op, award, cand, board.copy(), rack, rank,
                                      sc, at, keys, info, slots, heap, no_tables(rack), 0,
                                      max_states, bound_after, False)
    n = at[SETS]
    if not done:
        return -n - 1, at[STEPS], np.zeros((0, 3 + MAX_RACK), dtype=np.int64)
    thr = threshold(info, heap, at[HELD], limit)
    m = 0
    for e in range(n):
        if info[e, hashtable.TOTAL] >= thr:
            m += 1
    total, score, size = (np.empty(m, dtype=np.int64), np.empty(m, dtype=np.int64),
                          np.empty(m, dtype=np.int64))
    parts = np.full((m, MAX_RACK), -1, dtype=np.int64)
    m = 0
    for e in range(n):
        if info[e, hashtable.TOTAL] >= thr:
            total[m], score[m] = info[e, hashtable.TOTAL], info[e, hashtable.G]
            size[m] = info[e, hashtable.SIZE]
            parts[m, 0] = e
            m += 1
    return n, at[STEPS], rows(keys, info, slots, total, score, size, parts)


@njit(cache=True, nogil=True)
def grow(board, sq_op, award, cand, root, rack, rank, sc, at, keys, info, slots, heap,
         tables, base, max_states, bound_after, connected):
    """Searches the sets that grow the set down on `board`, and stores those that may matter.

    The set grown from is sc.cur[:base], its state at depth `base` in the Scratch `sc`;
    the search's counters are in `at` (SETS, HELD, STEPS, STAMP, CAPSTAMP). `sq_op`,
    `award`: each square's restriction and award; `cand`: the board's cross-checks;
    `root`: the board before the search (caps.open_squares reads it); `rack`: the
    Rack; `rank`: the Ranking; `keys`, `info`, `slots`: the table of sets (hashtable.py);
    `heap`: the best entries so far; `tables`: the caps' tables (caps.no_tables,
    cap_tables); `max_states`: the most sets stored.

    Depth first, highest-scoring placement first.  Each set is stored once, with the
    best score of any order found and that order's last placement; it is expanded
    again only when reached by a better order.  Two placements that leave each other's
    lines alone score the same in either order, so only one of the two orders is
    followed.  A set is not expanded when its score plus the most its remaining tokens
    could add (caps, order_bound) falls short of the threshold: the least total of the
    `limit` best sets found so far: first with its parent's caps (each token left
    allowed one more fill), then, with at most OWN_LEFT tokens left, with its own;
    a set cut off is not stored.  Every set with a total at or above the final
    threshold is therefore found, with its exact score.  Bounding starts once
    `bound_after` sets are stored (BOUND_AFTER): it costs more than it saves in small
    searches.  `connected`: grow by placements next to the set only (sc.zone).

    Back at depth `base`, the set grown from is still down.  Returns (whether the
    search stayed within `max_states` sets, then keys, info, slots, tables: the table
    and the caps' tables, grown).
    """
    with_one, with_two, near, far, filled = tables
    (placed, score, nxt, subs, capped, couldk, cap, mn, mcode, mpts, cur, child, key,
     mark, hits, new_code, new_pts, seen, n0s, n1s, best, zone) = sc
    rack_vals, left, slot, radix, subsets, full = (rack.vals, rack.left, rack.slot,
                                                   rack.radix, rack.subsets, rack.full)
    scale, offset, reach, bonus, limit = rank
    n, hn, steps, stamp, capstamp = at[SETS], at[HELD], at[STEPS], at[STAMP], at[CAPSTAMP]
    depth = base
    done = True
    while True:
        if nxt[depth] == mn[depth]:
            if depth == base:
                break
            code = placed[depth]
            take_back(board, sq_op, cand, left, code)
            _remove(cur, depth, code)
            if connected:
                mark_zone(zone, code >> CODE_SHIFT, -1)
            depth -= 1
            continue
        code, pts = mcode[depth, nxt[depth]], mpts[depth, nxt[depth]]
        nxt[depth] += 1
        steps += 1
        if connected and depth > 0 and zone[code >> CODE_SHIFT] == 0:
            continue            # not next to the set: only connected sets are grown
        if depth > 0 and code < placed[depth] and independent(code, placed[depth]):
            continue            # the same set, same score: reached by the other order
        g2, size2 = score[depth] + pts, depth + 1
        k, could = code & 15, 0
        sub = subs[depth] - radix[k]
        total = (g2 + (bonus if size2 == full else 0)) * scale + offset[sub]
        thr = threshold(info, heap, hn, limit)
        if size2 == full and total < thr:
            continue
        if size2 < full and capped[depth]:
            could = couldk[depth, k]
            if could < 0:
                left[k] -= 1
                could = order_bound(rack_vals, left, cap[depth], 1, bonus, best)
                left[k] += 1
                couldk[depth, k] = could
            if (g2 + could) * scale + reach[sub] < thr and total < thr:
                continue
        gain = hashtable.UNKNOWN            # the most the key could gain beyond g2 × scale
        if size2 == full:
            gain = total - g2 * scale
        elif capped[depth]:
            gain = could * scale + reach[sub]
        j = 0
        while j < depth and cur[j] < code:
            child[j] = cur[j]
            j += 1
        child[j] = code
        for t in range(j, depth):
            child[t + 1] = cur[t]
        hashtable.pack(child, size2, key)
        if n == keys.shape[0]:
            keys, info, slots = hashtable.grow(keys, info, slots, n)
        e = hashtable.find(keys, slots, key)
        if e >= 0:
            info[e, hashtable.BOUND] = min(info[e, hashtable.BOUND], gain)
            if g2 > info[e, hashtable.G]:
                info[e, hashtable.G], info[e, hashtable.LAST] = g2, code
                info[e, hashtable.TOTAL] = total
                if total >= thr:
                    hn = hashtable.offer(heap, hn, info, e)
            elif g2 == info[e, hashtable.G] and code < info[e, hashtable.LAST]:
                info[e, hashtable.LAST] = code
            if g2 < info[e, hashtable.G] or g2 <= info[e, hashtable.DONE]:
                continue
        expand = size2 < full and not (capped[depth] and
                                       (g2 + could) * scale + reach[sub] < thr)
        if expand:
            p = code >> CODE_SHIFT
            board[p] = rack_vals[k]
            refresh_around(board, sq_op, cand, p)
            left[k] -= 1
            r2 = full - size2
            if capped[depth] or (thr >= 0 and n > bound_after):
                with_one, with_two, near, far = cap_tables(
                    root, sq_op, award, rack_vals, left, sub, subsets, filled, with_one,
                    with_two, near, far)
                if capped[depth]:
                    for kk in range(rack_vals.size):
                        for b in range(r2):
                            cap[size2, kk, b] = cap[depth, kk, b]
                    caps_around(board, sq_op, award, cand, left, slot, r2, with_one[sub],
                                with_two[sub], cap[size2], p, n0s, n1s)
                else:
                    capstamp += 1
                    caps(board, sq_op, award, cand, rack_vals, left, r2, with_one[sub],
                         with_two[sub], near, far, child, size2, cap[size2], slot, seen,
                         capstamp, n0s, n1s)
                capped[size2] = True
                if thr >= 0 and r2 <= OWN_LEFT:
                    gain = min(gain, reach[sub] + scale * order_bound(
                        rack_vals, left, cap[size2], 0, bonus, best))
                    if e >= 0:
                        info[e, hashtable.BOUND] = min(info[e, hashtable.BOUND], gain)
                    if g2 * scale + gain < thr:
                        take_back(board, sq_op, cand, left, code)
                        expand = False  # and total < thr: the set is not kept either
            else:
                capped[size2] = False
        if e < 0 and (expand or total >= thr):
            if n >= max_states:
                done = False
                break
            hashtable.add(keys, info, slots, n, key, -1 - e)
            e, n = n, n + 1
            info[e, hashtable.G], info[e, hashtable.LAST] = g2, code
            info[e, hashtable.SIZE], info[e, hashtable.TOTAL] = size2, total
            info[e, hashtable.BOUND] = gain
            if total >= thr:
                hn = hashtable.offer(heap, hn, info, e)
        if not expand:
            continue
        info[e, hashtable.DONE] = g2
        for t in range(size2):
            cur[t] = child[t]
        if connected:
            mark_zone(zone, p, 1)
        stamp += 1
        depth += 1
        placed[depth], score[depth], nxt[depth], subs[depth] = code, g2, 0, sub
        for kk in range(rack_vals.size):
            couldk[depth, kk] = -1
        mn[depth] = child_moves(board, award, cand, rack_vals, left, slot, p, mark,
                                 stamp, hits, new_code, new_pts, mcode[depth - 1],
                                 mpts[depth - 1], mn[depth - 1], mcode[depth],
                                 mpts[depth])
    at[SETS], at[HELD], at[STEPS], at[STAMP], at[CAPSTAMP] = n, hn, steps, stamp, capstamp
    return done, keys, info, slots, (with_one, with_two, near, far, filled)


@inlined
def _remove(codes, n, code):
    """Take `code` out of codes[:n], keeping the order of the others."""
    j = 0
    while codes[j] != code:
        j += 1
    for t in range(j, n - 1):
        codes[t] = codes[t + 1]


@inlined
def mark_zone(zone, p, add):
    """Counts square `p` and the squares two or less from it in a line in or out of `zone`.

    `add`: 1 when a token goes down on `p`, −1 when it comes back; zone[c] is how many
    placed squares square c is near.
    """
    zone[p] += add
    for d in range(4):
        for step in range(1, 3):
            zone[p + step * DIRS[d]] += add


@njit(cache=True)
def rows(keys, info, slots, total, score, size, parts):
    """The found turns as rows: key, score, size, then the placement codes in order.

    Row r has key `total`[r], score `score`[r] and size `size`[r], then each of its
    parts' best order (components.write_order): `parts`[r] holds the stored sets it is
    made of, −1 padded; `keys`, `info`, `slots`: the table. Raises RuntimeError when a
    stored set's parts are missing.
    """
    out = np.full((total.size, 3 + MAX_RACK), -1, dtype=np.int64)
    for r in range(total.size):
        out[r, 0], out[r, 1], out[r, 2] = total[r], score[r], size[r]
        at = 3
        for i in range(parts.shape[1]):
            if parts[r, i] < 0:
                break
            at = components.write_order(keys, info, slots, parts[r, i], out[r], at)
            if at < 0:
                raise RuntimeError("a stored set's parts are missing")
    return out

