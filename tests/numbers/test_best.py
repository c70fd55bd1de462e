"""The best-first search (eureka.numbers.best) against the oracle and the complete
engine: the most cards, an equation that the engine admits, checked independently."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka import countdown, pitagoras
from eureka.errors import SearchTooLarge
from eureka.numbers import normal_form
from eureka.numbers.best import WORK, BestSearch
from eureka.numbers.engine import HandSearch, predicted_values
from eureka.numbers.solve import Equation, best_equation, most_cards
from tests.oracle import numbers as oracle
from tests.strategies import problems
from tests.verify import assert_verified


@given(problems(max_value=12, top=200, domains=("whole", "positive")))
def test_most_cards_as_the_oracle(problem):
    cards, target, rules = problem
    expected = oracle.solutions(cards, target, rules)
    most = max((len(normal_form.cards(f)) for f in expected), default=0)
    found = most_cards(cards, target, rules)
    assert (len(found.cards) if found else 0) == most
    form, exact = BestSearch(cards, rules).best(target)
    if exact:                                  # else most_cards asked the engine
        assert form is None if not expected else form in expected
        assert (len(normal_form.cards(form)) if form else 0) == most
    if found:
        assert found.form in expected
        assert_verified(found, cards, rules)


@st.composite
def larger_hands(draw):
    """Seven cards up to 25 (six with ^: its tables are far larger)."""
    rules = draw(st.sampled_from([pitagoras.rules(), pitagoras.rules(True),
                                  countdown.rules()]))
    size = 6 if "^" in rules.ops else 7
    return rules, draw(st.lists(st.integers(1, 25), min_size=size, max_size=size))


@given(larger_hands(), st.one_of(st.integers(0, 150), st.integers(0, 10**7)))
def test_most_cards_as_the_engine_on_larger_hands(hand, target):
    rules, cards = hand
    engine = best_equation(HandSearch(cards, rules), target)
    form, exact = BestSearch(cards, rules).best(target)
    assert exact
    assert (len(normal_form.cards(form)) if form else 0) == (len(engine.cards) if engine else 0)
    if form:
        assert_verified(Equation(form, target), cards, rules)


@pytest.mark.parametrize("target", [32, 77, 2024, 10**6 + 7])
def test_ten_cards_answered_without_the_tables(target):
    cards = [13, 25, 14, 2, 9, 17, 16, 13, 10, 16]
    found = most_cards(cards, target, pitagoras.rules())
    assert len(found.cards) == 10
    assert_verified(found, cards, pitagoras.rules())


def test_a_target_beyond_every_value_is_proven_unreachable():
    cards = [5, 19, 25, 3, 9, 4, 16, 25, 15, 16]
    search = BestSearch(cards, pitagoras.rules())
    beyond = int(search.top[search.hand.full]) + 1
    assert search.best(beyond) == (None, True)
    assert pitagoras.GAME.any_numbers().solve(cards, beyond, best=True).reachable is False


@pytest.mark.parametrize("cards, target, most", [
    ([6, 4, 15, 10, 5, 3, 18, 23, 21, 2], 1415403, 100_000),        # was 3,673,299
    ([11, 5, 13, 21, 2, 3, 18, 4, 12, 19], 168106871, 4_000_000),   # was over 6,000,000
])
def test_stored_parts_are_tried_before_deeper_questions(cards, target, most):
    """A witness within `most` work (walked in split order, these took the work noted)."""
    search = BestSearch(cards, pitagoras.rules(True))
    form, exact = search.best(target)
    assert exact and len(normal_form.cards(form)) == 10
    assert search.state[WORK] < most
    assert_verified(Equation(form, target), cards, pitagoras.rules(True))


def test_the_engine_refuses_ten_cards_before_building_their_tables():
    cards = [5, 19, 25, 3, 9, 4, 16, 25, 15, 16]
    with pytest.raises(SearchTooLarge, match="use fewer cards, or --best"):
        HandSearch(cards, pitagoras.rules())


def test_the_prediction_is_near_the_tables_built():
    cards = [5, 19, 25, 3, 9, 4, 16, 12]
    search = HandSearch(cards, pitagoras.rules())
    predicted = predicted_values(search.hand, search.largest_stored, search.rules.cap,
                                 search._tables(10**9))
    assert len(search.data) / 3 < predicted < 3 * len(search.data)
