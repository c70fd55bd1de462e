"""A Mathable position: the tokens on the board, the mover's rack, and what else is known.

What else is known: the other players' racks and the bag, where given. A position is
read from a text grid or JSON, written back as the same text grid, and validated: a
malformed grid, tokens the set cannot supply, and tokens that no legal sequence of
placements could have put where they are each get one clear line.
"""

import dataclasses
import json
from collections import Counter
from dataclasses import dataclass, field

from eureka import ops
from eureka.mathable.board import (
    COLUMNS,
    OPERATIONS,
    SIZE,
    SQUARES,
    START,
    PositionError,
    cell_name,
    parse_cell,
)
from eureka.mathable.legality import equations
from eureka.mathable.tokens import MAX_RACK, RACK_SIZE, TOKEN_SETS, points, token_set
from eureka.text import quoted, read_text, whole_number

EMPTY_MARKS = {".", "2x", "3x", "2X", "3X", *OPERATIONS, *map(ops.sign, OPERATIONS)}


@dataclass
class Position:
    """A position: the board, the mover's rack and, where known, the other racks and the bag.

    The board is {cell: value} (the printed 1 2 3 4 included); `edition` is 126 or 106
    tokens; the current scores are those given (0 otherwise).
    """

    grid: dict = field(default_factory=lambda: dict(START))
    rack: list = field(default_factory=list)
    edition: int = 126
    others: dict = field(default_factory=dict)      # player -> rack, where known
    bag: list = field(default_factory=list)         # the bag's tokens, where known
    score: int = 0                                  # the mover's current score
    other_scores: dict = field(default_factory=dict)    # player -> current score

    def held(self) -> Counter:
        """The tokens known to be on the racks: the mover's and the others'."""
        tokens = Counter(self.rack)
        for rack in self.others.values():
            tokens += Counter(rack)
        return tokens

    def placed(self) -> Counter:
        """The tokens on the board that came from the set (not the printed four)."""
        return Counter(v for c, v in self.grid.items() if c not in START)

    def unseen(self) -> Counter:
        """The tokens of the set not on the board and on no known rack."""
        return token_set(self.edition) - self.placed() - self.held()

    def validate(self) -> "Position":
        """Raise PositionError unless this position could occur in a game; else return it."""
        for cell, value in START.items():
            if self.grid.get(cell) != value:
                raise PositionError(f"{cell_name(cell)} must hold the printed {value}")
        if len(self.rack) > MAX_RACK:
            raise PositionError(f"a rack of {len(self.rack)} tokens: a holder has "
                                f"{RACK_SIZE}, and eureka takes at most {MAX_RACK} "
                                f"(with the extra draws of a turn)")
        for player, rack in self.others.items():
            if len(rack) > RACK_SIZE:
                raise PositionError(f"rack {player}: {len(rack)} tokens, but a holder "
                                    f"has {RACK_SIZE} between turns")
        tokens = token_set(self.edition)
        for cell, value in sorted(self.grid.items()):
            if not _is_token(value, tokens):
                raise PositionError(f"{cell_name(cell)}: {value!r} is not a Mathable "
                                    f"token")
        for where, values in [("rack", self.rack), ("bag", self.bag),
                              *((f"rack {p}", r) for p, r in self.others.items())]:
            for value in values:
                if not _is_token(value, tokens):
                    raise PositionError(f"{where}: {value!r} is not a Mathable token")
        for value, count in sorted((self.placed() + self.held() + Counter(self.bag))
                                   .items()):
            if count > tokens[value]:
                have = f"has {tokens[value]}" if tokens[value] else "has none"
                raise PositionError(f"{count} tokens of {value} on the board, racks and "
                                    f"bag, but the {self.edition}-token set {have}")
        stranded = unreachable(self.grid)
        if stranded:
            names = ", ".join(f"{cell_name(c)}={self.grid[c]}" for c in stranded)
            raise PositionError(f"no legal sequence of placements could have put these "
                                f"tokens here: {names}")
        return self


def _is_token(value, tokens) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in tokens


def unreachable(grid: dict) -> list:
    """The cells of `grid` whose tokens no order of legal placements reaches from the printed four.

    A placement only needs tokens to be present, so the more tokens lie on the board the
    more placements are legal: placing every token that is legal, until none is, therefore
    reaches every token that some order could reach. The cells are returned sorted.
    """
    done = dict(START)
    todo = {c: v for c, v in grid.items() if c not in START}
    progress = True
    while todo and progress:
        progress = False
        for cell, value in list(todo.items()):
            if equations(done, cell, value):
                done[cell] = todo.pop(cell)
                progress = True
    return sorted(todo)


