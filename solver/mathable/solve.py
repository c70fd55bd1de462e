"""The exact best Mathable turn, and every legal single placement.

The compiled search (kernels.py) finds the turns; each one returned is then re-scored,
placement by placement, by the plain-Python scorer (legality.py), which also gives the
per-placement breakdown.
"""

from dataclasses import dataclass
from typing import ClassVar, NamedTuple

import numpy as np

from eureka.contract import Result
from eureka.errors import SearchTooLarge
from eureka.mathable import kernels
from eureka.mathable.board import OPERATIONS, SQUARES
from eureka.mathable.legality import Placement, Turn, score_turn
from eureka.mathable.position import Position, with_rack
from eureka.mathable.tokens import MAX_RACK, full_rack_bonus

MAX_STATES = 100_000    # sets of placements stored, then refused: under 1 s and 30 MB
                        # (the worst 7-token rack of the real games stores 21,936)


class Ranked(NamedTuple):
    """A turn as the search ranks it: its total (bonus included), its score without
    the bonus, and its placements ((cell, value), ...) in their best order."""

    total: int
    score: int
    placements: tuple


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


CELLS = [cell_of(i) for i in range(kernels.N_CELLS)]


SQ_OP, AWARD = _squares()
INDEX = {cell: index(cell) for cell in SQUARES}
EMPTY_BOARD = np.full(kernels.N_CELLS, kernels.WALL, dtype=np.int64)
EMPTY_BOARD[list(INDEX.values())] = kernels.EMPTY


def board_array(grid: dict) -> np.ndarray:
    """The grid as the kernels' padded board: values, EMPTY squares, WALL around."""
    board = EMPTY_BOARD.copy()
    board[[INDEX[cell] for cell in grid]] = list(grid.values())
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


def ranked(board: np.ndarray, rack, limit: int = 1, bonus: int = 0,
           max_states: int = MAX_STATES, bound_after: int = kernels.BOUND_AFTER) -> list:
    """The `limit` highest-scoring distinct turns (sets of placements) on a kernel
    board (board_array), as Ranked, best first; `bonus` is added to a turn that places
    every token of the rack.  Equal totals: fewer placements first, then the
    placements (square, then value) in reading order.  SearchTooLarge past max_states sets of placements;
    `bound_after` is the kernel's (tests set 0 to bound from the start)."""
    vals, counts = _rack(list(rack))
    n, found = kernels.best_sets(board.copy(), SQ_OP, AWARD, vals, counts, bonus, limit,
                                 max_states, bound_after)
    if n < 0:
        raise SearchTooLarge(f"more than {max_states:,} sets of placements to search (a "
                             f"rack of {len(rack)} tokens that fit almost anywhere): "
                             f"search fewer tokens, e.g. 7")
    rows = sorted(found.tolist(), key=lambda r: (-r[0], r[2], sorted(r[3:3 + r[2]])))
    return [Ranked(total, score, tuple((CELLS[c >> kernels.CODE_SHIFT], int(vals[c & 15]))
                                       for c in codes[:size]))
            for total, score, size, *codes in rows[:limit]]


def best_turns(grid: dict, rack, limit: int = 1, bonus: int = 0,
               max_states: int = MAX_STATES, **kernel) -> list:
    """The `limit` highest-scoring distinct turns (sets of placements), each in its best
    order and scored again by the plain-Python scorer (see `ranked`)."""
    return [_verified(grid, [Placement(*p) for p in r.placements], r.total - r.score,
                      r.score)
            for r in ranked(board_array(grid), rack, limit, bonus, max_states, **kernel)]


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
    vals, cells, idx = _single_moves(board_array(grid), rack)
    found = [score_turn(dict(grid), [Placement(cell_of(c), int(vals[k]))])[0]
             for c, k in zip(cells, idx)]
    return sorted(found, key=lambda s: (-s.points, s.placement.cell, s.placement.value))


def any_placement(board: np.ndarray, values) -> bool:
    """Whether a token of any of these values can be placed anywhere on the kernel
    board (board_array)."""
    return _single_moves(board, values)[1].size > 0


def _single_moves(board: np.ndarray, values):
    """The distinct values, and every legal (square, value index) on the board."""
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
