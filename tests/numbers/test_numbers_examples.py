"""Named examples: the Pitagoras rulebook, Hutton's published counts, the normal form."""

import pytest

from eureka import countdown, pitagoras
from eureka.errors import HandError, SearchTooLarge
from eureka.numbers.claim import verifier
from eureka.numbers.engine import HandSearch
from eureka.numbers.rules import Rules
from eureka.numbers.solve import most_cards, solve
from tests.oracle.numbers import LEAF, normalize
from tests.verify import assert_verified


def form_of(text):
    """The normal form of a written equation, by the oracle's own flattening."""
    def walk(node):
        if isinstance(node, verifier.Num):
            return (LEAF, node.value)
        return normalize(node.op, walk(node.left), walk(node.right))
    return walk(verifier.parse(text)[0])


def texts(solution):
    return {e.ascii for e in solution.equations}


def test_rulebook_example_1():
    s = solve([1, 6, 5, 11, 20], 32, pitagoras.rules())
    forms = {e.form for e in s.equations}
    assert form_of("20 + 11 + 1") in forms
    assert form_of("1 + 6 + 5 + 20") in forms
    assert s.most_cards == 5                # better than the rulebook's four cards
    for eq in s.equations:
        assert_verified(eq, [1, 6, 5, 11, 20], pitagoras.rules())


@pytest.mark.parametrize("pow_allowed", [False, True])
def test_rulebook_example_2(pow_allowed):
    rules = pitagoras.rules(pow_allowed)
    s = solve([2, 7, 6, 12, 15], 32, rules)
    forms = {e.form for e in s.equations}
    assert form_of("7 * 6 - 12 + 2") in forms
    assert form_of("12 + 15 + 7 - 2") in forms
    assert (form_of("7 ^ (12 / 6) - 15 - 2") in forms) == pow_allowed
    assert s.most_cards == 5                # (15 + 7 + 6 − 12) × 2 needs no ^
    assert "(15 + 7 + 6 - 12) * 2" in texts(s)
    assert len(s.equations) == (40 if pow_allowed else 23)


def test_one_equation_however_written():
    assert form_of("12+15+7-2") == form_of("7+12-2+15") == form_of("(15+12)+(7-2)")
    assert form_of("12/(6/2)") == form_of("12*2/6")
    assert form_of("7*6") != form_of("6+7")


def test_equal_cards_are_interchangeable():
    """5 − 5 is one equation, not one per copy of 5; zero is a whole number."""
    s = solve([5, 5, 9], 0, pitagoras.rules())
    assert texts(s) == {"5 - 5", "9 * (5 - 5)", "(5 - 5) / 9"}
    assert len(s.equations) == 3


def test_hutton_counts():
    """Hutton (2002): 780 solutions for 765 from 1 3 7 10 25 50, and 4,672,540 valid
    expressions over those numbers."""
    search = HandSearch([1, 3, 7, 10, 25, 50], countdown.rules())
    assert search.count_trees(765) == 780
    assert search.count_trees() == 4_672_540


def test_most_cards_and_closest():
    assert len(most_cards([2, 7, 6, 12, 15], 32, pitagoras.rules()).cards) == 5
    assert most_cards([1, 1], 50, pitagoras.rules()) is None
    s = solve([1, 1], 50, pitagoras.rules(), closest=2)
    assert not s.reachable
    assert [e.value for e in s.closest] == [2, 1]


def test_too_many_cards_is_refused():
    with pytest.raises(SearchTooLarge, match="30 cards"):
        HandSearch([1] * 30, pitagoras.rules())


def test_cards_outside_the_domain_are_refused():
    with pytest.raises(HandError, match="card 0"):
        HandSearch([0, 3], countdown.rules())
    with pytest.raises(HandError, match="no cards"):
        HandSearch([], Rules())
