"""Hypothesis strategies shared by the numbers tests."""

from hypothesis import strategies as st

from solver.numbers.rules import Rules


def rulesets(max_cap: int = 10**18):
    """Rulesets of every shape: whole or positive, with or without ^, fewer operations,
    and small caps that make the cap's edge cases common."""
    return st.builds(
        Rules,
        ops=st.sampled_from(["+-*/", "+-*/^", "+-", "+*", "+-*", "+*/^", "+-^"]),
        domain=st.sampled_from(["whole", "positive"]),
        cap=st.one_of(st.just(max_cap), st.integers(5, 400)),
    )


def hands(rules: Rules, max_size: int = 5, max_value: int = 20):
    """Hands of up to max_size cards, repeats likely, all allowed by the rules."""
    low = rules.lowest
    return st.lists(st.integers(low, min(max_value, rules.cap)), min_size=1,
                    max_size=max_size)
