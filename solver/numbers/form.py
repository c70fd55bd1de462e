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
    return texts(ascii)(form)


def texts(ascii: bool = False):
    """text(form): the infix texts of many forms that share parts (the equations of one
    listing), each shared part rendered once, remembered by identity while `text` lives.

    A form's parts are shown largest value first (the smaller form first on a tie): a
    part's entry (-value, form, text, text as a factor) sorts in that order.
    """
    symbols = _SHOWN[ascii]
    plus, minus, times, divide, power = (symbols[code] for code in "+-*/^")
    known: dict = {}                    # id(part) -> its entry, which keeps it alive
    look_up = known.get

    def part(form) -> tuple:
        entry = look_up(id(form))
        if entry is None:
            entry = known[id(form)] = render(form)
        return entry

    def parts(forms) -> list:
        """The entries of a sum's terms or a product's factors, in the order shown."""
        found = []
        for form in forms:             # part() inlined: the innermost loop of a listing
            entry = look_up(id(form))
            if entry is None:
                entry = known[id(form)] = render(form)
            found.append(entry)
        found.sort()
        return found

    def render(form) -> tuple:
        kind = form[0]
        if kind == LEAF:
            text = f"J({form[1]})" if len(form) > 2 else str(form[1])
            return -form[1], form, text, text
        if kind == POWER:
            (b, base, bt, _), (e, exponent, et, _) = part(form[1]), part(form[2])
            text = _atom(base, bt) + power + _atom(exponent, et)
            return -(-b) ** -e, form, text, text
        added = parts(form[1])
        taken = parts(form[2]) if form[2] else ()
        if kind == SUM:
            text = plus.join([e[2] for e in added])
            value = sum([e[0] for e in added])
            if taken:
                text += "".join([minus + e[2] for e in taken])
                value -= sum([e[0] for e in taken])
            return value, form, text, "(" + text + ")"
        text = times.join([e[3] for e in added])
        p = prod([-e[0] for e in added])
        if not taken:
            return -p, form, text, text
        text += "".join([divide + e[3] for e in taken])
        d = prod([-e[0] for e in taken])
        return -(p // d if p % d == 0 else Fraction(p, d)), form, text, text

    return lambda form: render(form)[2]


def _atom(form, text):
    """A base or an exponent: bracketed unless it is a single card."""
    return text if form[0] == LEAF else "(" + text + ")"
