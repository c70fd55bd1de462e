"""How many forms a listing builds, bounded from above before any is built.

The bound is tight for repeated cards.

A node of a value graph (kernels.value_graph) holds at most its card plus, per edge,
the pairs of its parts' forms. Differences, ratios and powers give each form from one
pair only. A sum (or product) is walked from the term (factor) holding the first card
c of X, and with repeated cards several terms may hold a copy of c: the same sum comes
from each of them, once per distinct term t. The copies of c are shared out among
those terms: a term over A holds m = cnt[A, c] of the M = cnt[X, c] copies and is
repeated r times, so the m * r / M of a sum's distinct terms add up to 1, and

    sums <= (sum over pairs of m * r) / M.

r is 1 unless the rest of the sum holds t again, r is at most the copies of A that fit
in X, and the pairs whose rest holds t again are at most the pairs (t, rest') of the
rest's node (rest == t + rest'), plus one per t when the rest is t alone.
"""

import numpy as np

from eureka.jit import njit
from eureka.numbers import kernels


def form_bounds(leaf, end, edges, value, hand, most: int) -> np.ndarray:
    """The running sums [0, b0, b0 + b1, ...] of the form bounds of a graph's nodes.

    The graph has kernels.value_graph's shape (`leaf`, `end`, `edges`, `value`): node i
    is a card when leaf[i], makes value[i], and is made by the rows (kind, part a, part
    b) edges[end[i - 1]:end[i]], parts first. `hand` is the SubHands of the cards the
    graph is over; each bound stops growing at `most`. Without the hand (None: values
    not whole), a node holds at most its card plus, per edge, the product of its parts'
    bounds.

    Returns an int64 array of one more entry than there are nodes.
    """
    if hand is None:
        return _products(leaf, end, edges, most)
    return _bounds(leaf, end, edges, value, hand.vals, hand.stride, hand.cnt, most)


@njit(cache=True)
def _products(leaf, end, edges, most):
    """The running sums of the bounds without the hand: card plus parts' products.

    `leaf`, `end` and `edges` are the graph's arrays (see form_bounds); each bound stops
    growing at `most`.
    """
    bound = np.empty(end.shape[0], np.int64)
    made = np.zeros(end.shape[0] + 1, np.int64)
    e = 0
    for i in range(end.shape[0]):
        b = 1 if leaf[i] else 0
        while e < end[i]:
            b = min(b + bound[edges[e, 1]] * bound[edges[e, 2]], most)
            e += 1
        bound[i] = b
        made[i + 1] = made[i] + b
    return made


@njit(cache=True)
def _hands(value, end, edges, vals, stride):
    """The sub-hand of each node: its card's for a card, else the sum of its first edge's parts'.

    Sub-hands are numbered so that X == A + (X - A). `value`, `end` and `edges` are the
    graph's arrays (see form_bounds); `vals` are the distinct card values and `stride`
    the sub-hand number of one card of each (SubHands).
    """
    hand = np.empty(end.shape[0], np.int64)
    e = 0
    for i in range(end.shape[0]):
        if e < end[i]:
            hand[i] = hand[edges[e, 1]] + hand[edges[e, 2]]
        else:
            for k in range(vals.shape[0]):
                if vals[k] == value[i]:
                    hand[i] = stride[k]
        e = end[i]
    return hand


@njit(cache=True)
def _copies(A, X, cnt):
    """How many disjoint copies of sub-hand `A` fit in sub-hand `X` (`cnt`: SubHands.cnt)."""
    most = X + 1
    for k in range(cnt.shape[1]):
        if cnt[A, k] > 0:
            most = min(most, cnt[X, k] // cnt[A, k])
    return most


@njit(cache=True)
def _bounds(leaf, end, edges, value, vals, stride, cnt, most):
    """The running sums of the bounds with the hand known, as the module's notes bound them.

    `leaf`, `end`, `edges` and `value` are the graph's arrays (see form_bounds); `vals`,
    `stride` and `cnt` the hand's (SubHands); each bound stops growing at `most`.
    """
    hand = _hands(value, end, edges, vals, stride)
    bound = np.empty(end.shape[0], np.int64)
    made = np.zeros(end.shape[0] + 1, np.int64)
    first = np.zeros(end.shape[0] + 1, np.int64)
    for i in range(end.shape[0]):
        first[i + 1] = end[i]
    for i in range(end.shape[0]):
        X = hand[i]
        c = kernels._first_digit(X, cnt)
        M = cnt[X, c]
        b = 1 if leaf[i] else 0
        shared = 0                    # pairs of sums and products, times m * r
        for e in range(first[i], first[i + 1]):
            kind, a, p = edges[e, 0], edges[e, 1], edges[e, 2]
            pairs = min(bound[a] * bound[p], most)
            if kind != kernels.PLUS and kind != kernels.TIMES:
                b = min(b + pairs, most)
                continue
            r = _copies(hand[a], X, cnt)
            again = 0                 # pairs whose rest holds the term again
            if r > 1:
                if hand[p] == hand[a] and value[p] == value[a]:
                    again = bound[a]
                for f in range(first[p], first[p + 1]):
                    if edges[f, 0] == kind and edges[f, 1] == a:
                        again = min(again + bound[a] * bound[edges[f, 2]], most)
                again = min(again, pairs)
            m = cnt[hand[a], c]
            shared = min(shared + m * pairs + m * (r - 1) * again, most * M)
        bound[i] = min(b + (shared + M - 1) // M, most)
        made[i + 1] = made[i] + bound[i]
    return made
