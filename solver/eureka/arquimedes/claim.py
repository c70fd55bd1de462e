"""Check a claimed Arquimedes play such as "3+2=5" against the top card and the hand.

This is the independent verifier of the play lister: it shares no code with the
kernels.  A claim is `TOP = CARD` or `TOP op CARD = CARD`, the operation spelled as
eureka.ops reads it; a card may be written as a number, as K or J (the joker, its value
then follows from the equation), or as K(5).  A number the hand lacks is taken as the
joker standing for it, when the hand holds one.
"""

import re
from collections import Counter
from dataclasses import dataclass

from eureka.arquimedes.cards import EQ, JOKER, OP_CODES, TOP_VALUE, name
from eureka.arquimedes.state import Play, State, ops_text
from eureka.contract import Verdict
from eureka.errors import ClaimSyntaxError
from eureka.ops import OPERATORS, SPELLINGS, sign

_CARD = re.compile(r"\s*(?:([0-9]+)|([KJ])(?:\(([0-9]+)\))?)\s*$", re.IGNORECASE)
_LONGEST = 20                       # digits: a longer number is no card, and is not read
_SIGNS = "".join(re.escape(s) for s in SPELLINGS)
_RESULT_FIRST = re.compile(rf"\s*\S+\s*[{_SIGNS}]\s*\S+\s*$")      # "= 3 + 5"


@dataclass(frozen=True)
class Judged:
    """A claim judged: the verdict, and the play when it is valid."""

    verdict: Verdict
    play: Play | None = None


@dataclass(frozen=True)
class _Card:
    value: int | None               # None: a joker whose value the equation fixes
    joker: bool


class _Broken(Exception):
    """The claim breaks a rule: the problem code and the reason."""

    def __init__(self, problem: str, reason: str):
        super().__init__(reason)
        self.problem, self.reason = problem, reason


def _card(text: str, where: int) -> _Card:
    """A card of the claim: a number in ASCII digits, K or J, or K(5)."""
    m = _CARD.match(text)
    if not m:
        raise ClaimSyntaxError(f"{text.strip()!r} is not a card", where)
    if m.group(1) is not None:
        return _Card(_number(m.group(1)), False)
    return _Card(_number(m.group(3)) if m.group(3) else None, True)


def _number(digits: str) -> int:
    """A number of the claim; one of more than _LONGEST digits is no card value."""
    significant = digits.lstrip("0") or "0"
    if len(significant) > _LONGEST:
        raise _Broken("not-a-card", f"{significant[:_LONGEST]}… ({len(significant):,} "
                                    f"digits) is not a card value (1–13)")
    return int(significant)


def parse(text: str) -> tuple:
    """The cards of a claim: (top, op code or None, first, second or None), each a _Card.

    `text` is the claim, e.g. "3+2=5", "3 = K" or "K(5) - 2 = 3"; the op code is the one
    eureka.ops gives its spelling (SPELLINGS), and there is no second card (None) in a
    `TOP = CARD` claim.  Raises ClaimSyntaxError, with the column, unless the claim has
    one "=", at most one operation and a card in every place; a number of more than
    _LONGEST digits raises _Broken ("not-a-card"), which `check` turns into a verdict.
    """
    if text.count("=") != 1:
        raise ClaimSyntaxError("a play is TOP = CARD or TOP op CARD = CARD", 1)
    left, right = text.split("=")
    where = len(left) + 2
    result = _card(right, where)
    ops = [(i, ch) for i, ch in enumerate(left) if ch in SPELLINGS and i > 0]
    if not ops:
        return _card(left, 1), None, result, None
    if len(ops) > 1:
        raise ClaimSyntaxError("at most two cards are played: TOP op CARD = CARD",
                               ops[1][0] + 1)
    i, ch = ops[0]
    return _card(left[:i], 1), SPELLINGS[ch], _card(left[i + 1:], i + 2), result


def check(text: str, state: State) -> Judged:
    """Whether the claim `text` is a legal play in `state`, and exactly why not.

    Returns a Judged: a valid verdict carries the play (and says when it empties the
    hand); an invalid one the problem code and the reason.  Raises ClaimSyntaxError when
    the claim cannot be read at all (see `parse`).
    """
    try:
        play = _judge(text, state)
    except _Broken as e:
        return Judged(Verdict(False, e.reason, e.problem))
    note = "; it empties your hand and wins the round" if state.empties(play) else ""
    return Judged(Verdict(True, f"valid: {play.text()}{note}"), play)


