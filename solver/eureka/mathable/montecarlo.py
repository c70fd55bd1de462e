"""Monte Carlo simulation of a Mathable turn: the `sim` policy and `solve --by sim`.

The top K candidate turns by equity are played on random deals of the tokens the mover
cannot see (the bag and the other holders; its own holder is known).  A deal gives each
opponent a holder and orders the bag; on it the candidate is played, then `plies` more
turns, each player's best turn by the rollout policy (equity, or optimal: the score),
each holder refilled from the dealt bag.  At the horizon the candidate is worth the
spread the mover gained (its points minus the opponents' mean) plus the value of its
leave after its last turn minus the opponents' mean leave value: the spread in equity.
Every candidate is played on the same deals (common random numbers), so their
differences carry less noise than their values.

The candidate with the highest mean value is chosen.  With the win objective
(Effort's `objective`, the `sim` policy's), a deal's value also counts the mover's chance
to win from its lead in equity at the horizon (outlook.py; 1, ½ or 0 when the game has
ended there), × WIN_POINTS: the chance decides, the spread breaks ties; this needs the
leads and one opponent, else the value is the spread.  Each mean has a 95% interval
(mean ± 1.96 sd/√n) and, when the mover's lead over each opponent is known, a win
probability: the share of deals where the mover is ahead of every opponent in points at
the horizon (its lead plus the points it gained on that opponent; leaves not counted,
deductions counted when the game ended; a tie for the lead counts half).  Deals
run in rounds of ROUND on threads (the search releases the GIL); after a round, past
PRUNE_AFTER deals, a candidate whose paired difference to the leader is below 0 with
95% confidence is dropped.  The effort is a number of deals, and optionally a time
budget checked between rounds (on one thread, between deals).  Deal i of a run seeded S
depends on (S, i) alone, so a run without a time budget gives the same answer on any
number of threads.  The `sim` policy has no time budget but a budget of work (Effort's
`work`, checked between the candidates' rollouts), so a seeded self-play game repeats
exactly.

What the rollout simplifies, alike for every candidate: a token drawn on a restriction
square is taken with the refill (the same tokens from the same bag), so it is not
placed in the turn that drew it; a player who can place nothing passes (no exchange),
and when neither player can place, the rollout simply stops there and the leaves are
valued (no deductions); when the bag is empty and a player has emptied the holder the
game ends, and each holder's tokens are deducted instead of valued as a leave.
"""

import dataclasses
import statistics
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from eureka import parallel, stats
from eureka.errors import EurekaError
from eureka.mathable.arrays import board_array, placed_on
from eureka.mathable.leave import leave_value
from eureka.mathable.options import Effort
from eureka.mathable.outlook import win_chance
from eureka.mathable.position import Position, with_rack
from eureka.mathable.ranking import Ranked, best_turns, plan
from eureka.mathable.results import Simulated
from eureka.mathable.tokens import RACK_SIZE, full_rack_bonus, token_set

ROUND = 8                   # deals between the checks of the time budget and pruning
PRUNE_AFTER = 2 * ROUND     # deals before a candidate may be dropped
RANKED_BY = {"equity": "equity", "optimal": "score"}     # rollout policy -> ranked's key
# A search's fixed cost in placements tried, by its ranking's policy, as calibrated by
# python -m eureka.benchmarks.mathable_sim --calibrate (docs/MATHABLE.md, Simulation).
SEARCH_WORK = {"optimal": 900, "equity": 1500}
WIN_POINTS = 20_000         # the win objective: a deal's chance to win × this, plus its
                            # value (so 1% of chance outweighs 200 points of spread)


# The "sim" policy's: no time budget (games repeat) but a budget of work a turn, which
# caps the heavy turns (what it costs: docs/BENCHMARKS.md), and the win objective.
POLICY_EFFORT = Effort(candidates=8, plies=2, iterations=160, rollout="equity",
                       work=10_000_000, objective="win")


