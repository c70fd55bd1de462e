"""A position as the kernels read it: the padded board, the squares, and the rack.

The board is a flat array padded by walls (lines.py's geometry); each square has its
restriction and award; a rack is its distinct values and their counts.
"""

import numpy as np

from eureka.errors import SearchTooLarge
from eureka.mathable import lines
from eureka.mathable.board import OPERATIONS, SQUARES
from eureka.mathable.tokens import MAX_RACK


def _squares():
    """Each square's restriction (0 none, 1–4 for + − × ÷) and award, as kernel arrays."""
    op = np.zeros(lines.N_CELLS, dtype=np.int64)
    award = np.zeros(lines.N_CELLS, dtype=np.int64)
    for (r, c), square in SQUARES.items():
        i = index((r, c))
        op[i] = OPERATIONS.index(square.op) + 1 if square.op else 0
        award[i] = square.award
    return op, award


def index(cell) -> int:
    """The flat index of the board `cell` (row, column) in the padded kernel arrays."""
    return (cell[0] + lines.PAD) * lines.W + cell[1] + lines.PAD


def cell_of(i: int) -> tuple:
    """The board cell (row, column) of the flat index `i` in the padded kernel arrays."""
    return int(i) // lines.W - lines.PAD, int(i) % lines.W - lines.PAD


CELLS = [cell_of(i) for i in range(lines.N_CELLS)]


SQ_OP, AWARD = _squares()
INDEX = {cell: index(cell) for cell in SQUARES}
EMPTY_BOARD = np.full(lines.N_CELLS, lines.WALL, dtype=np.int64)
EMPTY_BOARD[list(INDEX.values())] = lines.EMPTY


def board_array(grid: dict) -> np.ndarray:
    """The `grid` (cell -> value) as the kernels' padded board: values, EMPTY, WALL around."""
    board = EMPTY_BOARD.copy()
    board[[INDEX[cell] for cell in grid]] = list(grid.values())
    return board


def placed_on(board: np.ndarray, placements) -> np.ndarray:
    """A copy of the kernel `board` with the `placements` ((cell, value), ...) on it."""
    board = board.copy()
    for cell, value in placements:
        board[INDEX[cell]] = value
    return board


def rack_arrays(rack) -> tuple:
    """The `rack` as the kernels take it: its distinct values and their counts.

    Returns two int64 arrays, the values ascending. Raises SearchTooLarge for more tokens
    than a turn can hold (MAX_RACK), or a value no token has.
    """
    values = sorted(set(rack))
    if len(rack) > MAX_RACK:
        raise SearchTooLarge(f"a rack of {len(rack)} tokens: the search takes at most "
                             f"{MAX_RACK}")
    if any(not 0 <= v <= lines.MAX_TOKEN for v in values):
        raise SearchTooLarge(f"token values are 0–{lines.MAX_TOKEN}")
    return (np.array(values, dtype=np.int64),
            np.array([rack.count(v) for v in values], dtype=np.int64))
