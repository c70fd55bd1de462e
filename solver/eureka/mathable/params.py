"""Mathable's verbs as data (eureka.params): solve, endgame, check, score and review.

Their parameters are declared here, each verb answered by the contract
(eureka.mathable.GAME). A position and a game record are text here; the command line
reads them from files (a record's `path` lets it read a CAVA 2024 game from its folder).
"""

from importlib.resources import files

from eureka.errors import EurekaError
from eureka.mathable.game import GAME
from eureka.mathable.options import MAX_STATES, RANKINGS, ROLLOUTS
from eureka.params import Param, Verb

RULES = GAME.preset
POSITION = Param("position", "text", "The board: a text grid or JSON (docs/MATHABLE.md); "
                 "on the command line a file, - for standard input; default: the "
                 "opening board.", from_file=True, metavar="FILE")
EDITION = Param("edition", "choice", f"The token set: {RULES.edition} (the rulebook's, the "
                f"default) or " + " or ".join(str(e) for e in RULES.editions
                                              if e != RULES.edition) + ".",
                choices=tuple(str(e) for e in RULES.editions))
NO_BONUS = Param("no_bonus", "flag", f"No {RULES.full_rack_bonus} points for placing a "
                 f"full rack of {RULES.rack_size}.")


CARDS = Param("cards", "wholes", "The mover's tokens, e.g. --cards 1 8 2 12 16 42 17 "
              "(default: the position's rack: line).", spellings=("--rack",),
              metavar="TOKENS", most=RULES.max_rack)
SIMULATION = (
    Param("candidates", "whole", "With --by sim: simulate the top K turns by equity "
          "(default 10).", low=1, high=50, metavar="K"),
    Param("iterations", "whole", "With --by sim: play each candidate on N random deals of "
          "the unseen tokens (default 200; clearly worse candidates are dropped sooner).",
          low=1, high=100_000, metavar="N"),
    Param("seconds", "number", "With --by sim: stop after about T seconds (checked at "
          "least every 8 deals; default: no time limit).", low=0.001, high=86_400,
          metavar="T"),
    Param("plies", "whole", "With --by sim: turns played after the candidate in each deal "
          "(default 2: the opponent's reply and the mover's next).", high=8, metavar="P"),
    Param("rollout", "choice", "With --by sim: how those turns are played (default "
          "equity: each the best turn by equity; optimal: the highest score).",
          choices=ROLLOUTS),
    Param("seed", "whole", "With --by sim: the seed of the deals (default 0).",
          high=2**64 - 1, metavar="S"),
)
"""The effort of `solve --by sim`, left out (None) for its defaults."""


def edition_number(name: str | None) -> int | None:
    """The token set named by the `edition` value `name` ('126'), or None for the default."""
    return int(name) if name else None


def _position(text: str | None, edition: str | None):
    """The position of a text, or the opening board."""
    return GAME.position(text=text, edition=edition_number(edition))


def _record(text: str | None, path: str | None, edition, no_bonus: bool, source: str):
    """The game record of a text, or of the file `path`."""
    asked = {"edition": edition_number(edition), "bonus": False if no_bonus else None}
    if text is None and path is None:
        raise EurekaError("the game record is missing")
    if text is None:
        return GAME.record(path, **asked)
    return GAME.record(text=text, source=source, **asked)


def solve(position=None, cards=None, limit=1, by="score", moves=False, max_sets=None,
          edition=None, no_bonus=False, **effort):
    """The best turns, by score, equity or sim (the solve verb's run).

    `position` is the position's text (default: the opening board) and `cards` the mover's
    tokens (default: the position's rack); `limit`, `by`, `moves` and `max_sets` are as for
    Mathable.solve; `edition` is the token set's name, and `no_bonus` drops the full-rack
    bonus; `effort` holds the simulation's values (SIMULATION), each None when not given.
    Raises EurekaError for `max_sets`, `limit` or `moves` with --by sim, or an effort
    without it.
    """
    given = {name: value for name, value in effort.items() if value is not None}
    if by == "sim":
        if max_sets is not None:
            raise EurekaError("--max-sets is the budget of one turn's search: not with "
                              "--by sim")
        if limit != 1 or moves:
            raise EurekaError("--by sim lists every candidate it simulates (--candidates "
                              "K): no --limit or --moves")
        return GAME.solve(_position(position, edition), cards or None,
                          bonus=not no_bonus, by="sim", **given)
    if given:
        raise EurekaError(f"--{next(iter(given))} is an option of --by sim")
    return GAME.solve(_position(position, edition), cards or None, limit, moves,
                      not no_bonus, by, max_sets=max_sets)


