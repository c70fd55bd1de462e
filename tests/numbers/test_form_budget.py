"""The bound on the forms a listing builds: never below the forms built (with many
repeated cards too), near them for repeated cards, and a listing over the budget refused
before any form is built."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka.errors import SearchTooLarge
from eureka.numbers import engine
from eureka.numbers.rules import NUMBERS, PITAGORAS
from eureka.numbers.solve import search_for, solve
from tests.conftest import heavy
from tests.oracle import numbers as oracle
from tests.strategies import hands, rulesets


@st.composite
def listings(draw, max_size=5, max_value=20):
    rules = draw(rulesets())
    cards = draw(hands(rules, max_size, max_value))
    reachable = sorted(v for v in oracle.reachable_values(cards, rules) if v == int(v))
    target = draw(st.sampled_from(reachable) if reachable
                  else st.integers(rules.lowest, 120))
    return cards, int(target), rules


def built_listing(cards, target, rules):
    """The search after listing every equation of target, and the graph it built."""
    search = search_for(cards, rules)
    solve(cards, target, rules, closest=0, search=search)
    return search, search._forms.get(target)


def assert_bounded(listing):
    """The bound of every node and of the whole graph is at least the forms built."""
    search, graph = built_listing(*listing)
    if graph is None:
        assert search._forms_built == 0
        return
    assert len(graph.forms) == len(graph.value)         # every node was built
    for i, forms in enumerate(graph.forms):
        assert len(forms) <= graph.bound(i, i + 1)
    assert search._forms_built <= graph.bound(0, len(graph.forms))


@given(listings())
def test_the_bound_is_never_below_the_forms_built(listing):
    assert_bounded(listing)


@heavy(40)
@given(listings(max_size=6, max_value=3))
def test_the_bound_holds_for_many_repeated_cards(listing):
    assert_bounded(listing)


@pytest.mark.parametrize("cards, target", [([1] * 7, 1), ([2, 2, 2, 3, 3, 3], 12),
                                           ([1, 1, 2, 2, 3, 3], 6)])
def test_sums_and_products_of_repeated_cards_are_counted_once(cards, target):
    search, graph = built_listing(cards, target, NUMBERS)
    assert graph.bound(0, len(graph.forms)) <= 1.1 * search._forms_built


HAND, TARGET = [1, 2, 3, 4, 5, 6], 6


def forms_of_the_listing() -> int:
    search, _ = built_listing(HAND, TARGET, PITAGORAS)
    return search._forms_built


def test_a_listing_at_the_budget_is_answered(monkeypatch):
    built = forms_of_the_listing()
    monkeypatch.setattr(engine, "FORM_BUDGET", built)
    assert solve(HAND, TARGET, PITAGORAS).distinct > 0


def test_a_listing_just_over_the_budget_is_refused_before_building(monkeypatch):
    built = forms_of_the_listing()
    monkeypatch.setattr(engine, "FORM_BUDGET", built - 1)
    search = search_for(HAND, PITAGORAS)
    with pytest.raises(SearchTooLarge, match=f"more than {built - 1:,} equations"):
        solve(HAND, TARGET, PITAGORAS, search=search)
    assert search._forms_built == 0
    assert search._forms[TARGET].forms == []


def test_a_listing_far_beyond_the_budget_is_refused_before_the_tables(monkeypatch):
    from eureka.numbers import solve
    from eureka.pitagoras import GAME

    built = forms_of_the_listing()
    monkeypatch.setattr(solve, "PREDICTED_FROM", len(HAND))
    monkeypatch.setattr(engine, "FORM_BUDGET", built)
    assert GAME.solve(HAND, TARGET).to_json()
    monkeypatch.setattr(engine, "FORM_BUDGET", 10)
    monkeypatch.setattr(engine.HandSearch, "forms_of", None)     # never reached
    with pytest.raises(SearchTooLarge, match="listing every equation of 6 cards"):
        GAME.solve(HAND, TARGET)
    assert GAME.solve(HAND, TARGET, best=True).to_json()


def test_ten_cards_are_refused_by_prediction_and_answered_with_best():
    from eureka.pitagoras import GAME

    cards = list(range(1, 11))
    with pytest.raises(SearchTooLarge, match="--best"):
        GAME.solve(cards, 32)
    assert GAME.solve(cards, 32, best=True).to_json()
