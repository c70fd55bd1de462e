"""The Arvuutin contract: the preset and its verbs (solve, check, score), each returning
a Result that owns its JSON document and names its schema."""

from dataclasses import dataclass
from typing import ClassVar

from eureka.arvuutin import answers, question, scoring
from eureka.contract import Result, Verdict
from eureka.errors import EurekaError
from eureka.text import plural


@dataclass(frozen=True)
class Choices(Result):
    """What a hand can answer, and the best cards to play for an answer in low..high
    (low == high: a single guess), best first."""

    schema: ClassVar[str] = "eureka.arvuutin.solve/1"
    hand: tuple
    low: int
    high: int
    choices: tuple                  # of answers.Choice

    @property
    def guess(self) -> bool:
        """A single guess, not a range."""
        return self.low == self.high

    @property
    def answers(self) -> list:
        return answers.answers(self.hand)

    @property
    def cannot_answer(self) -> list:
        can = set(self.answers)
        return [v for v in range(answers.LOWEST, answers.HIGHEST + 1) if v not in can]

    def json_fields(self) -> dict:
        return {"hand": list(self.hand), "guess": [self.low, self.high],
                "answers": self.answers, "cannot_answer": self.cannot_answer,
                "choices": [c.to_json() for c in self.choices]}


@dataclass(frozen=True)
class Resolution(Result):
    """A question resolved: every player's outcome, and the verdict in one line (always
    valid: a question that cannot happen is refused as bad input)."""

    schema: ClassVar[str] = "eureka.arvuutin.check/1"
    answer: int
    marker: str
    final: bool
    outcomes: tuple                 # of question.Outcome, in the order played
    verdict: Verdict

    @property
    def winners(self) -> list:
        return [o.player for o in self.outcomes if o.won]

    def json_fields(self) -> dict:
        v = self.verdict
        return {"answer": self.answer, "marker": self.marker, "final": self.final,
                "winners": self.winners, "players": [o.to_json() for o in self.outcomes],
                "valid": v.valid, "problem": v.problem, "reason": v.reason}


def _decision(outcomes) -> str:
    """'P1 wins 2 question cards', 'A and B win 1 question card each', or nobody."""
    won = [o for o in outcomes if o.won]
    if not won:
        return "every player passed: nobody wins the question card"
    cards = plural(won[0].question_cards, "question card")
    if len(won) == 1:
        return f"{won[0].player} wins {cards}"
    names = ", ".join(o.player for o in won[:-1]) + f" and {won[-1].player}"
    return f"{names} win {cards} each"


class Arvuutin:
    """Arvuutin: answer cards (green 1–9, purple 10–20, brown 30–80), every correct
    answer 1–100, five categories A–E of 50 question cards, 20 hidden cards, markers on
    plain or x2 spaces, the pass card (3 new answer cards)."""

    name = "arvuutin"
    card_values = answers.CARD_VALUES
    lowest, highest = answers.LOWEST, answers.HIGHEST
    max_hand = answers.MAX_HAND
    categories = scoring.CATEGORIES
    question_cards = scoring.QUESTION_CARDS
    hidden_cards = scoring.HIDDEN_CARDS
    max_level = scoring.MAX_LEVEL
    markers = question.MARKERS
    pass_draw = question.PASS_DRAW

    def solve(self, cards, low: int, high: int | None = None, limit: int = 5) -> Choices:
        """The answers the cards can give, and the `limit` best choices for a guess
        (`low` alone) or an answer somewhere in low..high."""
        hand = answers.check_hand(cards)
        high = low if high is None else high
        low, high = sorted((answers.check_answer(low, "a guess"),
                            answers.check_answer(high, "a guess")))
        if limit < 1:
            raise EurekaError(f"list at least 1 choice, not {limit}")
        return Choices(hand, low, high, tuple(answers.best_choices(hand, low, high, limit)))

    def check(self, answer: int, played, marker: str = "plain",
              final: bool = False) -> Resolution:
        """Resolve a question: `played` is one 'NAME=CARDS' per player ('P1=40,20',
        'P3=pass'); `marker` the category marker's space, 'plain' or 'x2'."""
        outcomes = tuple(question.resolve(
            answer, [question.parse_played(p) for p in played], marker, final))
        return Resolution(answer, marker, final, outcomes,
                          Verdict(True, _decision(outcomes)))

    def score(self, levels, won=None, hidden=()) -> scoring.Score:
        """A player's final score: `levels` and `won` map categories to numbers (or are
        'A=3' items), `hidden` lists the hidden cards' categories."""
        def as_dict(items, what):
            return dict(items) if isinstance(items, dict) else scoring.named(items, what)
        return scoring.score(as_dict(levels, "levels"), as_dict(won or {}, "won"),
                             list(hidden))


GAME = Arvuutin()
