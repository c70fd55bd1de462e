"""Normal forms of equations: two expressions are one equation when their forms are equal.

A form is a nested tuple:

    (LEAF, v)                        a card of value v ((LEAF, v, JOKER): a joker played
                                     as v, printed J(v); see eureka.arithmetikus)
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

from eureka.ops import CODES, spaced, to_ascii

LEAF, SUM, PRODUCT, POWER = 0, 1, 2, 3


_SHOWN = {ascii: {code: spaced(code, ascii) for code in CODES} for ascii in (False, True)}
"""Each operation as written between its operands (ops.spaced), in signs or in ASCII."""


JOKER = "J"


def leaf(value: int) -> tuple:
    """The form of a card of value `value`."""
    return (LEAF, value)


def with_joker(form: tuple, value: int) -> tuple:
    """The `form` with its first card of value `value` marked as the joker."""
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
    """The added terms of a `form` made of added terms only (one term if not a sum)."""
    return form[1] if form[0] == SUM else (form,)


def factors(form: tuple) -> tuple:
    """The factors of a `form` made of factors only (one factor if not a product)."""
    return form[1] if form[0] == PRODUCT else (form,)


def make_sum(added, subtracted=()) -> tuple:
    """The sum of the terms `added` less the terms `subtracted`, each sorted.

    The terms must be forms that are not sums (see the module's notes).
    """
    return (SUM, tuple(sorted(added)), tuple(sorted(subtracted)))


def make_product(fac, divisors=()) -> tuple:
    """The product of the factors `fac` divided by the `divisors`, each sorted.

    The factors and divisors must be forms that are not products (see the module's notes).
    """
    return (PRODUCT, tuple(sorted(fac)), tuple(sorted(divisors)))


def make_power(base: tuple, exponent: tuple) -> tuple:
    """The power `base` ^ `exponent` of two forms."""
    return (POWER, base, exponent)


def cards(form: tuple) -> tuple:
    """The card values the `form` uses, in ascending order."""
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
    """The canonical infix text of a `form`, with the fewest brackets that keep it exact.

    With `ascii` the operations are written in ASCII.
    """
    return texts(ascii)(form)


SORTABLE_MINUS = "\xff"
"""'−' in a sortable text (texts(sortable=True)): a one-byte (Latin-1) sign that sorts
after every other sign, as '−' does, so that sortable texts sort as the texts do, only
faster; readable() writes them back."""


def readable(text: str, ascii: bool = False) -> str:
    """A sortable `text` (one or many joined) as printed: '−' back, or all in ASCII.

    With `ascii` the whole text is written in ASCII.
    """
    text = text.replace(SORTABLE_MINUS, "\u2212")
    return to_ascii(text) if ascii else text


def texts(ascii: bool = False, sortable: bool = False):
    """The function text(form) giving the infix texts of many forms that share parts.

    Meant for the equations of one listing: each shared part is rendered once, remembered
    by identity while `text` lives. With `ascii` the operations are written in ASCII; with
    `sortable`, '−' is written SORTABLE_MINUS (see readable).
    """
    return renderer(ascii, sortable)[0]


def renderer(ascii: bool = False, sortable: bool = False) -> tuple:
    """The text function of texts(`ascii`, `sortable`) and its signs: (text, symbols).

    symbols holds each operation's sign as written (see graph_texts). A form's parts are
    shown largest value first (the smaller form first on a tie): a part's entry (-value,
    form, text, text as a factor) sorts in that order.
    """
    symbols = {**_SHOWN[ascii], "-": " " + SORTABLE_MINUS + " "} if sortable \
        else _SHOWN[ascii]
    plus, minus, times, divide, power = (symbols[code] for code in "+-*/^")
    known: dict = {}                    # id(part) -> its entry, which keeps it alive
    look_up = known.get

    def render(form) -> tuple:
        """The entry of a part, remembered."""
        kind = form[0]
        if kind == LEAF:
            text = f"J({form[1]})" if len(form) > 2 else str(form[1])
            entry = -form[1], form, text, text
        elif kind == POWER:
            base, exponent = form[1], form[2]
            (b, _, bt, _), (e, _, et, _) = (look_up(id(base)) or render(base),
                                            look_up(id(exponent)) or render(exponent))
            text = _atom(base, bt) + power + _atom(exponent, et)
            entry = -(-b) ** -e, form, text, text
        else:
            text, value = joined(kind, form[1], form[2])
            entry = value, form, text, "(" + text + ")" if kind == SUM else text
        known[id(form)] = entry
        return entry

    def joined(kind, added, taken) -> tuple:
        """The text of a sum or product of the parts added and taken, and its entry's value.

        The value is the entry's (-value). Two parts, one on each side or both added, the most
        common by far, are put in order without a sort.
        """
        if len(added) == 2 and not taken:
            x, y = added
            x, y = look_up(id(x)) or render(x), look_up(id(y)) or render(y)
            if y < x:
                x, y = y, x
            if kind == SUM:
                return x[2] + plus + y[2], x[0] + y[0]
            return x[3] + times + y[3], -(x[0] * y[0])
        if len(added) == 1 and len(taken) == 1:
            (x,), (y,) = added, taken
            x, y = look_up(id(x)) or render(x), look_up(id(y)) or render(y)
            if kind == SUM:
                return x[2] + minus + y[2], x[0] - y[0]
            p, d = x[0], y[0]                   # both -value: p / d is the value
            return x[3] + divide + y[3], -(p // d if p % d == 0 else Fraction(p, d))
        added = sorted([look_up(id(f)) or render(f) for f in added])
        taken = sorted([look_up(id(f)) or render(f) for f in taken])
        if kind == SUM:
            return (plus.join([e[2] for e in added]) + "".join([minus + e[2] for e in taken]),
                    sum([e[0] for e in added]) - sum([e[0] for e in taken]))
        text = times.join([e[3] for e in added]) + "".join([divide + e[3] for e in taken])
        p, d = prod([-e[0] for e in added]), prod([-e[0] for e in taken])
        return text, -(p // d if p % d == 0 else Fraction(p, d))

    def text(form) -> str:
        """The text of a form not a part (an equation): not remembered."""
        kind = form[0]
        if kind == SUM or kind == PRODUCT:
            return joined(kind, form[1], form[2])[0]
        return render(form)[2]

    return text, symbols


def _atom(form, text):
    """A base or an exponent: bracketed unless it is a single card."""
    return text if form[0] == LEAF else "(" + text + ")"
