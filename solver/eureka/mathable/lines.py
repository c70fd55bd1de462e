"""The board's lines: the padded geometry and what two tokens in a line make.

The board is padded by two wall squares on every side (18 × 18, flat), so the squares
next to a cell and beyond it never leave the array.  For every empty square and each of
the four directions, `cand[cell, d]` holds what the two tokens in that direction make
under each operation (−1 where there is no pair, the quotient is not exact, or the
square's restriction forbids the operation): the Scrabble engines' cross-checks.  A token
changes only the squares one and two steps from it in a line, so after a placement
only those are recomputed (`refresh_around`), and two placements further apart than
that score the same in either order (`independent`).
"""

import numpy as np

from eureka.jit import inlined, njit

W = 18                      # padded width
PAD = 2
N_CELLS = W * W
SQUARES = 14 * 14           # the board's squares (the rest of the padded array is wall)
EMPTY, WALL = -1, -2
DIRS = np.array([-W, W, -1, 1], dtype=np.int64)
MAX_TOKEN = 90              # the largest token value
CODE_SHIFT = 4              # code = cell * 16 + rack index (+1 when stored in a key)


@inlined
def pair_results(board, sq_op, cand, c, d):
    """Fills cand[c, d] from the two tokens next to square `c` in direction `d`.

    `board`: the padded kernel board (values, EMPTY, WALL); `sq_op`: each square's
    restriction (0: none, 1–4: + − × ÷); `cand`: the cross-checks, cand[c, d, op] the
    value the pair makes under op, −1 where it makes none (no pair, an inexact
    quotient, or an operation the square forbids); `d` indexes DIRS.
    """
    a = board[c + DIRS[d]]
    b = board[c + 2 * DIRS[d]]
    for k in range(4):
        cand[c, d, k] = -1
    if a < 0 or b < 0:
        return
    op = sq_op[c]
    if op == 0 or op == 1:
        cand[c, d, 0] = a + b
    if op == 0 or op == 2:
        cand[c, d, 1] = abs(a - b)
    if op == 0 or op == 3:
        cand[c, d, 2] = a * b
    if op == 0 or op == 4:
        big, small = max(a, b), min(a, b)
        if small > 0 and big % small == 0:
            cand[c, d, 3] = big // small
        elif small == 0 and big > 0:
            cand[c, d, 3] = 0


@njit(cache=True, nogil=True)
def fill_cand(board, sq_op):
    """Every empty square's cross-checks, computed from scratch.

    `board`: the padded kernel board; `sq_op`: each square's restriction (0: none, 1–4:
    + − × ÷). Returns cand, an int32 array (N_CELLS, 4 directions, 4 operations): what
    the two tokens in each direction make under each operation, −1 where nothing (as
    pair_results).
    """
    cand = np.full((N_CELLS, 4, 4), -1, dtype=np.int32)
    for c in range(N_CELLS):
        if board[c] == EMPTY:
            for d in range(4):
                pair_results(board, sq_op, cand, c, d)
    return cand


@inlined
def refresh_around(board, sq_op, cand, p):
    """Brings the cross-checks `cand` up to date after square `p` of `board` changed.

    Only the empty squares one and two steps from `p` in a line are recomputed;
    `sq_op`: each square's restriction (as fill_cand).
    """
    for d in range(4):
        for step in range(1, 3):
            c = p - step * DIRS[d]
            if board[c] == EMPTY:
                pair_results(board, sq_op, cand, c, d)


@njit(cache=True)
def completes(cand, c, value):
    """How many directions complete an equation making `value` at square `c`.

    `cand`: the cross-checks (fill_cand); each direction counts once.
    """
    n = 0
    for d in range(4):
        for k in range(4):
            if cand[c, d, k] == value:
                n += 1
                break
    return n


@inlined
def independent(x, y):
    """Whether placements `x` and `y` (codes) leave each other's lines alone.

    Neither square is one of the two next to the other in a row or column, so they
    score the same in either order.
    """
    a, b = x >> CODE_SHIFT, y >> CODE_SHIFT
    if a // W == b // W:
        return abs(a - b) > 2
    return abs(a - b) > 2 * W or (a - b) % W != 0
