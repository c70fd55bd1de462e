"""Placement legality and scoring, in plain Python: the rule reference read literally.

This is the scorer that replays games and the independent verifier of every turn the
compiled search returns.  A grid is a dict {cell: value} of the tokens on the board.
"""

from dataclasses import dataclass

from eureka import ops
from eureka.errors import EurekaError
from eureka.mathable.board import OP_NAMES, SQUARES, cell_name, neighbours
from eureka.text import plural


class IllegalPlacement(EurekaError):
    """A placement the rules forbid; the message says exactly why.

    `problem` names the kind ('occupied' or 'no-equation').  `number` is its place (from 1)
    in the turn, when raised by score_turn.
    """

    number = None

    def __init__(self, message: str, problem: str):
        super().__init__(message)
        self.problem = problem


def results(a: int, b: int) -> dict:
    """What each operation makes of the tokens `a` and `b`, in either order: {op: value}.

    Subtraction is larger − smaller; division is exact, by a non-zero divisor (0 ÷ b is 0).
    """
    out = {"+": a + b, "-": abs(a - b), "*": a * b}
    big, small = max(a, b), min(a, b)
    if small and big % small == 0:
        out["/"] = big // small
    elif small == 0 and big:
        out["/"] = 0                       # 0 ÷ b
    return out


@dataclass(frozen=True)
class BoardEquation:
    """One equation a token completes on the board.

    The adjacent and the beyond token's squares (`near`, `far`) and values (`a`, `b`), the
    operation and the value made.
    """

    near: tuple
    far: tuple
    a: int
    b: int
    op: str
    value: int

    def text(self) -> str:
        """The equation as text, '12 ÷ 3 = 4': larger − smaller, larger ÷ smaller, 0 ÷ b."""
        a, b = self.a, self.b
        if self.op == "-" or (self.op == "/" and min(a, b) > 0):
            a, b = max(a, b), min(a, b)          # larger − smaller, larger ÷ smaller
        elif self.op == "/":
            a, b = min(a, b), max(a, b)          # 0 ÷ b
        return f"{a} {ops.sign(self.op)} {b} = {self.value}"

    def to_json(self) -> dict:
        """The equation's text and the names of its two tokens' cells, as JSON."""
        return {"equation": self.text(), "cells": [cell_name(self.near),
                                                   cell_name(self.far)]}


@dataclass(frozen=True)
class Placement:
    """A token put on a square: `I8=12`."""

    cell: tuple
    value: int

    def text(self) -> str:
        """The placement as a record writes it, 'I8=12'."""
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
        """The token's value times the equations it completes times the square's award."""
        return self.placement.value * len(self.equations) * self.award

    def to_json(self) -> dict:
        """The placement, its points, award, restriction and equations, as JSON."""
        return {"cell": cell_name(self.placement.cell), "value": self.placement.value,
                "points": self.points, "award": self.award,
                "restriction": self.restriction or None,
                "may_draw": bool(self.restriction),
                "equations": [e.to_json() for e in self.equations]}


@dataclass(frozen=True)
class Turn:
    """An ordered sequence of placements, each legal after the ones before it."""

    placements: tuple           # Scored, in playing order
    bonus: int                  # the full-rack bonus earned (0 or 50)

    @property
    def points(self) -> int:
        """The points of the placements plus the full-rack bonus."""
        return sum(s.points for s in self.placements) + self.bonus

    @property
    def draws(self) -> int:
        """Extra tokens the turn entitles the player to (one per restriction square)."""
        return sum(1 for s in self.placements if s.restriction)

    def text(self) -> str:
        """The placements as a record writes them, 'I8=12 J8=16'."""
        return " ".join(s.placement.text() for s in self.placements)

    def summary(self) -> str:
        """'39 points, 5 placements, may draw 1 token'."""
        placed = plural(len(self.placements), "placement")
        text = f"{plural(self.points, 'point')}, {placed}"
        if self.draws:
            text += f", may draw {plural(self.draws, 'token')}"
            if self.bonus:
                text += " (keeping one would lose the full-rack bonus)"
        return text

    def to_json(self) -> dict:
        """The turn's text, points, bonus, draws and placements, as JSON."""
        return {"turn": self.text(), "points": self.points, "bonus": self.bonus,
                "draws": self.draws, "placements": [s.to_json() for s in self.placements]}


def equations(grid: dict, cell, value: int) -> tuple:
    """The equations a token of `value` completes at the empty `cell` of `grid`.

    One per direction at most, and on a restriction square only those of the square's own
    operation.
    """
    only = SQUARES[cell].op
    found = []
    for near, far in neighbours(cell):
        if near in grid and far in grid:
            a, b = grid[near], grid[far]
            for op, made in results(a, b).items():
                if made == value and (not only or op == only):
                    found.append(BoardEquation(near, far, a, b, op, value))
                    break
    return tuple(found)


def score(grid: dict, placement: Placement) -> Scored:
    """Score `placement` on `grid`, or raise IllegalPlacement saying why not."""
    cell, value = placement.cell, placement.value
    if cell in grid:
        raise IllegalPlacement(f"{placement.text()}: {cell_name(cell)} already holds "
                               f"{grid[cell]}", "occupied")
    made = equations(grid, cell, value)
    square = SQUARES[cell]
    if not made:
        raise IllegalPlacement(f"{placement.text()}: {why_not(grid, cell, value)}",
                               "no-equation")
    return Scored(placement, made, square.award, square.op)


def why_not(grid: dict, cell, value: int) -> str:
    """The reason a token of `value` completes no equation at `cell` on `grid`."""
    only = SQUARES[cell].op
    pairs = []
    for near, far in neighbours(cell):
        if near in grid and far in grid:
            a, b = grid[near], grid[far]
            made = ", ".join(BoardEquation(near, far, a, b, op, v).text()
                             for op, v in results(a, b).items() if not only or op == only)
            pairs.append(f"{cell_name(near)} {a} and {cell_name(far)} {b} make "
                         f"{made or 'nothing'}")
    square = (f"{cell_name(cell)} is a {ops.sign(only)} square, so only "
              f"{OP_NAMES[only]} counts; " if only else "")
    if not pairs:
        return (f"{square}no line from {cell_name(cell)} has two tokens in a row "
                f"next to it, so no equation can be completed there")
    return f"{square}{value} completes no equation: " + "; ".join(pairs)


def score_turn(grid: dict, placements) -> list:
    """Score `placements` one after another, each on the board the ones before it left.

    `grid` is updated in place, up to any illegal placement. Returns the Scored of each;
    the first illegal placement raises IllegalPlacement, its `number` set.
    """
    scored = []
    for number, placement in enumerate(placements, 1):
        try:
            scored.append(score(grid, placement))
        except IllegalPlacement as e:
            e.number = number
            raise
        grid[placement.cell] = placement.value
    return scored
