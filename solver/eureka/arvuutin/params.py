"""Arvuutin's verbs as data (eureka.params): solve, check and score.

Their parameters are declared, and each is answered by the contract (eureka.arvuutin.GAME).
"""

from eureka.arvuutin.game import GAME
from eureka.errors import EurekaError
from eureka.params import Param, Verb


def _answer(name: str, help_: str, **more) -> Param:
    return Param(name, "whole", help_, low=GAME.lowest, high=GAME.highest, metavar="N",
                 **more)


def solve(cards, guess=None, range=None, limit=5):
    """The answers the `cards` can give and the `limit` best choices for a guess or a range.

    Give either `guess` (one answer) or `range` (LOW, HIGH); EurekaError otherwise.
    """
    if (guess is None) == (range is None):
        raise EurekaError("give either --guess N or --range LOW HIGH")
    low, high = (guess, guess) if guess is not None else range
    return GAME.solve(cards, low, high, limit)


def check(answer, played, marker="plain", final=False):
    """A question resolved.

    `answer` is the correct answer, `played` one 'NAME=CARDS' per player, `marker` the
    category marker's space ('plain' or 'x2') and `final` the game's last question.
    """
    return GAME.check(answer, played, marker, final)


def score(levels, won=None, hidden=None):
    """A player's final score from the `levels`, the question cards `won` and the `hidden` cards.

    `levels` and `won` are 'CATEGORY=N' items, `hidden` categories; `won` and `hidden`
    may be None.
    """
    return GAME.score(levels, won or (), hidden or ())


VERBS = {
    "solve": Verb("solve", (
        Param("cards", "wholes", "The answer cards in hand, e.g. --cards 3 7 12 15 40 "
              "(--hand is the same).", required=True, low=1, high=max(GAME.card_values),
              spellings=("--hand",), metavar="CARDS"),
        _answer("guess", f"The answer you believe is right ({GAME.lowest}–"
                         f"{GAME.highest})."),
        Param("range", "wholes", "Sure only that the answer lies in LOW..HIGH: the cards "
              "with the smallest expected distance.", low=GAME.lowest, high=GAME.highest,
              count=2, metavar="LOW HIGH"),
        Param("limit", "whole", "Show the K best choices.", default=5, low=1, high=100,
              metavar="K")), solve, ({"cards": [3, 7, 12, 15, 40], "guess": 58},)),
    "check": Verb("check", (
        _answer("answer", f"The correct answer ({GAME.lowest}–{GAME.highest}).",
                required=True),
        Param("played", "words", 'What each player played: "P1=40,20" "P2=30,9,20" '
              '"P3=pass".', required=True, metavar="NAME=CARDS"),
        Param("marker", "choice", "The category marker's space: plain or x2.",
              default="plain", choices=GAME.markers),
        Param("final", "flag", "The game's last question (worth three cards).")),
        check, ({"answer": 63, "played": "P1=40,20 P2=30,9,20 P3=pass", "marker": "x2"},)),
    "score": Verb("score", (
        Param("levels", "words", "Each category's level at the end: --levels A=3 B=4 C=1 "
              "D=2 E=5.", required=True, metavar="CATEGORY=N"),
        Param("won", "words", "Question cards won per category (at most 50): --won A=2 "
              "B=3.", metavar="CATEGORY=N"),
        Param("hidden", "words", "The hidden cards' categories (at most 20 cards): "
              "--hidden A B.", metavar="CATEGORY")),
        score, ({"levels": "A=3 B=4 C=1 D=2 E=5", "won": "A=2 B=3", "hidden": "A B"},)),
}
