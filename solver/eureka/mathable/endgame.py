"""The exact Mathable endgame: the bag is empty, both holders are known, two players.

The rest of the game is solved by negamax (minimax from the mover's side) with
alpha–beta and a transposition table.  A move is a distinct set of placements of the
mover's holder, scored by its best legal order: every one of them, from the compiled
search (search.best_sets) with room for every set, so that its bound cuts nothing,
highest total first.
The end of the game (rulebook V.4, docs/RULES.md): a player who can place must place; a
player who cannot passes; the game ends when a holder is empty after a turn, or when
neither player can place; each player then deducts the values left on their own holder;
the full-rack bonus needs a turn that starts with 7 tokens and places all 7.  With the
bag empty no restriction square draws.

The value of a position is the final score difference, mover − opponent, counted from
the current scores.  Every turn of the principal line is scored again by the plain-
Python scorer (legality.score_turn), which must agree.
"""

from collections import Counter

import numpy as np

from eureka.errors import SearchTooLarge
from eureka.mathable import lines, search
from eureka.mathable.arrays import AWARD, CELLS, SQ_OP, board_array
from eureka.mathable.board import PositionError
from eureka.mathable.legality import Placement, Turn, score_turn
from eureka.mathable.options import MAX_STATES
from eureka.mathable.position import Position, with_rack
from eureka.mathable.ranking import Ranked
from eureka.mathable.results import Endgame, Step
from eureka.mathable.singles import any_placement
from eureka.mathable.tokens import RACK_SIZE, full_rack_bonus
from eureka.text import plural

# The budget, predicted from the input before searching: holders of up to ALWAYS
# tokens each are always solved; larger ones when the two holders have at most MAX_SETS
# sets of placements between them on the board now; the rest is refused at once (the
# times that set these bounds: docs/BENCHMARKS.md, the exact endgame).
ALWAYS = 4
MAX_SETS = 2_500
MAX_NODES = 2_000_000   # positions searched before giving up: a safety net the budget
                        # keeps far away
INF = float("inf")


class _Search:
    """The game tree below one endgame position, searched with a transposition table.

    The table is {(board placements, holder to move, other holder): (lower bound, upper
    bound, best move)}.  A move is (total, score, placements): the total with the bonus,
    the score without, the placements ((kernel square, value), ...) in their best order.
    """

    def __init__(self, grid: dict, bonus: bool):
        self.board = board_array(grid)
        self.placed = []                # (square, value) put down since the root
        self.bonus = bonus
        self.table = {}
        self.nodes = 0

    def moves(self, holder: tuple) -> tuple:
        """Every distinct set of placements of the holder on the board now (`turns`)."""
        return turns(self.board, holder, self.bonus)

    def value(self, me: tuple, other: tuple, alpha: float, beta: float) -> int:
        """The exact value for the player to move (holder `me`) when it lies inside (alpha, beta).

        Else a bound on the side it falls (fail-soft). Raises SearchTooLarge past MAX_NODES
        positions.
        """
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise SearchTooLarge(f"the endgame needs more than {MAX_NODES:,} positions "
                                 f"searched")
        key = (frozenset(self.placed), me, other)
        low, high, first = self.table.get(key, (-INF, INF, 0))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        a, b = max(alpha, low), min(beta, high)
        best, top = self._best(me, other, a, b, first)
        if best <= a:                   # every move failed low: none is known best
            high = min(high, best)
            top = first
        elif best >= b:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high, top)
        return best

    def _best(self, me, other, alpha, beta, first) -> tuple:
        """(value, the index of the best move) of the player to move.

        The move that was best the last time this position was searched (`first`) is tried
        first, then the others highest total first.
        """
        rows, values = self.moves(me)
        if not rows:
            if not any_placement(self.board, other):
                return sum(other) - sum(me), 0      # blocked: both deduct
            return -self.value(other, me, -beta, -alpha), 0     # a pass
        best, top = -INF, first
        for i in (first, *range(first), *range(first + 1, len(rows))):
            v = self.after(_move(rows[i], values), me, other, alpha, beta)
            if v > best:
                best, top = v, i
                alpha = max(alpha, v)
                if alpha >= beta:
                    break
        return best, top

    def after(self, move, me, other, alpha=-INF, beta=INF) -> int:
        """The value of playing `move` for the holder `me`."""
        total, _, placements = move
        rest = _without(me, placements)
        if not rest:
            return total + sum(other)               # emptied: the other deducts
        board, placed = self.board, self.placed
        for square, v in placements:
            board[square] = v
        placed.extend(placements)
        try:
            return total - self.value(other, rest, total - beta, total - alpha)
        finally:
            del placed[len(placed) - len(placements):]
            for square, _ in placements:
                board[square] = lines.EMPTY

    def line(self, me: tuple, other: tuple, target: int, grid: dict) -> list:
        """The principal line from this position, whose value is `target`.

        At each turn, the first move (highest total first) that keeps the value.
        """
        steps, player = [], 0
        while True:
            rows, values = self.moves(me)
            if not rows:
                if not any_placement(self.board, other):
                    return steps
                steps.append(Step(player, None))
            else:
                move = next(m for m in (_move(row, values) for row in rows)
                            if self.after(m, me, other, target - 1, target + 1)
                            == target)
                total, _, placements = move
                steps.append(Step(player, _verified(grid, move)))
                target -= total
                me = _without(me, placements)
                for square, v in placements:
                    grid[CELLS[square]] = self.board[square] = v
                self.placed.extend(placements)
                if not me:
                    return steps
            me, other, player, target = other, me, 1 - player, -target


