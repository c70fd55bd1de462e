"""The solvers under test, each as a function puzzle -> a result that can be compared.

Countdown and eight cards: the number of distinct solutions (each solver by its own
notion of distinct).  Pitagoras: the most cards any solution uses (0 when none).
"""

import contextlib
import importlib
import io
import sys
from pathlib import Path

import numpy as np

from eureka import countdown, parallel, pitagoras
from eureka.arquimedes import kernels
from eureka.arquimedes.plays import plays as arquimedes_plays
from eureka.arquimedes.simulate import played
from eureka.benchmarks.workloads import ARQUIMEDES_BATCH
from eureka.errors import EurekaError, SearchTooLarge
from eureka.mathable.ranking import best_turns
from eureka.mathable.selfplay import game_rng, play_game
from eureka.mathable.tokens import full_rack_bonus
from eureka.numbers.solve import most_cards, solve


def eureka_countdown(p):
    """The number of distinct solutions of the Countdown puzzle `p`.

    Every distinct solution is found (as normal forms) and counted; their text is
    rendered only when listed (timed apart by python -m eureka.benchmarks.listing).
    """
    return solve(p.cards, p.target, countdown.rules(), closest=0).distinct


def eureka_every_pitagoras(p):
    """The number of distinct solutions of the Pitagoras deal `p` (the eight-card deals)."""
    return solve(p.cards, p.target, pitagoras.rules(), closest=0).distinct


def eureka_pitagoras(p):
    """The most cards any solution of the Pitagoras deal `p` uses (0 when none)."""
    best = most_cards(p.cards, p.target, pitagoras.rules())
    return len(best.cards) if best else 0


def eureka_mathable(p):
    """The best turn's points on the Mathable position `p`, full-rack bonus included (0: none)."""
    turns = best_turns(dict(p.grid), p.rack, bonus=full_rack_bonus(p.rack))
    return turns[0].points if turns else 0


def eureka_mathable_hard(p):
    """The best turn's points on the Mathable position `p`, or "refused" past the budget."""
    try:
        return eureka_mathable(p)
    except SearchTooLarge:
        return "refused"


def eureka_mathable_game(seed):
    """The final scores of a 2-player self-play game (optimal policy), played from `seed`."""
    result = play_game(("optimal", "optimal"), game_rng(seed, 0))
    return result.scores


def eureka_arquimedes_plays(state):
    """The number of legal plays in the Arquimedes `state`."""
    return len(arquimedes_plays(state))


def eureka_arquimedes_games(seed):
    """The winners of a batch of complete 4-player games (greedy against three random).

    ARQUIMEDES_BATCH games drawn from `seed`, played on the threads `eureka simulate
    arquimedes` uses (eureka.parallel).
    """
    codes = np.array([kernels.GREEDY, kernels.RANDOM, kernels.RANDOM, kernels.RANDOM], np.int64)
    with parallel.applied(kernel=("arquimedes games", *codes.tolist()),
                          units=ARQUIMEDES_BATCH) as threads:
        return played(0, ARQUIMEDES_BATCH, 4, codes, kernels.deck_counts(True),
                      kernels.ALL_OPS, seed, threads)[0].tolist()


def _oracles(checkout):
    """The test oracles, which are not installed, or None when they cannot be found.

    From the source checkout `checkout` (the folder holding tests/oracle), else when
    `tests.oracle` is importable already (under pytest). Raises EurekaError when
    `checkout` holds no tests/oracle.
    """
    if checkout is not None:
        root = str(Path(checkout).resolve())
        if not Path(root, "tests", "oracle", "__init__.py").is_file():
            raise EurekaError(f"--oracles {checkout}: no tests/oracle there (give the "
                              f"folder of a source checkout)")
        if root not in sys.path:
            sys.path.insert(0, root)
    try:
        return [importlib.import_module(f"tests.oracle.{name}")
                for name in ("numbers", "mathable", "arquimedes")]
    except ImportError:
        return None


def oracle_solvers(checkout=None):
    """The oracles as solvers by workload ({} when they cannot be found).

    `checkout` is the source checkout holding tests/oracle (None: only when importable
    already); see _oracles.
    """
    found = _oracles(checkout)
    if found is None:
        return {}
    oracle, mathable, arquimedes = found

    def oracle_countdown(p):
        return len(oracle.solutions(list(p.cards), p.target, countdown.rules()))

    def oracle_pitagoras(p):
        answers = oracle.solutions(list(p.cards), p.target, pitagoras.rules())
        return max((len(_leaves(f)) for f in answers), default=0)

    def oracle_mathable(p):          # racks of at most 4: no full-rack bonus
        return max(mathable.all_turns(dict(p.grid), p.rack).values())

    def oracle_arquimedes(state):
        return len(arquimedes.plays(state.top.value, list(state.hand), state.ops))

    return {"countdown": oracle_countdown, "pitagoras": oracle_pitagoras,
            "mathable4": oracle_mathable, "arquimedes-plays": oracle_arquimedes}


def _leaves(form):
    if form[0] == 0:
        return [form[1]]
    if form[0] == 3:
        return _leaves(form[1]) + _leaves(form[2])
    return [c for part in form[1] + form[2] for c in _leaves(part)]


def peer_solvers():
    """Solvers from the package registry, when installed (the `bench` extra)."""
    try:
        import countdown_numbers_solver as cns
    except ImportError:
        return {}

    def cns_countdown(p):
        with contextlib.redirect_stdout(io.StringIO()):
            cns.solve(list(p.cards), p.target)
        return len(cns.unique_solutions)

    return {"countdown": cns_countdown}
