"""Numba kernels for the exact best turn.

The board and its cross-checks (`cand`) are lines.py's.

A turn is a set of placements: what can follow depends only on the set (the board and
the rack that remain), while its score depends on the order.  `best_sets` searches the
sets depth first with a branch and bound: each set is stored once (table.py) with the
best score of any order found, and a set is not expanded when even the most its
remaining tokens could add (`caps`, `order_bound`) cannot reach the `limit` best totals
found so far.  The caps are a maximum over the empty squares, and a placement changes
only the squares whose lines run through it: so each set takes its parent's caps and
raises them by those squares alone (`caps_around`).

The helpers of the search's inner loop are compiled inline (`inline="always"`): a call
to a compiled function counts references to every array it is passed (atomic
operations), and those calls took about a quarter of the search's time.
"""

import numpy as np
from numba import prange

from eureka.jit import njit
from eureka.mathable import components, table
from eureka.mathable.bound import order_bound
from eureka.mathable.lines import (CODE_SHIFT, DIRS, EMPTY, MAX_TOKEN, N_CELLS, SQUARES,
                                   WALL, completes, fill_cand, independent,
                                   refresh_around)
from eureka.mathable.lines import PAD, W  # noqa: F401  (the kernels' board, for solve.py)
from eureka.mathable.tokens import MAX_RACK

BOUND_AFTER = 10_000        # sets stored before the search starts bounding: small
                            # searches finish sooner without
OWN_LEFT = 3                # a set's own bound is checked when at most this many
                            # tokens are left: with more, it prunes almost nothing


@njit(cache=True, inline="always")
def _made_slot(cand, c, d, j, slot):
    """The rack slot of the j-th value direction d makes at square c, or -1 when it is
    no token of the rack or an earlier j made it already (each counted once)."""
    v = cand[c, d, j]
    if v < 0 or v > MAX_TOKEN or slot[v] < 0:
        return -1
    for e in range(j):
        if cand[c, d, e] == v:
            return -1
    return slot[v]


@njit(cache=True, inline="always")
def _count_equations(cand, c, slot, left, hits):
    """hits[k] += the directions at square c that make rack token k (still left)."""
    for d in range(4):
        for j in range(4):
            k = _made_slot(cand, c, d, j, slot)
            if k >= 0 and left[k] != 0:
                hits[k] += 1


@njit(cache=True, nogil=True)
def single_moves(board, sq_op, award, cand, rack_vals):
    """Every legal single placement: (square, rack index, points)."""
    cells, idx, pts = [], [], []
    for c in range(N_CELLS):
        if board[c] != EMPTY:
            continue
        for k in range(rack_vals.size):
            n = completes(cand, c, rack_vals[k])
            if n > 0:
                cells.append(c)
                idx.append(k)
                pts.append(rack_vals[k] * n * award[c])
    return np.array(cells, dtype=np.int64), np.array(idx, dtype=np.int64), \
        np.array(pts, dtype=np.int64)


@njit(cache=True)
def _results(x, y, made):
    """What x and y make under + − × ÷ into made (−1: no exact quotient)."""
    made[0], made[1], made[2], made[3] = x + y, abs(x - y), x * y, -1
    big, small = max(x, y), min(x, y)
    if small > 0 and big % small == 0:
        made[3] = big // small
    elif small == 0 and big > 0:
        made[3] = 0


@njit(cache=True)
def _mark(a, x, v, k, with_one, made):
    """with_one[a, op, k] for the operations under which a and x make v."""
    if 0 <= a <= MAX_TOKEN:
        _results(a, x, made)
        for j in range(4):
            if made[j] == v:
                with_one[a, 0, k] = with_one[a, j + 1, k] = True