@dataclass(frozen=True)
class View:
    """What the mover knows of a position, as a simulation sees it.

    The kernel board (arrays.board_array), its holder, the tokens it cannot see, the
    opponents' holder sizes in playing order, whether the full-rack bonus is played, the
    edition, and its lead in points over each opponent, in the same order (None: unknown).
    """

    board: np.ndarray
    rack: tuple
    unseen: tuple
    opponents: tuple = (RACK_SIZE,)
    full_rack: bool = True
    edition: int = 126
    lead: tuple | None = None


@dataclass(frozen=True)
class Candidate:
    """A candidate's simulated values: `rank` is its place in the candidates given."""

    rank: int
    values: tuple               # its value on each deal it was played on
    margins: tuple | None = None    # on each deal, the mover's smallest lead in points
                                    # over an opponent at the horizon (None: unknown)

    @property
    def iterations(self) -> int:
        """The number of deals the candidate was played on."""
        return len(self.values)

    @property
    def mean(self) -> float:
        """The mean of the candidate's values (0.0 before any deal)."""
        return statistics.fmean(self.values) if self.values else 0.0

    @property
    def half(self) -> float:
        """Half the width of the 95% interval of the mean (0 below two deals)."""
        return stats.half_width(self.values)

    @property
    def win_probability(self) -> float | None:
        """The share of deals ahead of every opponent in points at the horizon, ties half.

        None without the leads.
        """
        ends = self.margins
        if not ends:
            return None
        return (sum(e > 0 for e in ends) + sum(e == 0 for e in ends) / 2) / len(ends)


def deal(unseen, seed: int, i: int) -> tuple:
    """Deal `i` of a run seeded `seed`: the `unseen` tokens in a random order.

    The opponents' holders come first, in playing order, then the bag in drawing order.
    """
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(i,)))
    return tuple(int(v) for v in rng.permutation(sorted(unseen)))


def work_of(tried: list, policy: str) -> int:
    """The work of searches ranked by `policy` that each tried a number of placements.

    `tried` holds those numbers (ranking.ranked's `work`), one a search; the work is their
    sum plus each search's fixed cost, SEARCH_WORK[`policy`].
    """
    return sum(tried) + SEARCH_WORK[policy] * len(tried)


def rollout(view: View, play: Ranked, dealt: tuple, plies: int,
            rollout_policy: str, work: list | None = None) -> tuple:
    """The value of `play` on one deal, the mover's smallest lead then, and its chance to win.

    `play` is the mover's candidate on the position `view`; `dealt` is the deal (see `deal`);
    `plies` turns are played after it, each the best turn by the `rollout_policy` (a key of
    RANKED_BY). The value, as the module's docstring says, is the mover's equity at the
    horizon minus the opponents' mean; the lead is in points at the horizon, None without
    the leads; the chance to win is outlook.win_chance of the mover's lead in equity at the
    horizon (1, ½ or 0 once the game has ended), None without the leads or with more than
    one opponent. `work`, when given, gets one entry a search, as for ranking.ranked.
    """
    board = view.board
    holders = [list(view.rack)]
    start = 0
    for size in view.opponents:
        holders.append(list(dealt[start:start + size]))
        start += size
    bag = list(reversed(dealt[start:]))                 # drawn from the end
    n = len(holders)
    points = [0] * n
    leaves = [None] * n                                 # each holder after its last turn
    key = RANKED_BY[rollout_policy]
    seat, ended = 0, False
    for ply in range(plies + 1):
        holder = holders[seat]
        if ply:
            found = plan(board, holder, 1, full_rack_bonus(holder, view.full_rack),
                         by=key, edition=view.edition, work=work)
            play = found[0] if found else None
        if play is not None:
            board = placed_on(board, play.placements)
            for _, value in play.placements:
                holder.remove(value)
            points[seat] += play.total
        leaves[seat] = tuple(sorted(holder))
        while len(holder) < RACK_SIZE and bag:
            holder.append(bag.pop())
        if not holder:
            ended = True
            break
        seat = (seat + 1) % n
    if ended:
        points = [p - sum(h) for p, h in zip(points, holders)]
        worth = points
    else:
        worth = [p + (0.0 if kept is None else leave_value(kept, view.edition))
                 for p, kept in zip(points, leaves)]
    margin = None if view.lead is None else \
        min(lead + points[0] - p for lead, p in zip(view.lead, points[1:]))
    chance = None
    if view.lead is not None and n == 2:
        edge = view.lead[0] + worth[0] - worth[1]
        chance = (edge > 0) + (edge == 0) / 2 if ended else \
            win_chance(edge, len(bag), moved=seat == 1)
    return worth[0] - sum(worth[1:]) / (n - 1), margin, chance


