"""A rack's legal single placements on a kernel board, as the search by sets wants them.

The board and its cross-checks are lines.py's. The placements are sorted by points and
kept up to date as placements go down and come back. A placement is a code: its square
× 16 + its rack index (lines.CODE_SHIFT).
"""

import numpy as np

from eureka.jit import inlined, njit
from eureka.mathable.lines import (
    CODE_SHIFT,
    DIRS,
    EMPTY,
    MAX_TOKEN,
    N_CELLS,
    completes,
    refresh_around,
)


@inlined
def made_slot(cand, c, d, j, slot):
    """The rack slot of the `j`-th value direction `d` makes at square `c`, or −1.

    `cand`: the cross-checks (lines.fill_cand); `slot`: slot[v] is value v's index in
    the rack's values (−1: not in the rack). −1 also when an earlier j made the value
    already, so that each value is counted once a direction.
    """
    v = cand[c, d, j]
    if v < 0 or v > MAX_TOKEN or slot[v] < 0:
        return -1
    for e in range(j):
        if cand[c, d, e] == v:
            return -1
    return slot[v]


@inlined
def _count_equations(cand, c, slot, left, hits):
    """hits[k] += the directions at square c that make rack token k (still left)."""
    for d in range(4):
        for j in range(4):
            k = made_slot(cand, c, d, j, slot)
            if k >= 0 and left[k] != 0:
                hits[k] += 1


@njit(cache=True, nogil=True)
def single_moves(board, sq_op, award, cand, rack_vals):
    """Every legal single placement of a rack value on `board`: (squares, rack indices, points).

    `board`: the padded kernel board; `award`: each square's award; `cand`: the
    cross-checks (lines.fill_cand), which already hold the squares' restrictions, so
    `sq_op` is not read; `rack_vals`: the rack's distinct values. Returns three int64
    arrays, by square then rack index; a placement's points are its value × the
    directions it completes × the square's award.
    """
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
def sorted_moves(board, sq_op, award, cand, rack_vals, codes, pts):
    """How many legal placements `board` has, written into `codes` and `pts`, best first.

    `board`, `sq_op`, `award`, `cand`, `rack_vals` as for single_moves; `codes`,
    `pts`: arrays with room for every placement, which get each one's code (square ×
    16 + rack index) and points, highest points first (a stable counting sort: equal
    points by square, then rack index).
    """
    cells, idx, p = single_moves(board, sq_op, award, cand, rack_vals)
    top = 0
    for i in range(p.size):
        top = max(top, p[i])
    at = np.zeros(top + 2, dtype=np.int64)      # a counting sort, stable: at[v + 1]
    for i in range(p.size):                     # moves score more than v
        at[p[i]] += 1
    for v in range(top - 1, -1, -1):
        at[v] += at[v + 1]
    for i in range(p.size):
        j = at[p[i] + 1]
        at[p[i] + 1] += 1
        codes[j], pts[j] = cells[i] * 16 + idx[i], p[i]
    return p.size


@njit(cache=True)
def moves_left(board, sq_op, award, cand, rack_vals, left, codes, pts):
    """The number of legal placements of the tokens still left, written into `codes`, `pts`.

    `left`: how many tokens of each rack value are still off the board; the other
    parameters (`board`, `sq_op`, `award`, `cand`, `rack_vals`, `codes`, `pts`) as for
    sorted_moves, which this filters, keeping its order.
    """
    n = sorted_moves(board, sq_op, award, cand, rack_vals, codes, pts)
    j = 0
    for i in range(n):
        if left[codes[i] & 15] > 0:
            codes[j], pts[j] = codes[i], pts[i]
            j += 1
    return j


@inlined
def child_moves(board, award, cand, rack_vals, left, slot, p, mark, stamp, hits,
                 new_code, new_pts, codes, pts, m, out_codes, out_pts):
    """How many legal placements there are after a token went down on square `p`.

    The placements go into `out_codes` and `out_pts`, highest points first: the
    parent's list (its `m` placements `codes`, `pts`) without the squares around `p`
    and the spent tokens, merged with the placements recomputed around `p`.  The token
    is already down on `board`, `cand` (the cross-checks) refreshed and `left` (tokens
    of each rack value left) lowered.  `award`: each square's award; `rack_vals`: the
    rack's values; `slot`: each value's rack index (−1: none).  Scratch: `mark` (a
    square's stamp), marked with `stamp`, which must be new; `hits` (one per rack value,
    all 0, left so); `new_code` and `new_pts` (room for 8 per rack value).
    """
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


@inlined
def take_back(board, sq_op, cand, left, code):
    """Lifts placement `code` off `board` again.

    The cross-checks `cand` are refreshed around its square (`sq_op`: the squares'
    restrictions) and its token counts as `left` again.
    """
    p = code >> CODE_SHIFT
    board[p] = EMPTY
    refresh_around(board, sq_op, cand, p)
    left[code & 15] += 1
