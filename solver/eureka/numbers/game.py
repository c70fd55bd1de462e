"""The numbers games' contract: one preset holding the whole ruleset, and its verbs.

A `NumbersGame` knows what a game deals and allows (the rules, the deck, the hand size,
the default target, whether every card must be used, the dice, the reward and what the
rules do when nobody makes the target) and answers `solve` and `check`. Pitagoras,
Countdown, the 24 game and the generic numbers game are presets of it:

    >>> from eureka.pitagoras import GAME
    >>> GAME.solve([2, 7, 6, 12, 15], 32).most_cards
    5

The engine (Numba kernels) is imported when a verb first runs, not before.
"""

import operator
from collections import Counter
from dataclasses import dataclass, field, replace

from eureka.contract import Verdict
from eureka.deck import describe
from eureka.errors import HandError, SearchTooLarge
from eureka.numbers.claim import verifier as claims
from eureka.numbers.results import CHECK_BUDGET, CheckResult, SolveResult
from eureka.numbers.rules import Rules
from eureka.text import plural

TREES_UP_TO = {"whole": 6, "positive": 6, "fraction": 5}
"""Expression trees are counted by default on hands of up to this many cards."""
LARGEST_TARGET = 2**63 - 1


@dataclass(frozen=True)
class NumbersGame:
    """A numbers game: its rules and deal, and the verbs `solve` and `check`.

    name        the game's name in commands and documents ('pitagoras')
    title       its name for people
    rules       what the game allows (Rules)
    deck        the cards a hand may hold (value: copies); None allows any numbers
    deck_name   the deck as errors name it ('easier Pitagoras'; default: the title)
    hand_size   the cards a hand must have (None: any number)
    most_cards  the most cards a hand may have, where fewer are allowed (None: no bound)
    target      the target when none is given (None: one must be given)
    every_card  an answer must use every card (the 24 game)
    any_answer  an answer with any number of cards is as good as one with more (Countdown)
    dice        what rolls the target (Pitagoras), with .total(faces); None: no dice
    reward      the words after a valid answer's card count, for one card and several
    on_miss     what the rules do when no equation makes the target
    """

    name: str
    title: str
    rules: Rules
    deck: Counter | None = field(default=None, hash=False)
    deck_name: str = ""                # the deck as errors name it ('easier Pitagoras')
    hand_size: int | None = None
    most_cards: int | None = None
    target: int | None = None
    every_card: bool = False
    any_answer: bool = False
    dice: object = None
    reward: tuple = ()
    on_miss: str | None = None

    # -- variants ------------------------------------------------------------------
    def with_rules(self, **changes) -> "NumbersGame":
        """The game with some rules changed (e.g. ops='+-*/^', domain='positive').

        `changes` are Rules fields and their new values; RulesError when they are not allowed.
        """
        return replace(self, rules=replace(self.rules, **changes))

    def any_numbers(self) -> "NumbersGame":
        """The game with any cards allowed: no deck and no hand size to check."""
        return replace(self, deck=None, hand_size=None, most_cards=None)

    # -- the deal ------------------------------------------------------------------
    def hand(self, cards) -> tuple:
        """The `cards` as whole numbers, checked against the deck and the hand size.

        Raises HandError for a card that is not a whole number or not in the deck, more copies
        of a card than the deck has, or a hand of the wrong size.
        """
        cards = list(cards)
        try:
            hand = tuple(operator.index(c) for c in cards if not isinstance(c, bool))
        except TypeError:
            hand = ()
        if len(hand) != len(cards):
            raise HandError(f"the cards must be whole numbers, got {cards!r}")
        if self.deck is not None:
            self._check_deck(hand)
        if self.hand_size is not None and len(hand) != self.hand_size:
            raise HandError(f"the {self.title} deals {self.hand_size} cards, not "
                            f"{len(hand)} (--any-numbers for other hands)")
        if self.most_cards is not None and len(hand) > self.most_cards:
            raise HandError(f"{self.title} deals {self.most_cards} cards at most, not "
                            f"{len(hand)} (more: --any-numbers, or eureka solve numbers)")
        return hand

    def _check_deck(self, hand) -> None:
        """HandError unless every card is in the deck, with no more copies than it has."""
        name = self.deck_name or self.title
        for value, count in sorted(Counter(hand).items()):
            if value not in self.deck:
                raise HandError(f"{value} is not a card of the {name} deck (its values: "
                                f"{describe(self.deck)})")
            if count > self.deck[value]:
                raise HandError(f"{plural(count, 'card')} of {value}, but the {name} deck "
                                f"has only {plural(self.deck[value], 'copy', 'copies')}")

    def target_for(self, target: int | None = None, dice=None) -> int:
        """The target: the one given, else the dice's total, else the game's own.

        `target` is the target given; `dice` the faces rolled, for a game with dice (not with a
        target). Raises HandError when no target is found, both are given, or the target is not
        a whole number from 0 to LARGEST_TARGET.
        """
        if dice is not None:
            if self.dice is None:
                raise HandError(f"{self.title} has no dice: give the target")
            if target is not None:
                raise HandError("give either the target or the dice, not both")
            return self.dice.total(dice)
        if target is None:
            target = self.target
        if target is None:
            raise HandError("a target is needed: --target N" +
                            (", or the dice rolled: --dice FACE FACE" if self.dice else ""))
        try:
            number = None if isinstance(target, bool) else operator.index(target)
        except TypeError:
            number = None
        if number is None or not 0 <= number <= LARGEST_TARGET:
            raise HandError(f"the target must be a whole number from 0 to "
                            f"{LARGEST_TARGET:,}, got {target!r}")
        return number

    def earns(self, cards: int) -> str:
        """What a valid answer of `cards` cards earns: '4 cards, and you take them'."""
        words = self.reward[cards != 1] if self.reward else ""
        return plural(cards, "card") + (f", {words}" if words else "")

    # -- verbs -----------------------------------------------------------------------
    def solve(self, cards, target: int | None = None, *, dice=None, best: bool = False,
              closest: int = 2, trees: bool | None = None,
              limit: int | None = None) -> SolveResult:
        """Every distinct equation of the `cards` making the `target`, the most cards first.

        The target is the one given, or the total of the `dice` rolled, or the game's own (see
        target_for).

        `best`     find one equation with the most cards only (quick on large hands)
        `closest`  when the target is missed: one equation for each of this many nearest
                   values
        `trees`    also count Hutton's expression trees (default: on small hands)
        `limit`    list at most this many equations (the counts stay complete)

        Raises HandError for a hand or target the game refuses, SearchTooLarge for a listing
        beyond the engine's budgets (with `best`, a search too large means no equation and no
        closest values).
        """
        from eureka.numbers.solve import (
            Equations,
            answered,
            most_cards,
            refuse_huge_listing,
            search_for,
            solve,
        )

        hand = self.hand(cards)
        target = self.target_for(target, dice)
        for name, value in (("closest", closest), ("limit", limit)):
            if value is not None and (not isinstance(value, int) or value < 0):
                raise HandError(f"{name} must be a whole number, got {value!r}")
        found = most_cards(hand, target, self.rules) if best else None
        search = None
        if found is not None:
            solution = answered(hand, target, self.rules, found)
        else:
            try:
                refuse_huge_listing(hand, target, self.rules)
                search = search_for(hand, self.rules)
                solution = solve(hand, target, self.rules, closest=closest, search=search)
            except SearchTooLarge:
                if not best:
                    raise
                # no equation (proven); the closest values would need every table
                search, solution = None, Equations(tuple(sorted(hand)), target,
                                                   self.rules, (), ())
        if trees is None:
            trees = not best and len(hand) <= TREES_UP_TO[self.rules.domain]
        counted = (search or search_for(hand, self.rules)).count_trees(target) \
            if trees else None
        return SolveResult(self, solution, counted, complete=not best, limit=limit)

    def check(self, claim: str, cards, target: int | None = None, *, dice=None,
              compare: bool = True, budget: int | None = CHECK_BUDGET) -> CheckResult:
        """A claimed equation judged: valid, or exactly why not.

        `claim` is the equation's text, made from the `cards` for the `target` (or the total of
        the `dice`; see target_for). With `compare`, the best answer is searched as well (within
        `budget` values, see CheckResult.compared), to say whether a better one exists. Raises
        ClaimSyntaxError for a claim that cannot be read, HandError for a hand or target the game
        refuses.
        """
        hand = self.hand(cards)
        target = self.target_for(target, dice)
        judged = claims.check(claim, hand, target, self.rules)
        result = CheckResult(self, tuple(sorted(hand)), target, claim,
                             self.verdict(judged, hand), judged.value, judged.cards_used)
        return result.compared(budget) if compare else result

    def check_many(self, claims) -> list:
        """Many claims judged at once, as check(compare=False) judges each.

        `claims` are (cards, target, answer) triples or dicts with those keys ('target' may be
        left out where the game has its own). Returns one batch.ClaimLine for each, in order:
        its `valid`, `problem` ('malformed' for an answer that cannot be read), `reason`,
        `value`, `cards_used`; or `error` for cards or a target the game refuses.
        """
        from eureka.numbers.claim.batch import judge

        return list(judge(self, claims))

    def verdict(self, judged, hand) -> Verdict:
        """The game's verdict on a claim `judged` by the rules (a verifier.Judgement).

        A valid claim that leaves cards of the `hand` out is not valid where every card must be
        used.
        """
        if self.every_card and judged.valid and len(judged.cards_used) < len(hand):
            left = sorted((Counter(hand) - Counter(judged.cards_used)).elements())
            return Verdict(False, f"the {self.title} uses every card; "
                                  f"{' '.join(map(str, left))} left out", "cards-unused")
        return Verdict(judged.valid, judged.reason, judged.problem)

    def hint(self, cards, target: int | None = None, *, dice=None, level: int = 1):
        """A hint towards the simplest best answer, at `level` 1, 2 or 3 (a Hint).

        Level 1 tells whether it can be done and with how many cards, 2 also its first step, 3
        the whole answer. `cards`, `target` and `dice` are as in solve. Raises HandError for a
        level other than 1, 2 or 3, or a hand or target the game refuses.
        """
        from eureka.numbers.hint import check_level
        from eureka.numbers.results import Hint

        return Hint.of(self.solve(cards, target, dice=dice, trees=False),
                       check_level(level))

    def difficulty(self, cards, target: int, most_cards: int):
        """The difficulty of finding an answer (eureka.numbers.difficulty).

        The answer makes `target` from the `cards` with every card where the rules ask for it,
        any cards where more earn nothing (Countdown), else `most_cards` cards; None when there
        is none or the hand is too large to rate.
        """
        from eureka.numbers import difficulty

        if not most_cards or (self.every_card and most_cards < len(cards)):
            return None
        need = 0 if self.any_answer else most_cards
        return difficulty.rate(cards, target, need, self.rules)

    def best_answer(self, cards, target: int, budget: int | None = None):
        """One equation of the `cards` making `target` with the most cards, or None.

        Where the rules ask for every card, None unless it uses them all. Raises SearchTooLarge
        when the search needs more than `budget` values.
        """
        from eureka.numbers.solve import most_cards

        found = most_cards(cards, target, self.rules, budget)
        if found is not None and self.every_card and len(found.cards) < len(cards):
            return None
        return found
