"""Normal forms of equations: two expressions are one equation when their forms are equal.

A form is a nested tuple:

    (LEAF, v)                        a card of value v ((LEAF, v, JOKER): a joker played
                                     as v, printed J(v); see solver.arithmetikus)
    (SUM, added, subtracted)         nested + and - flattened; each a sorted tuple of
                                     terms (forms that are not sums), >= 2 terms in all
    (PRODUCT, factors, divisors)     nested x and / flattened; each a sorted tuple of
                                     factors (forms that are not products), >= 2 in all
    (POWER, base, exponent)

Sorting the terms makes `12+15+7-2`, `7+12-2+15` and `(15+12)+(7-2)` one form, and cards of
equal value interchangeable.  Printing puts the larger terms first, the added terms before
the subtracted ones and the factors before the divisors, so that the printed equation,
read left to right, never leaves the whole numbers (or, in the fraction domain, never
goes below 0).
"""

from fractions import Fraction
from math import prod

from eureka.ops import sign

LEAF, SUM, PRODUCT, POWER = 0, 1, 2, 3


def _spaced(ascii: bool) -> dict:
    """Each operation as printed between its operands: ' × ' (or ' * '), '^' unspaced."""
    return {code: code if code == "^" else f" {sign(code, ascii)} " for code in "+-*/^"}


_SHOWN = {False: _spaced(False), True: _spaced(True)}


JOKER = "J"


def leaf(value: int) -> tuple:
    return (LEAF, value)


def with_joker(form: tuple, value: int) -> tuple:
    """The form with its first card of this value marked as the joker."""
    done = [False]

    def mark(f):
        if f[0] == LEAF:
            if f[1] == value and not done[0]:
                done[0] = True
                return (LEAF, value, JOKER)
            return f
        if f[0] == POWER:
            return (POWER, mark(f[1]), mark(f[2]))
        return (f[0], tuple(mark(g) for g in f[1]), tuple(mark(g) for g in f[2]))

    return mark(form)


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


def infix(form: tuple, ascii: bool = False) -> str:
    """The canonical infix text of a form, with the fewest brackets that keep it exact."""
    return _render(form, _SHOWN[ascii])[0]


def _render(form, symbols):
    """(text, value) of a form, in one pass: parts are shown largest value first."""
    kind = form[0]
    if kind == LEAF:
        return (f"J({form[1]})" if len(form) > 2 else str(form[1])), form[1]
    if kind == POWER:
        (bt, b), (et, e) = _render(form[1], symbols), _render(form[2], symbols)
        return _atom(form[1], bt) + symbols["^"] + _atom(form[2], et), b ** e
    first, second = (symbols["+"], symbols["-"]) if kind == SUM else (symbols["*"],
                                                                      symbols["/"])
    sides = []
    for parts in (form[1], form[2]):
        shown = [(_render(f, symbols), f) for f in parts]
        shown.sort(key=lambda item: (-item[0][1], item[1]))
        sides.append([(_operand(f, kind, text), v) for (text, v), f in shown])
    added, taken = sides
    text = first.join(t for t, _ in added) + "".join(second + t for t, _ in taken)
    if kind == SUM:
        return text, sum(v for _, v in added) - sum(v for _, v in taken)
    p, d = prod(v for _, v in added), prod(v for _, v in taken)
    return text, p // d if p % d == 0 else Fraction(p, d)


def _operand(form, outer, text):
    """A term of a sum, or a factor of a product (bracketed when it is a sum)."""
    return "(" + text + ")" if outer == PRODUCT and form[0] == SUM else text


def _atom(form, text):
    """A base or an exponent: bracketed unless it is a single card."""
    return text if form[0] == LEAF else "(" + text + ")"
