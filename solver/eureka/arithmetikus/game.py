"""The Arithmetikus contract: the preset and its verbs (solve, hint, check, score),
each returning a result of results.py."""

from eureka.arithmetikus import hands, record
from eureka.arithmetikus.results import ClaimVerdict, CombinationHint, Combinations
from eureka.contract import Verdict
from eureka.numbers import hint


class Arithmetikus:
    """Arithmetikus Classic: 48 cards 1–24 and a joker, a hand of 4 and at most two
    extra cards (2 cards off each), + − × ÷ over whole numbers, the Spielzahl face up;
    the Duell lays out 4 shared cards."""

    name = "arithmetikus"
    deck = hands.DECK
    joker = hands.JOKER
    joker_values = hands.JOKER_VALUES
    hand_size, max_extra = hands.HAND_SIZE, hands.MAX_EXTRA
    extra_card_cost = record.EXTRA_CARD_COST
    duell_cards = hands.DUELL_CARDS
    rules = hands.RULES

    def hand(self, cards, spielzahl: int) -> hands.Hand:
        """The cards as written (1–24, J), checked against the deck less the Spielzahl."""
        return hands.parse_hand(cards, hands.check_spielzahl(spielzahl))

    def solve(self, spielzahl: int, cards, duell: bool = False,
              limit: int | None = None) -> Combinations:
        """Every combination of the cards making the Spielzahl; `duell`: the cards are
        the four shared ones; `limit`: list at most that many (the counts stay whole)."""
        hand = self.hand(cards, spielzahl)
        if duell:
            hands.check_duell(hand)
        return Combinations(spielzahl, hand, duell,
                            tuple(hands.combinations(hand, spielzahl)), limit)

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
        checked = hands.check(claim, hand, spielzahl)
        v = checked.verdict
        count = len(v.cards_used) if v.valid else 0
        best = hands.most_cards(hand, spielzahl)
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
