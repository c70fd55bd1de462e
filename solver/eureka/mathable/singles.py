"""A rack's single placements: every legal one scored, whether any exists, the best score.

On a grid, every legal single placement scored by the plain-Python scorer; on a kernel
board (arrays.board_array), whether any exists and the most one scores, and whether the
rules let a player pass.
"""

import numpy as np

from eureka.mathable import lines, moves
from eureka.mathable.arrays import AWARD, SQ_OP, board_array, cell_of, rack_arrays
from eureka.mathable.legality import Placement, score_turn
from eureka.text import plural


def single_placements(grid: dict, rack) -> list:
    """Every legal single placement of a token of `rack` on `grid`, as Scored, best first.

    `grid` maps cells to the values on them. Equal points: by cell, then by value.
    Raises SearchTooLarge for a rack of more than MAX_RACK tokens or a value no token has.
    """
    rack_arrays(list(rack))
    vals, cells, idx, _ = single_moves(board_array(grid), rack)
    found = [score_turn(dict(grid), [Placement(cell_of(c), int(vals[k]))])[0]
             for c, k in zip(cells, idx)]
    return sorted(found, key=lambda s: (-s.points, s.placement.cell, s.placement.value))


def any_placement(board: np.ndarray, values) -> bool:
    """Whether a token of any of the `values` can be placed anywhere on the kernel `board`.

    `board`: a kernel board (arrays.board_array).
    """
    return single_moves(board, values)[1].size > 0


def pass_refusal(board: np.ndarray, holder, bag: int) -> str | None:
    """Why the rules refuse a pass to the player holding `holder`, or None when they allow it.

    A player passes only when the bag is empty (`bag`: the tokens in it) and no token of
    the `holder` can be placed on the kernel `board` (docs/RULES.md, "The bag empty"): a
    player who can place must, and one who cannot exchanges while the bag holds tokens.
    """
    if any_placement(board, holder):
        return "a token of the holder can be placed, and a player who can place must"
    if bag:
        return (f"the bag holds {plural(bag, 'token')}, and while it holds any a player "
                f"places or exchanges")
    return None


def best_single(board: np.ndarray, values) -> int:
    """The most a single placement of a token of any of the `values` scores on `board`.

    `board`: a kernel board (arrays.board_array). Returns 0 when none can be placed.
    """
    points = single_moves(board, values)[3]
    return int(points.max()) if points.size else 0


def single_moves(board: np.ndarray, values):
    """The distinct `values`, and every legal single placement of one on `board`.

    `board`: a kernel board (arrays.board_array). Returns (vals, cells, idx, points):
    the distinct values ascending, then for each legal placement its flat square, the
    index of its value in vals and its points (numpy int64 arrays).
    """
    vals = np.array(sorted(set(values)), dtype=np.int64)
    cells, idx, points = moves.single_moves(board, SQ_OP, AWARD,
                                              lines.fill_cand(board, SQ_OP), vals)
    return vals, cells, idx, points
