"""How easy an equation is for a person to follow, and the simplest first.

An equation is read as it is printed, left to right: a sum's added terms from the largest
down, then the terms taken away; a product's factors, then its divisors. Reading it
passes through intermediate results, one after each operation. Its `Reading` counts the
operations of each kind, the pairs of brackets, the results that are not whole numbers,
and keeps the largest result; `cost` weighs them (docs/DIFFICULTY.md explains the
weights). Lower is simpler:

    >>> from eureka.numbers.normal_form import leaf, make_product, make_sum
    >>> eq = make_product([make_sum([leaf(4), leaf(2)]), leaf(4)])
    >>> read(eq)
    Reading(value=24, plus=1, times=1, brackets=1, largest=24)
    >>> cost(read(eq))
    3.0
"""

import operator
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from eureka.contract import json_of
from eureka.numbers import normal_form
from eureka.ops import sign

OPERATION = {"+": 1.0, "-": 1.25, "*": 1.5, "/": 2.0, "^": 3.0}
"""What each operation costs: adding is easiest, then taking away, multiplying,
dividing, and raising to a power."""
BRACKETS = 0.5
"""Each pair of brackets: one more result to hold in mind."""
FRACTION = 3.0
"""Each intermediate result that is not a whole number (the 24 game's 8 ÷ 3)."""
DIGIT = 0.5
"""Each digit past two of the largest intermediate result (100 costs 0.5, 1000 costs 1)."""


COUNTED = ("plus", "minus", "times", "divide", "power", "brackets", "fractions")
WEIGHTS = (OPERATION["+"], OPERATION["-"], OPERATION["*"], OPERATION["/"], OPERATION["^"],
           BRACKETS, FRACTION)
"""What each of a reading's counts costs, in the order of COUNTED."""


_BITS = 16
_MASK = (1 << _BITS) - 1
_ONE = [1 << (_BITS * k) for k in range(len(COUNTED))]
"""A reading keeps its counts in one number, 16 bits each in the order of COUNTED, so
that the counts of parts add up as one sum."""
PLUS, MINUS, TIMES, DIVIDE, POWER, BRACKET, FRACTION_RESULT = _ONE


class Reading(NamedTuple):
    """What reading an equation (or a part of one) passes through.

    Its value, the counts (COUNTED: each operation, the pairs of brackets, the intermediate
    results that are not whole numbers; packed, see _BITS) and the largest intermediate
    result (or card).
    """

    value: object             # int, or a Fraction in the fraction domain
    packed: int = 0
    largest: object = 0

    def __repr__(self) -> str:
        counted = ", ".join(f"{k}={n}" for k, n in zip(COUNTED, self.counts) if n)
        return f"Reading(value={self.value}, {counted}, largest={self.largest})"

    @property
    def counts(self) -> tuple:
        """The counts, unpacked, in the order of COUNTED."""
        return tuple((self.packed >> (_BITS * k)) & _MASK for k in range(len(COUNTED)))

    @property
    def steps(self) -> int:
        """How many operations the reading passes through."""
        return sum(self.counts[:5])


def cost(r: Reading) -> float:
    """The effort of following the reading `r`: lower is simpler."""
    digits = len(str(int(r.largest)))
    return sum(map(operator.mul, WEIGHTS, r.counts)) + DIGIT * max(0, digits - 2)


@dataclass(frozen=True, slots=True)
class Step:
    """One operation of an equation as a person works it out: a op b = result."""

    a: object
    op: str                   # one of + - * / ^
    b: object
    result: object

    def text(self, ascii: bool = False) -> str:
        """The step as text, '8 ÷ (1/3) = 24': a fraction bracketed where it is worked on.

        With `ascii` the operation's sign is written in ASCII.
        """
        a, b = (f"({v})" if isinstance(v, Fraction) else str(v) for v in (self.a, self.b))
        return f"{a} {sign(self.op, ascii)} {b} = {self.result}"

    def to_json(self) -> dict:
        """The step as a JSON object: a, op, b, result and its text."""
        return {"a": json_of(self.a), "op": self.op, "b": json_of(self.b),
                "result": json_of(self.result), "text": self.text()}


def steps(form: tuple) -> list:
    """The operations of the equation `form` in the order a person works them out.

    Each part first (as printed, left to right), then the part's own operations, left to
    right. Returns a list of Step.
    """
    done: list = []
    _worked(form, done)
    return done


def _worked(form: tuple, done: list):
    """The value of a part, its steps appended to `done`."""
    if form[0] == normal_form.LEAF:
        return form[1]
    if form[0] == normal_form.POWER:
        base, exponent = _worked(form[1], done), _worked(form[2], done)
        done.append(Step(base, "^", exponent, _exact(base ** exponent)))
        return done[-1].result
    added = sorted(form[1], key=lambda f: -read(f).value)
    taken = sorted(form[2], key=lambda f: -read(f).value)
    values = [_worked(f, done) for f in added + taken]
    on, off = ("+", "-") if form[0] == normal_form.SUM else ("*", "/")
    value = values[0]
    for k, v in enumerate(values[1:], 1):
        op = on if k < len(added) else off
        result = _exact(value + v if op == "+" else value - v if op == "-" else
                        value * v if op == "*" else Fraction(value, v))
        done.append(Step(value, op, v, result))
        value = result
    return value


def reader():
    """The function read(form) for many forms that share parts (one listing).

    Each shared part is read once, remembered by identity while `read` lives.
    """
    known: dict = {}                   # id(part) -> (part, its Reading): keeps it alive

    def part(form) -> Reading:
        seen = known.get(id(form))
        if seen is None:
            seen = known[id(form)] = (form, _read(form, part))
        return seen[1]

    return part


def read(form: tuple) -> Reading:
    """The reading of one equation's `form`."""
    return reader()(form)


def _read(form: tuple, part) -> Reading:
    kind = form[0]
    if kind == normal_form.LEAF:
        return Reading(form[1], 0, form[1])
    if kind == normal_form.POWER:
        base, exponent = part(form[1]), part(form[2])
        value = _exact(base.value ** exponent.value)
        brackets = (form[1][0] != normal_form.LEAF) + (form[2][0] != normal_form.LEAF)
        return Reading(value, base.packed + exponent.packed + POWER + brackets * BRACKET
                       + FRACTION_RESULT * (type(value) is Fraction),
                       max(base.largest, exponent.largest, abs(value)))
    added = [part(f) for f in form[1]]
    taken = [part(f) for f in form[2]]
    if len(added) > 1:
        added.sort(key=_largest_first)
    if len(taken) > 1:
        taken.sort(key=_largest_first)
    first = added[0]
    value, packed, largest = first.value, first.packed, first.largest
    if kind == normal_form.SUM:
        on, off = PLUS, MINUS
    else:
        on, off = TIMES, DIVIDE
        packed += BRACKET * sum(f[0] == normal_form.SUM for f in form[1] + form[2])
    for k, r in enumerate(added[1:] + taken, 1):
        into = k < len(added)
        if kind == normal_form.SUM:
            value = value + r.value if into else value - r.value
        else:
            value = value * r.value if into else Fraction(value, r.value)
        if type(value) is Fraction:
            if value.denominator == 1:
                value = value.numerator
            else:
                packed += FRACTION_RESULT
        packed += r.packed + (on if into else off)
        largest = max(largest, r.largest, abs(value))
    return Reading(value, packed, largest)


def _exact(value):
    """A whole number as an int, else the Fraction."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def _largest_first(r: Reading):
    return -r.value


