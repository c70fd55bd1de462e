"""The exact best Mathable turn, and every legal single placement.

The compiled search (search.py) finds the turns; each one returned is then re-scored,
placement by placement, by the plain-Python scorer (legality.py), which also gives the
per-placement breakdown.  Turns are ranked by score, or by equity: the total plus the
value of the tokens kept (leave.py).
"""

from contextlib import nullcontext
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

import numpy as np

from eureka import parallel
from eureka.contract import Result
from eureka.errors import EurekaError, SearchTooLarge
from eureka.mathable import leave, lines, moves, search
from eureka.mathable.board import OPERATIONS, SQUARES
from eureka.mathable.connected import connected_sets
from eureka.mathable.legality import Placement, Turn, score_turn
from eureka.mathable.options import MAX_STATES, RANKINGS
from eureka.mathable.position import Position, with_rack
from eureka.mathable.tokens import MAX_RACK, full_rack_bonus

_NO_LEAVES = np.zeros(1 << MAX_RACK, dtype=np.int64)
BY_SCORE = (1, _NO_LEAVES, _NO_LEAVES)  # search.ranked_sets' scale, offsets and reach
                                        # for a ranking by score
CONNECTED_PAST = 7      # racks of more tokens are searched by connected sets
                        # (connected.py), which store far fewer sets for long racks


class Ranked(NamedTuple):
    """A turn as the search ranks it: its total (bonus included), its score without
    the bonus, its placements ((cell, value), ...) in their best order, and its equity
    (the total plus the leave's value; the total when ranked by score)."""

    total: int
    score: int
    placements: tuple
    equity: float

    @classmethod
    def of(cls, turn: Turn, equity: float | None = None) -> "Ranked":
        """A scored Turn as the search ranks it (equity: its total unless given)."""
        return cls(turn.points, turn.points - turn.bonus,
                   tuple((s.placement.cell, s.placement.value) for s in turn.placements),
                   float(turn.points) if equity is None else equity)


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
    """The flat index of a board cell in the padded kernel arrays."""
    return (cell[0] + lines.PAD) * lines.W + cell[1] + lines.PAD


def cell_of(i: int) -> tuple:
    """The board cell of a flat index in the padded kernel arrays."""
    return int(i) // lines.W - lines.PAD, int(i) % lines.W - lines.PAD


CELLS = [cell_of(i) for i in range(lines.N_CELLS)]


SQ_OP, AWARD = _squares()
INDEX = {cell: index(cell) for cell in SQUARES}
EMPTY_BOARD = np.full(lines.N_CELLS, lines.WALL, dtype=np.int64)
EMPTY_BOARD[list(INDEX.values())] = lines.EMPTY


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
    if any(not 0 <= v <= lines.MAX_TOKEN for v in values):
        raise SearchTooLarge(f"token values are 0–{lines.MAX_TOKEN}")
    return (np.array(values, dtype=np.int64),
            np.array([rack.count(v) for v in values], dtype=np.int64))


def _leaves(vals, counts, edition: int, table: leave.Leaves) -> tuple:
    """The kernel's equity ranking: (scale, offset, reach) over the tokens left as a
    mixed-radix number: offset = the leave's value in 1/UNIT points, shifted to ≥ 0,
    reach[s] = the largest offset of s and its sub-multisets."""
    units = table.sub_units(vals, counts, edition)
    offset = units - units.min()
    box = offset.reshape(tuple(counts[::-1] + 1))     # one axis per value's count
    for axis in range(box.ndim):        # the largest over every smaller count, axis by axis
        box = np.maximum.accumulate(box, axis=axis)
    return leave.UNIT, offset, box.reshape(-1)


