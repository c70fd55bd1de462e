"""The one operator table: how each operation is written, read and computed, for every
game's parser and renderer."""

import operator
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable


@dataclass(frozen=True)
class Operator:
    """One operation: its code (the ASCII form), its sign for people, every spelling a
    claim may use, and its exact function on whole numbers and fractions."""

    code: str
    sign: str
    name: str
    spellings: tuple
    apply: Callable

    def shown(self, ascii: bool = False) -> str:
        """The operation as printed: the sign, or its ASCII form."""
        return self.code if ascii else self.sign


def _divide(a, b):
    """Exact division: a fraction, or a whole number when it divides."""
    q = Fraction(a, b) if isinstance(a, int) and isinstance(b, int) else a / b
    return int(q) if q.denominator == 1 else q


OPERATORS = {op.code: op for op in (
    Operator("+", "+", "add", ("+",), operator.add),
    Operator("-", "\u2212", "subtract", ("-", "\u2212", "\u2013"), operator.sub),
    Operator("*", "\u00d7", "multiply", ("*", "x", "X", "\u00d7", "\u00b7"), operator.mul),
    Operator("/", "\u00f7", "divide", ("/", "\u00f7", ":"), _divide),
    Operator("^", "^", "power", ("^",), operator.pow),
)}

CODES = "".join(OPERATORS)
"""The operations in the order the kernels number them: operation k is CODES[k]."""
ADD, SUBTRACT, MULTIPLY, DIVIDE, POWER = range(len(CODES))


def mask(codes) -> int:
    """The kernels' set of the operations `codes` (e.g. a rule's ops): bit k for
    operation k."""
    return sum(1 << CODES.index(code) for code in set(codes))


SPELLINGS = {s: op.code for op in OPERATORS.values() for s in op.spellings}
"""Every accepted one-character spelling of an operator, mapped to its code ('**' for ^
is two characters and left to the parsers)."""

_TO_ASCII = str.maketrans({op.sign: op.code for op in OPERATORS.values()})


def sign(code: str, ascii: bool = False) -> str:
    """The printed form of the operation `code` ('*' -> '×', or '*' with ascii)."""
    return OPERATORS[code].shown(ascii)


def to_ascii(text: str) -> str:
    """Text with every operator sign in its ASCII form ('7 × 6 − 1' -> '7 * 6 - 1')."""
    return text.translate(_TO_ASCII)
