"""The kernels of the games compiled ahead, into the disk cache, and noted there as warm.

They are compiled by `eureka warm`, the warm-up of `eureka serve` and the test suite's
first step.
"""

from eureka import jit
from eureka.games import GAMES

WARM_ORDER = ("mathable", "pitagoras", "countdown", "game24", "numbers", "arithmetikus",
              "arquimedes", "arvuutin")
"""The order in which to warm the games in a pool of processes: the longest compile
(Mathable) first, so that it does not come last, then the numbers games, the most
played. Games outside it come last."""


def warm_order(names) -> list:
    """The games `names` in WARM_ORDER, the games outside it last."""
    return sorted(names, key=lambda n: WARM_ORDER.index(n) if n in WARM_ORDER
                  else len(WARM_ORDER))


def warm(name: str) -> str:
    """Compiles the kernels of the game `name`, and notes in the kernel cache they are there.

    The compiling is GameEntry.warm's. Returns `name`, for a pool of processes to report.
    """
    GAMES[name].warm()
    if jit.cache() is not None:
        (jit.cache() / f"warm-{name}").touch()
    return name


def warmed(name: str) -> bool:
    """Whether the kernels of the game `name` are in the cache.

    That is, warmed since the kernel sources last changed (the cache is keyed on them).
    """
    return jit.cache() is not None and (jit.cache() / f"warm-{name}").exists()
