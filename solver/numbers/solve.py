"""Queries on a hand: every distinct equation, the most and fewest cards, the closest miss."""

import gc
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property

from eureka.contract import json_of
from eureka.numbers import form as F
from eureka.numbers.engine import HandSearch
from eureka.numbers.rational import FractionSearch
from eureka.numbers.rules import Rules


@dataclass(repr=False)
class Equation:
    """One distinct equation: its normal form, value and the cards it uses."""

    form: tuple
    value: int                # a Fraction when the fraction domain's value is not whole

    @cached_property
    def cards(self) -> tuple:
        return F.cards(self.form)

    @cached_property
    def text(self) -> str:
        return F.infix(self.form)

    @cached_property
    def ascii(self) -> str:
        return F.infix(self.form, ascii=True)

    def shown(self, ascii: bool = False) -> str:
        """'(15 + 7 + 6 − 12) × 2 = 32': the equation and its value."""
        return f"{self.ascii if ascii else self.text} = {self.value}"

    def __repr__(self) -> str:
        return f"Equation({self.shown()!r})"

    def to_json(self) -> dict:
        return {"equation": self.text, "ascii": self.ascii, "value": json_of(self.value),
                "cards": list(self.cards), "card_count": len(self.cards)}


@dataclass(frozen=True)
class Solution:
    """Every distinct equation of a hand for one target, best (most cards) first."""

    cards: tuple
    target: int
    rules: Rules
    equations: tuple          # of Equation, most cards first
    closest: tuple            # of Equation: the nearest values, when the target is missed

    @property
    def reachable(self) -> bool:
        return bool(self.equations)

    @property
    def most_cards(self) -> int:
        return len(self.equations[0].cards) if self.equations else 0

    @property
    def fewest_cards(self) -> int:
        return len(self.equations[-1].cards) if self.equations else 0


def search_for(cards, rules: Rules, budget: int | None = None) -> HandSearch:
    """The search over a hand for the rules' number domain (`budget`: the values its
    tables may hold, see HandSearch)."""
    if rules.domain == "fraction":
        return FractionSearch(cards, rules, budget)
    return HandSearch(cards, rules, budget)


def solve(cards, target: int, rules: Rules, closest: int = 2,
          search: HandSearch | None = None) -> Solution:
    """Every distinct equation making target; when there is none, one equation for each
    of the `closest` nearest values."""
    search = search or search_for(cards, rules)
    hands = sorted(search.hands_reaching(target), key=lambda X: (-search.hand.size[X], X))
    with _collector_paused():
        equations = tuple(Equation(f, target) for X in hands for f in search.forms(target, X))
    near = () if equations or not closest else tuple(
        best_equation(search, v) for v in search.closest(target, closest))
    return Solution(tuple(sorted(cards)), target, rules, equations, near)


@contextmanager
def _collector_paused():
    """Forms are acyclic tuples, made by the hundred thousand: the cyclic garbage
    collector only slows their making (by half, on eight cards)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def best_equation(search: HandSearch, value: int) -> Equation | None:
    """One equation of value using as many cards as possible, without listing them all."""
    hands = search.hands_reaching(value)
    if not hands:
        return None
    largest = max(hands, key=lambda X: (search.hand.size[X], -X))
    return Equation(search.one_form(value, largest), value)


def most_cards(cards, target: int, rules: Rules) -> Equation | None:
    """The Pitagoras question: an equation with the most cards, or None."""
    return best_equation(search_for(cards, rules), target)
