"""A hint rather than the answer, one level at a time.

Level 1 tells whether the puzzle can be done and with how many cards, level 2 the first
step of the simplest best answer, level 3 the whole answer worked step by step.
"""

from dataclasses import dataclass
from typing import Any, ClassVar

from eureka.contract import Result, json_of
from eureka.errors import HandError
from eureka.numbers import simplicity


@dataclass(frozen=True)
class Hint(Result):
    """What a hint of `level` tells about a solved puzzle.

    `steps` holds the first step at level 2 and every step at level 3; `answer` is given
    at level 3 only.
    """

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
        """The rules of the game the puzzle is played in."""
        return self.game.rules

    @classmethod
    def of(cls, solved, level: int) -> "Hint":
        """The hint of `level` (1, 2 or 3) from `solved`, a SolveResult."""
        simplest = solved.simplest if solved.solvable else None
        return cls(solved.game, solved.cards, solved.target, level, solved.solvable,
                   solved.most_cards, shown_steps(simplest and simplest.form, level),
                   simplest if level == 3 else None, solved.difficulty)

    def __repr__(self) -> str:
        return f"<Hint {self.game.name}: level {self.level}: {self.verdict()}>"

    def verdict(self) -> str:
        """Level 1 in words ('It can be done with 5 cards.')."""
        if not self.solvable and self.most_cards:
            return (f"It cannot be done with every card: the most an equation making "
                    f"{self.target} uses is {self.most_cards}.")
        if not self.solvable:
            return f"It cannot be done: no equation makes {self.target}."
        if self.game.every_card or self.game.any_answer:
            return "It can be done."
        return done_with(self.most_cards, len(self.cards))

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the deal, the verdict and what is shown."""
        return {"game": self.game.name, "cards": list(self.cards), "target": self.target,
                "level": self.level, "solvable": self.solvable,
                "most_cards": self.most_cards, "hint": self.verdict(),
                "steps": json_of(self.steps), "answer": json_of(self.answer),
                "difficulty": json_of(self.difficulty)}


def shown_steps(form, level: int) -> tuple:
    """The steps a hint of `level` shows of the answer `form` (None: no answer).

    None at level 1, the first at level 2, every one at level 3.
    """
    if form is None or level == 1:
        return ()
    worked = tuple(simplicity.steps(form))
    return worked[:1] if level == 2 else worked


def done_with(most: int, held: int) -> str:
    """Level 1 for a game where more cards score more ('It can be done with all 5 cards.').

    `most` is how many cards the longest answer uses, `held` how many cards are held.
    """
    if most == held:
        return f"It can be done with all {held} cards."
    return f"It can be done with {most} of the {held} cards (no answer uses more)."


def check_level(level: int) -> int:
    """The `level` asked for, when it is 1, 2 or 3 (raises HandError otherwise)."""
    if level not in (1, 2, 3):
        raise HandError(f"the hint's level is 1, 2 or 3, not {level!r}")
    return level