def _judge(text: str, state: State) -> Play:
    """The play claimed, or _Broken."""
    if text.count("=") == 1 and _RESULT_FIRST.match(text.split("=")[1]):
        raise _Broken("result-first", "the result card must come last (e.g. 3 + 5 = 8, "
                                      "not 8 = 3 + 5)")
    top, op, first, second = parse(text)
    if top.joker:
        if not state.top.joker:
            raise _Broken("not-top", f"the top card is {state.top.value}, not the joker")
        if top.value is None:
            if state.top.free:
                raise _Broken("joker-value", "say which value the joker on top stands "
                                             "for, e.g. K(5)")
            top = _Card(state.top.value, True)
    if not state.top.free and top.value != state.top.value:
        raise _Broken("not-top", f"the equation must start with the top card, "
                                 f"{state.top.value}")
    if not 1 <= top.value <= TOP_VALUE:
        raise _Broken("not-a-card", f"{top.value} is not a card value (1–13)")
    if op is None:                                 # TOP = CARD
        value = top.value if first.value is None else first.value
        if value != top.value:
            raise _Broken("wrong-result", f"{top.value} = {value} is not true")
        return _from_hand(state, top.value, None, [(first, value)])
    if op not in state.ops:
        raise _Broken("operation", f"{sign(op)} is not played in this game (only "
                                   f"{ops_text(state.ops)})")
    if first.value is None and second.value is None:
        raise _Broken("two-jokers", "two jokers: the deck has only one")
    a = first.value if first.value is not None else _solve_operand(top.value, op,
                                                                   second.value)
    if a is None:
        raise _Broken("wrong-result", f"no card K can stand for makes {top.value} "
                                      f"{sign(op)} K = {second.value}")
    made = _apply(top.value, op, a)
    b = made if second.value is None else second.value
    if b != made:
        raise _Broken("wrong-result", f"{top.value} {sign(op)} {a} makes {made}, not {b}")
    return _from_hand(state, top.value, op, [(first, a), (second, b)])


def _apply(t: int, op: str, a: int) -> int:
    """The value of t op a, when it is a card value; else _Broken."""
    written = f"{t} {sign(op)} {a}"
    if not 1 <= a <= TOP_VALUE:
        raise _Broken("not-a-card", f"{written} uses {a}, which is not a card value "
                                    f"(1–13)")
    r = OPERATORS[op].apply(t, a)
    if not isinstance(r, int):
        raise _Broken("domain", f"{written} is not a whole number")
    if r < 1:
        shown = f"{sign('-')}{-r}" if r < 0 else "0"
        raise _Broken("domain", f"{written} is {shown}: results are never below 1 "
                                f"(there is no 0 card)")
    if r > TOP_VALUE:
        raise _Broken("too-large", f"{written} is {r}: no card is higher than 13")
    return r


def _solve_operand(t: int, op: str, b: int):
    """The card value a with t op a = b, if there is one."""
    candidates = {"+": b - t, "-": t - b, "*": b // t if b % t == 0 else 0,
                  "/": t // b if b and t % b == 0 else 0}
    a = candidates[op]
    if not 1 <= a <= TOP_VALUE:
        return None
    try:
        return a if _apply(t, op, a) == b else None
    except _Broken:
        return None


def _from_hand(state: State, top: int, op: str | None, cards: list) -> Play:
    """The play once the equation is right, if these cards are in the hand.

    A number the hand lacks is the joker standing for it, if the hand holds the joker.
    """
    hand = Counter(state.hand)
    codes = []
    for card, value in cards:
        code = JOKER if card.joker or hand[value] == 0 else value
        if hand[code] == 0:
            held = " ".join(name(c) for c in state.hand)
            missing = "joker" if card.joker else value
            raise _Broken("card-missing", f"you hold no {missing} to play (hand: {held})")
        hand[code] -= 1
        codes.append((code, value))
    (c1, v1), (c2, v2) = codes[0], codes[1] if len(codes) > 1 else (0, 0)
    return Play(top, EQ if op is None else OP_CODES[op], c1, v1, c2, v2)