def turns(board, holder: tuple, bonus: bool = True) -> tuple:
    """(rows, values): every distinct set of placements of `holder` on the kernel `board`.

    The rows come highest total first, as rows (total, score, size, codes...) of the
    compiled search (search.best_sets, with room for every set so that its bound cuts
    nothing), and the values are the token values the codes index; `bonus` counts the
    full-rack bonus. Raises SearchTooLarge for a holder with more than MAX_STATES sets.
    """
    if not holder:
        return [], []
    values = sorted(set(holder))
    vals = np.array(values, dtype=np.int64)
    counts = np.array([holder.count(v) for v in values], dtype=np.int64)
    n, rows = search.best_sets(board.copy(), SQ_OP, AWARD, vals, counts,
                               full_rack_bonus(holder, bonus), MAX_STATES, MAX_STATES,
                               search.BOUND_AFTER)
    if n < 0:
        raise SearchTooLarge(f"a holder with more than {MAX_STATES:,} sets of placements")
    return rows[np.argsort(-rows[:, 0], kind="stable")].tolist(), values


def _move(row, values) -> tuple:
    """A row of the compiled search as a move: (total, score, ((square, value), ...))."""
    total, score, size, *codes = row
    return total, score, tuple((code >> lines.CODE_SHIFT, values[code & 15])
                               for code in codes[:size])


def _without(holder: tuple, placements) -> tuple:
    """The holder after the placements (sorted, as it was)."""
    rest = list(holder)
    for _, v in placements:
        rest.remove(v)
    return tuple(rest)


def _verified(grid: dict, move) -> Turn:
    """The move as a Turn, scored again by the plain-Python scorer, which must agree."""
    total, score, placements = move
    scored = tuple(score_turn(dict(grid), [Placement(CELLS[square], v)
                                           for square, v in placements]))
    turn = Turn(scored, total - score)
    if turn.points != total:
        raise RuntimeError(f"search and scorer disagree on {turn.text()}: {score} and "
                           f"{turn.points - turn.bonus} points")
    return turn


def budget(grid: dict, mover, opponent, bonus: bool = True) -> None:
    """Raise SearchTooLarge, at once, for an endgame beyond the budget (see ALWAYS).

    `mover` and `opponent` are the two holders on the board `grid`; `bonus` counts the
    full-rack bonus.
    """
    if len(mover) <= ALWAYS and len(opponent) <= ALWAYS:
        return
    tree = _Search(grid, bonus)
    sets = [len(tree.moves(tuple(sorted(h)))[0]) for h in (mover, opponent)]
    if sum(sets) > MAX_SETS:
        raise SearchTooLarge(f"an endgame too large to solve exactly: the holders have "
                             f"{sets[0]:,} and {sets[1]:,} sets of placements, and the "
                             f"search takes {MAX_SETS:,} between them (holders of up "
                             f"to {ALWAYS} tokens always)")


