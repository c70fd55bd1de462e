"""The answers a hand of Arvuutin answer cards can give, and the cards to play.

An answer is the sum of the cards chosen.  Cards: green 1–9, purple 10–20, brown 30–80
(the composition of the deck is not published, so any hand of these values is taken).
Every correct answer is 1–100.  Plain Python: a hand of 16 cards has 65,535 choices.
"""

from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from eureka.errors import HandError
from eureka.text import whole_number

LOWEST, HIGHEST = 1, 100                 # every correct answer
CARD_VALUES = frozenset(range(1, 21)) | frozenset(range(30, 81))
MAX_HAND = 16                              # 2^16 choices at most


def check_hand(cards) -> tuple:
    """The `cards`, ascending, each an answer card value; 1 to 16 of them.

    Each card is a whole number, or its ASCII digits. Raises HandError for an empty
    hand, more than 16 cards, or a value that is not an answer card.
    """
    cards = tuple(sorted(_card(c) for c in cards))
    if not cards:
        raise HandError("the hand is empty")
    if len(cards) > MAX_HAND:
        raise HandError(f"{len(cards)} cards: at most {MAX_HAND} are searched")
    for c in cards:
        if c not in CARD_VALUES:
            raise HandError(f"{c} is not an answer card (green 1–9, purple 10–20, "
                            f"brown 30–80)")
    return cards


def _card(card) -> int:
    """The value of `card`, a whole number or its digits; HandError for anything else."""
    if isinstance(card, str):
        value = whole_number(card.strip())
    elif isinstance(card, bool) or not hasattr(card, "__index__"):
        value = None                            # True is not a card, nor is 3.7
    else:
        value = card.__index__()
    if value is None:
        raise HandError(f"{card!r} is not an answer card (a whole number: green 1–9, "
                        f"purple 10–20, brown 30–80)")
    return value


def check_answer(value: int, what: str = "the answer") -> int:
    """The `value`, checked to be a correct answer: 1–100.

    Raises HandError otherwise, calling the value `what` ("the answer", "a guess").
    """
    if not LOWEST <= value <= HIGHEST:
        raise HandError(f"{what} is {LOWEST}–{HIGHEST}, not {value}")
    return value


def reachable(cards) -> int:
    """The answers the `cards` can give, as a bit set (bit s: some cards sum to s)."""
    bits = 1
    for c in cards:
        bits |= bits << c
    return bits & ~1


def answers(cards, lowest: int = LOWEST, highest: int = HIGHEST) -> list:
    """The answers `lowest`..`highest` the `cards` can give, ascending."""
    bits = reachable(cards)
    return [s for s in range(lowest, highest + 1) if bits >> s & 1]


@dataclass(frozen=True)
class Choice:
    """Cards to play, how far their sum is expected to be from the answer, the cards left.

    `exact`: the choice is an exact hit of a single guess (then, by the top knowledge
    bonus, the winner keeps every card).
    """

    cards: tuple
    distance: Fraction               # expected |sum − answer|
    left: tuple                      # the cards not played
    exact: bool = False

    @property
    def total(self) -> int:
        """The answer the cards give: their sum."""
        return sum(self.cards)

    @cached_property
    def left_answers(self) -> int:
        """The answers 1–100 the cards not played can give."""
        return len(answers(self.left))

    @cached_property
    def strength(self) -> tuple:
        """How strong the hand a winner keeps is: the answers 1–100 it can give, its total.

        An exact hit keeps every card; otherwise the cards not played.
        """
        kept = self.cards + self.left if self.exact else self.left
        return len(answers(kept)), sum(kept)

    def to_json(self) -> dict:
        """The choice as JSON, with its total and how many answers the cards left give."""
        return {"cards": list(self.cards), "total": self.total,
                "expected_distance": float(self.distance), "exact": self.exact,
                "left": list(self.left), "left_answers": self.left_answers}

    def key(self) -> tuple:
        """The sort key, best first: nearest, then the stronger hand kept, then fewer cards."""
        return self.distance, -self.strength[0], -self.strength[1], len(self.cards), \
            self.cards


def distance_sum(total: int, low: int, high: int) -> int:
    """Σ |`total` − x| over the whole numbers x in `low`..`high`."""
    def span(a, b):                     # a + (a+1) + ... + b, 0 when empty
        return (a + b) * (b - a + 1) // 2 if b >= a else 0

    below = min(total, high) - low + 1              # the x <= total
    above = high - max(total + 1, low) + 1          # the x > total
    return max(below, 0) * total - span(low, min(total, high)) \
        + span(max(total + 1, low), high) - max(above, 0) * total


def sub_hands(cards) -> list:
    """Every distinct non-empty choice of the `cards`, as ascending tuples."""
    choices = [()]
    for value, count in sorted(Counter(cards).items()):
        choices = [c + (value,) * k for c in choices for k in range(count + 1)]
    return choices[1:]                      # the empty choice is first


def best_choices(cards, low: int, high: int, top: int) -> list:
    """The `top` best choices of the `cards` for an answer in `low`..`high`, best first.

    `low` == `high` is a single guess. The choices are ranked by expected distance (every
    answer in the range equally likely), then the strength of the hand kept (see
    Choice.key). Returns a list of Choice.
    """
    by_total = defaultdict(list)
    for chosen in sub_hands(cards):
        by_total[sum(chosen)].append(chosen)
    far = {t: distance_sum(t, low, high) for t in by_total}
    candidates, cut = [], None
    for total in sorted(by_total, key=far.get):     # nearest first, until `top` are in
        if cut is not None and far[total] > cut:
            break
        candidates += by_total[total]
        if len(candidates) >= top:
            cut = far[total]
    held, width = Counter(cards), high - low + 1
    out = [Choice(c, Fraction(far[sum(c)], width),
                  tuple(sorted((held - Counter(c)).elements())),
                  low == high and far[sum(c)] == 0) for c in candidates]
    return sorted(out, key=Choice.key)[:top]