def _token(text: str, where: str):
    """One grid field: None for an empty square, else the token's value."""
    if text in EMPTY_MARKS:
        return None
    value = whole_number(text.strip("[]"))
    if value is not None:
        return value
    raise PositionError(f"{where}: {quoted(text)} is neither a token nor an empty square "
                        f"('.')")


def _numbers(text: str, what: str, kind: str = "token values") -> list:
    values = [whole_number(x) for x in text.replace(",", " ").split()]
    if None in values:
        raise PositionError(f"{what}: expected {kind}, got {quoted(text.strip())}")
    return values


def parse_text(text: str, edition: int | None = None) -> Position:
    """A position read from the text grid `text`.

    The grid is 14 rows of 14 fields ('.' or a value), optionally with a header of column
    letters and row numbers, then optional lines `rack: ...` (the mover's), `rack P2: ...`
    (another player's), `bag: ...`, `score: 120` (the mover's current score), `score P2: 98`
    (another player's) and `edition: 106`. `edition`, when given, is the edition asked for:
    the file must not say otherwise. Raises PositionError for a malformed or impossible
    position.
    """
    rows, known, seen = [], Position(rack=[], edition=edition or 126), set()
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#")[0].strip()
        if not line or line.replace(" ", "").upper() == COLUMNS:
            continue
        key, _, rest = line.partition(":")
        if rest or line.endswith(":"):
            words = key.split()
            entry = words[0].lower() if words else ""
            values = _numbers(rest, f"line {number}", "a whole number"
                              if entry == "score" else "token values")
            if " ".join(words).lower() in seen:
                raise PositionError(f"line {number}: a second {quoted(key.strip())} line")
            seen.add(" ".join(words).lower())
            if entry == "rack" and len(words) == 1:
                known.rack = values
            elif entry == "rack" and len(words) == 2:
                known.others[words[1]] = values
            elif entry == "bag" and len(words) == 1:
                known.bag = values
            elif entry == "edition" and len(words) == 1 and len(values) == 1:
                known.edition = _edition(values[0], edition, f"line {number}")
            elif entry == "score" and len(words) <= 2:
                if len(values) != 1:
                    raise PositionError(f"line {number}: a score is one whole number, "
                                        f"got {quoted(rest.strip())}")
                if len(words) == 1:
                    known.score = _score(values[0], f"line {number}")
                else:
                    known.other_scores[words[1]] = _score(values[0], f"line {number}")
            else:
                raise PositionError(f"line {number}: unknown entry {quoted(key.strip())} "
                                    f"(known: rack, rack NAME, bag, score, score NAME, "
                                    f"edition)")
            continue
        fields = line.split()
        if len(fields) == SIZE + 1 and whole_number(fields[0]) == len(rows) + 1:
            fields = fields[1:]
        if len(fields) != SIZE:
            raise PositionError(f"line {number}: a board row needs {SIZE} squares, "
                                f"found {len(fields)}")
        rows.append([_token(f, f"line {number}") for f in fields])
    if len(rows) != SIZE:
        raise PositionError(f"the board needs {SIZE} rows, found {len(rows)}")
    return _position(rows, known)


