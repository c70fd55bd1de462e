"""What the numbers games answer: a hand solved and a claim checked.

A hand solved is a `SolveResult`, a claim checked a `CheckResult`, each with its JSON
document.
"""

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, ClassVar

from eureka.contract import Result, Verdict, json_of
from eureka.errors import SearchTooLarge
from eureka.numbers import hint
from eureka.text import plural

CHECK_BUDGET = 2_000_000
"""Values a check's search for the best answer may store: the cards 1-8 fit; the cards
1-9 do not, and the comparison is skipped."""


@dataclass(frozen=True)
class SolveResult(Result):
    """Every distinct equation of a hand for one target, the most cards first.

    `solution` is the engine's answer; with `complete` False (solve(best=True)) it holds
    one best equation only. `limit` caps the equations listed (`shown`), never the
    counts.
    """

    schema: ClassVar[str] = "eureka.solve/1"
    game: Any                          # the NumbersGame solved
    solution: Any                      # eureka.numbers.solve.Equations
    expression_trees: int | None = None
    complete: bool = True
    limit: int | None = None

    @property
    def cards(self) -> tuple:
        """The cards of the hand, ascending."""
        return self.solution.cards

    @property
    def target(self) -> int:
        """The number to make."""
        return self.solution.target

    @property
    def rules(self):
        """The rules the hand was solved under."""
        return self.solution.rules

    @property
    def reachable(self) -> bool:
        """Whether some equation makes the target."""
        return self.solution.reachable

    @property
    def solvable(self) -> bool:
        """Whether the hand has an answer under the game's rules.

        An answer must use every card where the game's rules ask for it.
        """
        if self.game.every_card:
            return self.most_cards == len(self.cards)
        return self.reachable

    @property
    def most_cards(self) -> int:
        """Cards of the best equation (0: none makes the target)."""
        return self.solution.most_cards

    @property
    def fewest_cards(self) -> int | None:
        """Cards of the smallest equation (None when not every equation was listed)."""
        return self.solution.fewest_cards if self.complete else None

    @property
    def distinct_equations(self) -> int | None:
        """How many distinct equations make the target (None when not listed)."""
        return self.solution.distinct if self.complete else None

    @property
    def equations(self) -> tuple:
        """Every equation found: the most cards first, then the shortest."""
        return self.solution.equations

    @property
    def shown(self) -> tuple:
        """The equations listed: the first `limit` of them."""
        return tuple(self.solution.listing(self.limit))

    @property
    def best(self) -> tuple:
        """The equations with the most cards."""
        return tuple(self.solution.groups[0]) if self.reachable else ()

    @property
    def closest(self) -> tuple:
        """When the target is missed: one equation for each nearest value."""
        return self.solution.closest

    @property
    def simplest(self):
        """The simplest equation with the most cards (eureka.numbers.simplicity).

        None when none makes the target. With --best (`complete` False), the one equation
        found.
        """
        if not self.reachable:
            return None
        return self.solution.groups[0].simplest() if self.complete else self.best[0]

    @cached_property
    def difficulty(self):
        """How hard the puzzle is for a person (eureka.numbers.difficulty.Difficulty).

        None when it has no answer or is too large to rate.
        """
        return self.game.difficulty(self.cards, self.target, self.most_cards)

    def __repr__(self) -> str:
        found = (plural(self.solution.distinct, "equation") if self.complete
                 else "one best equation")
        return (f"<SolveResult {self.game.name}: cards {list(self.cards)}, target "
                f"{self.target}, {found}, most cards {self.most_cards}>")

    def by_cards(self) -> dict:
        """The equations by how many cards they use, the most cards first.

        {cards: the equations of that many cards (a Group: counted, rendered when listed)}.
        """
        return {group.size: group for group in self.solution.groups}

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the header and the equations listed."""
        return {**self._header(), "equations": json_of(self.shown)}

    def json_lines(self):
        """The document as JSON lines (schema eureka.solve.line/1).

        The header, every field but the equations, comes first, then one line per equation
        listed.
        """
        line = {"schema": "eureka.solve.line/1"}
        yield {**line, "line": "solution", **self._header()}
        for eq in self.solution.listing(self.limit):
            yield {**line, "line": "equation", **eq.to_json()}

    def _header(self) -> dict:
        return {
            "game": self.game.name, "cards": list(self.cards), "target": self.target,
            "rules": self.rules.to_json(), "reachable": self.reachable,
            "most_cards": self.most_cards, "fewest_cards": self.fewest_cards,
            "distinct_equations": self.distinct_equations,
            "expression_trees": self.expression_trees, "limit": self.limit,
            "closest": [{**e.to_json(), "distance": json_of(abs(e.value - self.target))}
                        for e in self.closest],
            "solvable_with_every_card": self.solvable if self.game.every_card else None,
            "simplest": json_of(self.simplest),
            "difficulty": json_of(self.difficulty),
        }


@dataclass(frozen=True)
class CheckResult(Result):
    """A claimed equation judged against the table, and the best answer to compare.

    `searched`: None before the comparison (check(compare=False)), False when the
    search for the best answer went past its budget (the verdict stands), True once done
    (or not needed: a valid claim with every card, when `best` stays None).
    """

    schema: ClassVar[str] = "eureka.check/1"
    game: Any                          # the NumbersGame
    cards: tuple
    target: int
    claim: str
    verdict: Verdict                   # its `better`: an answer with more cards
    value: Any = None                  # what the claim makes, when it could be evaluated
    cards_used: tuple = ()
    best: Any = None                   # an answer with the most cards, once searched
    searched: bool | None = None

    @property
    def valid(self) -> bool:
        """Whether the claim is a valid answer."""
        return self.verdict.valid

    @property
    def reason(self) -> str:
        """The verdict in words."""
        return self.verdict.reason

    @property
    def better(self):
        """An answer using more cards than the valid claim, or None."""
        return self.verdict.better

    def __repr__(self) -> str:
        return f"<CheckResult {self.game.name}: {self.claim!r}: {self.reason}>"

    @property
    def card_count(self) -> int:
        """Cards the claim earns (0 when invalid)."""
        return len(self.cards_used) if self.valid else 0

    @property
    def uses_every_card(self) -> bool:
        """Whether the claim is valid with every card: no answer can beat it."""
        return self.valid and len(self.cards_used) == len(self.cards)

    @property
    def best_card_count(self) -> int | None:
        """The most cards a valid answer uses (0: none does), None when not searched."""
        if self.uses_every_card:
            return self.card_count
        if self.best is not None:
            return len(self.best.cards)
        return 0 if self.searched else None

    def compared(self, budget: int | None = CHECK_BUDGET) -> "CheckResult":
        """The result with the best answer found, and the better answer when it beats the claim.

        The search stores at most `budget` values (None: the engine's own limit); past it the
        verdict stands, with `searched` False. A valid claim with every card needs no search.
        """
        if self.uses_every_card:
            return replace(self, searched=True)
        try:
            best, searched = self.game.best_answer(self.cards, self.target, budget), True
        except SearchTooLarge:
            best, searched = None, False
        better = best if self.valid and best is not None and \
            len(best.cards) > len(self.cards_used) else None
        return replace(self, verdict=replace(self.verdict, better=better), best=best,
                       searched=searched)

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the claim, the verdict and the best answer."""
        verdict = self.verdict.to_json()
        return {
            "game": self.game.name, "cards": list(self.cards), "target": self.target,
            "rules": self.game.rules.to_json(), "claim": self.claim,
            "valid": verdict["valid"], "problem": verdict["problem"],
            "reason": verdict["reason"], "value": json_of(self.value),
            "cards_used": list(self.cards_used), "card_count": self.card_count,
            "best_card_count": self.best_card_count,
            "better": verdict["better"], "best": json_of(self.best),
        }


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
                   solved.most_cards, hint.shown_steps(simplest and simplest.form, level),
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
        return hint.done_with(self.most_cards, len(self.cards))

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the deal, the verdict and what is shown."""
        return {"game": self.game.name, "cards": list(self.cards), "target": self.target,
                "level": self.level, "solvable": self.solvable,
                "most_cards": self.most_cards, "hint": self.verdict(),
                "steps": json_of(self.steps), "answer": json_of(self.answer),
                "difficulty": json_of(self.difficulty)}
