"""Numba kernels for the exact best turn.

The board is padded by two wall squares on every side (18 × 18, flat), so the squares
next to a cell and beyond it never leave the array.  For every empty square and each of
the four directions, `cand[cell, d]` holds what the two tokens in that direction make
under each operation (−1 where there is no pair, the quotient is not exact, or the
square's restriction forbids the operation): the Scrabble engines' cross-checks.  A token
changes only the squares one and two steps from it in a line, so after a placement
only those are recomputed (`refresh_around`).

A turn is a set of placements: what can follow depends only on the set (the board and
the rack that remain), while its score depends on the order.  `best_turns` therefore
builds every reachable set, layer by layer (sets of one placement, of two, ...), and
keeps for each the best score of any legal order and the last placement of that order.
A set of size k is only ever reached from sets of size k − 1, which are all final when
layer k is built, so every set is expanded exactly once and its score is exact.
"""

import numpy as np
from numba import njit

from eureka.mathable.tokens import MAX_RACK

W = 18                      # padded width
PAD = 2
N_CELLS = W * W
EMPTY, WALL = -1, -2
DIRS = np.array([-W, W, -1, 1], dtype=np.int64)
SLOTS = 4                   # placements packed per key word (16 bits each)
KEY_WORDS = -(-MAX_RACK // SLOTS)
MAX_TOKEN = 90              # the largest token value
CODE_SHIFT = 4              # code = cell * 16 + rack index (+1 when stored in a key)


@njit(cache=True)
def pair_results(board, sq_op, cand, c, d):
    """Fill cand[c, d] from the two tokens next to c in direction d."""
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


@njit(cache=True)
def fill_cand(board, sq_op):
    """Every empty square's cross-checks, computed from scratch."""
    cand = np.full((N_CELLS, 4, 4), -1, dtype=np.int32)
    for c in range(N_CELLS):
        if board[c] == EMPTY:
            for d in range(4):
                pair_results(board, sq_op, cand, c, d)
    return cand


@njit(cache=True)
def refresh_around(board, sq_op, cand, p):
    """Bring the cross-checks up to date after square p changed."""
    for d in range(4):
        for step in range(1, 3):
            c = p - step * DIRS[d]
            if board[c] == EMPTY:
                pair_results(board, sq_op, cand, c, d)


@njit(cache=True)
def completes(cand, c, value):
    """How many directions complete an equation making `value` at square c."""
    n = 0
    for d in range(4):
        for k in range(4):
            if cand[c, d, k] == value:
                n += 1
                break
    return n


@njit(cache=True)
def _count_equations(cand, c, slot, left, hits):
    """hits[k] += the directions at square c that make rack token k (still left)."""
    for d in range(4):
        for j in range(4):
            v = cand[c, d, j]
            if v < 0 or v > MAX_TOKEN or slot[v] < 0 or left[slot[v]] == 0:
                continue
            seen = False
            for e in range(j):
                if cand[c, d, e] == v:
                    seen = True
            if not seen:
                hits[slot[v]] += 1


@njit(cache=True)
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
def _key_hash(key, mask):
    """The hash-table slot of a key (FNV-style mixing of its words)."""
    h = np.uint64(1469598103934665603)
    for w in range(KEY_WORDS):
        h = (h ^ key[w]) * np.uint64(1099511628211)
        h ^= h >> np.uint64(29)
    return np.int64(h & np.uint64(mask))


@njit(cache=True)
def _codes(keys, i, out):
    """Unpack state i's key into its placement codes; returns how many."""
    n = 0
    for w in range(KEY_WORDS):
        word = keys[i, w]
        for s in range(SLOTS):
            v = np.int64((word >> np.uint64(16 * s)) & np.uint64(0xFFFF))
            if v != 0:
                out[n] = v - 1
                n += 1
    return n


@njit(cache=True)
def _pack(codes, n, key):
    """Pack n sorted placement codes into a key, 16 bits each (code + 1; 0 = none)."""
    for w in range(KEY_WORDS):
        key[w] = np.uint64(0)
    for i in range(n):
        w, s = i // SLOTS, i % SLOTS
        key[w] |= np.uint64(codes[i] + 1) << np.uint64(16 * s)


@njit(cache=True)
def best_turns(board, sq_op, award, rack_vals, rack_cnt, max_states):
    """Every reachable set of placements with the best score of any legal order.

    Returns (n, g, parent, last, size): for state i (0 is the empty turn) its best
    score, the state it was best reached from, the last placement's code
    (square * 16 + rack index) and the number of placements; n < 0 when more than
    max_states sets exist."""
    cand = fill_cand(board, sq_op)
    root_cand = cand.copy()
    rm_cell, rm_idx, rm_pts = single_moves(board, sq_op, award, cand, rack_vals)
    keys, g, parent, last, size = _alloc(1024)
    hmask = 2 * keys.shape[0] - 1
    table = np.zeros(2 * keys.shape[0], dtype=np.int32)     # state index + 1, 0 = free
    n = 1
    table[_key_hash(keys[0], hmask)] = 1
    mark = np.zeros(N_CELLS, dtype=np.int8)
    touched = np.empty(N_CELLS, dtype=np.int64)
    codes = np.empty(MAX_RACK + 1, dtype=np.int64)
    child = np.empty(MAX_RACK + 1, dtype=np.int64)
    key = np.empty(KEY_WORDS, dtype=np.uint64)
    left = np.empty(rack_vals.size, dtype=np.int64)
    hits = np.zeros(rack_vals.size, dtype=np.int64)
    slot = np.full(MAX_TOKEN + 1, -1, dtype=np.int64)     # token value -> rack index
    move_code = np.empty(rm_cell.size + N_CELLS * rack_vals.size, dtype=np.int64)
    move_pts = np.empty_like(move_code)
    for k in range(rack_vals.size):
        slot[rack_vals[k]] = k
    i = 0
    while i < n:
        m = _codes(keys, i, codes)
        # Lay the set's tokens and refresh the squares around them.
        for k in range(rack_vals.size):
            left[k] = rack_cnt[k]
        nt = 0
        for j in range(m):
            c, k = codes[j] >> CODE_SHIFT, codes[j] & 15
            board[c] = rack_vals[k]
            left[k] -= 1
            if mark[c] == 0:
                mark[c] = 1
                touched[nt] = c
                nt += 1
        for j in range(m):
            p = codes[j] >> CODE_SHIFT
            refresh_around(board, sq_op, cand, p)
            for d in range(4):
                for step in range(1, 3):
                    c = p - step * DIRS[d]
                    if mark[c] == 0:
                        mark[c] = 1
                        touched[nt] = c
                        nt += 1
        # Every legal next placement: unchanged squares keep their root moves.
        nm = 0
        for r in range(rm_cell.size):
            if mark[rm_cell[r]] == 0 and left[rm_idx[r]] > 0:
                move_code[nm], move_pts[nm] = rm_cell[r] * 16 + rm_idx[r], rm_pts[r]
                nm += 1
        for t in range(nt):
            c = touched[t]
            if board[c] != EMPTY:
                continue
            _count_equations(cand, c, slot, left, hits)
            for k in range(rack_vals.size):
                if hits[k] > 0:
                    move_code[nm] = c * 16 + k
                    move_pts[nm] = rack_vals[k] * hits[k] * award[c]
                    nm += 1
                    hits[k] = 0
        for r in range(nm):
            n = _add_child(codes, m, move_code[r], g[i] + move_pts[r], i, child, key,
                           keys, g, parent, last, size, table, hmask, n)
            if n > keys.shape[0] - 2:
                keys, g, parent, last, size, table, hmask = _grow(keys, g, parent, last,
                                                                  size, n)
        # Take the tokens back.
        for t in range(nt):
            c = touched[t]
            mark[c] = 0
            for d in range(4):
                for j in range(4):
                    cand[c, d, j] = root_cand[c, d, j]
        for j in range(m):
            board[codes[j] >> CODE_SHIFT] = EMPTY
        if n > max_states:
            return -n, g, parent, last, size
        i += 1
    return n, g, parent, last, size


@njit(cache=True)
def _add_child(codes, m, code, score, i, child, key, keys, g, parent, last, size, table,
               hmask, n):
    """Record the set `codes + code` reached from state i with `score`; returns the new
    state count."""
    j = 0
    while j < m and codes[j] < code:
        child[j] = codes[j]
        j += 1
    child[j] = code
    for t in range(j, m):
        child[t + 1] = codes[t]
    _pack(child, m + 1, key)
    h = _key_hash(key, hmask)
    while True:
        s = table[h]
        if s == 0:
            for w in range(KEY_WORDS):
                keys[n, w] = key[w]
            g[n], parent[n], last[n], size[n] = score, i, code, m + 1
            table[h] = n + 1
            return n + 1
        s -= 1
        same = True
        for w in range(KEY_WORDS):
            if keys[s, w] != key[w]:
                same = False
        if same:
            if score > g[s]:
                g[s], parent[s], last[s] = score, i, code
            return n
        h = (h + 1) & hmask


@njit(cache=True)
def _alloc(cap):
    """Empty state arrays: key, best score, parent state, last placement, size."""
    return (np.zeros((cap, KEY_WORDS), dtype=np.uint64), np.zeros(cap, dtype=np.int32),
            np.full(cap, -1, dtype=np.int32), np.full(cap, -1, dtype=np.int32),
            np.zeros(cap, dtype=np.int8))


@njit(cache=True)
def _grow(keys, g, parent, last, size, n):
    """Double the state arrays and rebuild the hash table."""
    keys2, g2, parent2, last2, size2 = _alloc(2 * keys.shape[0])
    for s in range(n):
        for w in range(KEY_WORDS):
            keys2[s, w] = keys[s, w]
        g2[s], parent2[s], last2[s], size2[s] = g[s], parent[s], last[s], size[s]
    hmask = 2 * keys2.shape[0] - 1
    table = np.zeros(2 * keys2.shape[0], dtype=np.int32)
    for s in range(n):
        h = _key_hash(keys2[s], hmask)
        while table[h] != 0:
            h = (h + 1) & hmask
        table[h] = s + 1
    return keys2, g2, parent2, last2, size2, table, hmask
