"""The Arithmetikus contract: the preset and its verbs.

The verbs are solve, hint, check and score, each returning a result of results.py.
"""

from eureka.arithmetikus import hands, record
from eureka.arithmetikus.results import ClaimVerdict, CombinationHint, Combinations, Evaluation
from eureka.contract import Verdict
from eureka.numbers import hint


class Arithmetikus:
    """The Arithmetikus Classic preset and its verbs.

    48 cards 1–24 and a joker, a hand of 4 and at most two extra cards (2 cards off
    each), + − × ÷ over whole numbers, the Spielzahl face up; the Duell lays out 4 shared
    cards.
    """

    name = "arithmetikus"
    deck = hands.DECK
    joker = hands.JOKER
    joker_values = hands.JOKER_VALUES
    hand_size, max_extra = hands.HAND_SIZE, hands.MAX_EXTRA
    extra_card_cost = hands.EXTRA_CARD_COST
    duell_cards = hands.DUELL_CARDS
    rules = hands.RULES

    def hand(self, cards, spielzahl: int) -> hands.Hand:
        """The Hand of the cards as written (1–24, J), checked against the deck.

        `cards` are the words of the hand and `spielzahl` the card face up, one copy of
        which the deck lacks. Raises HandError when the Spielzahl is not 1–24, a word is
        not a card, the deck has too few copies of a card, or there are not 1 to 6 cards.
        """
        return hands.parse_hand(cards, hands.check_spielzahl(spielzahl))

    def solve(self, spielzahl: int, cards, duell: bool = False,
              limit: int | None = None) -> Combinations:
        """Every combination of the cards making the Spielzahl, the most cards first.

        `spielzahl` is the card face up and `cards` the hand as written (1–24, J); with
        `duell` the cards are the Duell's four shared ones; `limit`: list at most that
        many (the counts stay whole; None lists every one).

        Raises HandError on cards the deck cannot deal, or not four of them with `duell`.
        """
        hand = self.hand(cards, spielzahl)
        if duell:
            hands.check_duell(hand)
        return Combinations(spielzahl, hand, duell,
                            tuple(hands.combinations(hand, spielzahl)), limit)

    def hint(self, spielzahl: int, cards, level: int = 1) -> CombinationHint:
        """A hint towards the simplest combination with the most cards.

        `spielzahl` and `cards` as for solve; `level` 1 tells whether one makes the
        Spielzahl and with how many cards, 2 also its first step, 3 the whole combination.

        Raises HandError for a level other than 1, 2 or 3, or cards the deck cannot deal.
        """
        return CombinationHint(spielzahl, self.hand(cards, spielzahl), hint.check_level(level),
                               self.solve(spielzahl, cards).simplest)

    def check(self, claim: str, spielzahl: int, cards) -> ClaimVerdict:
        """The verdict on a claimed combination, offering one with more cards as `better`.

        `claim` is the combination as written (the joker written J(5), or as a number the
        hand lacks); `spielzahl` and `cards` as for solve. A combination with more cards
        than the claim uses (any, when the claim is invalid) is offered as the verdict's
        `better`; an invalid claim earns no cards.

        Raises ClaimSyntaxError when the claim cannot be read, and HandError on cards the
        deck cannot deal.
        """
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

    def score(self, text: str) -> Evaluation:
        """The evaluation of a finished game's record `text`, in the rulebook's order.

        Raises EurekaError on a record that record.parse refuses: a line that cannot be
        read, or a game that cannot happen.
        """
        return record.evaluate(text)


GAME = Arithmetikus()
