"""The kernels of the games compiled ahead, into the disk cache (`eureka warm`, the
warm-up of `eureka serve`, the test suite's first step), and noted there as warm."""

from eureka import jit
from eureka.games import GAMES

WARM_ORDER = ("mathable", "pitagoras", "countdown", "game24", "numbers", "arithmetikus",
              "arquimedes", "arvuutin")
"""The order in which to warm the games in a pool of processes: the longest compile
(Mathable) first, so that it does not come last, then the numbers games, the most
played. Games outside it come last."""


def warm_order(names) -> list:
    """The games `names` in WARM_ORDER."""
    return sorted(names, key=lambda n: WARM_ORDER.index(n) if n in WARM_ORDER
                  else len(WARM_ORDER))


def warm(name: str) -> str:
    """Compile the kernels of the game `name` (GameEntry.warm), and note in the kernel
    cache that they are there; `name` again, for a pool of processes to report."""
    GAMES[name].warm()
    if jit.cache() is not None:
        (jit.cache() / f"warm-{name}").touch()
    return name


def warmed(name: str) -> bool:
    """Whether the kernels of the game `name` are in the cache: warmed since the kernel
    sources last changed."""
    return jit.cache() is not None and (jit.cache() / f"warm-{name}").exists()
