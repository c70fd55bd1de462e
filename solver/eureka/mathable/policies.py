"""How a seat of a self-play game chooses its turns: each policy a planner.

The policies, by their names in options.POLICIES:
  "optimal"  the exact best turn for its rack (ranking.ranked), +50 counted when the
             turn starts with a full holder of 7 and the bonus option is on;
  "equity"   of the 5 best turns by equity (the total plus the value of the tokens
             kept: leave.py, ranking.ranked by="equity"), the one that opens least to
             the tokens it cannot see (_equity);
  "sim"      the best of the top turns by equity after Monte Carlo rollouts
             (montecarlo.py), within a budget of work a move, by the chance to win
             with 2 players (the win objective);
  "endgame"  "equity" while the bag holds tokens; once it is empty with 2 players, the
             exact endgame's turn (endgame.py), within its budget (else "equity");
  "sim-endgame"  "sim" while the bag holds tokens, then the exact endgame as "endgame";
  "greedy"   repeatedly the highest-scoring single placement until none is legal;
  "random"   repeatedly a uniformly random legal single placement until none is legal
             (these two are played by selfplay.py itself, placement by placement).
"""

from eureka.errors import EurekaError
from eureka.mathable.arrays import placed_on
from eureka.mathable.endgame import planner as exact
from eureka.mathable.montecarlo import planner as simulation
from eureka.mathable.options import POLICIES
from eureka.mathable.ranking import plan
from eureka.mathable.singles import best_single
from eureka.mathable.tokens import HOLDERS as MAX_PLAYERS
from eureka.mathable.tokens import MIN_PLAYERS, token_set


def check_policies(policies, edition) -> tuple:
    """The `policies` as a tuple, checked with the `edition`.

    Raises EurekaError unless 2–4 known policies (options.POLICIES) and a known edition.
    """
    policies = tuple(policies)
    if not MIN_PLAYERS <= len(policies) <= MAX_PLAYERS:
        raise EurekaError(f"Mathable is played by {MIN_PLAYERS} to {MAX_PLAYERS} "
                          f"players, not {len(policies)}")
    for p in policies:
        if p not in POLICIES:
            raise EurekaError(f"unknown policy {p!r}: choose from {', '.join(POLICIES)}")
    token_set(edition)                      # raises for an unknown edition
    return policies


def _ranking(by: str):
    """A planner: the best turn for the holder by score or equity (ranking.plan)."""
    def plan_turn(game, seat: int, holder: list, full_bonus: int):
        plans = plan(game.board, holder, 1, full_bonus, by=by, edition=game.edition)
        return plans[0] if plans else None
    return plan_turn


CANDIDATES = 5          # the equity policy's candidates: the top turns by equity
OPENING = 0.3           # its weight on what a turn opens (measured: docs/MATHABLE.md)


def _equity(game, seat: int, holder: list, full_bonus: int):
    """The "equity" planner: of the best turns by equity, the one that opens least.

    Of the CANDIDATES best turns by equity (ranking.plan), the one whose equity less
    OPENING × what it opens is highest: the most a single placement of a token the seat
    cannot see scores on the board after the turn.
    """
    plans = plan(game.board, holder, CANDIDATES, full_bonus, by="equity",
                 edition=game.edition)
    unseen = game.unseen(seat)
    if len(plans) < 2 or not unseen:
        return plans[0] if plans else None
    return max(plans, key=lambda p: p.equity
               - OPENING * best_single(placed_on(game.board, p.placements), unseen))


# policy -> planner(game, seat, holder, full_bonus) -> ranking.Ranked | None: the turn
# to play (its placements in order), None when nothing can be placed
PLANNERS = {
    "optimal": _ranking("score"),
    "equity": _equity,
    "sim": simulation(),
    "endgame": exact(_ranking("equity")),
    "sim-endgame": exact(simulation()),
}


