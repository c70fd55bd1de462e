"""Pitagoras (Reiner Knizia): the deck, the dice and the rules as presets of the numbers engine."""

from collections import Counter

from eureka.deck import check_hand
from eureka.errors import HandError
from eureka.numbers.rules import PITAGORAS, Rules

DECK = Counter({**{v: 4 for v in range(1, 11)}, **{v: 2 for v in range(11, 15)},
                **{v: 1 for v in range(15, 20)}, 20: 2})
EASY_DECK = Counter({v: n for v, n in DECK.items() if v <= 15})

ONES_DIE = (0, 2, 3, 4, 5, 8)               # the blue one-digit die
TENS_DICE = {
    "blue": (20, 30, 40, 50, 60, 70),
    "red": (0, 10, 20),                     # the easier die: 0 10 20 0 10 20
    "black": (30, 50, 70, 80, 90, 110),     # the harder die
}


def rules(pow_allowed: bool = False) -> Rules:
    """Pitagoras rules: + − × ÷ over whole numbers, and ^ in the harder variant."""
    return PITAGORAS.with_pow(pow_allowed)


def deck(easy: bool = False) -> Counter:
    return EASY_DECK if easy else DECK


def check_cards(cards, easy: bool = False) -> None:
    check_hand(cards, deck(easy), "easier Pitagoras" if easy else "Pitagoras")


def dice_target(faces, die: str = "blue") -> int:
    """The target rolled: one face of the blue one-digit die and one of the two-digit die,
    in either order."""
    if len(faces) != 2:
        raise HandError(f"--dice takes two faces (the two dice), got {len(faces)}")
    tens = TENS_DICE[die]
    a, b = faces
    if (a in ONES_DIE and b in tens) or (b in ONES_DIE and a in tens):
        return a + b
    raise HandError(f"{a} and {b} are not a roll of the one-digit die {ONES_DIE} and the "
                    f"{die} two-digit die {tens}")
