"""How much a simulation may be asked to play: enough for any estimate, and no more.

The bounds keep a run within minutes, and its memory from growing with it.
"""

import math

from eureka.errors import EurekaError
from eureka.text import plural

GAMES_PER_SECOND = 40_000           # simulated games a second, about (docs/BENCHMARKS.md)
MAX_GAMES = 10**8                   # games per variant (games_bound says how long they take)
MAX_SAMPLES = 10**6                 # deals per option when the rest of a round is played
_YEAR = 365.25 * 86400


def games_bound(games: int) -> str:
    """Why `games` are too many: the bound, and how long they would take."""
    return (f"at most {MAX_GAMES:,} games ({_duration(MAX_GAMES)} at "
            f"{GAMES_PER_SECOND:,} games a second); {_count(games)} would take "
            f"{_duration(games)}")


def check_games(games: int) -> None:
    """Raises EurekaError unless 1 <= `games` <= MAX_GAMES."""
    if games < 1:
        raise EurekaError(f"{_count(games)} games: play at least one")
    if games > MAX_GAMES:
        raise EurekaError(games_bound(games))


def check_samples(samples: int) -> None:
    """Raises EurekaError unless 2 <= `samples` <= MAX_SAMPLES.

    Two deals are the fewest that give a standard error.
    """
    if not 2 <= samples <= MAX_SAMPLES:
        raise EurekaError(f"the rest of the round is played out 2 to {MAX_SAMPLES:,} "
                          f"times, not {_count(samples)}")


def _count(n: int) -> str:
    """'1,000,000'; beyond 40 digits '1.0e+400' (any size of whole number)."""
    return f"{n:,}" if abs(n) < 10**40 else _scientific(math.log10(abs(n)))


def _scientific(exponent: float) -> str:
    """10 ** exponent written as '7.9e+287', for exponents beyond a float's range."""
    whole = math.floor(exponent)
    mantissa = round(10 ** (exponent - whole), 1)
    if mantissa >= 10:
        mantissa, whole = 1.0, whole + 1
    return f"{mantissa:.1f}e+{whole:02d}"


def _duration(games: int) -> str:
    """How long `games` take at GAMES_PER_SECOND, for any size of whole number.

    Written 'about 17 minutes', or past a million years 'about 3.2e+17 years'.
    """
    years = math.log10(games) - math.log10(GAMES_PER_SECOND * _YEAR)
    if years >= 6:
        return f"about {_scientific(years)} years"
    seconds = games / GAMES_PER_SECOND
    for unit, size in (("year", _YEAR), ("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            return f"about {plural(round(seconds / size), unit)}"
    return f"about {plural(max(1, round(seconds)), 'second')}"
