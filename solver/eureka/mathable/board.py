"""The Mathable board: squares, the printed starting tokens, and cell names.

Cells are (row, column) pairs counted from 0.  Users write them column letter + row number
(`I8`); row number + column letter (`8I`), the form of the game records in the CAVA 2024
data, is read too.
"""

import re
from dataclasses import dataclass
from importlib import resources

from eureka.errors import EurekaError
from eureka.text import quoted

SIZE = 14
COLUMNS = "ABCDEFGHIJKLMN"
OPERATIONS = "+-*/"                      # the restriction squares' operations
OP_NAMES = {"+": "addition", "-": "subtraction", "*": "multiplication", "/": "division"}
START_LETTERS = {"a": 1, "b": 2, "c": 3, "d": 4}


class PositionError(EurekaError):
    """A cell, a board or a position that cannot be read or could not occur."""


@dataclass(frozen=True)
class Square:
    """One square of the board: a restriction (`op`), an award (`award`) or neither."""

    op: str = ""          # "+", "-", "*", "/" on a restriction square
    award: int = 1        # 2 or 3 on an award square

    @property
    def kind(self) -> str:
        """The square as the board file writes it: '.', an operation, '2X' or '3X'."""
        if self.op:
            return self.op
        return f"{self.award}X" if self.award > 1 else "."


def _load():
    text = resources.files("eureka.mathable").joinpath("data/board.txt").read_text()
    rows = [line[6:6 + SIZE] for line in text.splitlines()
            if line[:6].strip().isdigit()]
    squares, start = {}, {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in START_LETTERS:
                start[(r, c)] = START_LETTERS[ch]
                squares[(r, c)] = Square()
            elif ch in OPERATIONS:
                squares[(r, c)] = Square(op=ch)
            elif ch in "23":
                squares[(r, c)] = Square(award=int(ch))
            else:
                squares[(r, c)] = Square()
    return squares, start


SQUARES, START = _load()
CELL_FORMS = (re.compile(r"^([A-Na-n])([0-9]{1,2})$"), re.compile(r"^([0-9]{1,2})([A-Na-n])$"))


def parse_cell(text: str) -> tuple[int, int]:
    """The cell (row, column) that `text` names: `I8` or `8I` -> (7, 8).

    Raises PositionError for anything but a column A–N (either case) and a row 1–14, in
    either order (surrounding spaces are ignored).
    """
    text = text.strip()
    for n, form in enumerate(CELL_FORMS):
        m = form.match(text)
        if m:
            letter, number = (m.group(1), m.group(2)) if n == 0 else (m.group(2),
                                                                       m.group(1))
            row = int(number)
            if 1 <= row <= SIZE:
                return row - 1, COLUMNS.index(letter.upper())
    raise PositionError(f"{quoted(text)} is not a cell: write column A–N and row 1–14, "
                        f"e.g. I8 (or 8I)")


def cell_name(cell: tuple[int, int]) -> str:
    """The name of `cell` (row, column), column letter first: (7, 8) -> 'I8'."""
    return f"{COLUMNS[cell[1]]}{cell[0] + 1}"


def neighbours(cell):
    """The (adjacent, beyond) pairs of `cell`'s four directions that lie on the board.

    Yields, for each direction, the cell next to `cell` and the one beyond it, when both
    are on the board.
    """
    r, c = cell
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        near, far = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
        if 0 <= far[0] < SIZE and 0 <= far[1] < SIZE:
            yield near, far
