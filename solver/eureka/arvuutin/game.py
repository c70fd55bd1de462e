"""The Arvuutin contract: the preset and its verbs (solve, check, score).

Each verb returns a result of results.py.
"""

from eureka.arvuutin import answers, question, scoring
from eureka.arvuutin.results import Choices, Resolution, Score
from eureka.contract import Verdict
from eureka.errors import EurekaError
from eureka.text import plural


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
    """The Arvuutin preset and its verbs.

    Answer cards (green 1–9, purple 10–20, brown 30–80), every correct answer 1–100, five
    categories A–E of 50 question cards, 20 hidden cards, markers on plain or x2 spaces,
    the pass card (3 new answer cards).
    """

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
        """The answers the `cards` can give, and the `limit` best choices to play.

        The choices are for a guess (`low` alone, `high` None) or an answer somewhere in
        `low`..`high` (in either order).

        Raises HandError for a hand or bounds the game does not allow, and EurekaError
        for a `limit` below 1.
        """
        hand = answers.check_hand(cards)
        high = low if high is None else high
        low, high = sorted((answers.check_answer(low, "a guess"),
                            answers.check_answer(high, "a guess")))
        if limit < 1:
            raise EurekaError(f"list at least 1 choice, not {limit}")
        return Choices(hand, low, high, tuple(answers.best_choices(hand, low, high, limit)))

    def check(self, answer: int, played, marker: str = "plain",
              final: bool = False) -> Resolution:
        """A question resolved: every player's outcome, and who wins the question cards.

        `answer` is the correct answer; `played` is one 'NAME=CARDS' per player
        ('P1=40,20', 'P3=pass'); `marker` the category marker's space, 'plain' or 'x2';
        `final`: the game's last question (worth three cards).

        Raises EurekaError on an answer, a play or a marker that cannot be.
        """
        outcomes = tuple(question.resolve(
            answer, [question.parse_played(p) for p in played], marker, final))
        return Resolution(answer, marker, final, outcomes,
                          Verdict(True, _decision(outcomes)))

    def score(self, levels, won=None, hidden=()) -> Score:
        """A player's final score.

        `levels` and `won` map categories to numbers (or are 'A=3' items): each
        category's level at the end, and the question cards won in it; `hidden` lists
        the hidden cards' categories.

        Raises EurekaError on an item, a category or a count the game cannot have.
        """
        def as_dict(items, what):
            return dict(items) if isinstance(items, dict) else scoring.named(items, what)
        return scoring.score(as_dict(levels, "levels"), as_dict(won or {}, "won"),
                             list(hidden))


GAME = Arvuutin()
