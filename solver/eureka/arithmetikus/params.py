"""Arithmetikus' verbs as data (eureka.params): solve, check, hint and score.

Their parameters are declared, and each is answered by the contract
(eureka.arithmetikus.GAME).
"""

from eureka.arithmetikus.game import GAME
from eureka.errors import EurekaError
from eureka.params import Param, Verb

TARGET = Param("target", "whole", "The Spielzahl (1–24), the card face up.", required=True,
               low=1, high=24)
CARDS = Param("cards", "words", "The cards in hand, e.g. --cards 20 7 2 3 (1–24, J for "
              "the joker; --hand is the same).", required=True, spellings=("--hand",),
              metavar="CARDS")


def solve(target, cards, duell=False, limit=None, simplest=False):
    """Every combination making the Spielzahl, or with `simplest` only the simplest.

    `target` is the Spielzahl and `cards` the hand as written; with `duell` the cards
    are the Duell's four shared ones; `limit` lists at most that many; `simplest` lists
    none (the simplest is the result's `simplest`).

    Raises EurekaError for `simplest` with a `limit`.
    """
    if simplest and limit is not None:
        raise EurekaError("--simplest lists one combination: not with --limit")
    return GAME.solve(target, cards, duell, 0 if simplest else limit)


def check(combination, target, cards):
    """The verdict on a claimed `combination` with the `cards`, making the Spielzahl `target`.

    Raises EurekaError when the combination is missing (None).
    """
    if combination is None:
        raise EurekaError("the claimed combination is missing (a claim that is a single "
                          "number, such as 17, goes before the options or after --)")
    return GAME.check(combination, target, cards)


def hint(target, cards, level=1):
    """A hint towards the simplest combination with the most cards.

    `target` is the Spielzahl, `cards` the hand and `level` (1, 2 or 3) how much to tell.
    """
    return GAME.hint(target, cards, level)


def score(record):
    """The evaluation of a finished game's `record`, the text of record.py's form."""
    return GAME.score(record)


EXAMPLE = {"target": 17, "cards": "20 7 2 3"}
VERBS = {
    "solve": Verb("solve", (
        TARGET, CARDS,
        Param("duell", "flag", "The Duell variant: --cards are the four shared face-up "
              "cards."),
        Param("limit", "whole", "List at most N combinations (the counts stay complete).",
              metavar="N"),
        Param("simplest", "flag", "Only the simplest combination with the most cards "
              "(JSON: in 'simplest', none listed).")), solve, (EXAMPLE,)),
    "check": Verb("check", (
        Param("combination", "text", "The claimed combination, e.g. 20-(7+2)/3.",
              argument=True),
        TARGET, CARDS), check, ({**EXAMPLE, "combination": "20-(7+2)/3"},)),
    "hint": Verb("hint", (
        TARGET, CARDS,
        Param("level", "whole", "How much to tell: 1, 2 or 3.", default=1, low=1,
              high=3)), hint, ({**EXAMPLE, "level": 3},)),
    "score": Verb("score", (
        Param("record", "text", "The finished game: 'spielzahl: N', then for each of the "
              "two players 'player: NAME', one line per pile 'CARDS = EXPLANATION' (no "
              "'=': forgotten) and 'extra cards: N'; '#' starts a comment. On the command "
              "line a file, - for standard input.", argument=True, required=True,
              from_file=True),), score,
        ({"record": "spielzahl: 17\nplayer: Anna\n17 = 17\nextra cards: 0\n"
                    "player: Ben\n12 5 = 12 + 5\nextra cards: 0\n"},)),
}
