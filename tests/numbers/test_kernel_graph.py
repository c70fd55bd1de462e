"""The engine's kernels against plain references: the marks that deduplicate values, and
the graph of forms asked in its three modes (every form, one form, reachability)."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from eureka import pitagoras
from eureka.numbers import kernels
from eureka.numbers.engine import HandSearch, marks
from tests.numbers.test_engine_oracle import problems

LARGE = 1 << kernels.MARK_BITS


@given(st.lists(st.one_of(st.integers(0, 300), st.integers(0, 2 * LARGE),
                          st.integers(0, 10**18)), max_size=300))
def test_unique_values_as_numpy_and_marks_left_clear(values):
    buf = np.array(values, np.int64)
    out = np.full(len(values) + 3, -1, np.int64)
    scratch = marks()
    m = kernels._unique_into(buf, len(values), scratch, out, 3)
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


def test_a_large_graph_grown_while_searched_agrees_across_modes():
    """Eight cards: the search outgrows the room it starts with (256 nodes and edges),
    pauses, is given more and resumes; reachability and one form still agree with the
    graph of every form."""
    search = HandSearch((1, 2, 3, 4, 5, 6, 7, 8), pitagoras.rules())
    graph = search._every(32)
    assert len(graph.value) > 256 and len(graph.edges) > 256
    reaching = set(search.hands_reaching(32))
    for X in search.hand.by_size[:40]:          # the largest: searched top-down
        assert (X in reaching) == (search.one_form(32, X) is not None) \
            == search.reaches(32, X)
