"""One question resolved: who wins, who keeps and who loses which cards.

Also how many question cards each winner takes, and what the pass card gives.
"""

from dataclasses import dataclass

from eureka.arvuutin.answers import CARD_VALUES, check_answer
from eureka.errors import EurekaError
from eureka.text import whole_number

PASS = "pass"
PASS_DRAW = 3                      # new answer cards for a player who passed
MARKERS = ("plain", "x2")          # the space the category's marker stands on


@dataclass(frozen=True)
class Answer:
    """One player's answer: the answer cards played, and whether the pass card was too."""

    player: str
    cards: tuple                   # the answer cards played
    passed: bool                   # the pass card was among them

    @property
    def total(self) -> int:
        """The answer given: the sum of the cards played."""
        return sum(self.cards)


@dataclass(frozen=True)
class Outcome:
    """What happens to one player's cards."""

    player: str
    answer: int | None             # None: passed
    distance: int | None
    won: bool
    question_cards: int            # taken by a winner
    keeps: tuple                   # answer cards back into the hand
    loses: tuple                   # answer cards to the discard pile
    draws: int                     # new answer cards to pick (the pass card)

    def to_json(self) -> dict:
        """The outcome as JSON."""
        return {"player": self.player, "answer": self.answer, "distance": self.distance,
                "won": self.won, "question_cards": self.question_cards,
                "keeps": list(self.keeps), "loses": list(self.loses), "draws": self.draws}


def parse_played(text: str) -> Answer:
    """The Answer written in `text`: 'P1=40,20' or 'P3=pass'.

    The pass card may come with cards: 'P3=pass,12'. Raises EurekaError on a text that
    is not NAME=CARDS, an empty card, a card that is not an answer card, the pass card
    played twice, or no cards at all.
    """
    name, sep, rest = text.partition("=")
    if not sep or not name.strip():
        raise EurekaError(f"expected NAME=CARDS or NAME=pass, got {text!r}")
    words = [w.strip().lower() for w in rest.split(",")]
    if "" in words and words != [""]:
        raise EurekaError(f"{name.strip()}: an empty card in {rest!r}: write the cards "
                          f"comma-separated, e.g. {name.strip()}=40,20")
    words = [w for w in words if w]
    passed = words.count(PASS)
    if passed > 1:
        raise EurekaError(f"{name.strip()} played the pass card twice")
    cards = []
    for w in words:
        if w == PASS:
            continue
        if whole_number(w) not in CARD_VALUES:
            raise EurekaError(f"{name.strip()}: {w!r} is not an answer card (green 1–9, "
                              f"purple 10–20, brown 30–80) or 'pass'")
        cards.append(int(w))
    if not cards and not passed:
        raise EurekaError(f"{name.strip()} played no cards")
    return Answer(name.strip(), tuple(cards), bool(passed))


def resolve(correct: int, played, marker: str = "plain", final: bool = False) -> list:
    """The Outcome for every player, in the order played.

    `correct` is the correct answer and `played` the players' Answers (parse_played).
    The nearest answers win (ties all win) and each winner takes 1 question card, 2 when
    the `marker` stands on an x2 space, 3 for the `final` question. Winners lose the
    cards they played unless the answer was exact; the others take theirs back. A player
    who played the pass card is not counted, takes the cards back and picks 3 new answer
    cards.

    Raises HandError for a correct answer outside 1–100, and EurekaError for a marker
    other than 'plain' or 'x2', nobody answering, or a player answering twice.
    """
    check_answer(correct, "the correct answer")
    if marker not in MARKERS:
        raise EurekaError(f"the marker space is plain or x2, not {marker!r}")
    if not played:
        raise EurekaError("nobody answered")
    names = [a.player for a in played]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise EurekaError(f"{twice[0]} answers twice")
    counted = [a for a in played if not a.passed]
    nearest = min((abs(a.total - correct) for a in counted), default=None)
    cards_won = 3 if final else (2 if marker == "x2" else 1)
    out = []
    for a in played:
        if a.passed:
            out.append(Outcome(a.player, None, None, False, 0, a.cards, (), PASS_DRAW))
            continue
        distance = abs(a.total - correct)
        won = distance == nearest
        lose = won and distance > 0
        out.append(Outcome(a.player, a.total, distance, won, cards_won if won else 0,
                           () if lose else a.cards, a.cards if lose else (), 0))
    return out
