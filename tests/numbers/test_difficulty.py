"""Simplest first, hints and the difficulty rating: each against a slow reference, and
the rating against how people do at the 24 game."""

import operator
from collections import Counter
from fractions import Fraction

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from eureka.benchmarks import difficulty as fit_difficulty
from eureka.game24 import GAME as GAME24
from eureka.numbers import difficulty, simplicity, walk
from eureka.numbers.solve import SIMPLEST_FIRST_UP_TO, solve
from eureka.pitagoras import GAME as PITAGORAS
from tests.oracle import simplicity as slow_simplicity
from tests.oracle import walk as slow_walk
from tests.strategies import problems, rulesets


@given(problems(max_size=4))
def test_each_equations_cost_is_the_cost_of_its_text(problem):
    cards, target, rules = problem
    for eq in solve(cards, target, rules).equations:
        assert simplicity.cost(simplicity.read(eq.form)) == \
            slow_simplicity.cost(eq.ascii)


@given(problems(max_size=5))
def test_each_group_lists_the_simplest_first(problem):
    cards, target, rules = problem
    for group in solve(cards, target, rules).groups:
        costs = [slow_simplicity.cost(e.ascii) for e in group.listed()]
        assert len(group) > SIMPLEST_FIRST_UP_TO or costs == sorted(costs)
        assert slow_simplicity.cost(group.simplest().ascii) == min(costs)


def test_a_large_group_keeps_the_quick_order_and_still_finds_the_simplest(monkeypatch):
    from eureka.numbers import solve as solving
    monkeypatch.setattr(solving.Group, "simplest_first", property(lambda g: len(g) <= 3))
    (group, *_) = solve([2, 7, 6, 12, 15], 32, PITAGORAS.rules).groups
    assert len(group) == 12
    texts = [e.text for e in group.listed()]
    assert [len(t) for t in texts] == sorted(map(len, texts))      # shortest first
    costs = [slow_simplicity.cost(e.ascii) for e in group.listed()]
    assert costs != sorted(costs)                                   # not simplest first
    assert slow_simplicity.cost(group.simplest().ascii) == min(costs)


@given(problems(max_size=5))
def test_the_steps_work_out_the_equation_card_by_card(problem):
    cards, target, rules = problem
    for eq in solve(cards, target, rules).equations:
        steps = simplicity.steps(eq.form)
        assert len(steps) == len(eq.cards) - 1
        ops, results, _ = slow_simplicity.worked(eq.ascii)
        assert Counter(s.op for s in steps) == ops
        assert sorted(map(Fraction, (s.result for s in steps))) == sorted(results)
        unused, made = Counter(eq.cards), Counter()
        for s in steps:
            assert s.result == {"+": operator.add, "-": operator.sub, "*": operator.mul,
                                "/": lambda a, b: Fraction(a) / b,
                                "^": operator.pow}[s.op](s.a, s.b)
            for operand in (s.a, s.b):
                if made[operand]:
                    made[operand] -= 1
                else:
                    assert unused[operand] > 0
                    unused[operand] -= 1
            made[s.result] += 1
        if steps:
            assert +unused == Counter() and +made == Counter({target: 1})
        else:
            assert eq.cards == (target,)


@given(st.data())
def test_the_walk_is_the_slow_walks(data):
    rules = data.draw(rulesets(max_cap=10**18))
    cards = data.draw(st.lists(st.integers(rules.lowest, 13), min_size=1, max_size=5))
    target = data.draw(st.integers(0, 60))
    need = data.draw(st.sampled_from([0, len(cards)]))
    weights = data.draw(st.lists(st.sampled_from([0.25, 0.5, 1.0, 2.0, 3.0]),
                                 min_size=7, max_size=7))
    fast = walk.chance(cards, target, need, rules, weights)
    slow = slow_walk.chance(cards, target, need, rules, weights)
    assert abs(fast - float(slow)) <= 1e-9 * max(1.0, float(slow))


def test_the_rating_follows_how_people_do():
    """The shipped rating on the 1,362 hands of 4nums.com: |ρ| >= 0.6 with the solve
    rate and with the mean time (docs/DIFFICULTY.md gives the cross-validated ones)."""
    human = fit_difficulty.human_results()
    rate, time = fit_difficulty.agreement(difficulty.model()[0], human)
    assert rate <= -0.6 and time >= 0.6


def test_the_rating_holds_on_hands_it_was_not_fitted_on():
    """A two-fold cross-validation with the coarse steps of the fit: the rating of each
    half, fitted on the other, still reaches |ρ| >= 0.6."""
    human = fit_difficulty.human_results()
    order = np.random.default_rng(1).permutation(len(human.rate))
    halves = order[::2], order[1::2]
    for train, test in (halves, halves[::-1]):
        free = fit_difficulty.fit(human.subset(train), steps=(4.0, 2.0))
        rate, time = fit_difficulty.agreement(fit_difficulty.full(free), human.subset(test))
        assert rate <= -0.6 and time >= 0.6


def test_spearman_is_the_rank_correlation():
    assert fit_difficulty.spearman([1, 2, 3, 4], [10, 20, 30, 40]) == 1.0
    assert fit_difficulty.spearman([1, 2, 3, 4], [4, 3, 2, 1]) == -1.0
    assert fit_difficulty.ranks([5, 1, 5, 2]).tolist() == [3.5, 1.0, 3.5, 2.0]


def test_levels_split_the_24_games_hands_in_thirds():
    human = fit_difficulty.human_results()
    levels = Counter(difficulty.level(r) for r in
                     fit_difficulty.ratings(difficulty.model()[0], human.hands))
    assert all(abs(levels[k] - len(human.rate) / 3) < 60 for k in difficulty.LEVELS)


def test_puzzles_without_an_answer_are_not_rated():
    assert GAME24.solve([1, 1, 1, 1]).difficulty is None
    assert PITAGORAS.solve([2, 4, 6], 31).difficulty is None
    assert GAME24.solve([3, 3, 8, 8]).difficulty.level == "hard"


def test_hints_tell_more_at_each_level():
    one, two, three = (PITAGORAS.hint([2, 7, 6, 12, 15], 32, level=k) for k in (1, 2, 3))
    assert one.solvable and one.most_cards == 5 and not one.steps and one.answer is None
    assert len(two.steps) == 1 and two.answer is None
    assert three.answer == PITAGORAS.solve([2, 7, 6, 12, 15], 32).simplest
    assert three.steps[0] == two.steps[0] and three.steps[-1].result == 32
    assert not GAME24.hint([1, 1, 1, 1], level=3).solvable
