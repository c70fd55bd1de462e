"""The engine against the brute-force oracle, on random hands and rules."""

from hypothesis import given

from eureka.numbers.solve import search_for, solve
from tests.oracle import numbers as oracle
from tests.strategies import problems
from tests.verify import assert_verified


@given(problems())
def test_same_distinct_equations_as_oracle(problem):
    cards, target, rules = problem
    expected = oracle.solutions(cards, target, rules)
    got = solve(cards, target, rules)
    assert {e.form for e in got.equations} == expected
    assert got.reachable == bool(expected)
    sizes = [len(oracle_cards(f)) for f in expected]
    assert got.most_cards == max(sizes, default=0)
    assert got.fewest_cards == min(sizes, default=0)
    for eq in got.equations:
        assert_verified(eq, cards, rules)


@given(problems(max_size=4))
def test_same_values_and_tree_counts_as_oracle(problem):
    cards, target, rules = problem
    search = search_for(cards, rules)
    values = oracle.reachable_values(cards, rules)
    assert all(search.reaches(v) for v in values)
    whole = {v for v in values if v < 300 and v == int(v)}
    assert {v for v in range(0, 300) if search.reaches(v)} == whole
    assert search.all_values().tolist() == sorted(values)
    assert search.count_trees(target) == oracle.count_trees(cards, rules, target)


@given(problems())
def test_closest_values_are_nearest_reachable(problem):
    cards, target, rules = problem
    got = solve(cards, target, rules, closest=3)
    values = oracle.reachable_values(cards, rules)
    if target in values:
        assert got.closest == ()
        return
    nearest = sorted(values, key=lambda v: (abs(v - target), v))[:3]
    assert sorted(e.value for e in got.closest) == sorted(nearest)
    for eq in got.closest:
        assert_verified(eq, cards, rules)


def oracle_cards(form):
    if form[0] == oracle.LEAF:
        return [form[1]]
    if form[0] == oracle.POWER:
        return oracle_cards(form[1]) + oracle_cards(form[2])
    return [c for part in form[1] + form[2] for c in oracle_cards(part)]
