"""A game state of Arquimedes, its legal plays spelled out, and the play to make."""

from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from eureka.arquimedes import kernels as K
from eureka.arquimedes.cards import check_cards, deck, hand_total, parse_card
from eureka.errors import HandError, RulesError

SIGNS = {K.EQ: "=", K.ADD: "+", K.SUB: "−", K.MUL: "×", K.DIV: "÷"}
ASCII_SIGNS = {K.EQ: "=", K.ADD: "+", K.SUB: "-", K.MUL: "*", K.DIV: "/"}
OP_CODES = {"+": K.ADD, "-": K.SUB, "*": K.MUL, "/": K.DIV}
MAX_OTHERS = 5                           # 2–6 players


def normal_ops(text: str) -> str:
    """The operations of a variant, each once, in the order + − × ÷."""
    if not text or set(text) - set(OP_CODES):
        raise RulesError(f"operations must be chosen from + - * /, got {text!r}")
    return "".join(o for o in OP_CODES if o in text)


def ops_mask(ops: str) -> int:
    """The kernels' bit set of the operations."""
    return sum(1 << OP_CODES[o] for o in normal_ops(ops))


@dataclass(frozen=True)
class Top:
    """The top card of the play pile: a value, the joker played as a value, or a
    freshly turned joker (value None), whose value the player to move chooses."""

    value: int | None
    joker: bool = False

    @property
    def free(self) -> bool:
        return self.value is None

    def text(self) -> str:
        if self.free:
            return "K (freshly turned: any value 1–13)"
        return f"K as {self.value}" if self.joker else str(self.value)


def parse_top(text: str) -> Top:
    """'3', 'K' (a freshly turned joker) or 'K=7' (the joker played as 7)."""
    raw = str(text).strip().upper()
    if raw in ("K", "J"):
        return Top(None, True)
    if raw[:2] in ("K=", "J="):
        value = parse_card(raw[2:])
        if value == K.JOKER:
            raise HandError(f"top {text!r}: the joker must stand for a value 1–13")
        return Top(value, True)
    code = parse_card(raw)
    if code == K.JOKER:
        return Top(None, True)
    return Top(code)


@dataclass(frozen=True)
class State:
    """What the player to move knows: the top card, the hand, and where known the draw
    pile's size, the other players' hand sizes (in turn order) and cards already seen
    (e.g. the play pile under the top card)."""

    top: Top
    hand: tuple                        # card codes, ascending
    ops: str = "+-*/"                  # "+-": the children's game without × and ÷
    joker: bool = True                 # whether the deck has the joker
    draw_pile: int | None = None
    others: tuple | None = None
    seen: tuple = ()

    def __post_init__(self):
        object.__setattr__(self, "ops", normal_ops(self.ops))
        if self.top.joker and not self.joker:
            raise HandError("the top card is the joker, but this game is played without it")
        check_cards(self.hand + self.seen + (self.top_code,), self.joker,
                    "the hand, the top card and the cards seen")
        if not self.hand:
            raise HandError("the hand is empty: the round is already over")
        if self.draw_pile is not None and self.draw_pile > len(self.unseen_cards()):
            raise HandError(f"a draw pile of {self.draw_pile} cards, but only "
                            f"{len(self.unseen_cards())} cards are unseen")
        if self.others is not None:
            if not 1 <= len(self.others) <= MAX_OTHERS:
                raise HandError(f"{len(self.others)} other players: Arquimedes is played "
                                f"by 2–{MAX_OTHERS + 1}")
            held = sum(self.others) + (self.draw_pile or 0)
            if min(self.others) < 1 or held > len(self.unseen_cards()):
                raise HandError(f"the other hands ({' '.join(map(str, self.others))}) and "
                                f"the draw pile need more cards than are unseen")

    @property
    def top_code(self) -> int:
        return K.JOKER if self.top.joker else self.top.value

    @property
    def ops_mask(self) -> int:
        return ops_mask(self.ops)

    def hand_counts(self) -> np.ndarray:
        counts = np.zeros(K.CODES, np.int64)
        for code in self.hand:
            counts[code] += 1
        return counts

    def unseen_cards(self) -> list:
        """The cards the player has not seen: the deck less the hand, the top card and
        the cards seen."""
        left = deck(self.joker) - Counter(self.hand + self.seen + (self.top_code,))
        return sorted(left.elements())


class Play(NamedTuple):
    """`top op first = second`, or `top = first`; a joker's value is made explicit."""

    top: int
    op: int
    first: int
    first_value: int
    second: int = 0
    second_value: int = 0

    @property
    def cards(self) -> tuple:
        return (self.first,) if self.second == 0 else (self.first, self.second)

    @property
    def shed(self) -> int:
        """The penalty points the play takes out of the hand."""
        return hand_total(self.cards)

    @property
    def new_top(self) -> int:
        return self.first_value if self.second == 0 else self.second_value

    def text(self, ascii: bool = False) -> str:
        signs = ASCII_SIGNS if ascii else SIGNS
        first = _card_text(self.first, self.first_value)
        if self.op == K.EQ:
            return f"{self.top} = {first}"
        return (f"{self.top} {signs[self.op]} {first} = "
                f"{_card_text(self.second, self.second_value)}")


def _card_text(code: int, value: int) -> str:
    return f"K({value})" if code == K.JOKER else str(value)


def plays(state: State) -> list:
    """Every legal play, the most cards first, then the most points shed."""
    buffer = np.zeros((K.MAX_PLAYS, K.PLAY_COLUMNS), np.int64)
    n = K.list_plays(state.top.value or 0, int(state.top.free), state.hand_counts(),
                     state.ops_mask, buffer)
    rows = buffer[:n].tolist()                # columns FIRST .. TOP (kernels)
    found = [Play(t, op, a, av, b, bv) for a, av, b, bv, op, t in rows]
    return sorted(found, key=lambda p: (p.second == 0, -p.shed, p))


@dataclass(frozen=True)
class Advice:
    """The recommended play (None: draw, or pass when the draw pile is empty) and why."""

    play: Play | None
    reason: str


def recommend(state: State, legal: list) -> Advice:
    """A play that empties the hand; else the one that sheds the most points, then
    leaves the top that the unseen cards can answer in the fewest ways."""
    if not legal:
        if state.draw_pile == 0:
            return Advice(None, "no play, and the draw pile is empty: pass")
        return Advice(None, "no play: draw a card")
    for play in legal:
        if len(play.cards) == len(state.hand):
            return Advice(play, "it empties your hand and wins the round")
    unseen = np.zeros(K.CODES, np.int64)
    for code in state.unseen_cards():
        unseen[code] += 1
    ways = {p: int(K.openness(p.new_top, unseen, state.ops_mask)) for p in legal}
    best = min(legal, key=lambda p: (-p.shed, ways[p], p.text()))
    return Advice(best, f"it sheds the most points ({best.shed}) and leaves {best.new_top} "
                        f"on top, which the cards you have not seen answer in the fewest "
                        f"ways ({ways[best]})")
