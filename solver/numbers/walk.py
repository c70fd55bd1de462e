"""The searching player: the chance that a person who tries moves at random finds an answer.

A move takes two of the numbers in front of the player (cards, or results made
earlier) and puts one result in their place: their sum, product, difference (the larger
less the smaller), either quotient and, where the rules allow powers, either power. Moves
the rules forbid (a result outside the number domain, a quotient that is not exact where
fractions are not allowed) are not tried. Each allowed move is chosen with a weight: its
operation's, times `fraction` when the result is not a whole number, times `goal` when
the result divides the target or the target divides it (a step a player aiming at the
target favours). Pairs of equal numbers are one choice.

The walk succeeds as soon as it makes the target from `need` cards (0: from any number of
cards); `chance` is its probability, computed exactly by a depth-first search of every
move. The cost grows fast with the cards: six cards take about 0.1 s, seven far more.
"""

import numpy as np
from numba import njit

ADD, MULTIPLY, SUBTRACT, DIVIDE, POWER, FRACTION, GOAL = range(7)
"""The weights' places in the array the kernel takes."""
NAMES = ("add", "multiply", "subtract", "divide", "power", "fraction", "goal")
DOMAINS = {"whole": 0, "positive": 1, "fraction": 2}
MOST = 2**30 - 1
"""The largest numerator or denominator the walk forms: larger results are not tried (as
no player would), and a sum of two products stays within 64 bits."""


def chance(cards, target: int, need: int, rules, weights) -> float:
    """The probability that the searching player makes `target` from `need` of the cards
    (0: any number of them) under `rules`; weights: sequence indexed as above."""
    n = len(cards)
    num = np.ones((n + 1, n), np.int64)
    num[0, :] = cards
    den = np.ones((n + 1, n), np.int64)
    cnt = np.ones((n + 1, n), np.int64)
    allowed = np.array([sign in rules.ops for sign in "+*-/^"])
    return _walk(num, den, cnt, n, 0, np.int64(target), np.int64(need),
                 np.asarray(weights, np.float64), DOMAINS[rules.domain], allowed,
                 min(rules.cap, MOST))


@njit(cache=True)
def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


@njit(cache=True)
def _walk(num, den, cnt, n, level, target, need, w, domain, allowed, most):
    """The chance of success from the numbers num/den (cards used: cnt) at row `level`;
    allowed[k]: whether operation k (ADD ... POWER) is; no result above `most`."""
    total = 0.0
    found = 0.0
    for i in range(n):
        for j in range(i + 1, n):
            if _seen(num, den, cnt, level, n, i, j):
                continue
            a, da, b, db = num[level, i], den[level, i], num[level, j], den[level, j]
            if a * db < b * da:
                a, da, b, db = b, db, a, da          # a >= b
            used = cnt[level, i] + cnt[level, j]
            for op in range(7):
                kind = op if op < 4 else op - 1 if op < 6 else POWER
                if not allowed[kind]:
                    continue
                if op == 0:
                    p, q, weight = a * db + b * da, da * db, w[ADD]
                elif op == 1:
                    p, q, weight = a * b, da * db, w[MULTIPLY]
                elif op == 2:
                    p, q, weight = a * db - b * da, da * db, w[SUBTRACT]
                elif op == 3 or op == 4:
                    top, bottom = (a * db, da * b) if op == 3 else (b * da, db * a)
                    if bottom == 0 or (op == 4 and a * db == b * da):
                        continue                     # no zero divisor; a ÷ a once
                    p, q, weight = top, bottom, w[DIVIDE]
                else:
                    base, exponent = (a, b) if op == 5 else (b, a)
                    if da != 1 or db != 1 or exponent > 40 or (op == 6 and a == b):
                        continue                     # whole numbers; a ^ a once
                    p, q, weight = 1, 1, w[POWER]
                    for _ in range(exponent):
                        p *= base
                        if p > most:
                            break
                g = _gcd(p, q)
                p, q = p // g, q // g
                if p > MOST or q > MOST or p > most * q:
                    continue
                if q != 1:
                    if domain != 2:
                        continue
                    weight *= w[FRACTION]
                elif domain == 1 and p == 0:
                    continue
                if q == 1 and p > 0 and target > 0 and (target % p == 0 or p % target == 0):
                    weight *= w[GOAL]
                total += weight
                if q == 1 and p == target and (need == 0 or used == need):
                    found += weight
                elif n > 2:
                    _place(num, den, cnt, level, n, i, j, p, q, used)
                    found += weight * _walk(num, den, cnt, n - 1, level + 1, target, need,
                                            w, domain, allowed, most)
    return found / total if total > 0 else 0.0


@njit(cache=True)
def _seen(num, den, cnt, level, n, i, j):
    """Whether an earlier pair holds the same two numbers (made of as many cards)."""
    for k in range(i + 1):
        for m in range(k + 1, n):
            if k == i and m >= j:
                return False
            if (_same(num, den, cnt, level, k, i) and _same(num, den, cnt, level, m, j)) or \
                    (_same(num, den, cnt, level, k, j) and _same(num, den, cnt, level, m, i)):
                return True
    return False


@njit(cache=True)
def _same(num, den, cnt, level, x, y):
    return num[level, x] == num[level, y] and den[level, x] == den[level, y] and \
        cnt[level, x] == cnt[level, y]


@njit(cache=True)
def _place(num, den, cnt, level, n, i, j, p, q, used):
    """Row level + 1: row `level` without its numbers i and j, then p/q."""
    k = 0
    for m in range(n):
        if m != i and m != j:
            num[level + 1, k], den[level + 1, k], cnt[level + 1, k] = \
                num[level, m], den[level, m], cnt[level, m]
            k += 1
    num[level + 1, k], den[level + 1, k], cnt[level + 1, k] = p, q, used
