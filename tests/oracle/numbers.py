"""A slow, obviously correct numbers solver: every expression tree, by brute force.

Cards are told apart by position.  For every set of positions it builds every tree
(each card at most once, any bracketing, every operation of the rules), keeps the trees
whose every step is allowed, and records each tree's normal form, written out here
independently of the engine.  A form is then admitted under the value cap by its own
evaluator.  Exact Python integers throughout (fractions in the fraction domain); nothing
is pruned but powers that certainly exceed the cap.
"""

from collections import defaultdict
from fractions import Fraction
from math import prod

LEAF, SUM, PRODUCT, POWER = 0, 1, 2, 3


def _pow(b, e, cap):
    if b == 0 and e == 0:
        return None
    if b >= 2 and e > 64:          # 2 ** 65 > any cap
        return None
    r = b ** e
    return r if r <= cap else None


def step(op, a, b, rules):
    """The value of one tree node a op b, or None when the rules forbid it."""
    if op not in rules.ops:
        return None
    if op == "+":
        r = a + b
    elif op == "-":
        r = a - b
    elif op == "*":
        r = a * b
    elif op == "/":
        if b == 0 or (a % b and rules.domain != "fraction"):
            return None
        r = _whole(Fraction(a, b))
    else:
        r = _pow(a, b, rules.cap)
        if r is None:
            return None
    return r if r >= rules.lowest else None




def normalize(op, fa, fb):
    """The normal form of the tree fa op fb, from the normal forms of its parts."""
    if op in "+-":
        pa = (fa[1], fa[2]) if fa[0] == SUM else ((fa,), ())
        pb = (fb[1], fb[2]) if fb[0] == SUM else ((fb,), ())
        if op == "-":
            pb = (pb[1], pb[0])
        return (SUM, tuple(sorted(pa[0] + pb[0])), tuple(sorted(pa[1] + pb[1])))
    if op in "*/":
        pa = (fa[1], fa[2]) if fa[0] == PRODUCT else ((fa,), ())
        pb = (fb[1], fb[2]) if fb[0] == PRODUCT else ((fb,), ())
        if op == "/":
            pb = (pb[1], pb[0])
        return (PRODUCT, tuple(sorted(pa[0] + pb[0])), tuple(sorted(pa[1] + pb[1])))
    return (POWER, fa, fb)


def admitted_value(f, rules):
    """The value of a form if each of its sums, products and powers stays within the
    rules and the cap (added part, subtracted part, factors, divisors each <= cap)."""
    if f[0] == LEAF:
        return f[1]
    if f[0] == POWER:
        b, e = admitted_value(f[1], rules), admitted_value(f[2], rules)
        if b is None or e is None:
            return None
        r = _pow(b, e, rules.cap)
        return r if r is not None and r >= rules.lowest else None
    left = [admitted_value(g, rules) for g in f[1]]
    right = [admitted_value(g, rules) for g in f[2]]
    if None in left or None in right:
        return None
    if f[0] == SUM:
        p, n = sum(left), sum(right)
        ok = p <= rules.cap and n <= rules.cap and p - n >= rules.lowest
        return p - n if ok else None
    p, d = prod(left), prod(right)
    if not (p <= rules.cap and 0 < d <= rules.cap):
        return None
    if rules.domain == "fraction":
        r = _whole(Fraction(p, d))
        return r if r <= rules.cap else None
    return p // d if p % d == 0 and p // d >= rules.lowest else None


def _whole(q):
    """A Fraction as an int when it is whole."""
    return q.numerator if q.denominator == 1 else q


def all_forms(cards, rules):
    """{positions: {form: value}} for every valid tree over every set of positions."""
    n = len(cards)
    table = {}
    for mask in sorted(range(1, 1 << n), key=lambda m: bin(m).count("1")):
        if mask & (mask - 1) == 0:
            i = mask.bit_length() - 1
            table[mask] = {(LEAF, cards[i]): cards[i]}
            continue
        found = {}
        sub = (mask - 1) & mask
        while sub:
            rest = mask ^ sub
            for fa, a in table[sub].items():
                for fb, b in table[rest].items():
                    for op in rules.ops:
                        r = step(op, a, b, rules)
                        if r is not None:
                            found[normalize(op, fa, fb)] = r
            sub = (sub - 1) & mask
        table[mask] = found
    return table


def solutions(cards, target, rules):
    """Every admitted normal form of value target, over any cards of the hand."""
    out = set()
    for forms in all_forms(cards, rules).values():
        for f, v in forms.items():
            if v == target and admitted_value(f, rules) == target:
                out.add(f)
    return out


def reachable_values(cards, rules):
    """Every value some admitted form makes."""
    return {v for forms in all_forms(cards, rules).values() for f, v in forms.items()
            if admitted_value(f, rules) == v}


def count_trees(cards, rules, target=None):
    """Expression trees (ordered, over ordered selections of the cards) making target
    (None: any value), every node allowed and <= cap."""
    n = len(cards)
    table = {}
    for mask in sorted(range(1, 1 << n), key=lambda m: bin(m).count("1")):
        if mask & (mask - 1) == 0:
            table[mask] = {cards[mask.bit_length() - 1]: 1}
            continue
        counts = defaultdict(int)
        sub = (mask - 1) & mask
        while sub:
            for a, ca in table[sub].items():
                for b, cb in table[mask ^ sub].items():
                    for op in rules.ops:
                        r = step(op, a, b, rules)
                        if r is not None and r <= rules.cap:
                            counts[r] += ca * cb
            sub = (sub - 1) & mask
        table[mask] = dict(counts)
    return sum(c for t in table.values() for v, c in t.items()
               if target is None or v == target)
