"""The one operator table: how each operation is written, read and computed.

Every game's parser and renderer takes its operations from here.
"""

import operator
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable


@dataclass(frozen=True)
class Operator:
    """One operation: how it is written and read, what it computes, how tightly it binds.

    `code` is its ASCII form, `sign` its sign for people, `name` its word ('add'),
    `spellings` every spelling a claim may use, `apply` its exact function on whole
    numbers and fractions, and `precedence` how tightly it binds: 1 adding, 2
    multiplying, 3 the power.
    """

    code: str
    sign: str
    name: str
    spellings: tuple
    apply: Callable
    precedence: int

    def shown(self, ascii: bool = False) -> str:
        """The operation as printed: the sign, or its ASCII form with `ascii`."""
        return self.code if ascii else self.sign

    def spaced(self, ascii: bool = False) -> str:
        """The operation as written between its operands: ' × ', but '^' unspaced.

        With `ascii`, in its ASCII form (' * ').
        """
        shown = self.shown(ascii)
        return shown if self.code == "^" else f" {shown} "


def _divide(a, b):
    """Exact division: a fraction, or a whole number when it divides."""
    q = Fraction(a, b) if isinstance(a, int) and isinstance(b, int) else a / b
    return int(q) if q.denominator == 1 else q


OPERATORS = {op.code: op for op in (
    Operator("+", "+", "add", ("+",), operator.add, 1),
    Operator("-", "\u2212", "subtract", ("-", "\u2212", "\u2013"), operator.sub, 1),
    Operator("*", "\u00d7", "multiply", ("*", "x", "X", "\u00d7", "\u00b7"), operator.mul, 2),
    Operator("/", "\u00f7", "divide", ("/", "\u00f7", ":"), _divide, 2),
    Operator("^", "^", "power", ("^",), operator.pow, 3),
)}

CODES = "".join(OPERATORS)
"""The operations in the order the kernels number them: operation k is CODES[k]."""
ADD, SUBTRACT, MULTIPLY, DIVIDE, POWER = range(len(CODES))


def mask(codes) -> int:
    """The kernels' set of the operations `codes` (e.g. a rule's ops): bit k for operation k."""
    return sum(1 << CODES.index(code) for code in set(codes))


SPELLINGS = {s: op.code for op in OPERATORS.values() for s in op.spellings}
"""Every accepted one-character spelling of an operator, mapped to its code ('**' for ^
is two characters and left to the parsers)."""

_TO_ASCII = str.maketrans({op.sign: op.code for op in OPERATORS.values()})


def sign(code: str, ascii: bool = False) -> str:
    """The printed form of the operation `code` ('*' -> '×', or '*' with `ascii`)."""
    return OPERATORS[code].shown(ascii)


def spaced(code: str, ascii: bool = False) -> str:
    """The operation `code` as written between its operands ('*' -> ' × ', '^' -> '^').

    With `ascii`, in its ASCII form ('*' -> ' * ').
    """
    return OPERATORS[code].spaced(ascii)


def bracketed(outer: str, inner: str, right: bool) -> bool:
    """Whether an operand that is itself the operation `inner` is written in brackets.

    The operand is on the left of the operation `outer`, or on its right with `right`.
    It is bracketed when it binds less tightly, or as tightly on the side `outer` does
    not group from ('^' groups from the right, the others from the left: 2 − (3 − 1),
    (2 ^ 3) ^ 2).
    """
    p, q = OPERATORS[outer].precedence, OPERATORS[inner].precedence
    return q < p or (q == p and right != (outer == "^"))


def to_ascii(text: str) -> str:
    """The `text` with every operator sign in its ASCII form ('7 × 6 − 1' -> '7 * 6 - 1')."""
    return text.translate(_TO_ASCII)
