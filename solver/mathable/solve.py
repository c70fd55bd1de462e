"""The exact best Mathable turn, and every legal single placement.

The compiled search (kernels.py) finds the turns; each one returned is then re-scored,
placement by placement, by the plain-Python scorer (legality.py), which also gives the
per-placement breakdown.
"""

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from eureka.contract import Result
from eureka.errors import SearchTooLarge
from eureka.mathable import kernels
from eureka.mathable.board import OPERATIONS, SQUARES
from eureka.mathable.legality import Placement, Turn, score_turn
from eureka.mathable.position import Position, with_rack
from eureka.mathable.tokens import MAX_RACK, full_rack_bonus

MAX_STATES = 20_000_000         # sets of placements kept in memory (~1.3 GB)


def _squares():
    """Each square's restriction (0 none, 1–4 for + − × ÷) and award, as kernel arrays."""
    op = np.zeros(kernels.N_CELLS, dtype=np.int64)
    award = np.zeros(kernels.N_CELLS, dtype=np.int64)
    for (r, c), square in SQUARES.items():
        i = index((r, c))
        op[i] = OPERATIONS.index(square.op) + 1 if square.op else 0
        award[i] = square.award
    return op, award


def index(cell) -> int:
    """The flat index of a board cell in the padded kernel arrays."""
    return (cell[0] + kernels.PAD) * kernels.W + cell[1] + kernels.PAD


def cell_of(i: int) -> tuple:
    """The board cell of a flat index in the padded kernel arrays."""
    return int(i) // kernels.W - kernels.PAD, int(i) % kernels.W - kernels.PAD


SQ_OP, AWARD = _squares()
EMPTY_BOARD = np.full(kernels.N_CELLS, kernels.WALL, dtype=np.int64)
EMPTY_BOARD[[index(cell) for cell in SQUARES]] = kernels.EMPTY


def board_array(grid: dict) -> np.ndarray:
    """The grid as the kernels' padded board: values, EMPTY squares, WALL around."""
    board = EMPTY_BOARD.copy()
    for cell, value in grid.items():
        board[index(cell)] = value
    return board


def _rack(rack):
    values = sorted(set(rack))
    if len(rack) > MAX_RACK:
        raise SearchTooLarge(f"a rack of {len(rack)} tokens: the search takes at most "
                             f"{MAX_RACK}")
    if any(not 0 <= v <= kernels.MAX_TOKEN for v in values):
        raise SearchTooLarge(f"token values are 0–{kernels.MAX_TOKEN}")
    return (np.array(values, dtype=np.int64),
            np.array([rack.count(v) for v in values], dtype=np.int64))


def best_turns(grid: dict, rack, limit: int = 1, bonus: int = 0,
               max_states: int = MAX_STATES) -> list:
    """The `limit` highest-scoring distinct turns (sets of placements), each in its best
    order; `bonus` is added to a turn that places every token of the rack."""
    vals, counts = _rack(list(rack))
    n, g, parent, last, size = kernels.best_turns(board_array(grid), SQ_OP, AWARD, vals,
                                                  counts, max_states)
    if n < 0:
        raise SearchTooLarge(f"more than {max_states:,} sets of placements to search")
    sizes = size[1:n]
    total = g[1:n] + np.where(sizes == len(rack), bonus, 0)
    order = np.lexsort((sizes, -total))[:limit] + 1
    turns = []
    for s in order:
        found, codes = int(g[s]), []
        while s > 0:
            codes.append(int(last[s]))
            s = parent[s]
        moves = [Placement(cell_of(c >> kernels.CODE_SHIFT), int(vals[c & 15]))
                 for c in reversed(codes)]
        turns.append(_verified(grid, moves, bonus if len(moves) == len(rack) else 0,
                               found))
    return turns


def _verified(grid: dict, moves, bonus: int, found: int) -> Turn:
    """The turn scored again by the plain-Python scorer, which must agree."""
    turn = Turn(tuple(score_turn(dict(grid), moves)), bonus)
    if turn.points - bonus != found:
        raise RuntimeError(f"search and scorer disagree on {turn.text()}: {found} and "
                           f"{turn.points - bonus} points")
    return turn


def single_placements(grid: dict, rack) -> list:
    """Every legal single placement of a rack token, best first."""
    _rack(list(rack))
    vals, cells, idx = _single_moves(grid, rack)
    found = [score_turn(dict(grid), [Placement(cell_of(c), int(vals[k]))])[0]
             for c, k in zip(cells, idx)]
    return sorted(found, key=lambda s: (-s.points, s.placement.cell, s.placement.value))


def any_placement(grid: dict, values) -> bool:
    """Whether a token of any of these values can be placed anywhere on the board."""
    return _single_moves(grid, values)[1].size > 0


def _single_moves(grid: dict, values):
    """The distinct values, and every legal (square, value index) on the board."""
    board = board_array(grid)
    vals = np.array(sorted(set(values)), dtype=np.int64)
    cells, idx, _ = kernels.single_moves(board, SQ_OP, AWARD,
                                         kernels.fill_cand(board, SQ_OP), vals)
    return vals, cells, idx


@dataclass(frozen=True)
class Solution(Result):
    """The best turns for the mover of a position, best first (none: nothing can be
    placed), and with `moves` every legal single placement."""

    schema: ClassVar[str] = "eureka.mathable.solve/1"

    position: Position
    turns: tuple                # Turn, best first
    moves: tuple | None         # Scored, best first; None unless asked for

    @property
    def fallback(self) -> str | None:
        """What the rules leave the mover when no token can be placed (None: a turn
        exists)."""
        return None if self.turns else "exchange tokens or pass"

    def board_after(self) -> dict:
        """The board after the best turn (the position's board when there is none)."""
        grid = dict(self.position.grid)
        for s in self.turns[0].placements if self.turns else ():
            grid[s.placement.cell] = s.placement.value
        return grid

    def json_fields(self) -> dict:
        return {"edition": self.position.edition, "rack": sorted(self.position.rack),
                "tokens_on_board": len(self.position.grid),
                "turns": [t.to_json() for t in self.turns],
                "moves": None if self.moves is None else [s.to_json() for s in self.moves]}


def solve(position: Position, rack=None, limit: int = 1, moves: bool = False,
          bonus: bool = True) -> Solution:
    """The `limit` best turns for `rack` (default: the position's rack) on the position's
    board; `bonus` counts the 50 points for placing a full rack of 7."""
    position = with_rack(position, rack)
    turns = best_turns(position.grid, position.rack, limit,
                       full_rack_bonus(position.rack, bonus))
    singles = single_placements(position.grid, position.rack) if moves else None
    return Solution(position, tuple(turns), None if singles is None else tuple(singles))
