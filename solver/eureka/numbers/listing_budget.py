"""The forms a listing of a large hand would build, predicted from smaller hands, so
that a listing far beyond the form budget is refused before the whole hand's tables
are built (seconds and gigabytes on ten cards)."""

from eureka.errors import SearchTooLarge
from eureka.numbers import engine
from eureka.numbers.solve import search_for

PREDICTED_FROM = 10
"""Hands of at least this many cards are predicted; smaller ones are measured exactly
(their graph's bound, engine.FormGraph.bound) within a second or two."""
MARGIN = 10
"""A listing is refused when predicted beyond MARGIN times the budget: the prediction
is an estimate, and one near the budget is left to the exact bound."""

PROBE_VALUES = engine.VALUE_BUDGET // 10
"""The values the smaller hands' tables may hold (80 MB): the whole hand's tables are
larger still, and their own prediction (budget.py) refuses them at once."""


def predicted_forms(cards, target: int, rules) -> float:
    """The forms listing target over the hand would build, extrapolated from the bounds
    of the listings over its lowest n - 3 and n - 2 cards at the rate they grew by
    (0 when the smaller one makes nothing, or their tables are beyond PROBE_VALUES)."""
    cards = sorted(cards)
    n = len(cards)
    try:
        smaller, small = (search_for(cards[:k], rules, PROBE_VALUES).forms_bound(target)
                          for k in (n - 3, n - 2))
    except SearchTooLarge:      # left to the whole hand's tables, refused at once
        return 0.0
    if not smaller:
        return 0.0
    rate = small / smaller
    return small * rate * rate


def refuse_huge_listing(cards, target: int, rules) -> None:
    """SearchTooLarge, before the tables are built, when listing target over a hand of
    PREDICTED_FROM cards or more is predicted to build far more forms than the budget."""
    if len(cards) < PREDICTED_FROM:
        return
    predicted = predicted_forms(cards, target, rules)
    if predicted > MARGIN * engine.FORM_BUDGET:
        raise SearchTooLarge(
            f"listing every equation of {len(cards)} cards would build about "
            f"{predicted:,.0f} equations and parts, far more than the budget "
            f"({engine.FORM_BUDGET:,}); ask for the best answer only (--best) or use "
            f"fewer cards")