def solve_endgame(grid: dict, mover, opponent, bonus: bool = True):
    """(value, line, nodes): the exact rest of the game for the holders `mover` and `opponent`.

    On the board `grid`, with `bonus` counting the full-rack bonus: the value for the mover
    (final difference mover − opponent, counted from 0 each), the principal line (Step, in
    order) and the positions searched. Raises SearchTooLarge past MAX_NODES positions;
    call `budget` first to refuse a large endgame at once.
    """
    me, other = tuple(sorted(mover)), tuple(sorted(opponent))
    tree = _Search(grid, bonus)
    value = tree.value(me, other, -INF, INF)
    line = tree.line(me, other, value, dict(grid))
    return value, line, tree.nodes


def endgame(position: Position, rack=None, bonus: bool = True) -> Endgame:
    """The exact endgame of `position`, whose bag is empty and whose file gives both holders.

    `rack`, when given, replaces the mover's holder; `bonus` counts the full-rack bonus.
    Raises PositionError for a position unfit for it, or SearchTooLarge beyond the budget,
    saying why, at once.
    """
    position = with_rack(position, rack)
    opponent, other = _holders(position)
    me = tuple(sorted(position.rack))
    budget(position.grid, me, other, bonus)
    value, line, nodes = solve_endgame(position.grid, me, other, bonus)
    holders, gained = [list(me), list(other)], [0, 0]
    for step in line:
        if step.turn is not None:
            gained[step.player] += step.turn.points
            for s in step.turn.placements:
                holders[step.player].remove(s.placement.value)
    deductions = tuple(sum(h) for h in holders)
    net = [g - d for g, d in zip(gained, deductions)]
    if net[0] - net[1] != value:
        raise RuntimeError(f"the endgame's line replays to {net[0] - net[1]}, not its "
                           f"value {value}")
    final = (position.score + net[0], position.other_scores.get(opponent, 0) + net[1])
    return Endgame(position, opponent, final[0] - final[1], tuple(line), deductions,
                   final, nodes)


def _holders(position: Position) -> tuple:
    """(the opponent's name, holder) of a validated position fit for the exact endgame.

    Fit: two holders known, 1–7 tokens each, and the bag empty; else PositionError.
    """
    if not position.others:
        raise PositionError("the exact endgame needs the opponent's holder: a 'rack "
                            "NAME:' line (JSON: \"others\")")
    if len(position.others) > 1:
        raise PositionError(f"the exact endgame is for 2 players, but the position "
                            f"gives {len(position.others)} other racks")
    (name, rack), = position.others.items()
    strays = sorted(set(position.other_scores) - {name})
    if strays:
        raise PositionError(f"score {strays[0]}: no rack {strays[0]} (the opponent is "
                            f"rack {name})")
    for who, holder in (("the mover's rack", position.rack), (f"rack {name}", rack)):
        if not holder:
            raise PositionError(f"{who} is empty: with the bag empty the game is over")
        if len(holder) > RACK_SIZE:
            raise PositionError(f"{who}: {len(holder)} tokens, but a holder has "
                                f"{RACK_SIZE} between turns")
    unseen = position.unseen()          # the bag's tokens, listed or not
    if unseen:
        raise PositionError(f"the bag is not empty: {_tokens(unseen)} on neither the "
                            f"board nor a holder")
    return name, tuple(sorted(rack))


def _tokens(tokens: Counter) -> str:
    """'3 tokens (0 5 9) are', the first eight listed."""
    values = sorted(tokens.elements())
    listed = " ".join(map(str, values[:8])) + (" ..." if len(values) > 8 else "")
    verb = "is" if len(values) == 1 else "are"
    return f"{plural(len(values), 'token')} ({listed}) {verb}"


def planner(fallback):
    """The "endgame" policy's planner (policies.PLANNERS), falling back on `fallback`.

    With the bag empty and two players, the planner plays the first turn of the exact line,
    or None when the seat must pass; otherwise, and for an endgame beyond the budget, the
    `fallback` planner's turn.
    """
    def plan(game, seat: int, holder: list, full_bonus: int):
        other = game.holders[1 - seat] if len(game.holders) == 2 else None
        if game.bag or not other:
            return fallback(game, seat, holder, full_bonus)
        try:
            budget(game.grid, holder, other, game.bonus)
            _, line, _ = solve_endgame(game.grid, holder, other, game.bonus)
        except SearchTooLarge:
            return fallback(game, seat, holder, full_bonus)
        turn = line[0].turn if line else None
        if turn is None:
            return None
        return Ranked.of(turn)
    return plan
