"""Arithmetikus as a preset of the numbers engine: its deck, hands, combinations and claims.

48 cards 1–24 (two of each) and a joker (J) worth any value 1–24; a hand of 4 and at most
two extra cards; + − × ÷ with brackets, every step a whole number ≥ 0, any of the cards
(at least one) making the Spielzahl, a card turned face up (so one copy of its value is
out of play).
"""

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from eureka.deck import draw
from eureka.errors import HandError
from eureka.numbers import normal_form, simplicity
from eureka.numbers.claim import verifier
from eureka.numbers.rules import Rules
from eureka.text import plural, whole_number

DECK = Counter({v: 2 for v in range(1, 25)})
JOKER = "J"
JOKER_VALUES = range(1, 25)
HAND_SIZE, MAX_EXTRA = 4, 2
EXTRA_CARD_COST = 2                 # cards taken off the count for each extra card drawn
DUELL_CARDS = 4                     # the Duell: four shared cards face up
RULES = Rules(name="arithmetikus", ops="+-*/", domain="whole")
_JOKER_WRITTEN = re.compile(r"[JjKk]\s*\(\s*([0-9]+)\s*\)")

if TYPE_CHECKING:                    # the engine is imported when a search runs
    from eureka.numbers.solve import Equation


@dataclass(frozen=True)
class Hand:
    """A hand of Arithmetikus cards: its numbers, its joker and the cards as written.

    `numbers` are the number cards, ascending, `joker` whether the joker is among them,
    and `written` the cards as written, normalised ('07' is 7, 'j' and 'K' are J).
    """

    numbers: tuple
    joker: bool = False
    written: tuple = field(default=(), compare=False)

    @property
    def size(self) -> int:
        """How many cards the hand holds, the joker counted."""
        return len(self.numbers) + self.joker

    def names(self) -> list:
        """The cards, ascending, the joker last."""
        return [str(n) for n in self.numbers] + [JOKER] * self.joker


def deal(rng) -> tuple:
    """A hand of four and the Spielzahl, dealt at random with `rng` (a random.Random).

    The Spielzahl is turned face up from the number cards, then the hand drawn from the
    rest and the joker. Returns (the hand as written, a list such as ['7', 'J', ...];
    the Spielzahl).
    """
    deck = Counter(DECK)
    spielzahl = draw(deck, 1, rng)[0]
    deck[spielzahl] -= 1
    pack = sorted(deck.elements()) + [0]                   # 0: the joker
    hand = rng.sample(pack, HAND_SIZE)
    return [str(v) if v else JOKER for v in hand], spielzahl


def check_spielzahl(spielzahl: int) -> int:
    """The `spielzahl`, checked to be a card: 1–24 (HandError otherwise)."""
    if spielzahl not in DECK:
        raise HandError(f"the Spielzahl is a card, 1–24, not {spielzahl}")
    return spielzahl


def check_supply(cards: Counter, spielzahl: int | None, where: str) -> None:
    """Refuses more copies of a card than the deck has, raising HandError.

    `cards` counts the cards (numbers and J). The deck has two of each number, one
    joker, and one fewer of the `spielzahl`'s value, which lies face up (None: not known
    yet). `where` completes the error's words, e.g. "in the hand" or "are laid down".
    """
    for card in sorted(c for c in cards if c != JOKER) + [JOKER] * (JOKER in cards):
        copies = 1 if card == JOKER else DECK[card] - (card == spielzahl)
        if cards[card] > copies:
            beside = " (the other is the Spielzahl, face up)" if card == spielzahl else ""
            raise HandError(f"{plural(cards[card], 'card')} of {card} {where}, but the "
                            f"deck has only {copies}{beside}")


def parse_hand(words, spielzahl: int | None = None, where: str = "in the hand") -> Hand:
    """The Hand of the cards as written (1–24, J for the joker), checked against the deck.

    `words` are the cards (numbers, or J or K in any case for the joker); `spielzahl` is
    the face-up card, one copy of which the deck lacks (None: not known yet); `where`
    completes the error's words ("in the hand", "in one pile").

    Raises HandError unless they are 1 to 6 cards (the hand and at most two extra cards)
    that the deck less the face-up Spielzahl can deal.
    """
    most = HAND_SIZE + MAX_EXTRA
    written = []
    for word in words:
        text = str(word).strip().upper()
        if text in ("J", "K"):
            written.append(JOKER)
        elif whole_number(text) in DECK:
            written.append(int(text))
        else:
            raise HandError(f"{word!r} is not an Arithmetikus card (1–24, or J for the "
                            f"joker)")
    check_supply(Counter(written), spielzahl, where)
    if not 1 <= len(written) <= most:
        raise HandError(f"{plural(len(written), 'card')}: a hand holds 1 to {most} "
                        f"({HAND_SIZE} and at most {MAX_EXTRA} extra cards)")
    numbers = tuple(sorted(c for c in written if c != JOKER))
    return Hand(numbers, JOKER in written, tuple(str(c) for c in written))


