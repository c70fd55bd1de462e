"""A game state of Arquimedes as the player to move knows it, and a play written out.

Pure Python: the checker and the scorer need no kernel.
"""

from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from eureka.arquimedes.cards import (
    EQ,
    JOKER,
    MAX_PLAYERS,
    OP_CODES,
    check_cards,
    deck,
    hand_total,
    name,
    parse_card,
)
from eureka.errors import HandError, RulesError
from eureka.ops import SPELLINGS, sign
from eureka.text import plural

OP_NAMES = {code: op for op, code in OP_CODES.items()}   # play codes -> eureka.ops codes


def normal_ops(text: str) -> str:
    """The operations of a variant, each once, in the order + − × ÷.

    `text` may use any spelling of eureka.ops: '+-x:' is '+-*/'.  Raises RulesError when
    it is empty or holds anything but these four operations.
    """
    codes = [SPELLINGS.get(c) for c in text or ""]
    if not codes or not set(codes) <= set(OP_CODES):
        raise RulesError(f"operations must be chosen from + - * /, got {text!r}")
    return "".join(o for o in OP_CODES if o in codes)


def ops_mask(ops: str) -> int:
    """The kernels' bit set of the operations `ops` (any spelling normal_ops reads)."""
    return sum(1 << OP_CODES[o] for o in normal_ops(ops))


def ops_text(ops: str, ascii: bool = False) -> str:
    """The operations `ops` (codes, e.g. '+-*/') as printed: '+ − × ÷'.

    With `ascii`, the signs are ASCII: '+ - * /'.
    """
    return " ".join(sign(o, ascii) for o in ops)


@dataclass(frozen=True)
class Top:
    """The top card of the play pile: a value, the joker played as a value, or a free joker.

    A freshly turned joker has the value None: the player to move chooses its value.
    """

    value: int | None
    joker: bool = False

    @property
    def free(self) -> bool:
        """Whether the top is a freshly turned joker, whose value the mover chooses."""
        return self.value is None

    def text(self) -> str:
        """The top card as shown: its value, 'K as 7', or the freshly turned joker."""
        if self.free:
            return "K (freshly turned: any value 1–13)"
        return f"K as {self.value}" if self.joker else str(self.value)


def parse_top(text: str) -> Top:
    """The top card from its name: '3', 'K' (a freshly turned joker) or 'K=7'.

    `text` may write the joker K or J; 'K=7' is the joker played as 7.  Raises HandError
    when it is no card, or when the joker is said to stand for the joker.
    """
    raw = str(text).strip().upper()
    if raw[:2] in ("K=", "J="):
        value = parse_card(raw[2:])
        if value == JOKER:
            raise HandError(f"top {text!r}: the joker must stand for a value 1–13")
        return Top(value, True)
    code = parse_card(raw)
    return Top(None, True) if code == JOKER else Top(code)


@dataclass(frozen=True)
class State:
    """What the player to move knows: the top card, the hand, and what else is known.

    Where known: the draw pile's size, the other players' hand sizes (in turn order)
    and cards already seen (e.g. the play pile under the top card).  Building one
    raises HandError when the cards could not come from the deck together, the hand is
    empty, or the draw pile and the other hands need more cards than are unseen (or
    there are not 1–5 other hands), and RulesError for operations other than + - * /.
    """

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
        unseen = len(self.unseen_cards())
        if self.draw_pile is not None and self.draw_pile > unseen:
            raise HandError(f"a draw pile of {plural(self.draw_pile, 'card')}, but only "
                            f"{unseen} {'is' if unseen == 1 else 'are'} unseen")
        if self.others is not None:
            if not 1 <= len(self.others) <= MAX_PLAYERS - 1:
                raise HandError(f"{plural(len(self.others), 'other player')}: Arquimedes "
                                f"is played by 2–{MAX_PLAYERS}")
            held = sum(self.others) + (self.draw_pile or 0)
            if min(self.others) < 1 or held > unseen:
                raise HandError(f"the other hands ({' '.join(map(str, self.others))}) and "
                                f"the draw pile need more cards than are unseen")

    @property
    def top_code(self) -> int:
        """The top card's code: JOKER when it is the joker, else its value."""
        return JOKER if self.top.joker else self.top.value

    @property
    def ops_mask(self) -> int:
        """The kernels' bit set of the state's operations."""
        return ops_mask(self.ops)

    def hand_names(self) -> list:
        """The hand's cards as written, K for the joker."""
        return [name(c) for c in self.hand]

    def empties(self, play: "Play") -> bool:
        """Whether `play` sheds the last cards of the hand, winning the round."""
        return len(play.cards) == len(self.hand)

    def unseen_cards(self) -> list:
        """The codes of the cards the player has not seen, ascending.

        They are the deck less the hand, the top card and the cards seen.
        """
        left = deck(self.joker) - Counter(self.hand + self.seen + (self.top_code,))
        return sorted(left.elements())


class Play(NamedTuple):
    """A play, `top op first = second` or `top = first`, a joker's value made explicit.

    `first` and `second` are card codes (`second` 0 for an `=` play) and `first_value`
    and `second_value` the values they stand for; `op` is EQ, ADD, SUB, MUL or DIV;
    `top` is the value of the top card the play answers.
    """

    top: int
    op: int
    first: int
    first_value: int
    second: int = 0
    second_value: int = 0

    @property
    def cards(self) -> tuple:
        """The codes of the cards played, one or two."""
        return (self.first,) if self.second == 0 else (self.first, self.second)

    @property
    def shed(self) -> int:
        """The penalty points the play takes out of the hand."""
        return hand_total(self.cards)

    @property
    def new_top(self) -> int:
        """The value of the top card the play leaves."""
        return self.first_value if self.second == 0 else self.second_value

    def text(self, ascii: bool = False) -> str:
        """The play as written, e.g. '3 + K(2) = 5'; with `ascii`, in ASCII signs ('*')."""
        first = _card_text(self.first, self.first_value)
        if self.op == EQ:
            return f"{self.top} = {first}"
        return (f"{self.top} {sign(OP_NAMES[self.op], ascii)} {first} = "
                f"{_card_text(self.second, self.second_value)}")

    def json(self, hand_size: int) -> dict:
        """The play as JSON; `empties_hand` against a hand of `hand_size` cards."""
        return {"play": self.text(), "ascii": self.text(ascii=True), "top": self.top,
                "cards": [name(c) for c in self.cards], "card_count": len(self.cards),
                "points_shed": self.shed, "new_top": self.new_top,
                "empties_hand": len(self.cards) == hand_size}


def _card_text(code: int, value: int) -> str:
    return f"K({value})" if code == JOKER else str(value)


def make_state(top, hand, ops: str = "+-*/", joker: bool = True, draw_pile=None,
               others=None, seen=()) -> State:
    """A state from cards as written ('3', 'K=7', 'K') or as codes.

    `top` is a Top or its name (parse_top); `hand` and `seen` are cards as written or
    codes; `ops` and `joker` choose the variant; `draw_pile` and `others` (the other
    hands' sizes, in turn order) are given where known.  Raises HandError or RulesError
    as State does.
    """
    top = top if isinstance(top, Top) else parse_top(top)
    return State(top, tuple(sorted(_code(c) for c in hand)), ops, joker, draw_pile,
                 tuple(others) if others else None, tuple(_code(c) for c in seen or ()))


def _code(card) -> int:
    return card if isinstance(card, int) else parse_card(card)