def ranked(board: np.ndarray, rack, limit: int = 1, bonus: int = 0,
           max_states: int = MAX_STATES, bound_after: int = search.BOUND_AFTER,
           by: str = "score", edition: int = 126, leaves: leave.Leaves | None = None,
           work: list | None = None, connected: bool | None = None) -> list:
    """The `limit` best distinct turns (sets of placements) on a kernel board
    (board_array) by score or equity (`by`; the leave values of `edition` from the table
    `leaves`, by default leave.current()), as Ranked, best first; `bonus` is added to a
    turn that places every token of the rack.  Equal ranks: fewer placements first, then
    the placements (square, then value) in reading order.  SearchTooLarge past
    max_states sets of placements; `bound_after` is the kernel's (tests set 0 to bound
    from the start).  `work`, if given, gets the placements the search tried appended
    (refused or not): a measure of its work that its time follows closely.
    `connected`: search by connected sets (the default past CONNECTED_PAST tokens);
    the turns found are the same either way."""
    if by not in ("score", "equity"):
        raise EurekaError(f"the search ranks turns by score or equity, not {by!r}")
    rack = list(rack)
    vals, counts = _rack(rack)
    if not rack:
        return []
    table = leaves or leave.current()
    ranking = _leaves(vals, counts, edition, table) if by == "equity" else BY_SCORE
    if connected is None:
        connected = len(rack) > CONNECTED_PAST
    with parallel.applied(kernel="mathable connected") if connected else nullcontext():
        kernel = connected_sets if connected else search.ranked_sets
        n, steps, found = kernel(board.copy(), SQ_OP, AWARD, vals, counts, bonus, limit,
                                 max_states, bound_after, *ranking)
    if work is not None:
        work.append(int(steps))
    if n < 0:
        raise SearchTooLarge(f"more than {max_states:,} sets of placements to search (a "
                             f"rack of {len(rack)} tokens that fit almost anywhere): "
                             f"search fewer tokens, e.g. 7, or allow more sets with "
                             f"--max-sets (each million takes about "
                             f"{'10 s and 500 MB' if connected else '3 s and 170 MB'})")
    rows = sorted(found.tolist(), key=lambda r: (-r[0], r[2], sorted(r[3:3 + r[2]])))
    out = []
    for _, score, size, *codes in rows[:limit]:
        placements = tuple((CELLS[c >> lines.CODE_SHIFT], int(vals[c & 15]))
                           for c in codes[:size])
        total = score + (bonus if size == len(rack) else 0)
        value = table.equity(total, leave.kept(rack, [v for _, v in placements]),
                             edition) if by == "equity" else float(total)
        out.append(Ranked(total, score, placements, value))
    return out


def plan(board: np.ndarray, rack, limit: int = 1, bonus: int = 0, by: str = "score",
         edition: int = 126, work: list | None = None) -> list:
    """`ranked`, never SearchTooLarge: a search past its budget of sets (by equity
    rare, its bound looser than the score's) gives the best turn by score, and past
    that too, the best single placement (square, then value, in reading order on equal
    points).  Ranked by equity, a fallback's equity is its total plus its leave's
    value.  `work`: as for `ranked`, one entry a search."""
    rack = list(rack)
    try:
        return ranked(board, rack, limit, bonus, by=by, edition=edition, work=work)
    except SearchTooLarge:
        if (by, limit) == ("score", 1):
            found = _best_single(board, rack)
        else:
            try:
                found = ranked(board, rack, 1, bonus, work=work)
            except SearchTooLarge:
                found = _best_single(board, rack)
    if by == "score":
        return found
    return [r._replace(equity=leave.current().equity(
                r.total, leave.kept(rack, [v for _, v in r.placements]), edition))
            for r in found]


def _best_single(board: np.ndarray, rack) -> list:
    """The best single placement as a one-turn list (empty: none), ranked by score."""
    vals, cells, idx, points = _single_moves(board, rack)
    moves = sorted(zip((-points).tolist(), [CELLS[c] for c in cells], vals[idx].tolist()))
    return [Ranked(-p, -p, ((cell, v),), float(-p)) for p, cell, v in moves[:1]]


