"""Re-check an equation the engine returns with the independent claim checker."""

from collections import Counter

from eureka.numbers.claim import verifier


def assert_verified(eq, cards, rules):
    """The printed equation parses, follows the rules, uses cards on the table and
    makes its stated value, in both its unicode and ASCII spelling."""
    for text in (eq.text, eq.ascii):
        verdict = verifier.check(text, cards, eq.value, rules)
        assert verdict.valid, (text, verdict.reason)
        assert verdict.value == eq.value
        assert Counter(verdict.cards_used) == Counter(eq.cards)
