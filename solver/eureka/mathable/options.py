"""The names Mathable's verbs accept and the bounds of their work.

They are read by the contract (game.py), the verbs' declarations (params.py), the modules
that do the work and the command line, so each is written once, below all of them.
"""

POLICIES = ("optimal", "equity", "sim", "endgame", "greedy", "random")
"""How a seat of a self-play game chooses its turns (policies.py)."""

RANKINGS = ("score", "equity")
"""What `solve` ranks the turns by (ranking.py)."""

ROLLOUTS = ("equity", "optimal")
"""How a simulation's rollouts play a turn (montecarlo.py): the best by equity, or the highest
score."""

MAX_GAMES = 100_000
"""Games a self-play run may play: every game's result is kept for the summary
(docs/BENCHMARKS.md, "Where the budgets come from")."""

MAX_STATES = 100_000
"""Sets of placements a turn's search may store before it is refused, well above the
21,936 of the worst 7-token rack of the real games; solve's `max_sets` raises it."""