def parse_json(text: str, edition: int | None = None) -> Position:
    """A position read from the JSON `text`.

    The JSON is {"grid": [[null or value, ...] x 14] x 14} or {"cells": {"I8": 12, ...}}
    (the printed 1 2 3 4 implied), with "rack", "others" ({"P2": [...]}), "bag", "score"
    (the mover's), "other_scores" ({"P2": 98}) and "edition" optional. `edition`, when given,
    is the edition asked for: the JSON must not say otherwise. Raises PositionError for a
    malformed or impossible position.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise PositionError(f"not valid JSON: {e.msg} at line {e.lineno}") from None
    except RecursionError:
        raise PositionError("not a position: JSON nested too deeply") from None
    except ValueError:                          # a number of more than 4,300 digits
        raise PositionError("not a position: a number with too many digits") from None
    if not isinstance(data, dict) or ("grid" in data) == ("cells" in data):
        raise PositionError('a JSON position is an object with "grid" or "cells"')
    others = data.get("others", {})
    if not isinstance(others, dict):
        raise PositionError('"others" must map player names to racks')
    found = data.get("edition", edition or 126)
    if not isinstance(found, int) or isinstance(found, bool) or found not in TOKEN_SETS:
        raise PositionError(f'"edition" is 126 or 106, not {found!r}')
    scores = data.get("other_scores", {})
    if not isinstance(scores, dict):
        raise PositionError('"other_scores" must map player names to scores')
    known = Position(rack=_values(data.get("rack", []), '"rack"'),
                     edition=_edition(found, edition, '"edition"'),
                     others={p: _values(r, f'"others" {p}') for p, r in others.items()},
                     bag=_values(data.get("bag", []), '"bag"'),
                     score=_score(data.get("score", 0), '"score"'),
                     other_scores={p: _score(v, f'"other_scores" {p}')
                                   for p, v in scores.items()})
    if "cells" in data:
        cells = data["cells"]
        if not isinstance(cells, dict):
            raise PositionError('"cells" must map cell names to values')
        rows = [[None] * SIZE for _ in range(SIZE)]
        for (r, c), value in START.items():
            rows[r][c] = value
        named = set()
        for name, value in cells.items():
            r, c = parse_cell(name)
            if (r, c) in named:
                raise PositionError(f'"cells": {cell_name((r, c))} is given twice')
            named.add((r, c))
            rows[r][c] = value
    else:
        rows = data["grid"]
        if (not isinstance(rows, list) or len(rows) != SIZE
                or not all(isinstance(r, list) and len(r) == SIZE for r in rows)):
            raise PositionError(f'"grid" must be {SIZE} rows of {SIZE} squares')
        rows = [[_token(v, f"row {r + 1}") if isinstance(v, str) else v for v in row]
                for r, row in enumerate(rows)]
    return _position(rows, known)


def _edition(found: int, asked: int | None, where: str) -> int:
    """The edition a file names, unless another one was asked for."""
    if asked is not None and found != asked:
        raise PositionError(f"{where}: the position is for the {found}-token edition, "
                            f"but the {asked}-token edition was asked for")
    return found


def _values(values, what: str) -> list:
    """A JSON list of token values, checked to be a list of whole numbers."""
    if not isinstance(values, list) or not all(isinstance(v, int) for v in values):
        raise PositionError(f"{what} must be a list of token values")
    return values


def _score(value, what: str) -> int:
    """A score, checked to be a whole number from 0 to tokens.MOST_POINTS."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PositionError(f"{what} must be a whole number ≥ 0, not {value!r}")
    return points(value, what, PositionError)


def _position(rows, known: Position) -> Position:
    """The grid read, with the racks, bag and edition read beside it, validated."""
    known.grid = {(r, c): value for r, row in enumerate(rows)
                  for c, value in enumerate(row) if value is not None}
    return known.validate()


def parse(text: str, edition: int | None = None) -> Position:
    """A position read from `text`: JSON if it starts with '{', else the text grid.

    `edition`, when given, is the edition asked for (see `parse_text`).
    """
    if text.lstrip().startswith("{"):
        return parse_json(text, edition)
    return parse_text(text, edition)


def read(path: str, edition: int | None = None) -> Position:
    """A position read from the file `path` (see `parse`), for the `edition` asked for, if any."""
    return parse(read_text(path, PositionError), edition)


def with_rack(position: Position, rack=None) -> Position:
    """The `position` with `rack` as the mover's tokens (its own rack when None), validated.

    Raises PositionError when there is no rack at all.
    """
    if rack is not None:
        position = dataclasses.replace(position, rack=list(rack))
    if not position.rack:
        raise PositionError("a rack is needed: the mover's tokens (--cards 1 8 2 ...) "
                            "or a 'rack:' line in the position file")
    return position.validate()


def render(grid: dict, new=()) -> str:
    """The board `grid` as the text grid that parse_text reads back.

    Tokens are written by value, empty squares by their mark (− × ÷ for the restrictions:
    ops.to_ascii writes - * /), and the cells in `new` bracketed.
    """
    def mark(cell):
        if cell in grid:
            return f"[{grid[cell]}]" if cell in new else str(grid[cell])
        kind = SQUARES[cell].kind
        return ops.sign(kind) if kind in OPERATIONS else kind.lower()

    lines = ["  " + "".join(f"{c:>5}" for c in COLUMNS)]
    for r in range(SIZE):
        lines.append(f"{r + 1:>2}" + "".join(f"{mark((r, c)):>5}" for c in range(SIZE)))
    return "\n".join(lines)
