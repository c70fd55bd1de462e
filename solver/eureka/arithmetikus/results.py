"""The results of Arithmetikus' verbs: each owns its JSON document and names its schema."""

from dataclasses import dataclass
from typing import ClassVar

from eureka.arithmetikus import hands
from eureka.contract import Result, Verdict, by_card_count, json_of
from eureka.numbers import hint
from eureka.text import plural


@dataclass(frozen=True)
class Combinations(Result):
    """Every distinct combination of a hand (or the Duell's shared cards) making the Spielzahl.

    The combinations come the most cards first. `limit` caps the combinations listed
    (`shown`), never the counts.
    """

    schema: ClassVar[str] = "eureka.arithmetikus.solve/1"
    spielzahl: int
    hand: hands.Hand
    duell: bool
    combinations: tuple
    limit: int | None = None

    @property
    def shown(self) -> tuple:
        """The combinations listed: the first `limit` of them."""
        return self.combinations if self.limit is None else self.combinations[:self.limit]

    @property
    def none_found(self) -> str | None:
        """What the rules say when no combination makes the Spielzahl (None: one does)."""
        if self.combinations:
            return None
        if self.duell:
            return "Nobody can call Stop: no combination makes the Spielzahl."
        return (f"No combination makes the Spielzahl: draw an extra card (at most "
                f"{hands.MAX_EXTRA} in a game, {plural(hands.EXTRA_CARD_COST, 'card')} "
                f"off each).")

    @property
    def simplest(self) -> hands.Combination | None:
        """The simplest combination with the most cards (None: none makes it)."""
        return self.combinations[0] if self.combinations else None

    def by_cards(self) -> dict:
        """{cards laid down: every combination with that many}, the most cards first."""
        return by_card_count(self.combinations)

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the hand, the count, those shown."""
        return {"spielzahl": self.spielzahl, "hand": self.hand.names(), "duell": self.duell,
                "distinct_combinations": len(self.combinations), "limit": self.limit,
                "combinations": [c.to_json() for c in self.shown],
                "simplest": json_of(self.simplest)}


@dataclass(frozen=True)
class CombinationHint(Result):
    """A hint towards the simplest combination with the most cards.

    Level 1 tells whether one makes the Spielzahl and with how many cards, 2 also its
    first step, 3 the whole combination worked step by step.
    """

    schema: ClassVar[str] = "eureka.arithmetikus.hint/1"
    spielzahl: int
    hand: hands.Hand
    level: int
    simplest: hands.Combination | None

    @property
    def solvable(self) -> bool:
        """Whether some combination makes the Spielzahl."""
        return self.simplest is not None

    @property
    def most_cards(self) -> int:
        """The most cards a combination uses (0: none makes the Spielzahl)."""
        return len(self.simplest.cards) if self.simplest else 0

    @property
    def steps(self) -> tuple:
        """The steps the level shows: none at level 1, the first at 2, every one at 3."""
        return hint.shown_steps(self.simplest and self.simplest.equation.form, self.level)

    @property
    def answer(self) -> hands.Combination | None:
        """The simplest combination at level 3, else None."""
        return self.simplest if self.level == 3 else None

    def verdict(self) -> str:
        """Level 1 in words: whether it can be done, and with how many cards."""
        if self.simplest is None:
            return "It cannot be done: no combination makes the Spielzahl."
        return hint.done_with(self.most_cards, self.hand.size)

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the hand, the level and what it tells."""
        return {"spielzahl": self.spielzahl, "hand": self.hand.names(), "level": self.level,
                "solvable": self.solvable, "most_cards": self.most_cards,
                "hint": self.verdict(), "steps": json_of(self.steps),
                "answer": json_of(self.answer)}


@dataclass(frozen=True)
class ClaimVerdict(Result):
    """A claimed combination judged: the verdict, the joker's value, the cards it earns.

    The verdict's `better` is a combination with more cards, when one exists.
    """

    schema: ClassVar[str] = "eureka.arithmetikus.check/1"
    spielzahl: int
    hand: hands.Hand
    claim: str
    verdict: Verdict
    joker: int | None               # the value a valid claim gives the joker
    card_count: int                 # cards laid down with a valid claim (0: invalid)

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the claim, the verdict, the joker."""
        verdict = self.verdict.to_json()
        del verdict["action"]                      # Arithmetikus has no forced move
        return {"spielzahl": self.spielzahl, "hand": self.hand.names(), "claim": self.claim,
                **verdict, "joker": self.joker, "card_count": self.card_count}


@dataclass(frozen=True)
class Pile:
    """One laid-down combination: its cards, the explanation (None: forgotten), the verdict."""

    cards: tuple                 # as written: numbers and J
    explanation: str | None
    valid: bool
    reason: str

    def to_json(self) -> dict:
        """The pile as JSON: its cards, the explanation and the verdict."""
        return {"cards": list(self.cards), "explanation": self.explanation,
                "valid": self.valid, "reason": self.reason}


@dataclass(frozen=True)
class PlayerResult:
    """One player's (or team's) piles and extra cards drawn, and the result they score."""

    name: str
    piles: tuple
    extra_cards: int

    @property
    def laid_down(self) -> int:
        """The cards laid down, in every pile."""
        return sum(len(p.cards) for p in self.piles)

    @property
    def lost(self) -> int:
        """Cards lost to wrong or forgotten combinations."""
        return sum(len(p.cards) for p in self.piles if not p.valid)

    @property
    def extra_cost(self) -> int:
        """Cards off for the extra cards drawn (EXTRA_CARD_COST each)."""
        return hands.EXTRA_CARD_COST * self.extra_cards

    @property
    def result(self) -> int:
        """The cards that count: those laid down, less the extra cards' cost and those lost."""
        return self.laid_down - self.extra_cost - self.lost

    def to_json(self) -> dict:
        """The player's result as JSON, with every combination laid down."""
        return {"name": self.name, "laid_down": self.laid_down,
                "extra_cards": self.extra_cards, "lost": self.lost, "result": self.result,
                "combinations": [p.to_json() for p in self.piles]}


@dataclass(frozen=True)
class Evaluation(Result):
    """A game evaluated: both players, in the order evaluated, and the winner.

    `players` holds the PlayerResults, the one evaluated first (the most cards laid down)
    first; `second_needed` says whether the second evaluation was needed, and `winner`
    names the winner (None: a draw).
    """

    schema: ClassVar[str] = "eureka.arithmetikus.score/1"
    target: int
    players: tuple               # of PlayerResult, in the order evaluated
    second_needed: bool
    winner: str | None

    def json_fields(self) -> dict:
        """The document's fields besides `schema`: the Spielzahl, the players, the winner."""
        return {"spielzahl": self.target, "players": [p.to_json() for p in self.players],
                "second_evaluated": self.second_needed, "winner": self.winner}
