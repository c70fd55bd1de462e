"""A brute-force Mathable endgame, for small holders: the full game tree, no pruning.

A turn is built one single placement at a time (each legal on the board the earlier ones
left, as eureka.mathable.legality scores it); after each one the mover may stop or go
on.  A player who can place nothing passes; the game ends when a holder is empty after a
turn or when neither player can place; each player then deducts the values left on their
own holder; +50 for a turn that starts with 7 tokens and places all 7.
"""

from eureka.mathable.board import SQUARES
from eureka.mathable.legality import IllegalPlacement, Placement, score

BONUS = 50
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def singles(grid: dict, holder: tuple) -> list:
    """Every legal single placement of a holder token: (cell, value, points)."""
    near = {(r + dr, c + dc) for r, c in grid for dr, dc in DIRECTIONS}
    found = []
    for cell in sorted(near):
        if cell not in SQUARES or cell in grid:
            continue
        for v in sorted(set(holder)):
            if _legal(grid, cell, v):
                found.append((cell, v, score(grid, Placement(cell, v)).points))
    return found


def _legal(grid, cell, v) -> bool:
    try:
        score(grid, Placement(cell, v))
    except IllegalPlacement:
        return False
    return True


def _minus(holder: tuple, v: int) -> tuple:
    rest = list(holder)
    rest.remove(v)
    return tuple(rest)


def value(grid: dict, me: tuple, other: tuple, bonus: bool = True) -> int:
    """The final score difference, player to move − the other, from 0 each."""
    if not singles(grid, me):
        if not singles(grid, other):
            return sum(other) - sum(me)
        return -value(grid, other, me, bonus)
    full = bonus and len(me) == 7
    return _turn(grid, me, other, 0, False, full, bonus)


def _turn(grid, me, other, points, placed, full, bonus) -> int:
    """The best the mover can do from the middle of a turn: stop (after one placement
    at least) or place one more token."""
    options = []
    if placed:
        options.append(points - value(grid, other, me, bonus))
    for cell, v, p in singles(grid, me):
        rest = _minus(me, v)
        if not rest:                     # emptied: the game ends, the other deducts
            options.append(points + p + (BONUS if full else 0) + sum(other))
        else:
            options.append(_turn({**grid, cell: v}, rest, other, points + p, True,
                                 full, bonus))
    return max(options)
