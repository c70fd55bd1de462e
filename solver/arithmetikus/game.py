"""Arithmetikus as a preset of the numbers engine: 48 cards 1–24 (two of each) and a
joker (J) worth any value 1–24; a hand of 4 and at most two extra cards; + − × ÷ with
brackets, every step a whole number ≥ 0, any of the cards (at least one) making the
Spielzahl."""

import re
from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from eureka.deck import check_hand
from eureka.errors import HandError
from eureka.numbers import claim
from eureka.numbers import form as F
from eureka.numbers.rules import Rules
from eureka.numbers.solve import Equation, solve
from eureka.text import whole_number

DECK = Counter({v: 2 for v in range(1, 25)})
JOKER = "J"
JOKER_VALUES = range(1, 25)
HAND_SIZE, MAX_EXTRA = 4, 2
RULES = Rules(name="arithmetikus", ops="+-*/", domain="whole")
_JOKER_WRITTEN = re.compile(r"[JjKk]\s*\(\s*(\d+)\s*\)")


@dataclass(frozen=True)
class Hand:
    """Number cards, ascending, and whether the joker is among them."""

    numbers: tuple
    joker: bool = False

    @property
    def size(self) -> int:
        return len(self.numbers) + self.joker

    def names(self) -> list:
        return [str(n) for n in self.numbers] + [JOKER] * self.joker


def parse_hand(words, most: int = HAND_SIZE + MAX_EXTRA) -> Hand:
    """The cards as written (1–24, J for the joker), checked against the deck."""
    numbers, jokers = [], 0
    for word in words:
        text = str(word).strip().upper()
        if text in ("J", "K"):
            jokers += 1
        elif whole_number(text) in DECK:
            numbers.append(int(text))
        else:
            raise HandError(f"{word!r} is not an Arithmetikus card (1–24, or J for the joker)")
    if jokers > 1:
        raise HandError(f"{jokers} jokers, but the deck has only one")
    check_hand(numbers, DECK, "Arithmetikus")
    if not 1 <= len(numbers) + jokers <= most:
        raise HandError(f"{len(numbers) + jokers} cards: a hand holds 1 to {most} "
                        f"({HAND_SIZE} and at most {MAX_EXTRA} extra cards)")
    return Hand(tuple(sorted(numbers)), jokers == 1)


@dataclass(frozen=True)
class Combination:
    """One distinct equation making the Spielzahl; `joker` is the value the joker
    stands for, None when the joker is not used."""

    equation: Equation
    joker: int | None = None

    @cached_property
    def cards(self) -> list:
        names = [str(v) for v in self.equation.cards]
        if self.joker is not None:
            names.remove(str(self.joker))
            names.append(JOKER)
        return names

    @property
    def text(self) -> str:
        return self.equation.text

    @property
    def ascii(self) -> str:
        return self.equation.ascii


def combinations(hand: Hand, target: int) -> list:
    """Every distinct combination of the hand making target, the most cards first.  With
    the joker, every value 1–24 is tried; a combination uses the joker when it needs
    more cards of that value than the hand holds."""
    found = [Combination(e) for e in _equations(hand.numbers, target)]
    if hand.joker:
        held = Counter(hand.numbers)
        for v in JOKER_VALUES:
            for e in _equations(hand.numbers + (v,), target):
                if e.cards.count(v) > held[v]:
                    found.append(Combination(Equation(F.with_joker(e.form, v), target), v))
    return sorted(found, key=lambda c: (-len(c.cards), len(c.text), c.text))


def _equations(numbers: tuple, target: int) -> tuple:
    return solve(numbers, target, RULES, closest=0).equations if numbers else ()


@dataclass(frozen=True)
class Checked:
    """A claim's verdict, and the joker's value when the claim uses the joker."""

    verdict: claim.Verdict
    joker: int | None = None


def check(text: str, hand: Hand, target: int) -> Checked:
    """Check a claimed combination.  The joker is written J(5), or as a plain number
    the hand lacks (then the joker stands for it, when the hand holds one)."""
    written = [int(v) for v in _JOKER_WRITTEN.findall(text)]
    plain = _JOKER_WRITTEN.sub(lambda m: m.group(1), text)
    joker = None
    if written:
        if not hand.joker:
            return Checked(claim.Verdict(False, "card-missing",
                                         "the hand holds no joker", None, ()))
        if len(written) > 1:
            return Checked(claim.Verdict(False, "card-twice",
                                         "the joker is written twice", None, ()))
        joker = written[0]
    elif hand.joker:
        missing = Counter(int(n) for n in re.findall(r"\d+", plain)) - Counter(hand.numbers)
        if sum(missing.values()) == 1:
            joker = next(iter(missing))
    if joker is not None and joker not in JOKER_VALUES:
        return Checked(claim.Verdict(False, "card-missing",
                                     f"the joker stands for 1–24, not {joker}", None, ()))
    cards = list(hand.numbers) + ([joker] if joker is not None else [])
    return Checked(claim.check(plain, cards, target, RULES), joker)
