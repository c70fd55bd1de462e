"""A slow reference for Arquimedes plays: every card of the hand, every operation,
every other card of the hand, and every value the joker could stand for."""

from itertools import permutations

JOKER = 14


def _value_options(code):
    return range(1, 14) if code == JOKER else (code,)


def plays(top, hand, ops="+-*/"):
    """{(top, op, first, first_value, second, second_value)} for a top value (None: a
    freshly turned joker) and a hand of card codes; op 0 is '=', 1–4 are + − × ÷."""
    tops = range(1, 14) if top is None else (top,)
    found = set()
    for t in tops:
        for card in set(hand):
            for v in _value_options(card):
                if v == t:
                    found.add((t, 0, card, v, 0, 0))
        for i, j in permutations(range(len(hand)), 2):
            a_code, b_code = hand[i], hand[j]
            for a in _value_options(a_code):
                for b in _value_options(b_code):
                    for op, sign in enumerate("+-*/", start=1):
                        if sign in ops and _holds(t, sign, a, b):
                            found.add((t, op, a_code, a, b_code, b))
    return found


def _holds(t, sign, a, b):
    """Whether t sign a = b, exactly (b is a card value 1–13)."""
    if sign == "+":
        return t + a == b
    if sign == "-":
        return t - a == b
    if sign == "*":
        return t * a == b
    return a * b == t