@njit(cache=True)
def fill_tables(rack_vals, left, with_one, with_two):
    """What the tokens left could make on a line with empty squares, for a token of
    rack value k placed there (the fills are the other tokens left): with_one[a, op, k]
    when a token a on the line and one of them make it under op (0: any operation,
    1–4: + − × ÷), with_two[op, k] when two of them do."""
    nv = rack_vals.size
    with_one[:] = False
    with_two[:] = False
    made = np.empty(4, dtype=np.int64)
    for k in range(nv):
        if left[k] == 0:
            continue
        v = rack_vals[k]
        left[k] -= 1
        for i in range(nv):
            if left[i] == 0:
                continue
            x = rack_vals[i]
            if x == 0 or v == 0:                # 0 × a, 0 ÷ a, a − a: try them all
                for a in range(MAX_TOKEN + 1):
                    _mark(a, x, v, k, with_one, made)
            else:
                for a in (v - x, x + v, x - v, v * x):
                    _mark(a, x, v, k, with_one, made)
                if v % x == 0:
                    _mark(v // x, x, v, k, with_one, made)
                if x % v == 0:
                    _mark(x // v, x, v, k, with_one, made)
            left[i] -= 1
            for y in range(nv):
                if left[y] > 0:
                    _results(x, rack_vals[y], made)
                    for j in range(4):
                        if made[j] == v:
                            with_two[0, k] = with_two[j + 1, k] = True
            left[i] += 1
        left[k] += 1


@njit(cache=True)
def open_squares(board, sq_op, award):
    """The empty squares with a token on one of their lines ("near"), and for the
    others ("far": every line empty) far[op, m]: the best award of a far square with
    restriction op (0: none) and at least m lines on the board."""
    near = []
    far = np.zeros((5, 5), dtype=np.int64)
    for c in range(N_CELLS):
        if board[c] != EMPTY:
            continue
        lines, seen = 0, False
        for d in range(4):
            a, b = board[c + DIRS[d]], board[c + 2 * DIRS[d]]
            if a != WALL and b != WALL:
                lines += 1
                seen |= a >= 0 or b >= 0
        if seen:
            near.append(c)
        else:
            for m in range(1, lines + 1):
                far[sq_op[c], m] = max(far[sq_op[c], m], award[c])
    return np.array(near, dtype=np.int64), far


@njit(cache=True, inline="always")
def _cap_square(board, sq_op, award, cand, left, slot, r, with_one, with_two, cap, c,
                n0, n1):
    """Raise cap[k, b] by what empty square c allows (see caps), for b up to where it
    stops growing: the callers carry the caps on to larger b.  n0, n1: scratch."""
    op = sq_op[c]
    nv = left.size
    n0[:] = 0
    n1[:] = 0
    n2 = 0
    for d in range(4):
        a, b = board[c + DIRS[d]], board[c + 2 * DIRS[d]]
        if a == WALL or b == WALL:
            continue
        if a >= 0 and b >= 0:
            for j in range(4):
                k = _made_slot(cand, c, d, j, slot)
                if k >= 0:
                    n0[k] += 1
        elif a >= 0 or b >= 0:
            row = with_one[max(a, b), op]
            for k in range(nv):
                n1[k] += row[k]
        else:
            n2 += 1
    aw = award[c]
    for k in range(nv):
        if left[k] == 0:
            continue
        m2 = n2 if with_two[op, k] else 0
        if n0[k] + n1[k] + m2 == 0:
            continue
        top = min(r - 1, n1[k] + 2 * m2)
        for b in range(top + 1):
            ones = min(n1[k], b)
            m = (n0[k] + ones + min(m2, (b - ones) // 2)) * aw
            if m > cap[k, b]:
                cap[k, b] = m


@njit(cache=True)
def caps(board, sq_op, award, cand, rack_vals, left, r, with_one, with_two, near, far,
         placed, m, cap, slot, seen, stamp, n0, n1):
    """cap[k, b] for b < r: the most a placement of rack value k could be multiplied by
    (equations × award) when b tokens go down before it: a line counts when its
    tokens make the value now, or tokens on its empty squares (one or two, counted
    against b) might.  Only the root's near squares and those around the m placed
    squares can have a token on a line; the far ones count by open_squares' table.
    A square's caps change only when a token goes down on one of its lines, so a
    child's caps are its parent's raised by caps_around.  Scratch: seen (marked with
    stamp, each square counted once), n0, n1."""
    cap[:, :] = 0
    for c in near:
        seen[c] = stamp
        if board[c] == EMPTY:
            _cap_square(board, sq_op, award, cand, left, slot, r, with_one, with_two,
                        cap, c, n0, n1)
    _caps_near(board, sq_op, award, cand, left, slot, r, with_one, with_two, placed, m,
               cap, seen, stamp, n0, n1)
    for k in range(rack_vals.size):
        if left[k] == 0:
            continue
        for op in range(5):
            if not with_two[op, k]:
                continue
            for lines in range(1, 5):
                for b in range(2 * lines, r):
                    cap[k, b] = max(cap[k, b], lines * far[op, lines])
        for b in range(1, r):
            cap[k, b] = max(cap[k, b], cap[k, b - 1])


@njit(cache=True, inline="always")
def _caps_near(board, sq_op, award, cand, left, slot, r, with_one, with_two, placed, m,
               cap, seen, stamp, n0, n1):
    """Raise the caps by the empty squares around the placed squares placed[:m], each
    once (seen[c] == stamp once done), for b up to where they stop growing."""
    for j in range(m):
        p = placed[j] >> CODE_SHIFT
        for d in range(4):
            for step in range(1, 3):
                c = p - step * DIRS[d]
                if board[c] == EMPTY and seen[c] != stamp:
                    seen[c] = stamp
                    _cap_square(board, sq_op, award, cand, left, slot, r, with_one,
                                with_two, cap, c, n0, n1)


@njit(cache=True, inline="always")
def caps_from(rooted, board, sq_op, award, cand, left, slot, r, with_one, with_two,
              placed, m, cap, seen, stamp, n0, n1):
    """Caps of the set placed[:m], down on the board, from `rooted`: caps on the root
    board with the same tokens left.  Only the squares around the placed ones have
    lines that changed: they are raised by their caps on this board (their caps on the
    root, and those of the placed squares, stay in: these caps can be looser)."""
    cap[:, :] = rooted
    _caps_near(board, sq_op, award, cand, left, slot, r, with_one, with_two, placed, m,
               cap, seen, stamp, n0, n1)
    for k in range(left.size):
        for b in range(1, r):
            cap[k, b] = max(cap[k, b], cap[k, b - 1])


@njit(cache=True, inline="always")
def caps_around(board, sq_op, award, cand, left, slot, r, with_one, with_two, cap, p,
                n0, n1):
    """Raise cap[k, b] (b < r) by the squares whose lines run through square p, the
    only ones a token on p changes (see caps)."""
    for d in range(4):
        for step in range(1, 3):
            c = p - step * DIRS[d]
            if board[c] == EMPTY:
                _cap_square(board, sq_op, award, cand, left, slot, r, with_one,
                            with_two, cap, c, n0, n1)
    for k in range(left.size):
        for b in range(1, r):
            cap[k, b] = max(cap[k, b], cap[k, b - 1])


@njit(cache=True)
def _sorted_moves(board, sq_op, award, cand, rack_vals, codes, pts):
    """The root's legal placements into codes/pts, highest points first; how many."""
    cells, idx, p = single_moves(board, sq_op, award, cand, rack_vals)
    order = np.argsort(-p, kind="mergesort")
    for i in range(order.size):
        codes[i] = cells[order[i]] * 16 + idx[order[i]]
        pts[i] = p[order[i]]
    return order.size


@njit(cache=True, inline="always")
def _child_moves(board, award, cand, rack_vals, left, slot, p, mark, stamp, hits,
                 new_code, new_pts, codes, pts, m, out_codes, out_pts):
    """The legal placements after a token went down on square p, highest points first:
    the parent's list (codes, pts, m) without the squares around p and the spent
    tokens, merged with the placements recomputed around p.  Returns how many."""
    mark[p] = stamp
    nn = 0
    for d in range(4):
        for step in range(1, 3):
            c = p - step * DIRS[d]
            mark[c] = stamp
            if board[c] != EMPTY:
                continue
            _count_equations(cand, c, slot, left, hits)
            for k in range(rack_vals.size):
                if hits[k] > 0:
                    v, code = rack_vals[k] * hits[k] * award[c], c * 16 + k
                    hits[k] = 0
                    j = nn
                    while j > 0 and new_pts[j - 1] < v:
                        new_code[j], new_pts[j] = new_code[j - 1], new_pts[j - 1]
                        j -= 1
                    new_code[j], new_pts[j] = code, v
                    nn += 1
    n, j = 0, 0
    for i in range(m):
        code = codes[i]
        if mark[code >> CODE_SHIFT] == stamp or left[code & 15] == 0:
            continue
        while j < nn and new_pts[j] > pts[i]:
            out_codes[n], out_pts[n] = new_code[j], new_pts[j]
            n += 1
            j += 1
        out_codes[n], out_pts[n] = code, pts[i]
        n += 1
    while j < nn:
        out_codes[n], out_pts[n] = new_code[j], new_pts[j]
        n += 1
        j += 1
    return n


@njit(cache=True, inline="always")
def _remove(codes, n, code):
    """Take `code` out of codes[:n], keeping the order of the others."""
    j = 0
    while codes[j] != code:
        j += 1
    for t in range(j, n - 1):
        codes[t] = codes[t + 1]


@njit(cache=True, nogil=True)
def best_sets(board, sq_op, award, rack_vals, rack_cnt, bonus, limit, max_states,
              bound_after):
    """The `limit` highest-scoring sets of placements (see ranked_sets)."""
    offset = np.zeros(1 << MAX_RACK, dtype=np.int64)
    n, _, found = ranked_sets(board, sq_op, award, rack_vals, rack_cnt, bonus, limit,
                              max_states, bound_after, 1, offset, offset)
    return n, found


@njit(cache=True, nogil=True)
def ranked_sets(board, sq_op, award, rack_vals, rack_cnt, bonus, limit, max_states,
                bound_after, scale, offset, reach, connected=False):
    """The `limit` best sets of placements, by branch and bound over the sets.

    Ranked by key = total × scale + offset[the tokens left] (the score: scale 1,
    offsets 0; equity: leave values as whole offsets ≥ 0), the tokens left as a
    mixed-radix number over the rack's values; reach[s] ≥ the offset of every
    sub-multiset of s, so that the bounds below stay upper bounds of the key.

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
    searches.

    `connected`: the search keeps connected sets only (components.py): it grows them
    by placements next to the set, joins them by a placement next to several
    (components.join_round) and grows the sets joined, until a round of joins finds
    nothing new; then the best turns are packed from them.  The bound stays valid: a
    component of a turn can go down first, in its best order, so the turn scores at
    most its best score plus the most the rest could add after it.  Each set keeps that
    bound (table.BOUND: from the caps it was checked with, and from its own caps before
    a round of joins or its growth); a set whose bound falls short of the threshold is
    neither joined nor grown again, and a joined set is bounded by each of its parts
    (and not kept at all when its largest part's caps rule it out: components._worth).
    The own bounds of many sets at once (before a round of joins, and of the sets it
    joined: from the root's caps, caps_from) and the joins run on the threads
    (own_bounds, components.join_round).

    Returns (entries, steps, sets): the number of sets stored (negative: more than
    max_states, the search stopped), the placements tried (the search's work, which
    its time follows closely) and, for each set whose total reaches the final
    threshold, a row: key, score, size, then its placement codes in order (−1
    padded)."""
    nv = rack_vals.size
    full = 0
    for k in range(nv):
        full += rack_cnt[k]
    cand = fill_cand(board, sq_op)
    root = board.copy()
    near, far = np.zeros(0, dtype=np.int64), np.zeros((5, 5), dtype=np.int64)
    width = SQUARES * nv                    # at most every square for every value
    mcode = np.empty((full + 1, width), dtype=np.int32)
    mpts = np.empty((full + 1, width), dtype=np.int32)
    mn = np.zeros(full + 1, dtype=np.int64)
    mn[0] = _sorted_moves(board, sq_op, award, cand, rack_vals, mcode[0], mpts[0])
    keys, info, slots = table.new(256)
    n = 0
    heap = np.empty(limit, dtype=np.int64)
    hn = 0
    left = rack_cnt.copy()
    slot = np.full(MAX_TOKEN + 1, -1, dtype=np.int64)     # token value -> rack index
    for k in range(nv):
        slot[rack_vals[k]] = k
    radix = np.ones(nv, dtype=np.int64)     # the tokens left as a mixed-radix number
    subsets = 1
    for k in range(nv):
        radix[k] = subsets
        subsets *= rack_cnt[k] + 1
    with_one = np.zeros((0, MAX_TOKEN + 1, 5, nv), dtype=np.bool_)  # made when needed
    with_two = np.zeros((0, 5, nv), dtype=np.bool_)
    filled = np.zeros(subsets, dtype=np.bool_)
    book = np.zeros((0, nv, full + 1), dtype=np.int8)   # connected: own caps of sets,
    booked = np.zeros(0, dtype=np.int64)                # entries booked[i]
    cap = np.zeros((full + 1, nv, full + 1), dtype=np.int64)   # caps by depth
    capped = np.zeros(full + 1, dtype=np.bool_)                  # cap[depth] known
    best = np.zeros(1 << min(full, 6), dtype=np.int64)
    cur = np.empty(MAX_RACK + 1, dtype=np.int64)          # the set's codes, sorted
    child = np.empty(MAX_RACK + 1, dtype=np.int64)
    key = np.empty(table.KEY_WORDS, dtype=np.uint64)
    placed = np.zeros(full + 1, dtype=np.int64)
    score = np.zeros(full + 1, dtype=np.int64)
    nxt = np.zeros(full + 1, dtype=np.int64)
    mark = np.zeros(N_CELLS, dtype=np.int64)
    hits = np.zeros(nv, dtype=np.int64)
    new_code = np.empty(8 * nv, dtype=np.int64)
    new_pts = np.empty(8 * nv, dtype=np.int64)
    seen = np.zeros(N_CELLS, dtype=np.int64)
    capstamp = 0
    n0s = np.zeros(nv, dtype=np.int64)
    n1s = np.zeros(nv, dtype=np.int64)
    couldk = np.full((full + 1, nv), -1, dtype=np.int64)
    subs = np.zeros(full + 1, dtype=np.int64)      # the tokens left, by depth
    subs[0] = subsets - 1
    zone = np.zeros(N_CELLS, dtype=np.int64)        # connected: squares next to the set
    queue = np.zeros(0, dtype=np.int64)             # connected: sets to grow from
    qi = 0
    joined = np.zeros(0, dtype=np.int64)            # scores at the last round of joins
    stamp, depth, steps, base = 0, 0, 0, 0
    bounded = 0                                     # connected: own bounds worked out
    while True:
        if nxt[depth] == mn[depth]:
            if depth > base:
                code = placed[depth]
                _take_back(board, sq_op, cand, left, code)
                _remove(cur, depth, code)
                if connected:
                    _zone(zone, code >> CODE_SHIFT, -1)
                depth -= 1
                continue
            for t in range(base - 1, -1, -1):   # the set grown from goes back, last
                _take_back(board, sq_op, cand, left, cur[t])  # first: a square's
                _zone(zone, cur[t] >> CODE_SHIFT, -1)  # own cand is as it went down
            base = depth = 0                # (the root's moves are all tried)
            if not connected:
                break
            thr = info[heap[0], table.TOTAL] if hn == limit else -1
            while qi < queue.size and (
                    info[queue[qi], table.G] <= info[queue[qi], table.DONE] or
                    _most(info, queue[qi], scale) < thr):
                qi += 1
            if qi == queue.size:
                todo = np.array([e for e in range(bounded, n if thr >= 0 else 0)
                                 if info[e, table.SIZE] < full and
                                 _most(info, e, scale) >= thr], dtype=np.int64)
                with_one, with_two, near, far, book, booked = _bound_own(
                    root, sq_op, award, rack_vals, rack_cnt, radix, subsets, keys, info,
                    todo, filled, with_one, with_two, near, far, bonus, reach, scale,
                    book, booked)
                bounded = n if thr >= 0 else 0
                which = _may_reach(info, n, scale, thr)
                changed = np.array([e >= joined.size or info[e, table.G] != joined[e]
                                    for e in which], dtype=np.bool_)
                if not changed.any():
                    break
                joined = info[:n, table.G].astype(np.int64)
                row = np.full(n, -1, dtype=np.int64)    # each set's latest caps
                for i in range(booked.size):
                    row[booked[i]] = i
                parts, tcode, jscore = components.join_round(
                    root, sq_op, award, rack_vals, rack_cnt, radix, subsets, keys, info,
                    which, changed, thr, scale, bonus, offset, reach, book, row[which])
                queue = np.empty(tcode.size, dtype=np.int64)
                qn, qi = 0, 0
                for r in range(tcode.size):
                    size2 = _joined(keys, parts[r], tcode[r], child)
                    g2 = jscore[r]
                    table.pack(child, size2, key)
                    if n == keys.shape[0]:
                        keys, info, slots = table.grow(keys, info, slots, n)
                    e = table.find(keys, slots, key)
                    most = table.UNKNOWN * scale
                    for i in range(parts.shape[1]):
                        if parts[r, i] >= 0:
                            most = min(most, _most(info, parts[r, i], scale))
                    if e >= 0:
                        info[e, table.BOUND] = min(info[e, table.BOUND], most - g2 * scale)
                        if g2 <= info[e, table.G]:
                            continue
                    if e < 0:
                        if n >= max_states:
                            return -n - 1, steps, np.zeros((0, 3 + MAX_RACK),
                                                           dtype=np.int64)
                        table.add(keys, info, slots, n, key, -1 - e)
                        e, n = n, n + 1
                        info[e, table.SIZE] = size2
                        info[e, table.BOUND] = min(table.UNKNOWN, most - g2 * scale)
                    sub = subsets - 1
                    for t in range(size2):
                        sub -= radix[child[t] & 15]
                    info[e, table.G], info[e, table.LAST] = g2, tcode[r]
                    info[e, table.TOTAL] = (g2 + (bonus if size2 == full else 0)
                                            ) * scale + offset[sub]
                    thr = info[heap[0], table.TOTAL] if hn == limit else -1
                    if info[e, table.TOTAL] >= thr:
                        hn = table.offer(heap, hn, info, e)
                    if size2 < full:
                        queue[qn] = e
                        qn += 1
                queue = queue[:qn]
                if thr >= 0:            # their own bounds, before any is grown
                    todo = np.array([e for e in queue if _most(info, e, scale) >= thr],
                                    dtype=np.int64)
                    with_one, with_two, near, far, book, booked = _bound_own(
                        root, sq_op, award, rack_vals, rack_cnt, radix, subsets, keys,
                        info, todo, filled, with_one, with_two, near, far, bonus, reach,
                        scale, book, booked)
                    bounded = n
                continue
            e = queue[qi]
            qi += 1
            base = table.unpack(keys, e, cur)
            sub = _put(board, sq_op, cand, rack_vals, left, radix, subsets, cur, base)
            for t in range(base):
                _zone(zone, cur[t] >> CODE_SHIFT, 1)
            depth = base
            info[e, table.DONE] = info[e, table.G]
            placed[depth], score[depth], nxt[depth], subs[depth] = -1, info[e, table.G], 0, sub
            capped[depth] = False
            couldk[depth, :] = -1
            mn[depth] = 0
            if thr >= 0:                    # its own bound: grown only if it can matter
                with_one, with_two, near, far = _cap_tables(
                    root, sq_op, award, rack_vals, left, sub, subsets, filled, with_one,
                    with_two, near, far)
                capstamp += 1
                info[e, table.BOUND] = min(info[e, table.BOUND], _own_gain(
                    board, sq_op, award, cand, rack_vals, left, full - base,
                    with_one[sub], with_two[sub], near, far, cur, base, cap[base], slot,
                    seen, capstamp, n0s, n1s, bonus, best, reach[sub], scale))
                capped[depth] = True
                if _most(info, e, scale) < thr:
                    continue                # no moves: it goes back at once
            mn[depth] = _moves_left(board, sq_op, award, cand, rack_vals, left,
                                    mcode[depth], mpts[depth])
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
        thr = info[heap[0], table.TOTAL] if hn == limit else -1
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
        gain = table.UNKNOWN            # the most the key could gain beyond g2 × scale
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
        table.pack(child, size2, key)
        if n == keys.shape[0]:
            keys, info, slots = table.grow(keys, info, slots, n)
        e = table.find(keys, slots, key)
        if e >= 0:
            info[e, table.BOUND] = min(info[e, table.BOUND], gain)
            if g2 > info[e, table.G]:
                info[e, table.G], info[e, table.LAST] = g2, code
                info[e, table.TOTAL] = total
                if total >= thr:
                    hn = table.offer(heap, hn, info, e)
            elif g2 == info[e, table.G] and code < info[e, table.LAST]:
                info[e, table.LAST] = code
            if g2 < info[e, table.G] or g2 <= info[e, table.DONE]:
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
                with_one, with_two, near, far = _cap_tables(
                    root, sq_op, award, rack_vals, left, sub, subsets, filled, with_one,
                    with_two, near, far)
                if capped[depth]:
                    cap[size2, :, :r2] = cap[depth, :, :r2]
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
                        info[e, table.BOUND] = min(info[e, table.BOUND], gain)
                    if g2 * scale + gain < thr:
                        _take_back(board, sq_op, cand, left, code)
                        expand = False  # and total < thr: the set is not kept either
            else:
                capped[size2] = False
        if e < 0 and (expand or total >= thr):
            if n >= max_states:
                return -n - 1, steps, np.zeros((0, 3 + MAX_RACK), dtype=np.int64)
            table.add(keys, info, slots, n, key, -1 - e)
            e, n = n, n + 1
            info[e, table.G], info[e, table.LAST] = g2, code
            info[e, table.SIZE], info[e, table.TOTAL] = size2, total
            info[e, table.BOUND] = gain
            if total >= thr:
                hn = table.offer(heap, hn, info, e)
        if not expand:
            continue
        info[e, table.DONE] = g2
        for t in range(size2):
            cur[t] = child[t]
        if connected:
            _zone(zone, p, 1)
        stamp += 1
        depth += 1
        placed[depth], score[depth], nxt[depth], subs[depth] = code, g2, 0, sub
        couldk[depth, :] = -1
        mn[depth] = _child_moves(board, award, cand, rack_vals, left, slot, p, mark,
                                 stamp, hits, new_code, new_pts, mcode[depth - 1],
                                 mpts[depth - 1], mn[depth - 1], mcode[depth],
                                 mpts[depth])
    thr = info[heap[0], table.TOTAL] if hn == limit else -1
    if connected:
        return n, steps, _rows(keys, info, slots, *components.best_packings(
            keys, info, _may_reach(info, n, scale, thr), rack_cnt, radix, subsets,
            bonus, limit, scale, offset, reach, thr))
    top = np.array([e for e in range(n) if info[e, table.TOTAL] >= thr], dtype=np.int64)
    parts = np.full((top.size, MAX_RACK), -1, dtype=np.int64)
    parts[:, 0] = top
    return n, steps, _rows(keys, info, slots, info[top, table.TOTAL].astype(np.int64),
                           info[top, table.G].astype(np.int64),
                           info[top, table.SIZE].astype(np.int64), parts)


@njit(cache=True, inline="always")
def _put(board, sq_op, cand, rack_vals, left, radix, subsets, codes, m):
    """Put placements codes[:m] down; returns the tokens left as a mixed-radix number
    (take them back last first: _take_back)."""
    sub = subsets - 1
    for t in range(m):
        p = codes[t] >> CODE_SHIFT
        board[p] = rack_vals[codes[t] & 15]
        refresh_around(board, sq_op, cand, p)
        left[codes[t] & 15] -= 1
        sub -= radix[codes[t] & 15]
    return sub


@njit(cache=True, inline="always")
def _own_gain(board, sq_op, award, cand, rack_vals, left, r, with_one, with_two, near,
              far, codes, m, cap, slot, seen, stamp, n0s, n1s, bonus, best, reach, scale):
    """What the key of the set codes[:m], down on the board, could still gain by its
    own caps (left in cap; `reach`: reach[the tokens left])."""
    caps(board, sq_op, award, cand, rack_vals, left, r, with_one, with_two, near, far,
         codes, m, cap, slot, seen, stamp, n0s, n1s)
    return reach + scale * order_bound(rack_vals, left, cap, 0, bonus, best)


@njit(cache=True)
def _bound_own(root, sq_op, award, rack_vals, rack_cnt, radix, subsets, keys, info, todo,
               filled, with_one, with_two, near, far, bonus, reach, scale, book, booked):
    """Lower each entry of `todo` to its own bound (own_bounds), the caps' tables and
    the root's caps for its tokens left made first; returns the tables (see
    _cap_tables) and the caps book with their caps added (book[i]: entry booked[i]'s
    own caps, for the round of joins)."""
    nv = rack_vals.size
    full = 0
    for k in range(nv):
        full += rack_cnt[k]
    rooted = np.zeros((subsets, nv, full + 1), dtype=np.int8)
    done = np.zeros(subsets, dtype=np.bool_)
    cand = fill_cand(root, sq_op)
    slot = np.full(MAX_TOKEN + 1, -1, dtype=np.int64)
    for k in range(nv):
        slot[rack_vals[k]] = k
    cap = np.zeros((nv, full + 1), dtype=np.int64)
    seen = np.zeros(N_CELLS, dtype=np.int64)
    n0s = np.zeros(nv, dtype=np.int64)
    n1s = np.zeros(nv, dtype=np.int64)
    cur = np.empty(MAX_RACK + 1, dtype=np.int64)
    left = np.empty_like(rack_cnt)
    for e in todo:
        m = table.unpack(keys, e, cur)
        sub = subsets - 1
        for t in range(m):
            sub -= radix[cur[t] & 15]
        if done[sub]:
            continue
        done[sub] = True
        for k in range(nv):
            left[k] = (sub // radix[k]) % (rack_cnt[k] + 1)
        with_one, with_two, near, far = _cap_tables(
            root, sq_op, award, rack_vals, left, sub, subsets, filled, with_one,
            with_two, near, far)
        caps(root, sq_op, award, cand, rack_vals, left, full - m, with_one[sub],
             with_two[sub], near, far, cur, 0, cap, slot, seen, sub + 1, n0s, n1s)
        rooted[sub] = cap
    if todo.size == 0:
        return with_one, with_two, near, far, book, booked
    more = np.empty((todo.size,) + book.shape[1:], dtype=book.dtype)
    own_bounds(root, sq_op, award, rack_vals, rack_cnt, radix, subsets, keys, info, todo,
               with_one, with_two, near, far, bonus, reach, scale, rooted, more)
    return (with_one, with_two, near, far, np.concatenate((book, more)),
            np.concatenate((booked, todo)))


@njit(cache=True, parallel=True)
def own_bounds(root, sq_op, award, rack_vals, rack_cnt, radix, subsets, keys, info, todo,
               with_one, with_two, near, far, bonus, reach, scale, rooted, book):
    """info[e, BOUND] lowered to the own bound of each entry e = todo[i], by its caps
    from the root's (caps_from; rooted[s]: the root's caps for tokens left s), which
    are kept in book[i] (caps are at most 4 lines × the largest award: they fit a
    byte); on the threads, each chunk of entries on a board of its own.  The caps'
    tables must be filled for every entry's tokens left."""
    nv = rack_vals.size
    full = 0
    for k in range(nv):
        full += rack_cnt[k]
    slot = np.full(MAX_TOKEN + 1, -1, dtype=np.int64)
    for k in range(nv):
        slot[rack_vals[k]] = k
    chunks = min(components.CHUNKS, todo.size)
    for chunk in prange(chunks):
        board = root.copy()
        cand = fill_cand(board, sq_op)
        left = rack_cnt.copy()
        cur = np.empty(MAX_RACK + 1, dtype=np.int64)
        cap = np.zeros((nv, full + 1), dtype=np.int64)
        seen = np.zeros(N_CELLS, dtype=np.int64)
        n0s = np.zeros(nv, dtype=np.int64)
        n1s = np.zeros(nv, dtype=np.int64)
        best = np.zeros(1 << min(full, 6), dtype=np.int64)
        for i in range(chunk, todo.size, chunks):
            e = todo[i]
            m = table.unpack(keys, e, cur)
            sub = _put(board, sq_op, cand, rack_vals, left, radix, subsets, cur, m)
            caps_from(rooted[sub], board, sq_op, award, cand, left, slot, full - m,
                      with_one[sub], with_two[sub], cur, m, cap, seen, i + 1, n0s, n1s)
            info[e, table.BOUND] = min(info[e, table.BOUND], reach[sub] + scale *
                                       order_bound(rack_vals, left, cap, 0, bonus, best))
            book[i] = cap
            for t in range(m - 1, -1, -1):
                _take_back(board, sq_op, cand, left, cur[t])


@njit(cache=True)
def _cap_tables(root, sq_op, award, rack_vals, left, sub, subsets, filled, with_one,
                with_two, near, far):
    """The caps' tables (made when first needed), filled for the tokens left (`sub`)."""
    if with_one.shape[0] == 0:
        nv = rack_vals.size
        with_one = np.zeros((subsets, MAX_TOKEN + 1, 5, nv), dtype=np.bool_)
        with_two = np.zeros((subsets, 5, nv), dtype=np.bool_)
        near, far = open_squares(root, sq_op, award)
    if not filled[sub]:
        fill_tables(rack_vals, left, with_one[sub], with_two[sub])
        filled[sub] = True
    return with_one, with_two, near, far


@njit(cache=True, inline="always")
def _most(info, e, scale):
    """The most entry e's key could reach in a turn where it goes down first."""
    return np.int64(info[e, table.G]) * scale + info[e, table.BOUND]


@njit(cache=True)
def _may_reach(info, n, scale, thr):
    """The entries that can still be part of a turn whose key reaches thr (_most):
    the only ones a round of joins or the packing needs."""
    return np.array([e for e in range(n) if _most(info, e, scale) >= thr],
                    dtype=np.int64)


@njit(cache=True, inline="always")
def _zone(zone, p, add):
    """Count square p and the squares two or less from it in a line in or out."""
    zone[p] += add
    for d in range(4):
        for step in range(1, 3):
            zone[p + step * DIRS[d]] += add


@njit(cache=True)
def _joined(keys, parts, t, out):
    """The sorted codes of the stored sets `parts` (−1 padded) and placement t."""
    n = 0
    for i in range(parts.size):
        if parts[i] >= 0:
            n += table.unpack(keys, parts[i], out[n:])
    out[n] = t
    n += 1
    out[:n].sort()
    return n


@njit(cache=True)
def _moves_left(board, sq_op, award, cand, rack_vals, left, codes, pts):
    """_sorted_moves of the tokens still left; how many."""
    n = _sorted_moves(board, sq_op, award, cand, rack_vals, codes, pts)
    j = 0
    for i in range(n):
        if left[codes[i] & 15] > 0:
            codes[j], pts[j] = codes[i], pts[i]
            j += 1
    return j


@njit(cache=True, inline="always")
def _take_back(board, sq_op, cand, left, code):
    """Lift placement `code` off the board again."""
    p = code >> CODE_SHIFT
    board[p] = EMPTY
    refresh_around(board, sq_op, cand, p)
    left[code & 15] += 1


@njit(cache=True)
def _rows(keys, info, slots, total, score, size, parts):
    """The found turns as rows: key, score, size, then the placement codes in order:
    each part's (stored sets, −1 padded) best order (components.write_order)."""
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