def check(claim=None, position=None, cards=None, edition=None, no_bonus=False,
          compare=True):
    """A claimed turn judged against the position's (or the given) rack (the check verb's run).

    `claim` is the turn's placements, 'I8=12 J8=16'; `position` is the position's text and
    `cards` the mover's tokens (one of the two is needed); `edition` is the token set's
    name; `no_bonus` drops the full-rack bonus; with `compare`, the best turn is searched
    too. Raises EurekaError without a claim, or without a rack or a position.
    """
    if not cards and position is None:
        raise EurekaError("give the mover's tokens (--cards 1 8 2 ...) or a position with "
                          "a 'rack:' line (--position FILE), then the claimed turn; a game "
                          "record is replayed by: eureka score mathable RECORD")
    if claim is None:
        raise EurekaError('the claimed turn is missing, e.g. "I8=12 J8=16"')
    return GAME.check(_position(position, edition), claim, cards or None, not no_bonus,
                      compare=compare)


def score(record=None, edition=None, no_bonus=False, path=None, source=""):
    """A game record replayed turn by turn (the score verb's run).

    `record` is the record's text, or None when the command line gives its file `path`
    instead; `source` names where the text came from; `edition` and `no_bonus` must agree
    with the record's headers.
    """
    return GAME.score(_record(record, path, edition, no_bonus, source))


def endgame(position=None, cards=None, edition=None, no_bonus=False):
    """The exact rest of the game (the endgame verb's run).

    The bag is empty, and `position`, the position's text, gives the opponent's holder on a
    'rack NAME:' line; `cards`, when given, replace the mover's holder; `edition` is the
    token set's name; `no_bonus` drops the full-rack bonus.
    """
    return GAME.endgame(_position(position, edition), cards or None, not no_bonus)


def review(record=None, edition=None, no_bonus=False, path=None, source=""):
    """A game record's turns against the best turns by score and by equity (the review verb's run).

    Every turn whose holder the record gives is reviewed. `record` is the record's text, or
    None when the command line gives its file `path` instead; `source` names where the text
    came from; `edition` and `no_bonus` must agree with the record's headers.
    """
    return GAME.review(_record(record, path, edition, no_bonus, source))


RECORD = Param("record", "text", "The game record (docs/MATHABLE.md); on the command line a "
               "file (a text record, or a CAVA 2024 game's N_turns.txt), - for standard "
               "input.", argument=True, required=True, from_file=True)
EXAMPLE_RACK = [1, 8, 2, 12, 16, 42, 17]
EXAMPLE_ENDGAME = (files("eureka.mathable") / "data" / "endgame.txt").read_text(encoding="utf-8")
"""A position of self-play whose bag is empty (the docs' endgame example)."""
EXAMPLE_RECORD = "P1 [1 2 8 12 16 17 42]: I8=12 H6=8 G9=2 F7=1 J8=16\n"
VERBS = {
    "solve": Verb("solve", (
        POSITION, CARDS,
        Param("limit", "whole", "Show the K best distinct turns (by --by).", default=1,
              low=1, high=1000, metavar="K"),
        Param("by", "choice", "Rank the turns by score, or by equity: the score plus the "
              "value of the tokens kept (docs/MATHABLE.md, Equity), or by sim: the top "
              "turns by equity played out on random deals of the unseen tokens "
              "(docs/MATHABLE.md, Simulation).", default="score",
              choices=(*RANKINGS, "sim")),
        *SIMULATION,
        Param("moves", "flag", "Also list every legal single placement."),
        Param("max_sets", "whole", "The search's budget: refuse past N stored sets of "
              f"placements (default {MAX_STATES:,}; a refusal says what more costs).",
              low=1, high=10**9, metavar="N"),
        EDITION, NO_BONUS), solve, (
            {"cards": EXAMPLE_RACK}, {"cards": EXAMPLE_RACK, "by": "equity", "limit": 2},
            {"cards": EXAMPLE_RACK, "by": "sim", "iterations": 2, "candidates": 2})),
    "check": Verb("check", (
        Param("claim", "text", "The claimed turn, e.g. I8=12 J8=16.", argument=True,
              joined=True),
        POSITION, CARDS, EDITION, NO_BONUS), check, (
            {"cards": EXAMPLE_RACK, "claim": "I8=12 H6=8 G9=2"},)),
    "endgame": Verb("endgame", (POSITION, CARDS, EDITION, NO_BONUS), endgame,
                    ({"position": EXAMPLE_ENDGAME},)),
    "score": Verb("score", (RECORD, EDITION, NO_BONUS), score, ({"record": EXAMPLE_RECORD},)),
    "review": Verb("review", (RECORD, EDITION, NO_BONUS), review,
                   ({"record": EXAMPLE_RECORD},)),
}
