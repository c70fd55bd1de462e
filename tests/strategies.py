"""Hypothesis strategies shared by the numbers tests."""

from hypothesis import strategies as st

from eureka.numbers.rules import Rules
from tests.oracle import numbers as oracle


@st.composite
def rulesets(draw, max_cap: int = 10**18, domains=("whole", "positive", "fraction")):
    """Rulesets of every shape: each domain, with or without ^ (never with fractions),
    fewer operations, and small caps that make the cap's edge cases common."""
    domain = draw(st.sampled_from(domains))
    ops = draw(st.sampled_from(["+-*/", "+-*/^", "+-", "+*", "+-*", "+*/^", "+-^"]))
    if domain == "fraction":
        ops = ops.replace("^", "")
    cap = draw(st.one_of(st.just(max_cap), st.integers(5, 400)))
    return Rules(ops=ops, domain=domain, cap=cap)


def hands(rules: Rules, max_size: int = 5, max_value: int = 20):
    """Hands of up to max_size cards, repeats likely, all allowed by the rules."""
    low = rules.lowest
    return st.lists(st.integers(low, min(max_value, rules.cap)), min_size=1,
                    max_size=max_size)


@st.composite
def problems(draw, max_size: int = 5, max_value: int = 20, top: int = 120,
             domains=("whole", "positive", "fraction")):
    """(cards, target, rules): a target the hand reaches half the time (by the oracle),
    else any from the rules' lowest value to `top`."""
    rules = draw(rulesets(domains=domains))
    cards = draw(hands(rules, max_size, max_value))
    reachable = sorted(oracle.reachable_values(cards, rules))
    if reachable and draw(st.booleans()):
        target = draw(st.sampled_from(reachable))
    else:
        target = draw(st.integers(rules.lowest, top))
    return cards, target, rules