def best_turns(grid: dict, rack, limit: int = 1, bonus: int = 0,
               max_states: int = MAX_STATES, by: str = "score", edition: int = 126,
               **kernel) -> list:
    """The `limit` best distinct turns (sets of placements) by score or equity, each in
    its best order and scored again by the plain-Python scorer (see `ranked`)."""
    return [_verified(grid, [Placement(*p) for p in r.placements], r.total - r.score,
                      r.score)
            for r in ranked(board_array(grid), rack, limit, bonus, max_states, by=by,
                            edition=edition, **kernel)]


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
    vals, cells, idx, _ = _single_moves(board_array(grid), rack)
    found = [score_turn(dict(grid), [Placement(cell_of(c), int(vals[k]))])[0]
             for c, k in zip(cells, idx)]
    return sorted(found, key=lambda s: (-s.points, s.placement.cell, s.placement.value))


def any_placement(board: np.ndarray, values) -> bool:
    """Whether a token of any of these values can be placed anywhere on the kernel
    board (board_array)."""
    return _single_moves(board, values)[1].size > 0


def placed_on(board: np.ndarray, placements) -> np.ndarray:
    """A copy of the kernel board with these placements ((cell, value), ...) on it."""
    board = board.copy()
    for cell, value in placements:
        board[INDEX[cell]] = value
    return board


def best_single(board: np.ndarray, values) -> int:
    """The most a single placement of a token of any of these values scores on the
    kernel board (0: none can be placed)."""
    points = _single_moves(board, values)[3]
    return int(points.max()) if points.size else 0


def _single_moves(board: np.ndarray, values):
    """The distinct values, and every legal (square, value index) on the board with
    its points."""
    vals = np.array(sorted(set(values)), dtype=np.int64)
    cells, idx, points = moves.single_moves(board, SQ_OP, AWARD,
                                              lines.fill_cand(board, SQ_OP), vals)
    return vals, cells, idx, points


@dataclass(frozen=True)
class Solution(Result):
    """The best turns for the mover of a position by score or equity (`by`), best
    first (none: nothing can be placed), and with `moves` every legal single
    placement."""

    schema: ClassVar[str] = "eureka.mathable.solve/1"

    position: Position
    turns: tuple                # Turn, best first
    moves: tuple | None         # Scored, best first; None unless asked for
    by: str = "score"

    def leave(self, turn) -> list:
        """The tokens the turn keeps on the holder, ascending."""
        return leave.kept(self.position.rack, [s.placement.value for s in turn.placements])

    def equity(self, turn) -> float:
        """The turn's total plus the value of its leave (whatever the ranking)."""
        return leave.current().equity(turn.points, self.leave(turn), self.position.edition)

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
                "by": self.by,
                "turns": [{**t.to_json(), "equity": self.equity(t), "leave": self.leave(t)}
                          for t in self.turns],
                "moves": None if self.moves is None else [s.to_json() for s in self.moves]}


def solve(position: Position, rack=None, limit: int = 1, moves: bool = False,
          bonus: bool = True, by: str = "score", max_sets: int = MAX_STATES) -> Solution:
    """The `limit` best turns for `rack` (default: the position's rack) on the position's
    board, by score or equity (`by`); `bonus` counts the 50 points for placing a full
    rack of 7.  SearchTooLarge past `max_sets` stored sets of placements."""
    if by not in RANKINGS:
        raise EurekaError(f"rank turns by {' or '.join(RANKINGS)}, not {by!r}")
    if max_sets < 1:
        raise EurekaError(f"the search needs room for at least one set, not {max_sets}")
    position = with_rack(position, rack)
    turns = best_turns(position.grid, position.rack, limit,
                       full_rack_bonus(position.rack, bonus), max_sets, by=by,
                       edition=position.edition)
    singles = single_placements(position.grid, position.rack) if moves else None
    return Solution(position, tuple(turns), None if singles is None else tuple(singles),
                    by)