def check_duell(hand: Hand) -> None:
    """Refuses a `hand` for the Duell, which lays out exactly four shared cards (HandError)."""
    if hand.size != DUELL_CARDS:
        raise HandError(f"the Duell lays out {DUELL_CARDS} shared cards, not {hand.size}")


@dataclass(frozen=True)
class Combination:
    """One distinct equation making the Spielzahl, and the value the joker stands for.

    `joker` is None when the joker is not used.
    """

    equation: "Equation"
    joker: int | None = None

    @cached_property
    def cards(self) -> list:
        """The cards the equation uses, as written: numbers, then J for the joker."""
        names = [str(v) for v in self.equation.cards]
        if self.joker is not None:
            names.remove(str(self.joker))
            names.append(JOKER)
        return names

    @property
    def text(self) -> str:
        """The equation as printed ('20 − (7 + 2) ÷ 3')."""
        return self.equation.text

    @property
    def ascii(self) -> str:
        """The equation in ASCII ('20 - (7 + 2) / 3')."""
        return self.equation.ascii

    def to_json(self) -> dict:
        """The combination as JSON: its equation, in ASCII too, its cards and the joker."""
        return {"equation": self.text, "ascii": self.ascii, "cards": self.cards,
                "card_count": len(self.cards), "joker": self.joker}


def combinations(hand: Hand, target: int) -> list:
    """Every distinct Combination of the `hand` making `target`, best first.

    The most cards first, then the simplest (eureka.numbers.simplicity), then the
    shortest. With the joker, every value 1–24 is tried; a combination uses the joker
    when it needs more cards of that value than the hand holds.
    """
    from eureka.numbers.solve import Equation, solve

    def equations(numbers):
        return solve(numbers, target, RULES, closest=0).equations if numbers else ()

    found = [Combination(e) for e in equations(hand.numbers)]
    if hand.joker:
        held = Counter(hand.numbers)
        for v in JOKER_VALUES:
            for e in equations(hand.numbers + (v,)):
                if e.cards.count(v) > held[v]:
                    joker = Equation(normal_form.with_joker(e.form, v), target)
                    found.append(Combination(joker, v))
    read = simplicity.reader()
    return sorted(found, key=lambda c: (-len(c.cards), simplicity.cost(read(c.equation.form)),
                                        len(c.text), c.text))


def most_cards(hand: Hand, target: int) -> Combination | None:
    """One combination of the `hand` making `target` with the most cards (None: none).

    It is found without listing them all.
    """
    from eureka.numbers.solve import Equation, best_equation, search_for

    best = None
    for v in JOKER_VALUES if hand.joker else (None,):
        numbers = hand.numbers + (() if v is None else (v,))
        e = best_equation(search_for(numbers, RULES), target) if numbers else None
        if e is not None and (best is None or len(e.cards) > len(best.cards)):
            joker = v if v is not None and e.cards.count(v) > hand.numbers.count(v) else None
            best = Combination(e if joker is None else
                               Equation(normal_form.with_joker(e.form, v), target), joker)
    return best


@dataclass(frozen=True)
class Checked:
    """A claim's verdict from the claim checker, and the joker's value when it is used."""

    verdict: verifier.Judgement
    joker: int | None = None


def check(text: str, hand: Hand, target: int) -> Checked:
    """The verdict on a claimed combination `text` with the `hand`, making `target`.

    The joker is written J(5), or as a plain number the hand lacks (then the joker stands
    for it, when the hand holds one and exactly one number written is not in the hand).

    Raises ClaimSyntaxError when the claim cannot be read.
    """
    written = _JOKER_WRITTEN.findall(text)
    plain = _JOKER_WRITTEN.sub(lambda m: m.group(1), text)
    said = None                                   # the joker's value, as written
    if written:
        if not hand.joker:
            return _refused("card-missing", "the hand holds no joker")
        if len(written) > 1:
            return _refused("card-twice", "the joker is written twice")
        said = written[0]
    elif hand.joker:
        numbers = (whole_number(n) for n in re.findall(r"[0-9]+", plain))
        missing = Counter(n for n in numbers if n is not None) - Counter(hand.numbers)
        if sum(missing.values()) == 1:
            said = str(next(iter(missing)))
    joker = None if said is None else whole_number(said)
    if said is not None and joker not in JOKER_VALUES:
        return _refused("card-missing", f"the joker stands for 1 to 24, not {said}")
    cards = list(hand.numbers) + ([joker] if joker is not None else [])
    return Checked(verifier.check(plain, cards, target, RULES), joker)


def _refused(problem: str, reason: str) -> Checked:
    return Checked(verifier.Judgement(False, problem, reason, None, ()))
