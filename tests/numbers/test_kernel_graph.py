"""The engine's kernels against plain references: the marks that deduplicate values, and
the graph of forms asked in its three modes (every form, one form, reachability)."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from eureka.numbers import kernels as K
from eureka.numbers.engine import HandSearch, marks
from tests.numbers.test_engine_oracle import problems

LARGE = 1 << K.MARK_BITS


@given(st.lists(st.one_of(st.integers(0, 300), st.integers(0, 2 * LARGE),
                          st.integers(0, 10**18)), max_size=300))
def test_unique_values_as_numpy_and_marks_left_clear(values):
    buf = np.array(values, np.int64)
    out = np.full(len(values) + 3, -1, np.int64)
    scratch = marks()
    m = K._unique_into(buf, len(values), scratch, out, 3)
    assert out[3:m].tolist() == sorted(set(values))
    assert not scratch.any()


@given(problems(max_size=5))
def test_every_form_one_form_and_reachability_agree(problem):
    cards, target, rules = problem
    if rules.domain == "fraction":
        return                      # the fraction domain has no kernels
    search = HandSearch(cards, rules)
    reaching = set(search.hands_reaching(target))
    for X in search.hand.by_size:
        forms = search.forms(target, X)
        one = search.one_form(target, X)
        assert (X in reaching) == bool(forms) == (one is not None)
        assert (one is None) or one in forms
        assert search.reaches(target, X) == (X in reaching)
    assert search.reaches(target) == bool(reaching)
