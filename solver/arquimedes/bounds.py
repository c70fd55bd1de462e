"""How much a simulation may be asked to play: enough for any estimate, and bounded so
that a run ends within minutes and its memory does not grow with it."""

from eureka.errors import EurekaError
from eureka.text import plural

GAMES_PER_SECOND = 40_000           # simulated games a second, about, on 2 cores
MAX_GAMES = 10**8                   # games per variant: about 42 minutes
MAX_SAMPLES = 10**6                 # deals per option when the rest of a round is played


def games_bound(games: int) -> str:
    """Why `games` are too many: the bound, and how long they would take."""
    return (f"at most {MAX_GAMES:,} games ({_duration(MAX_GAMES / GAMES_PER_SECOND)} at "
            f"{GAMES_PER_SECOND:,} games a second); {games:,} would take "
            f"{_duration(games / GAMES_PER_SECOND)}")


def check_games(games: int) -> None:
    """EurekaError unless 1 <= games <= MAX_GAMES."""
    if games < 1:
        raise EurekaError(f"{games:,} games: play at least one")
    if games > MAX_GAMES:
        raise EurekaError(games_bound(games))


def check_samples(samples: int) -> None:
    """EurekaError unless 2 <= samples <= MAX_SAMPLES (two deals give a standard error)."""
    if not 2 <= samples <= MAX_SAMPLES:
        raise EurekaError(f"the rest of the round is played out 2 to {MAX_SAMPLES:,} "
                          f"times, not {samples:,}")


def _duration(seconds: float) -> str:
    """'about 17 minutes', 'about 3.2e+17 years'."""
    for unit, size in (("year", 365.25 * 86400), ("day", 86400), ("hour", 3600),
                       ("minute", 60)):
        if seconds >= size:
            n = seconds / size
            return f"about {plural(round(n), unit) if n < 1e6 else f'{n:.1e} {unit}s'}"
    return f"about {plural(max(1, round(seconds)), 'second')}"
