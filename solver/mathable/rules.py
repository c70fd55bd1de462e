"""Placement legality and scoring, in plain Python: the rule reference read literally.

This is the scorer that replays games and the independent verifier of every turn the
compiled search returns.  A grid is a dict {cell: value} of the tokens on the board.
"""

from dataclasses import dataclass

from eureka.errors import EurekaError
from eureka.mathable.board import OP_NAMES, OP_SIGNS, SQUARES, cell_name, neighbours


class IllegalPlacement(EurekaError):
    """A placement the rules forbid; the message says exactly why.  `number` is its
    place (from 1) in the turn, when raised by score_turn."""

    number = None


def results(a: int, b: int) -> dict:
    """What each operation makes of the two tokens, in either order (larger − smaller,
    exact division by a non-zero divisor)."""
    out = {"+": a + b, "-": abs(a - b), "*": a * b}
    big, small = max(a, b), min(a, b)
    if small and big % small == 0:
        out["/"] = big // small
    elif small == 0 and big:
        out["/"] = 0                       # 0 ÷ b
    return out


@dataclass(frozen=True)
class Equation:
    """One equation a token completes: the adjacent and the beyond token, and the op."""

    near: tuple
    far: tuple
    a: int
    b: int
    op: str
    value: int

    def text(self) -> str:
        a, b = self.a, self.b
        if self.op == "-" or (self.op == "/" and min(a, b) > 0):
            a, b = max(a, b), min(a, b)          # larger − smaller, larger ÷ smaller
        elif self.op == "/":
            a, b = min(a, b), max(a, b)          # 0 ÷ b
        return f"{a} {OP_SIGNS[self.op]} {b} = {self.value}"


@dataclass(frozen=True)
class Placement:
    """A token put on a square: `I8=12`."""

    cell: tuple
    value: int

    def text(self) -> str:
        return f"{cell_name(self.cell)}={self.value}"


@dataclass(frozen=True)
class Scored:
    """A legal placement with what it earned."""

    placement: Placement
    equations: tuple          # one Equation per direction that completes
    award: int
    restriction: str          # the square's operation; placing here allows a draw

    @property
    def points(self) -> int:
        return self.placement.value * len(self.equations) * self.award


def equations(grid: dict, cell, value: int) -> tuple:
    """The equations a token of `value` completes at the empty `cell`, one per
    direction at most, only the square's own operation on a restriction square."""
    only = SQUARES[cell].op
    found = []
    for near, far in neighbours(cell):
        if near in grid and far in grid:
            a, b = grid[near], grid[far]
            for op, made in results(a, b).items():
                if made == value and (not only or op == only):
                    found.append(Equation(near, far, a, b, op, value))
                    break
    return tuple(found)


def score(grid: dict, placement: Placement) -> Scored:
    """Score one placement on `grid`, or raise IllegalPlacement saying why not."""
    cell, value = placement.cell, placement.value
    if cell in grid:
        raise IllegalPlacement(f"{placement.text()}: {cell_name(cell)} already holds "
                               f"{grid[cell]}")
    made = equations(grid, cell, value)
    square = SQUARES[cell]
    if not made:
        raise IllegalPlacement(f"{placement.text()}: {why_not(grid, cell, value)}")
    return Scored(placement, made, square.award, square.op)


def why_not(grid: dict, cell, value: int) -> str:
    """The reason a token of `value` completes no equation at `cell`."""
    only = SQUARES[cell].op
    pairs = []
    for near, far in neighbours(cell):
        if near in grid and far in grid:
            a, b = grid[near], grid[far]
            made = ", ".join(Equation(near, far, a, b, op, v).text()
                             for op, v in results(a, b).items() if not only or op == only)
            pairs.append(f"{cell_name(near)} {a} and {cell_name(far)} {b} make "
                         f"{made or 'nothing'}")
    square = (f"{cell_name(cell)} is a {OP_SIGNS[only]} square, so only "
              f"{OP_NAMES[only]} counts; " if only else "")
    if not pairs:
        return (f"{square}no line from {cell_name(cell)} has two tokens in a row "
                f"next to it, so no equation can be completed there")
    return f"{square}{value} completes no equation: " + "; ".join(pairs)


def score_turn(grid: dict, placements) -> list:
    """Score placements one after another, each on the board the ones before it left.
    The grid is updated in place; the first illegal placement raises."""
    scored = []
    for number, placement in enumerate(placements, 1):
        try:
            scored.append(score(grid, placement))
        except IllegalPlacement as e:
            e.number = number
            raise
        grid[placement.cell] = placement.value
    return scored
