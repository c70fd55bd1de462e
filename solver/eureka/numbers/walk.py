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
move that walks each state (the numbers in front of the player) once.
"""

import numpy as np

from eureka.jit import njit
from eureka.ops import ADD, CODES, DIVIDE, MULTIPLY, OPERATORS, POWER, SUBTRACT

FRACTION, GOAL = len(CODES), len(CODES) + 1
"""The weights the kernel takes: one per operation (numbered as eureka.ops numbers
them), then these two."""
NAMES = tuple(OPERATORS[code].name for code in CODES) + ("fraction", "goal")
MOVES = (ADD, MULTIPLY, SUBTRACT, DIVIDE, DIVIDE, POWER, POWER)
"""The moves tried on a pair a ≥ b, in this order: a + b, a × b, a − b, a ÷ b, b ÷ a,
a ^ b, b ^ a."""
DOMAINS = {"whole": 0, "positive": 1, "fraction": 2}
MOST = 2**30 - 1
"""The largest numerator or denominator the walk forms: larger results are not tried (as
no player would), and a sum of two products stays within 64 bits."""


def chance(cards, target: int, need: int, rules, weights) -> float:
    """The probability that the searching player makes `target` from `need` of the `cards`.

    `need` is how many cards the answer uses (0: any number of them); `rules` give the
    operations, the number domain and the cap; `weights` is a sequence of the move
    weights indexed as the kernel takes them (one per operation in eureka.ops order,
    then FRACTION and GOAL; names in NAMES). Returns 0.0 when a card is above MOST.
    """
    n = len(cards)
    if max(cards) > MOST:
        return 0.0                                  # no player works with such numbers
    row = np.zeros((n + 1, n), np.int64)
    row[0, :] = sorted(_code.py_func(c, 1, 1) for c in cards)
    allowed = np.array([code in rules.ops for code in CODES])
    size = 1 << max(6, min(20, 3 * n))          # room for the states of 3 or more numbers
    known = np.zeros(size + 1, np.int64), np.empty((size, n), np.int64), np.empty(size)
    return _walk(row, n, 0, np.int64(target), np.int64(need),
                 np.asarray(weights, np.float64), DOMAINS[rules.domain], allowed,
                 min(rules.cap, MOST), *known)


_NUM, _DEN = 33, 3
"""A number in front of the player is one int64 code: numerator, denominator and the
cards it is made of, at these shifts (MOST fits 30 bits; up to 7 cards). Codes sort by
numerator first, and a row of codes kept sorted is the state's own order: the chance of
a state does not depend on how it was reached, so each state is walked once."""


@njit(cache=True, inline="always")
def _code(num, den, cnt):
    """The int64 code of the number `num`/`den` made of `cnt` cards."""
    return (num << _NUM) | (den << _DEN) | cnt


@njit(cache=True)
def _gcd(a, b):
    """The greatest common divisor of the whole numbers `a` and `b`."""
    while b:
        a, b = b, a % b
    return a


@njit(cache=True)
def _walk(row, n, level, target, need, w, domain, allowed, most, filled, keys, values):
    """The chance of success from the `n` numbers row[level, :n] (sorted codes).

    `row` holds one state per depth, `level` the current one (the row level + 1 is
    written); `target` and `need` are as in chance(); `w` are the weights (per
    operation, then FRACTION and GOAL); `domain` numbers the rules' domain as DOMAINS
    does; `allowed`[k] tells whether operation k (ADD ... POWER) is allowed; no result
    above `most` is formed. States of 3 numbers or more are remembered in the
    open-addressed table `filled`/`keys`/`values` (see _slot; a table half full
    remembers no more).
    """
    slot = -1
    if level > 0 and n >= 3:
        slot = _slot(row[level], n, filled, keys)
        if slot >= 0 and filled[slot]:
            return values[slot]
    total = 0.0
    found = 0.0
    mask = (1 << 30) - 1
    for i in range(n):
        if i > 0 and row[level, i - 1] == row[level, i]:
            continue                                 # equal numbers: one choice
        for j in range(i + 1, n):
            if j > i + 1 and row[level, j - 1] == row[level, j]:
                continue
            ci, cj = row[level, i], row[level, j]
            a, da, b, db = ci >> _NUM, (ci >> _DEN) & mask, cj >> _NUM, (cj >> _DEN) & mask
            if a * db < b * da:
                a, da, b, db = b, db, a, da          # a >= b
            used = (ci & 7) + (cj & 7)
            for move in range(len(MOVES)):
                kind = MOVES[move]
                turned = move > 0 and MOVES[move - 1] == kind    # b ÷ a, b ^ a
                if not allowed[kind]:
                    continue
                if kind == ADD:
                    p, q, weight = a * db + b * da, da * db, w[ADD]
                elif kind == MULTIPLY:
                    p, q, weight = a * b, da * db, w[MULTIPLY]
                elif kind == SUBTRACT:
                    p, q, weight = a * db - b * da, da * db, w[SUBTRACT]
                elif kind == DIVIDE:
                    top, bottom = (b * da, db * a) if turned else (a * db, da * b)
                    if bottom == 0 or (turned and a * db == b * da):
                        continue                     # no zero divisor; a ÷ a once
                    p, q, weight = top, bottom, w[DIVIDE]
                else:
                    base, exponent = (b, a) if turned else (a, b)
                    if da != 1 or db != 1 or exponent > 40 or (turned and a == b):
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
                    _place(row, level, n, i, j, _code(p, q, used))
                    found += weight * _walk(row, n - 1, level + 1, target, need, w,
                                            domain, allowed, most, filled, keys, values)
    chance = found / total if total > 0 else 0.0
    if slot >= 0:
        filled[slot] = n
        filled[-1] += 1
        for k in range(n):
            keys[slot, k] = row[level, k]
        values[slot] = chance
    return chance


@njit(cache=True)
def _slot(state, n, filled, keys):
    """The table's slot holding the `n` numbers state[:n], or the empty slot where it goes.

    `state` is a row of sorted codes. In the table, `filled`[slot] is how many numbers
    the state held at the slot has (0: empty) and `keys`[slot] their codes; filled[-1]
    counts the states held. Returns the slot holding the state (filled[slot] == n), the
    empty slot where it goes (filled[slot] == 0), or -1 when the table is half full and
    the state is not in it.
    """
    h = np.uint64(n)
    for k in range(n):
        h = (h ^ np.uint64(state[k])) * np.uint64(0x9E3779B97F4A7C15)
        h ^= h >> np.uint64(29)
    size = len(filled) - 1
    slot = np.int64(h & np.uint64(size - 1))
    while filled[slot]:
        if filled[slot] == n:
            k = 0
            while k < n and keys[slot, k] == state[k]:
                k += 1
            if k == n:
                return slot
        slot = (slot + 1) & (size - 1)
    return slot if 2 * filled[-1] < size else -1


@njit(cache=True)
def _place(row, level, n, i, j, code):
    """Writes row `level` + 1 of `row`: row `level` without its numbers `i` and `j`.

    `code` takes its sorted place among the other `n` - 2 numbers.
    """
    k = 0
    placed = False
    for m in range(n):
        if m == i or m == j:
            continue
        if not placed and code < row[level, m]:
            row[level + 1, k] = code
            k += 1
            placed = True
        row[level + 1, k] = row[level, m]
        k += 1
    if not placed:
        row[level + 1, k] = code
