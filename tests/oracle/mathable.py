"""A slow, obviously correct Mathable reference, written from the rule text alone.

A grid is a dict {(row, col): value}.  Legality and points are read straight off the
rules; a turn is found by trying EVERY ordered sequence of placements (each legal on the
board the earlier ones left), and each distinct set of placements keeps the best score of
its legal orders.  Only the squares (restriction, award) and the printed tokens come from
the solver's board module.
"""

from eureka.mathable.board import SQUARES, START

SIZE = 14
CELLS = [(r, c) for r in range(SIZE) for c in range(SIZE)]
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def made(a: int, b: int, op: str) -> set:
    """The values two tokens make under one operation, in either order."""
    if op == "+":
        return {a + b}
    if op == "-":
        return {abs(a - b)}
    if op == "*":
        return {a * b}
    # ÷: exact, non-zero divisor, either token may be the dividend (0 ÷ b = 0 counts)
    return {x // y for x, y in ((a, b), (b, a)) if y != 0 and x % y == 0}


def completed(grid: dict, cell, value: int) -> int:
    """How many directions complete an equation making `value` at the empty `cell`
    (each direction counts once; a restriction square allows only its operation)."""
    ops = SQUARES[cell].op or "+-*/"
    r, c = cell
    n = 0
    for dr, dc in DIRECTIONS:
        a = grid.get((r + dr, c + dc))              # adjacent (None: empty / off board)
        b = grid.get((r + 2 * dr, c + 2 * dc))      # beyond
        if a is not None and b is not None and any(value in made(a, b, op) for op in ops):
            n += 1
    return n


def frontier(grid: dict) -> list:
    """The empty squares next to a token: only there can a placement be legal, as every
    equation needs an adjacent token."""
    near = {(r + dr, c + dc) for r, c in grid for dr, dc in DIRECTIONS}
    return sorted(cell for cell in near if cell in SQUARES and cell not in grid)


def legal(grid: dict, cell, value: int) -> bool:
    return cell not in grid and completed(grid, cell, value) > 0


def points(grid: dict, cell, value: int) -> int:
    """Points of a legal placement: value × equations completed × award."""
    return value * completed(grid, cell, value) * SQUARES[cell].award


def score_sequence(grid: dict, placements) -> int:
    """The score of an ordered sequence; AssertionError if a placement is illegal."""
    grid, total = dict(grid), 0
    for cell, value in placements:
        assert legal(grid, cell, value), (cell, value)
        total += points(grid, cell, value)
        grid[cell] = value
    return total


def singles(grid: dict, rack) -> set:
    """Every legal single placement of a rack token: {(cell, value, points)}."""
    return {(cell, v, points(grid, cell, v))
            for cell in CELLS for v in set(rack) if legal(grid, cell, v)}


def all_turns(grid: dict, rack) -> dict:
    """{frozenset of (cell, value): best score over its legal orders}, from a DFS over
    every ordered sequence of placements; the empty turn is included."""
    best = {}

    def dfs(grid, rack, placed, score):
        key = frozenset(placed)
        if score > best.get(key, -1):
            best[key] = score
        for cell in frontier(grid):
            for v in set(rack):
                if legal(grid, cell, v):
                    rest = list(rack)
                    rest.remove(v)
                    dfs({**grid, cell: v}, rest, placed + [(cell, v)],
                        score + points(grid, cell, v))

    dfs(dict(grid), list(rack), [], 0)
    return best


def start() -> dict:
    return dict(START)
