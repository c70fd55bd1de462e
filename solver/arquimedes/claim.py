"""Check a claimed Arquimedes play such as "3+2=5" against the top card and the hand.

This is the independent verifier of the play lister: it shares no code with the
kernels.  A claim is `TOP = CARD` or `TOP op CARD = CARD`; a card may be written as a
number, as K or J (the joker, its value then follows from the equation), or as K(5).
A number the hand lacks is taken as the joker standing for it, when the hand holds one.
"""

import re
from collections import Counter
from dataclasses import dataclass

from eureka.arquimedes.plays import OP_CODES, SIGNS, Play, State
from eureka.errors import ClaimSyntaxError

JOKER = 14
_SPELLINGS = {"+": "+", "-": "-", "−": "-", "–": "-", "*": "*", "x": "*", "X": "*",
              "×": "*", "·": "*", "/": "/", "÷": "/", ":": "/"}
_CARD = re.compile(r"\s*(?:(\d+)|([KJ])(?:\((\d+)\))?)\s*$", re.IGNORECASE)
_RESULT_FIRST = re.compile(r"\s*\S+\s*[-+−–*xX×·/÷:]\s*\S+\s*$")   # "= 3 + 5"


@dataclass(frozen=True)
class Verdict:
    valid: bool
    reason: str
    play: Play | None = None        # the play, when valid
    empties_hand: bool = False


@dataclass(frozen=True)
class _Card:
    value: int | None               # None: a joker whose value the equation fixes
    joker: bool


def _card(text: str, where: int) -> _Card:
    m = _CARD.match(text)
    if not m:
        raise ClaimSyntaxError(f"{text.strip()!r} is not a card", where)
    if m.group(1) is not None:
        return _Card(int(m.group(1)), False)
    return _Card(int(m.group(3)) if m.group(3) else None, True)


def parse(text: str) -> tuple:
    """(top, op or None, first, second or None) of a claim."""
    if text.count("=") != 1:
        raise ClaimSyntaxError("a play is TOP = CARD or TOP op CARD = CARD", 1)
    left, right = text.split("=")
    where = len(left) + 2
    result = _card(right, where)
    ops = [(i, ch) for i, ch in enumerate(left) if ch in _SPELLINGS and i > 0]
    if not ops:
        return _card(left, 1), None, result, None
    if len(ops) > 1:
        raise ClaimSyntaxError("at most two cards are played: TOP op CARD = CARD",
                               ops[1][0] + 1)
    i, ch = ops[0]
    return _card(left[:i], 1), _SPELLINGS[ch], _card(left[i + 1:], i + 2), result


def check(text: str, state: State) -> Verdict:
    """Whether the claim is a legal play in this state, and exactly why not."""
    if text.count("=") == 1 and _RESULT_FIRST.match(text.split("=")[1]):
        return Verdict(False, "the result card must come last (e.g. 3 + 5 = 8, not "
                              "8 = 3 + 5)")
    top, op, first, second = parse(text)

    def invalid(reason):
        return Verdict(False, reason)

    if top.joker:
        if not state.top.joker:
            return invalid(f"the top card is {state.top.value}, not the joker")
        if top.value is None:
            if state.top.free:
                return invalid("say which value the joker on top stands for, e.g. K(5)")
            top = _Card(state.top.value, True)
    if not state.top.free and top.value != state.top.value:
        return invalid(f"the equation must start with the top card, {state.top.value}")
    if not 1 <= top.value <= 13:
        return invalid(f"{top.value} is not a card value (1–13)")
    if op is None:                                 # TOP = CARD
        value = top.value if first.value is None else first.value
        if value != top.value:
            return invalid(f"{top.value} = {value} is not true")
        return _from_hand(state, top.value, 0, [(first, value)])
    if op not in state.ops:
        return invalid(f"{SIGNS[OP_CODES[op]]} is not played in this game "
                       f"(only {' '.join(SIGNS[OP_CODES[o]] for o in state.ops)})")
    if first.value is None and second.value is None:
        return invalid("two jokers: the deck has only one")
    a = first.value if first.value is not None else _solve_operand(top.value, op,
                                                                   second.value)
    if a is None:
        return invalid(f"no card K can stand for makes {top.value} "
                       f"{SIGNS[OP_CODES[op]]} K = {second.value}")
    made = _apply(top.value, op, a)
    sign = SIGNS[OP_CODES[op]]
    if isinstance(made, str):
        return invalid(f"{top.value} {sign} {a} {made}")
    b = made if second.value is None else second.value
    if b != made:
        return invalid(f"{top.value} {sign} {a} makes {made}, not {b}")
    return _from_hand(state, top.value, OP_CODES[op], [(first, a), (second, b)])


def _apply(t: int, op: str, a: int):
    """t op a, or why it is no card."""
    if not 1 <= a <= 13:
        return f"uses {a}, which is not a card value (1–13)"
    r = {"+": t + a, "-": t - a, "*": t * a}.get(op)
    if op == "/":
        if t % a:
            return "is not a whole number"
        r = t // a
    if r < 1:
        shown = f"−{-r}" if r < 0 else "0"
        return f"is {shown}: results are never below 1 (there is no 0 card)"
    if r > 13:
        return f"is {r}: no card is higher than 13"
    return r


def _solve_operand(t: int, op: str, b: int):
    """The value a with t op a = b, if there is one."""
    candidates = {"+": b - t, "-": t - b, "*": b // t if b % t == 0 else 0,
                  "/": t // b if b and t % b == 0 else 0}
    a = candidates[op]
    return a if 1 <= a <= 13 and _apply(t, op, a) == b else None


def _from_hand(state: State, top: int, op: int, cards: list) -> Verdict:
    """The verdict once the equation is right: are these cards in the hand?  A number
    the hand lacks is the joker standing for it, if the hand holds the joker."""
    hand = Counter(state.hand)
    codes = []
    for card, value in cards:
        if card.joker:
            code = JOKER
        elif hand[value] > 0:
            code = value
        else:
            code = JOKER
        if hand[code] == 0:
            held = " ".join("K" if c == JOKER else str(c) for c in state.hand)
            missing = "joker" if card.joker else value
            return Verdict(False, f"you hold no {missing} to play (hand: {held})")
        hand[code] -= 1
        codes.append((code, value))
    (c1, v1), (c2, v2) = codes[0], codes[1] if len(codes) > 1 else (0, 0)
    play = Play(top, op, c1, v1, c2, v2)
    empties = len(play.cards) == len(state.hand)
    note = "; it empties your hand and wins the round" if empties else ""
    return Verdict(True, f"valid: {play.text()}{note}", play, empties)
