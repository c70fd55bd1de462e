"""The results of Arvuutin's verbs: each owns its JSON document and names its schema."""

from dataclasses import dataclass
from typing import ClassVar

from eureka.arvuutin import answers
from eureka.contract import Result, Verdict


@dataclass(frozen=True)
class Choices(Result):
    """What a hand can answer, and the best cards to play for an answer in low..high.

    `low` == `high` is a single guess; the `choices` (of answers.Choice) come best first.
    """

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
        """The answers 1–100 the hand can give, ascending."""
        return answers.answers(self.hand)

    @property
    def cannot_answer(self) -> list:
        """The answers 1–100 the hand cannot give, ascending."""
        can = set(self.answers)
        return [v for v in range(answers.LOWEST, answers.HIGHEST + 1) if v not in can]

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the hand, what it can answer, the choices."""
        return {"hand": list(self.hand), "guess": [self.low, self.high],
                "answers": self.answers, "cannot_answer": self.cannot_answer,
                "choices": [c.to_json() for c in self.choices]}


@dataclass(frozen=True)
class Resolution(Result):
    """A question resolved: every player's outcome, and the verdict in one line.

    The verdict is always valid: a question that cannot happen is refused as bad input.
    """

    schema: ClassVar[str] = "eureka.arvuutin.check/1"
    answer: int
    marker: str
    final: bool
    outcomes: tuple                 # of question.Outcome, in the order played
    verdict: Verdict

    @property
    def winners(self) -> list:
        """The players who win the question cards, in the order played."""
        return [o.player for o in self.outcomes if o.won]

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the winners, every outcome, the verdict."""
        v = self.verdict
        return {"answer": self.answer, "marker": self.marker, "final": self.final,
                "winners": self.winners, "players": [o.to_json() for o in self.outcomes],
                "valid": v.valid, "problem": v.problem, "reason": v.reason}


@dataclass(frozen=True)
class Score(Result):
    """Points from the question cards won and from the hidden cards."""

    schema: ClassVar[str] = "eureka.arvuutin.score/1"
    from_questions: int
    from_hidden: int

    @property
    def total(self) -> int:
        """The final score: the points from both."""
        return self.from_questions + self.from_hidden

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the points of each kind and the total."""
        return {"questions": self.from_questions, "hidden": self.from_hidden,
                "total": self.total}
