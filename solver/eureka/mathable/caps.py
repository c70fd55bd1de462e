"""Caps: the most a placement of each rack value could be multiplied by, over a board.

A cap is the most (equations × award) a placement of a rack value could be multiplied
by when some tokens go down before it, over the empty squares of a board; the search
by sets bounds what the tokens left could still add with them (bound.py).

The caps are a maximum over the empty squares, and a placement changes only the squares
whose lines run through it: so a set takes its parent's caps and raises them by those
squares alone (`caps_around`).

The kernels share these arguments: `board`, the padded kernel board; `sq_op` and
`award`, each square's restriction (0: none, 1–4: + − × ÷) and award; `cand`, the
cross-checks (lines.fill_cand); `rack_vals`, the rack's distinct values; `left`, how
many tokens of each are left; `slot`, each value's rack index (−1: none); `r`, the
tokens left; `cap`, the caps, cap[k, b] for rack value k with b tokens down before it;
`with_one`, `with_two`, `near`, `far`, the tables of fill_tables and open_squares;
`n0`, `n1`, scratch of one entry per rack value.
"""

import numpy as np

from eureka.jit import inlined, njit
from eureka.mathable.lines import CODE_SHIFT, DIRS, EMPTY, MAX_TOKEN, N_CELLS, WALL
from eureka.mathable.moves import made_slot


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
    """Fills `with_one` and `with_two`: what the tokens left could make on a line.

    For a token of rack value k placed on a square whose line has empty squares (the
    fills are the other tokens left): with_one[a, op, k] is set when a token a on the
    line and one of them make it under op (0: any operation, 1–4: + − × ÷),
    with_two[op, k] when two of them do. `rack_vals`: the rack's distinct values;
    `left`: how many of each are left (changed while it runs, then restored).
    """
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
    """The empty squares of `board` that lie near a token, and the table of the others.

    Returns (near, far): near, the empty squares with a token on one of their lines;
    for the others (every line empty), far[op, m]: the best award of such a square with
    restriction op (0: none) and at least m lines on the board. `sq_op`, `award`: each
    square's restriction and award.
    """
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


@inlined
def _cap_square(board, sq_op, award, cand, left, slot, r, with_one, with_two, cap, c,
                n0, n1):
    """Raises cap[k, b] by what empty square c allows (see caps).

    Only for b up to where it stops growing: the callers carry the caps on to larger b.
    n0, n1: scratch.
    """
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
                k = made_slot(cand, c, d, j, slot)
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
    """Writes into `cap` the caps of the set `placed`, down on `board`, for b < `r`.

    cap[k, b]: the most a placement of rack value k could be multiplied by (equations
    × award) when b tokens go down before it: a line counts when its tokens make the
    value now, or tokens on its empty squares (one or two, counted against b) might.
    Only the root's `near` squares and those around the `m` placed squares (codes
    `placed`) can have a token on a line; the far ones count by open_squares' table
    `far`.  A square's caps change only when a token goes down on one of its lines, so
    a child's caps are its parent's raised by caps_around.  `with_one`, `with_two`:
    fill_tables' tables for the tokens `left`.  `board`, `sq_op`, `award`, `cand`,
    `rack_vals`, `slot` as in the module's docstring.  Scratch: `seen` (a stamp a
    square, marked with `stamp`, which must be new: each square counted once), `n0`,
    `n1`.
    """
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


@inlined
def _caps_near(board, sq_op, award, cand, left, slot, r, with_one, with_two, placed, m,
               cap, seen, stamp, n0, n1):
    """Raises the caps by the empty squares around the placed squares placed[:m].

    Each square once (seen[c] == stamp once done), for b up to where they stop growing.
    """
    for j in range(m):
        p = placed[j] >> CODE_SHIFT
        for d in range(4):
            for step in range(1, 3):
                c = p - step * DIRS[d]
                if board[c] == EMPTY and seen[c] != stamp:
                    seen[c] = stamp
                    _cap_square(board, sq_op, award, cand, left, slot, r, with_one,
                                with_two, cap, c, n0, n1)


@inlined
def caps_from(rooted, board, sq_op, award, cand, left, slot, r, with_one, with_two,
              placed, m, cap, seen, stamp, n0, n1):
    """Writes into `cap` the caps of the set `placed` (its first `m` codes), from `rooted`.

    `rooted`: the caps on the root board with the same tokens `left`.  The set is down
    on `board`.  Only the squares around the placed ones have lines that changed: they
    are raised by their caps on this board (their caps on the root, and those of the
    placed squares, stay in: these caps can be looser).  `sq_op`, `award`, `cand`,
    `slot`, `r`, `with_one`, `with_two` as for caps; scratch: `seen`, marked with a new
    `stamp`, `n0`, `n1`.
    """
    for k in range(cap.shape[0]):
        for b in range(cap.shape[1]):
            cap[k, b] = rooted[k, b]
    _caps_near(board, sq_op, award, cand, left, slot, r, with_one, with_two, placed, m,
               cap, seen, stamp, n0, n1)
    for k in range(left.size):
        for b in range(1, r):
            cap[k, b] = max(cap[k, b], cap[k, b - 1])


@inlined
def caps_around(board, sq_op, award, cand, left, slot, r, with_one, with_two, cap, p,
                n0, n1):
    """Raises `cap` (cap[k, b], b < `r`) by the squares whose lines run through square `p`.

    They are the only ones a token on `p` changes (see caps): `cap` holds the parent's
    caps, and the token is down on `board`.  `sq_op`, `award`, `cand`, `left`, `slot`,
    `with_one`, `with_two` as for caps; `n0`, `n1`: scratch.
    """
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
def cap_tables(root, sq_op, award, rack_vals, left, sub, subsets, filled, with_one,
                with_two, near, far):
    """The caps' tables (made when first needed), filled for the tokens left (`sub`).

    `with_one`, `with_two`: fill_tables' tables for every multiset of tokens left
    (`subsets` of them, mixed-radix numbers), `filled`: whether each is filled;
    `near`, `far`: open_squares of the `root` board (`sq_op`, `award`). Empty tables
    (no_tables) are made on the first call. `left` must be the tokens of `sub`
    (`rack_vals`: the rack's values). Returns (with_one, with_two, near, far).
    """
    if with_one.shape[0] == 0:
        nv = rack_vals.size
        with_one = np.zeros((subsets, MAX_TOKEN + 1, 5, nv), dtype=np.bool_)
        with_two = np.zeros((subsets, 5, nv), dtype=np.bool_)
        near, far = open_squares(root, sq_op, award)
    if not filled[sub]:
        fill_tables(rack_vals, left, with_one[sub], with_two[sub])
        filled[sub] = True
    return with_one, with_two, near, far


@njit(cache=True)
def no_tables(rack):
    """The caps' tables (with_one, with_two, near, far, filled) before any is needed.

    `rack`: the search's Rack. cap_tables makes the tables when first needed.
    """
    nv = rack.vals.size
    return (np.zeros((0, MAX_TOKEN + 1, 5, nv), dtype=np.bool_),
            np.zeros((0, 5, nv), dtype=np.bool_), np.zeros(0, dtype=np.int64),
            np.zeros((5, 5), dtype=np.int64), np.zeros(rack.subsets, dtype=np.bool_))