def choose(view: View, plays, effort: Effort = Effort(), seed: int = 0,
           workers: int = 1, clock=time.perf_counter, spent: list | None = None) -> list:
    """The candidate `plays` (Ranked) simulated, as Candidate, best first.

    The order is by mean among those not dropped, then the dropped ones by mean. `view` is
    what the mover knows; `effort` says how hard to simulate; deal i is seeded by (`seed`, i);
    `workers` threads play the deals. One play needs no simulation; with one opponent and an
    empty bag one deal is all there is. The time budget is measured by `clock` (wall-clock
    seconds by default); it and the budget of work are checked after every deal on one
    worker, else every round; on one worker a deal past the first is also dropped
    unfinished once the rollouts of some of its candidates bring the work to the budget
    (checked between them; common random numbers: every live candidate is played on every
    deal counted). `spent`, if given, gets the run's work appended (work_of).
    """
    plays = list(plays)
    values = [[] for _ in plays]
    margins = [[] for _ in plays]
    live = list(range(len(plays)))
    deals = effort.iterations
    if len(plays) < 2:
        deals = 0
    elif len(view.opponents) == 1 and len(view.unseen) <= view.opponents[0]:
        deals = 1

    def one(i, room=None):
        """Deal i's row (None: dropped, its work past `room`) and its work."""
        dealt, tried, row = deal(view.unseen, seed, i), [], []
        for c in live:
            if room is not None and row and work_of(tried, effort.rollout) >= room:
                return None, work_of(tried, effort.rollout)
            value, margin, chance = rollout(view, plays[c], dealt, effort.plies,
                                            effort.rollout, tried)
            if effort.objective == "win" and chance is not None:
                value += WIN_POINTS * chance
            row.append((value, margin))
        return row, work_of(tried, effort.rollout)

    started, done, work = clock(), 0, 0

    def over() -> bool:
        return (effort.seconds is not None and clock() - started >= effort.seconds) \
            or (effort.work is not None and work >= effort.work)

    def run(first: int, count: int):
        """The rows of `count` deals from `first`, with their work.

        On one worker, the budget of work left is each deal's room (the first deal always ends).
        """
        if workers > 1:
            return pool.map(one, range(first, first + count))
        return (one(i, None if effort.work is None or i == 0 else effort.work - work)
                for i in range(first, first + count))

    with ThreadPoolExecutor(workers) as pool:
        while done < deals and len(live) > 1:
            for row, its_work in run(done, min(ROUND, deals - done)):
                work += its_work
                if row is None:
                    break
                for c, (v, m) in zip(live, row):
                    values[c].append(v)
                    margins[c].append(m)
                done += 1
                if workers == 1 and over():        # one thread: checked every deal
                    break
            if over():
                break
            if done >= PRUNE_AFTER:
                live = _survivors(live, values)
    if spent is not None:
        spent.append(work)
    found = [Candidate(c, tuple(values[c]),
                       None if view.lead is None else tuple(margins[c]))
             for c in range(len(plays))]
    return sorted(found, key=lambda k: (k.rank not in live, -k.mean, k.rank))


