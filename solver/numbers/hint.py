"""A hint rather than the answer, one level at a time: whether the puzzle can be done and
with how many cards (level 1), the first step of the simplest best answer (2), the whole
answer worked step by step (3)."""

from dataclasses import dataclass
from typing import Any, ClassVar

from eureka.contract import Result, json_of
from eureka.numbers import simplicity


@dataclass(frozen=True)
class Hint(Result):
    """What a hint of `level` tells about a solved puzzle: `steps` holds the first step
    at level 2 and every step at level 3; `answer` is given at level 3 only."""

    schema: ClassVar[str] = "eureka.hint/1"
    game: Any                          # the NumbersGame
    cards: tuple
    target: int
    level: int
    solvable: bool                     # an answer under the game's rules
    most_cards: int
    steps: tuple = ()                  # of simplicity.Step
    answer: Any = None                 # the simplest best Equation, at level 3
    difficulty: Any = None             # difficulty.Difficulty, or None

    @property
    def rules(self):
        return self.game.rules

    @classmethod
    def of(cls, solved, level: int) -> "Hint":
        """The hint of this level from a SolveResult."""
        simplest = solved.simplest if solved.solvable else None
        worked = tuple(simplicity.steps(simplest.form)) if simplest else ()
        return cls(solved.game, solved.cards, solved.target, level, solved.solvable,
                   solved.most_cards, worked[:1] if level == 2 else
                   worked if level == 3 else (), simplest if level == 3 else None,
                   solved.difficulty)

    def __repr__(self) -> str:
        return f"<Hint {self.game.name}: level {self.level}: {self.verdict()}>"

    def verdict(self) -> str:
        """Level 1 in words: 'It can be done with 5 cards.'"""
        if not self.solvable and self.most_cards:
            return (f"It cannot be done with every card: the most an equation making "
                    f"{self.target} uses is {self.most_cards}.")
        if not self.solvable:
            return f"It cannot be done: no equation makes {self.target}."
        if self.game.every_card or self.game.any_answer:
            return "It can be done."
        if self.most_cards == len(self.cards):
            return f"It can be done with all {len(self.cards)} cards."
        return (f"It can be done with {self.most_cards} of the {len(self.cards)} cards "
                f"(no answer uses more).")

    def json_fields(self) -> dict:
        return {"game": self.game.name, "cards": list(self.cards), "target": self.target,
                "level": self.level, "solvable": self.solvable,
                "most_cards": self.most_cards, "hint": self.verdict(),
                "steps": json_of(self.steps), "answer": json_of(self.answer),
                "difficulty": json_of(self.difficulty)}
