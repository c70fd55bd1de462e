"""The names Mathable's verbs accept and the bounds of their work.

They are read by the contract (game.py), the verbs' declarations (params.py), the modules
that do the work and the command line, so each is written once, below all of them.
"""

from dataclasses import dataclass

from eureka.errors import EurekaError

POLICIES = ("optimal", "equity", "sim", "endgame", "sim-endgame", "greedy", "random")
"""How a seat of a self-play game chooses its turns (policies.py)."""

LEVELS = {"beginner": "greedy", "casual": "optimal", "strong": "equity",
          "expert": "sim-endgame"}
"""A game against eureka (match.py): the bot's levels, weakest first, and the policy each
plays; docs/MATHABLE.md has the ladder measured between them."""

PLAYERS = ("you", "eureka")
"""The players of a game against eureka, as its state and record name them."""

RANKINGS = ("score", "equity")
"""What `solve` ranks the turns by (ranking.py)."""

ROLLOUTS = ("equity", "optimal")
"""How a simulation's rollouts play a turn (montecarlo.py): the best by equity, or the highest
score."""

OBJECTIVES = ("spread", "win")
"""What a simulation maximises (montecarlo.py): the mean spread in equity at the horizon, or
the mean chance to win from there (outlook.py), the spread breaking ties."""

MAX_GAMES = 100_000
"""Games a self-play run may play: every game's result is kept for the summary
(docs/BENCHMARKS.md, "Where the budgets come from")."""

MAX_STATES = 100_000
"""Sets of placements a turn's search may store before it is refused, well above the
21,936 of the worst 7-token rack of the real games; solve's `max_sets` raises it."""

LIMITS = {"candidates": (1, 50), "plies": (0, 8), "iterations": (1, 100_000),
          "work": (1, 10 ** 12)}
MAX_SECONDS = 3600


@dataclass(frozen=True)
class Effort:
    """How hard to simulate a turn, every value checked when it is made.

    The candidates (top K by equity), the plies (turns played after the candidate), the
    iterations (deals), a time budget in seconds (None: none), the rollout policy (one of
    ROLLOUTS), a budget of work (None: none): the placements the rollouts' searches
    try (ranking.ranked's `work`) plus montecarlo.SEARCH_WORK[rollout] a search, a measure of work
    that does not depend on the machine, and which the time follows closely; and the
    objective (one of OBJECTIVES).

    Raises EurekaError for values out of LIMITS, a time budget not above 0 and at most
    MAX_SECONDS, or an unknown rollout policy or objective.
    """

    candidates: int = 10
    plies: int = 2
    iterations: int = 200
    seconds: float | None = None
    rollout: str = "equity"
    work: int | None = None
    objective: str = "spread"

    def __post_init__(self):
        for name, (low, high) in LIMITS.items():
            value = getattr(self, name)
            if name == "work" and value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int) \
                    or not low <= value <= high:
                raise EurekaError(f"{name} must be a whole number from {low} to {high}, "
                                  f"not {value!r}")
        if self.seconds is not None and not 0 < self.seconds <= MAX_SECONDS:
            raise EurekaError(f"the time budget must be above 0 and at most "
                              f"{MAX_SECONDS} seconds, not {self.seconds!r}")
        if self.rollout not in ROLLOUTS:
            raise EurekaError(f"unknown rollout policy {self.rollout!r}: choose from "
                              f"{', '.join(ROLLOUTS)}")
        if self.objective not in OBJECTIVES:
            raise EurekaError(f"unknown objective {self.objective!r}: choose from "
                              f"{', '.join(OBJECTIVES)}")
