"""The Arquimedes deck, and cards as people write them: 1–13, and K or J for the
Knizia joker."""

from collections import Counter

from eureka.arquimedes.kernels import JOKER, deck_counts
from eureka.errors import HandError
from eureka.text import whole_number

JOKER_NAMES = ("K", "J")


def deck(joker: bool = True) -> Counter:
    """{code: copies}: 6× 1–6, 3× 7–10 and 12, 2× 11, 1× 13, and the joker (code 14)."""
    counts = deck_counts(joker)
    return Counter({code: int(n) for code, n in enumerate(counts) if n})


def parse_card(text: str) -> int:
    """A card's code from its name: '7' is 7, 'K' or 'J' the joker."""
    name = str(text).strip().upper()
    if name in JOKER_NAMES:
        return JOKER
    value = whole_number(name)
    if value is not None and 1 <= value <= 13:
        return value
    raise HandError(f"{text!r} is not an Arquimedes card (1–13, or K for the joker)")


def name(code: int) -> str:
    return "K" if code == JOKER else str(code)


def check_cards(codes, joker: bool = True, what: str = "the cards") -> None:
    """Raise HandError when the deck could not hold these cards together."""
    have = deck(joker)
    for code, count in sorted(Counter(codes).items()):
        if count > have[code]:
            if code == JOKER and not have[code]:
                raise HandError(f"{what} hold the joker, but this game is played "
                                f"without it")
            copies = "copy" if have[code] == 1 else "copies"
            raise HandError(f"{what} hold {count} cards of {name(code)}, but the deck "
                            f"has only {have[code]} {copies}")


def hand_total(codes) -> int:
    """What cards left in hand cost: their values, 13 for the joker."""
    return sum(13 if c == JOKER else c for c in codes)
