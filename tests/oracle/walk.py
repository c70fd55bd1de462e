"""The slow reference for the searching player (eureka.numbers.walk): the same walk,
written plainly over exact fractions, every state a sorted tuple, nothing shared with
the kernel."""

from fractions import Fraction
from functools import lru_cache

from eureka.numbers.walk import MOST


def chance(cards, target, need, rules, weights) -> Fraction:
    """The exact probability of the walk (weights as floats are taken as exact, in the
    order of walk.NAMES: the operations as eureka.ops numbers them, fraction, goal)."""
    add, subtract, multiply, divide, power, fraction, goal = (Fraction(w) for w in weights)
    lowest = 1 if rules.domain == "positive" else 0

    def moves(a, b):
        """(result, weight) of every move on the pair a >= b the rules allow."""
        found = [(a + b, add)] * ("+" in rules.ops) + [(a * b, multiply)] * (
            "*" in rules.ops) + [(a - b, subtract)] * ("-" in rules.ops)
        if b and "/" in rules.ops:
            found.append((a / b, divide))
        if a and a != b and "/" in rules.ops:
            found.append((b / a, divide))
        if "^" in rules.ops and a.denominator == b.denominator == 1:
            for base, exponent in ((a, b), (b, a)) if a != b else ((a, b),):
                if exponent <= 40:
                    found.append((base ** int(exponent), power))
        for result, weight in found:
            if result.numerator > MOST or result.denominator > MOST or result < lowest \
                    or result > min(rules.cap, MOST):
                continue
            if result.denominator != 1:
                if rules.domain != "fraction":
                    continue
                weight *= fraction
            elif result > 0 and target > 0 and (target % result == 0 or
                                                 result % target == 0):
                weight *= goal
            yield result, weight

    @lru_cache(maxsize=None)
    def walk(state) -> Fraction:
        pairs = {(max(x, y), min(x, y)) for i, x in enumerate(state)
                 for j, y in enumerate(state) if i < j}
        total = found = Fraction(0)
        for (a, b) in sorted(pairs):
            rest = list(state)
            rest.remove(a)
            rest.remove(b)
            for result, weight in moves(a[0], b[0]):
                total += weight
                used = a[1] + b[1]
                if result == target and need in (0, used):
                    found += weight
                elif len(state) > 2:
                    found += weight * walk(tuple(sorted(rest + [(result, used)])))
        return found / total if total else Fraction(0)

    return walk(tuple(sorted((Fraction(c), 1) for c in cards)))
