"""The Arithmetikus contract: the preset and its verbs (solve, check, score), each
returning a Result that owns its JSON document and names its schema."""

from dataclasses import dataclass
from typing import ClassVar

from eureka.arithmetikus import game, record
from eureka.contract import Result, Verdict, by_card_count, json_of
from eureka.numbers import hint
from eureka.text import plural


@dataclass(frozen=True)
class Combinations(Result):
    """Every distinct combination of a hand (or the Duell's shared cards) making the
    Spielzahl, the most cards first.  `limit` caps the combinations listed (`shown`),
    never the counts."""

    schema: ClassVar[str] = "eureka.arithmetikus.solve/1"
    spielzahl: int
    hand: game.Hand
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
                f"{game.MAX_EXTRA} in a game, {plural(record.EXTRA_CARD_COST, 'card')} "
                f"off each).")

    @property
    def simplest(self) -> game.Combination | None:
        """The simplest combination with the most cards (None: none makes it)."""
        return self.combinations[0] if self.combinations else None

    def by_cards(self) -> dict:
        """{cards laid down: every combination with that many}, the most cards first."""
        return by_card_count(self.combinations)

    def json_fields(self) -> dict:
        return {"spielzahl": self.spielzahl, "hand": self.hand.names(), "duell": self.duell,
                "distinct_combinations": len(self.combinations), "limit": self.limit,
                "combinations": [c.to_json() for c in self.shown],
                "simplest": json_of(self.simplest)}


@dataclass(frozen=True)
class CombinationHint(Result):
    """A hint towards the simplest combination with the most cards: level 1 whether
    one makes the Spielzahl and with how many cards, 2 also its first step, 3 the
    whole combination worked step by step."""

    schema: ClassVar[str] = "eureka.arithmetikus.hint/1"
    spielzahl: int
    hand: game.Hand
    level: int
    simplest: game.Combination | None

    @property
    def solvable(self) -> bool:
        return self.simplest is not None

    @property
    def most_cards(self) -> int:
        return len(self.simplest.cards) if self.simplest else 0

    @property
    def steps(self) -> tuple:
        return hint.shown_steps(self.simplest and self.simplest.equation.form, self.level)

    @property
    def answer(self) -> game.Combination | None:
        return self.simplest if self.level == 3 else None

    def verdict(self) -> str:
        """Level 1 in words."""
        if self.simplest is None:
            return "It cannot be done: no combination makes the Spielzahl."
        return hint.done_with(self.most_cards, self.hand.size)

    def json_fields(self) -> dict:
        return {"spielzahl": self.spielzahl, "hand": self.hand.names(), "level": self.level,
                "solvable": self.solvable, "most_cards": self.most_cards,
                "hint": self.verdict(), "steps": json_of(self.steps),
                "answer": json_of(self.answer)}


@dataclass(frozen=True)
class ClaimVerdict(Result):
    """A claimed combination judged: the verdict (its `better`: a combination with more
    cards, when one exists), the joker's value and the cards the claim earns."""

    schema: ClassVar[str] = "eureka.arithmetikus.check/1"
    spielzahl: int
    hand: game.Hand
    claim: str
    verdict: Verdict
    joker: int | None               # the value a valid claim gives the joker
    card_count: int                 # cards laid down with a valid claim (0: invalid)

    def json_fields(self) -> dict:
        verdict = self.verdict.to_json()
        del verdict["action"]                      # Arithmetikus has no forced move
        return {"spielzahl": self.spielzahl, "hand": self.hand.names(), "claim": self.claim,
                **verdict, "joker": self.joker, "card_count": self.card_count}


class Arithmetikus:
    """Arithmetikus Classic: 48 cards 1–24 and a joker, a hand of 4 and at most two
    extra cards (2 cards off each), + − × ÷ over whole numbers, the Spielzahl face up;
    the Duell lays out 4 shared cards."""

    name = "arithmetikus"
    deck = game.DECK
    joker = game.JOKER
    joker_values = game.JOKER_VALUES
    hand_size, max_extra = game.HAND_SIZE, game.MAX_EXTRA
    extra_card_cost = record.EXTRA_CARD_COST
    duell_cards = game.DUELL_CARDS
    rules = game.RULES

    def hand(self, cards, spielzahl: int) -> game.Hand:
        """The cards as written (1–24, J), checked against the deck less the Spielzahl."""
        return game.parse_hand(cards, game.check_spielzahl(spielzahl))

    def solve(self, spielzahl: int, cards, duell: bool = False,
              limit: int | None = None) -> Combinations:
        """Every combination of the cards making the Spielzahl; `duell`: the cards are
        the four shared ones; `limit`: list at most that many (the counts stay whole)."""
        hand = self.hand(cards, spielzahl)
        if duell:
            game.check_duell(hand)
        return Combinations(spielzahl, hand, duell,
                            tuple(game.combinations(hand, spielzahl)), limit)

    def hint(self, spielzahl: int, cards, level: int = 1) -> CombinationHint:
        """A hint towards the simplest combination with the most cards: level 1
        whether one makes the Spielzahl and with how many cards, 2 also its first step,
        3 the whole combination."""
        return CombinationHint(spielzahl, self.hand(cards, spielzahl), hint.check_level(level),
                               self.solve(spielzahl, cards).simplest)

    def check(self, claim: str, spielzahl: int, cards) -> ClaimVerdict:
        """Judge a claimed combination (the joker written J(5), or as a number the hand
        lacks); a combination with more cards is offered as `better`."""
        hand = self.hand(cards, spielzahl)
        checked = game.check(claim, hand, spielzahl)
        v = checked.verdict
        count = len(v.cards_used) if v.valid else 0
        best = game.most_cards(hand, spielzahl)
        better = best if best is not None and len(best.cards) > count else None
        if not v.valid:
            verdict = Verdict(False, v.reason, v.problem, better)
            return ClaimVerdict(spielzahl, hand, claim, verdict, None, 0)
        joker = f" (the joker as {checked.joker})" if checked.joker is not None else ""
        verdict = Verdict(True, v.reason + joker, None, better)
        return ClaimVerdict(spielzahl, hand, claim, verdict, checked.joker, count)

    def score(self, text: str) -> record.Evaluation:
        """Evaluate a finished game's record in the rulebook's order."""
        return record.evaluate(text)


GAME = Arithmetikus()
