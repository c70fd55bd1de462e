"""The Arquimedes deck and its codes, and cards as people write them.

Cards are written 1–13, and K or J for the Knizia joker.  Pure Python: the kernels take
their codes from here.
"""

from collections import Counter

from eureka.errors import HandError
from eureka.text import plural, whole_number

JOKER = 14                          # a card's code: 1–13 its value, 14 the joker
CODES = 15                          # hand[code] for code 0..14 (0 unused)
TOP_VALUE = 13                      # card values are 1..13; the joker counts 13 in hand
HAND_SIZE = 5
ROUNDS = 5
MIN_PLAYERS, MAX_PLAYERS = 2, 6
EQ, ADD, SUB, MUL, DIV = range(5)   # a play's operation: `top = card`, or top ∘ a = b
OP_CODES = {"+": ADD, "-": SUB, "*": MUL, "/": DIV}     # eureka.ops codes -> play codes
STRATEGIES = ("random", "greedy", "tactician")          # the kernels' codes, in order
JOKER_NAMES = ("K", "J")
DECK = Counter({**dict.fromkeys(range(1, 7), 6), **dict.fromkeys((7, 8, 9, 10, 12), 3),
                11: 2, 13: 1})


def deck(joker: bool = True) -> Counter:
    """The deck as {code: copies}: 6× 1–6, 3× 7–10 and 12, 2× 11, 1× 13, and the joker.

    `joker`: whether the deck holds the joker (code 14, one copy).
    """
    return DECK + Counter({JOKER: 1}) if joker else Counter(DECK)


def parse_card(text: str) -> int:
    """A card's code from its name: '7' is 7, 'K' or 'J' (in either case) the joker.

    `text` is the name as written; spaces around it do not count.  Raises HandError when
    it is not a card (1–13, K or J).
    """
    name = str(text).strip().upper()
    if name in JOKER_NAMES:
        return JOKER
    value = whole_number(name)
    if value is not None and 1 <= value <= TOP_VALUE:
        return value
    raise HandError(f"{_quoted(text)} is not an Arquimedes card (1–13, or K for the "
                    f"joker)")


def _quoted(text) -> str:
    """What was written, quoted, cut short after 20 characters."""
    text = str(text)
    return repr(text if len(text) <= 20 else f"{text[:20]}…")


def name(code: int) -> str:
    """The card `code` as written: its value, or K for the joker."""
    return "K" if code == JOKER else str(code)


def check_cards(codes, joker: bool = True, what: str = "the cards") -> None:
    """Raises HandError when the deck could not hold these cards together.

    `codes` are the cards' codes (repeats counted); `joker` says whether the deck has the
    joker; `what` names the cards in the message ("the cards hold ...").
    """
    have = deck(joker)
    for code, count in sorted(Counter(codes).items()):
        if count > have[code]:
            if code == JOKER and not have[code]:
                raise HandError(f"{what} hold the joker, but this game is played "
                                f"without it")
            raise HandError(f"{what} hold {plural(count, 'card')} of {name(code)}, but "
                            f"the deck has only {plural(have[code], 'copy', 'copies')}")


def hand_total(codes) -> int:
    """What the cards `codes` cost when left in hand: their values, 13 for the joker."""
    return sum(TOP_VALUE if c == JOKER else c for c in codes)