def _survivors(live: list, values: list) -> list:
    """The live candidates not below the leader with 95% confidence (paired deals)."""
    leader = max(live, key=lambda c: statistics.fmean(values[c]))
    kept = []
    for c in live:
        diffs = [a - b for a, b in zip(values[c], values[leader])]
        spread = stats.half_width(diffs)
        if c == leader or statistics.fmean(diffs) + spread >= 0:
            kept.append(c)
    return kept


def planner(effort: Effort = POLICY_EFFORT):
    """A self-play planner (policies.PLANNERS) that simulates the seat's top turns by equity.

    It simulates as many turns as `effort` has candidates, on one thread (self-play runs
    its games on the threads), with deals seeded from the game's generator: no time budget
    (EurekaError for an `effort` with one), so a seeded game repeats exactly. The budget of
    work is a turn's: the plans of one turn (again after an extra draw) share it, through
    the game's `work` (reset by self-play each turn). It sees only what the seat sees: the
    board, its holder, the unseen tokens and the other holders' sizes.
    """
    if effort.seconds is not None:
        raise EurekaError("the sim policy plays without a time budget (games repeat)")

    def plan_turn(game, seat, holder, full_bonus):
        tried, spent = [], []
        turns = plan(game.board, holder, effort.candidates, full_bonus, by="equity",
                     edition=game.edition, work=tried)
        game.work += work_of(tried, "equity")
        if len(turns) < 2:
            return turns[0] if turns else None
        others = [(seat + k) % len(game.holders) for k in range(1, len(game.holders))]
        view = View(game.board, tuple(holder), tuple(sorted(game.unseen(seat))),
                    tuple(len(game.holders[o]) for o in others), full_rack=game.bonus,
                    edition=game.edition,
                    lead=tuple(game.scores[seat] - game.scores[o] for o in others))
        left = None if effort.work is None else max(1, effort.work - game.work)
        found = choose(view, turns, dataclasses.replace(effort, work=left),
                       seed=int(game.rng.integers(1 << 62)), spent=spent)
        game.work += spent[0]
        return turns[found[0].rank]

    return plan_turn


def solve(position: Position, rack=None, bonus: bool = True, effort: Effort = Effort(),
          seed: int = 0) -> Simulated:
    """The top candidates by equity for `rack` (default: the position's), simulated.

    The unseen tokens are the set's less the board's and the rack's of `position` (a rack
    the file gives for another player is dealt like the bag); the opponents are one with a
    full holder (the best-scoring other player) unless the file gives the others' racks
    (their sizes are used). With the simulated opponents' scores given, the mover's leads
    over them give the win probability. `bonus` counts the full-rack bonus; `effort` says
    how hard to simulate; deal i is seeded by (`seed`, i). Raises PositionError for a
    position without a rack.
    """
    position = with_rack(position, rack)
    scores = position.other_scores
    names = list(position.others) or [max(scores, key=scores.get)] if scores else []
    lead = tuple(position.score - scores[p] for p in names) \
        if names and all(p in scores for p in names) else None
    unseen = token_set(position.edition) - position.placed() - Counter(position.rack)
    full = full_rack_bonus(position.rack, bonus)
    turns = best_turns(position.grid, position.rack, effort.candidates, full, by="equity",
                       edition=position.edition)
    opponents = tuple(len(r) for r in position.others.values()) or \
        (min(RACK_SIZE, sum(unseen.values())),)
    view = View(board_array(position.grid), tuple(position.rack),
                tuple(sorted(unseen.elements())), opponents, bonus, position.edition,
                lead)
    plays = [Ranked.of(t) for t in turns]
    started = time.perf_counter()
    with parallel.applied(kernel="mathable sim", units=effort.iterations) as workers:
        found = choose(view, plays, effort, seed, workers)
    return Simulated(position, tuple(turns[c.rank] for c in found), None, "sim",
                     candidates=tuple(found), effort=effort, seed=seed,
                     elapsed=time.perf_counter() - started)
