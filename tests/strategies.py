"""Hypothesis strategies shared by the numbers tests."""

from hypothesis import strategies as st

from eureka.numbers.rules import Rules


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
