"""A rack's single placements: every legal one, scored, and on a kernel board whether
any exists and the most one scores."""

import numpy as np

from eureka.mathable import lines, moves
from eureka.mathable.arrays import AWARD, SQ_OP, board_array, cell_of, rack_arrays
from eureka.mathable.legality import Placement, score_turn


def single_placements(grid: dict, rack) -> list:
    """Every legal single placement of a rack token, best first."""
    rack_arrays(list(rack))
    vals, cells, idx, _ = single_moves(board_array(grid), rack)
    found = [score_turn(dict(grid), [Placement(cell_of(c), int(vals[k]))])[0]
             for c, k in zip(cells, idx)]
    return sorted(found, key=lambda s: (-s.points, s.placement.cell, s.placement.value))


def any_placement(board: np.ndarray, values) -> bool:
    """Whether a token of any of these values can be placed anywhere on the kernel
    board (board_array)."""
    return single_moves(board, values)[1].size > 0


def best_single(board: np.ndarray, values) -> int:
    """The most a single placement of a token of any of these values scores on the
    kernel board (0: none can be placed)."""
    points = single_moves(board, values)[3]
    return int(points.max()) if points.size else 0


def single_moves(board: np.ndarray, values):
    """The distinct values, and every legal (square, value index) on the board with
    its points."""
    vals = np.array(sorted(set(values)), dtype=np.int64)
    cells, idx, points = moves.single_moves(board, SQ_OP, AWARD,
                                              lines.fill_cand(board, SQ_OP), vals)
    return vals, cells, idx, points
