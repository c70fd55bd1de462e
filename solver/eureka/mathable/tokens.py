"""The token sets and the holders.

The sets are the rulebook's 126 tokens (the default) and the 106-token edition.
"""

from collections import Counter

from eureka.errors import EurekaError

LARGE = (24, 25, 27, 28, 30, 32, 35, 36, 40, 42, 45, 48, 49, 50, 54, 56, 60, 63, 64, 70,
         72, 80, 81, 90)


def _set(zeros: int, each_small: int, doubles: range, singles: range) -> Counter:
    tokens = Counter({0: zeros})
    tokens.update({v: each_small for v in range(1, 11)})
    tokens.update({v: 2 for v in doubles})
    tokens.update({v: 1 for v in (*singles, *LARGE)})
    return tokens


TOKEN_SETS = {
    126: _set(3, 8, range(11, 19), range(19, 22)),     # the rulebook's table
    106: _set(1, 7, range(0), range(11, 22)),          # the other edition
}
RACK_SIZE = 7
HOLDERS = 4                   # the rulebook's contents: 4 token holders, so 2–4 players
MIN_PLAYERS = 2
MAX_RACK = 12                 # a holder of 7 and the extra draws of one turn
FULL_RACK_BONUS = 50
MOST_POINTS = 10**6
"""The most points a score read may have (a player's current score, a turn's official
score): far above any game's (the endgame of docs/MATHABLE.md stands at 855 to 1,257)."""


def token_set(edition: int) -> Counter:
    """The tokens of an edition, value -> count.

    `edition`: 126 or 106 (the number of tokens). Raises EurekaError for any other.
    """
    if edition not in TOKEN_SETS:
        raise EurekaError(f"no Mathable edition has {edition} tokens: choose 126 or 106")
    return TOKEN_SETS[edition]


def points(value: int, where: str, error=EurekaError) -> int:
    """The score read, `value` (a whole number >= 0), checked against MOST_POINTS.

    `where` names what was read, for the message; `error` is the exception class raised
    when `value` is beyond MOST_POINTS (EurekaError by default).
    """
    if value > MOST_POINTS:
        shown = f"{value:,}" if value < 10**18 else \
            f"a number of {len(str(value)):,} digits"
        raise error(f"{where}: a score is at most {MOST_POINTS:,} (no game of Mathable "
                    f"scores more), not {shown}")
    return value


def full_rack_bonus(rack, bonus: bool = True) -> int:
    """The bonus for placing every token of `rack`: only a full rack of 7 earns it.

    `bonus`: whether the game awards the full-rack bonus at all (0 when not).
    """
    return FULL_RACK_BONUS if bonus and len(rack) == RACK_SIZE else 0
