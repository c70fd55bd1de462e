"""The text of a normal form and the order of a listing, the slow and obvious way: every
part rendered anew, every equation sorted by its whole key (the fast renderer,
eureka.numbers.normal_form.Texts, remembers shared parts; the listing sorts group by group)."""

from fractions import Fraction
from math import prod

from eureka.numbers.normal_form import LEAF, POWER, SUM
from eureka.ops import sign


def infix(form, ascii=False) -> str:
    """The canonical text of a form: parts largest value first (the smaller form first
    on a tie), a sum bracketed as a factor, a base or exponent bracketed unless a card."""
    return _render(form, ascii)[0]


def _render(form, ascii):
    kind = form[0]
    if kind == LEAF:
        return (f"J({form[1]})" if len(form) > 2 else str(form[1])), form[1]
    if kind == POWER:
        (bt, b), (et, e) = _render(form[1], ascii), _render(form[2], ascii)
        return _bracketed(form[1], bt) + "^" + _bracketed(form[2], et), b ** e
    first, second = ("+", "-") if kind == SUM else ("*", "/")
    sides = []
    for parts in (form[1], form[2]):
        shown = sorted(((_render(f, ascii), f) for f in parts),
                       key=lambda item: (-item[0][1], item[1]))
        sides.append([(f"({t})" if kind != SUM and f[0] == SUM else t, v)
                      for (t, v), f in shown])
    added, taken = sides
    text = f" {sign(first, ascii)} ".join(t for t, _ in added) + "".join(
        f" {sign(second, ascii)} {t}" for t, _ in taken)
    if kind == SUM:
        return text, sum(v for _, v in added) - sum(v for _, v in taken)
    value = Fraction(prod(v for _, v in added), prod(v for _, v in taken))
    return text, value.numerator if value.denominator == 1 else value


def _bracketed(form, text):
    return text if form[0] == LEAF else f"({text})"


def listing_order(equations) -> list:
    """Equations as a listing shows them: the most cards first, then the simplest (the
    cost of the text, oracle.simplicity), then the shortest text, then alphabetical."""
    from tests.oracle.simplicity import cost

    return sorted(equations, key=lambda e: (-len(e.cards), cost(infix(e.form, ascii=True)),
                                            len(infix(e.form)), infix(e.form)))
