"""The best turns of a rack on a kernel board, by score or by equity.

The compiled search (search.py, or connected.py for long racks) is called, and each
turn it finds is scored again, placement by placement, by the plain-Python scorer
(legality.py), which must agree.
"""

from contextlib import nullcontext
from typing import NamedTuple

import numpy as np

from eureka import parallel
from eureka.errors import EurekaError, SearchTooLarge
from eureka.mathable import leave, lines, search
from eureka.mathable.arrays import AWARD, CELLS, SQ_OP, board_array, rack_arrays
from eureka.mathable.connected import connected_sets
from eureka.mathable.legality import Placement, Turn, score_turn
from eureka.mathable.options import MAX_STATES
from eureka.mathable.singles import single_moves
from eureka.mathable.tokens import MAX_RACK

_NO_LEAVES = np.zeros(1 << MAX_RACK, dtype=np.int64)
BY_SCORE = (1, _NO_LEAVES, _NO_LEAVES)  # search.ranked_sets' scale, offsets and reach
                                        # for a ranking by score
CONNECTED_PAST = 7      # racks of more tokens are searched by connected sets
                        # (connected.py), which store far fewer sets for long racks


class Ranked(NamedTuple):
    """A turn as the search ranks it.

    Its total (bonus included), its score without the bonus, its placements ((cell,
    value), ...) in their best order, and its equity (the total plus the leave's value;
    the total when ranked by score).
    """

    total: int
    score: int
    placements: tuple
    equity: float

    @classmethod
    def of(cls, turn: Turn, equity: float | None = None) -> "Ranked":
        """The scored `turn` as the search ranks it; its `equity` is its total unless given."""
        return cls(turn.points, turn.points - turn.bonus,
                   tuple((s.placement.cell, s.placement.value) for s in turn.placements),
                   float(turn.points) if equity is None else equity)


def _leaves(vals, counts, edition: int, table: leave.Leaves) -> tuple:
    """The kernel's equity ranking of a rack: (scale, offset, reach).

    Over the tokens left as a mixed-radix number: offset = the leave's value in 1/UNIT
    points, shifted to ≥ 0, reach[s] = the largest offset of s and its sub-multisets.
    """
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
    """The `limit` best distinct turns (sets of placements) of `rack` on `board`, as Ranked.

    `board`: a kernel board (arrays.board_array), left as it is. The turns are ranked
    `by` "score" or "equity" (the leave values of `edition` from the table `leaves`, by
    default leave.current()), best first; `bonus` is added to a turn that places every
    token of the rack.  Equal ranks: fewer placements first, then the placements
    (square, then value) in reading order.  `max_states`: the most sets of placements
    the search stores; `bound_after` is the kernel's (tests set 0 to bound from the
    start).  `work`, if given, gets the placements the search tried appended (refused
    or not): a measure of its work that its time follows closely.  `connected`: search
    by connected sets (the default past CONNECTED_PAST tokens); the turns found are the
    same either way.

    Returns [] for an empty rack. Raises EurekaError for another `by`, and
    SearchTooLarge past `max_states` sets of placements or for a rack rack_arrays
    refuses (more than MAX_RACK tokens, a value no token has).
    """
    if by not in ("score", "equity"):
        raise EurekaError(f"the search ranks turns by score or equity, not {by!r}")
    rack = list(rack)
    vals, counts = rack_arrays(rack)
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
    """The `limit` best turns of `rack` on `board` as `ranked` gives them, never SearchTooLarge.

    A search past its budget of sets (by equity rare, its bound looser than the
    score's) gives the best turn by score, and past that too, the best single placement
    (square, then value, in reading order on equal points): one turn, or none.  Ranked
    by equity, a fallback's equity is its total plus its leave's value, from the table
    in use.  `bonus`, `by`, `edition` as for `ranked`; `work`: as for `ranked`, one
    entry a search.
    """
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
    vals, cells, idx, points = single_moves(board, rack)
    moves = sorted(zip((-points).tolist(), [CELLS[c] for c in cells], vals[idx].tolist()))
    return [Ranked(-p, -p, ((cell, v),), float(-p)) for p, cell, v in moves[:1]]


def best_turns(grid: dict, rack, limit: int = 1, bonus: int = 0,
               max_states: int = MAX_STATES, by: str = "score", edition: int = 126,
               **kernel) -> list:
    """The `limit` best distinct turns of `rack` on `grid`, each in its best order, scored again.

    `grid` maps cells to the values on them; `bonus`, `max_states`, `by` and `edition`
    are as for `ranked`, and `kernel` holds its other keywords (bound_after, leaves,
    work, connected).  Each turn is scored again by the plain-Python scorer
    (legality.score_turn).

    Returns a list of legality.Turn, best first. Raises what `ranked` raises, and
    RuntimeError if the search and the scorer disagree.
    """
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
