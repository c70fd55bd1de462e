"""Normal forms of equations: two expressions are one equation when their forms are equal.

A form is a nested tuple:

    (LEAF, v)                        a card of value v
    (SUM, added, subtracted)         nested + and - flattened; each a sorted tuple of
                                     terms (forms that are not sums), >= 2 terms in all
    (PRODUCT, factors, divisors)     nested x and / flattened; each a sorted tuple of
                                     factors (forms that are not products), >= 2 in all
    (POWER, base, exponent)

Sorting the terms makes `12+15+7-2`, `7+12-2+15` and `(15+12)+(7-2)` one form, and cards of
equal value interchangeable.  Printing puts the larger terms first, the added terms before
the subtracted ones and the factors before the divisors, so that the printed equation,
read left to right, never leaves the whole numbers.
"""

from functools import lru_cache
from math import prod

LEAF, SUM, PRODUCT, POWER = 0, 1, 2, 3

SYMBOLS = {"+": " + ", "-": " − ", "*": " × ", "/": " ÷ ", "^": "^"}
ASCII_SYMBOLS = {"+": " + ", "-": " - ", "*": " * ", "/": " / ", "^": "^"}


def leaf(value: int) -> tuple:
    return (LEAF, value)


def terms(form: tuple) -> tuple:
    """The added terms of a form made of added terms only (one term if not a sum)."""
    return form[1] if form[0] == SUM else (form,)


def factors(form: tuple) -> tuple:
    """The factors of a form made of factors only (one factor if not a product)."""
    return form[1] if form[0] == PRODUCT else (form,)


def make_sum(added, subtracted=()) -> tuple:
    return (SUM, tuple(sorted(added)), tuple(sorted(subtracted)))


def make_product(fac, divisors=()) -> tuple:
    return (PRODUCT, tuple(sorted(fac)), tuple(sorted(divisors)))


def make_power(base: tuple, exponent: tuple) -> tuple:
    return (POWER, base, exponent)


@lru_cache(maxsize=1 << 16)
def value(form: tuple) -> int:
    """The value of an admitted form (exact integer arithmetic)."""
    kind = form[0]
    if kind == LEAF:
        return form[1]
    if kind == SUM:
        return sum(map(value, form[1])) - sum(map(value, form[2]))
    if kind == PRODUCT:
        return prod(map(value, form[1])) // prod(map(value, form[2]))
    return value(form[1]) ** value(form[2])


def cards(form: tuple) -> tuple:
    """The card values a form uses, in ascending order."""
    out: list = []
    _collect(form, out)
    return tuple(sorted(out))


def _collect(form, out):
    if form[0] == LEAF:
        out.append(form[1])
    elif form[0] == POWER:
        _collect(form[1], out)
        _collect(form[2], out)
    else:
        for part in form[1] + form[2]:
            _collect(part, out)


def _display_order(parts):
    return sorted(parts, key=lambda f: (-value(f), f))


@lru_cache(maxsize=1 << 16)
def infix(form: tuple, ascii: bool = False) -> str:
    """The canonical infix text of a form, with the fewest brackets that keep it exact."""
    symbols = ASCII_SYMBOLS if ascii else SYMBOLS
    kind = form[0]
    if kind == LEAF:
        return str(form[1])
    if kind == POWER:
        return _atom(form[1], ascii) + symbols["^"] + _atom(form[2], ascii)
    if kind == SUM:
        first, second = symbols["+"], symbols["-"]
    else:
        first, second = symbols["*"], symbols["/"]
    text = first.join(_operand(f, kind, ascii) for f in _display_order(form[1]))
    for f in _display_order(form[2]):
        text += second + _operand(f, kind, ascii)
    return text


def _operand(form, outer, ascii):
    """A term of a sum, or a factor of a product (bracketed when it is a sum)."""
    if outer == PRODUCT and form[0] == SUM:
        return "(" + infix(form, ascii) + ")"
    return infix(form, ascii)


def _atom(form, ascii):
    """A base or an exponent: bracketed unless it is a single card."""
    return infix(form, ascii) if form[0] == LEAF else "(" + infix(form, ascii) + ")"
