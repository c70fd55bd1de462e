"""Runs of self-play summarised: many deals, each played in every seat order.

Each policy's win rate and spread come with 95% intervals. Games are reproducible:
`simulate` gives deal i its own generator derived from (seed, i) alone, and plays it
once in every seat order (the policies rotated round the seats, `seat_orders`; once,
seats as given, without `swap`), so deal i is the same whatever the number of games run,
and whatever the number of threads that play them (the search releases the GIL, so a
run plays CHUNK games at a time on eureka.parallel's threads). `Summary.policy_rates`
gives each policy's win rate and spread with 95% intervals over the deals
(selfplay.game_record writes one game out as a record with every holder).
"""

import dataclasses
import operator
import statistics
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from eureka import parallel, stats
from eureka.errors import EurekaError
from eureka.mathable.options import MAX_GAMES
from eureka.mathable.policies import check_policies
from eureka.mathable.results import Summary
from eureka.mathable.selfplay import ENDINGS, KINDS, GameResult, game_rng, play_game

CHUNK = 32                        # games handed to the threads at a time


def _stats(xs) -> dict:
    """Mean, sample standard deviation, minimum, median and maximum."""
    return {"mean": statistics.fmean(xs),
            "sd": statistics.stdev(xs) if len(xs) > 1 else 0.0,
            "min": min(xs), "median": statistics.median(xs), "max": max(xs)}


def _span(xs) -> dict:
    """Mean, minimum and maximum."""
    return {"mean": statistics.fmean(xs), "min": min(xs), "max": max(xs)}


def win_interval(deal_rates, games: int) -> list:
    """The 95% interval of a win rate, [low, high], from the rates of the deals.

    `deal_rates` are the deals' rates, each the mean of its games, one per seat order; the
    interval is Wilson's, over the effective number of games p(1 − p) / v, v the variance
    of the mean rate estimated from the deals (so the deals' own spread counts, seat-order
    pairing included), at most `games`, the games played; over the deals alone, one game
    each, when the rate is 0 or 1 or the deals do not vary.
    """
    p, deals = statistics.fmean(deal_rates), len(deal_rates)
    v = statistics.variance(deal_rates) / deals if deals > 1 else 0.0
    n = min(games, p * (1 - p) / v) if v > 0 and 0 < p < 1 else deals
    return list(stats.wilson(p, n))


def shares(scores) -> list:
    """Each seat's share of a game's win by its `scores`: 1 for the winner, ties split equally."""
    top = max(scores)
    winners = sum(s == top for s in scores)
    return [(s == top) / winners for s in scores]


def by_policy(results, policies, orders: int) -> list:
    """Per policy, when the seats hold two or more, its win rate and spread with 95% intervals.

    The win rate is the share of the games its seats won, ties split; the spread is its
    seats' mean score minus the other seats'; each has a 95% interval over the deals
    (`win_interval`, stats.mean_interval): a deal's games, one per seat order, make one
    sample, their mean, so the seat-order luck of a deal cancels out within it. `results`
    are in seat order (`policies`), deal by deal, `orders` games a deal. Returns a list of
    rows (dicts), empty for a single policy.
    """
    names = list(dict.fromkeys(policies))
    if len(names) < 2:
        return []

    def per_deal(xs):
        return [statistics.fmean(xs[i:i + orders]) for i in range(0, len(xs), orders)]

    rows = []
    for name in names:
        mine = [s for s, p in enumerate(policies) if p == name]
        others = [s for s in range(len(policies)) if s not in mine]
        wins, spreads = [], []
        for r in results:
            wins.append(sum(shares(r.scores)[s] for s in mine))
            spreads.append(statistics.fmean(r.scores[s] for s in mine)
                           - statistics.fmean(r.scores[s] for s in others))
        rows.append({"policy": name, "seats": len(mine),
                     "win_rate": statistics.fmean(wins),
                     "win_interval": win_interval(per_deal(wins), len(wins)),
                     "spread": statistics.fmean(spreads),
                     "spread_interval": stats.mean_interval(per_deal(spreads))})
    return rows



def summary(results, policies, edition: int, bonus: bool, seed: int,
            orders: int = 1) -> Summary:
    """The Summary of the games `results`, played deal by deal, `orders` games a deal.

    `results` are in the seat order of `policies`; `edition`, `bonus` and `seed` are the
    run's settings, kept in the summary.
    """
    n, g = len(policies), len(results)
    wins = [0.0] * n
    for r in results:
        for s, share in enumerate(shares(r.scores)):
            wins[s] += share
    used = Counter()
    for r in results:
        used.update(r.squares)
    total = sum(used.values())
    endings = dict.fromkeys(ENDINGS, 0)
    endings.update(Counter(r.end for r in results))
    return Summary(
        games=g // orders, policies=tuple(policies), edition=edition, bonus=bonus,
        seed=seed,
        scores=tuple(_stats([r.scores[s] for r in results]) for s in range(n)),
        win_rate=tuple(w / g for w in wins),
        turns=_span([r.turns for r in results]),
        placements=_span([r.placements for r in results]),
        bonus_rate=tuple(sum(r.bonuses[s] for r in results) / g for s in range(n)),
        square_share={k: (used[k] / total if total else 0.0) for k in KINDS},
        draws=sum(r.draws for r in results) / g,
        exchanges=sum(r.exchanges for r in results) / g,
        passes=sum(r.passes for r in results) / g,
        endings=endings, seat_orders=orders,
        policy_rates=by_policy(results, policies, orders), results=list(results))


def _whole(x, least: int, what: str) -> int:
    try:
        value = operator.index(x)
    except TypeError:
        value = None
    if value is None or isinstance(x, bool) or value < least:
        raise EurekaError(f"{what} must be a whole number ≥ {least}, not {x!r}")
    return value


def seat_orders(policies) -> tuple:
    """The distinct rotations of `policies` round the seats, as offsets r.

    Seat s plays policies[(s + r) % n]: one offset for a single policy, n for n different
    ones.
    """
    n, seen, orders = len(policies), set(), []
    for r in range(n):
        seated = tuple(policies[(s + r) % n] for s in range(n))
        if seated not in seen:
            seen.add(seated)
            orders.append(r)
    return tuple(orders)


def _in_policy_order(result: GameResult, r: int) -> GameResult:
    """A game played with seat s on policies[(s + r) % n], its seats put back in policy order."""
    n = len(result.scores)

    def back(values):
        return tuple(values[(k - r) % n] for k in range(n))

    return dataclasses.replace(result, scores=back(result.scores),
                               deductions=back(result.deductions),
                               bonuses=back(result.bonuses),
                               starter=(result.starter + r) % n)


@dataclass(frozen=True)
class SelfPlayRun:
    """A run of self-play games, its arguments checked when it is made.

    Raises EurekaError unless 2–4 known policies, a known edition, 1 to MAX_GAMES games in
    all and a whole seed ≥ 0. `games` counts deals: with `swap` (the default), deal i is
    played from the same generator once in every seat order (`seat_orders`), so that each
    policy sits in every seat of every deal; without it, once as `policies` are seated.
    """

    games: int
    policies: tuple
    seed: int = 0
    edition: int = 126
    bonus: bool = True
    swap: bool = True
    orders: tuple = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "policies", check_policies(self.policies, self.edition))
        games = _whole(self.games, 1, "the number of games")
        orders = seat_orders(self.policies) if self.swap else (0,)
        if games * len(orders) > MAX_GAMES:
            each = f" ({games:,} in each of {len(orders)} seat orders)" if (
                len(orders) > 1) else ""
            raise EurekaError(f"at most {MAX_GAMES:,} games a run (about half an hour), "
                              f"not {games * len(orders):,}{each}: a run keeps every "
                              f"game's result (run more seeds for more)")
        object.__setattr__(self, "games", games)
        object.__setattr__(self, "orders", orders)
        object.__setattr__(self, "seed", _whole(self.seed, 0, "the seed"))

    @property
    def played(self) -> int:
        """Games to play: the deals times the seat orders."""
        return self.games * len(self.orders)

    def seated(self, k: int) -> tuple:
        """(deal, seat order r, the policies seat by seat) of game `k` of the run."""
        deal, j = divmod(k, len(self.orders))
        r, n = self.orders[j], len(self.policies)
        return deal, r, tuple(self.policies[(s + r) % n] for s in range(n))

    def _play(self, k: int) -> GameResult:
        """Game k of the run, its seats in the order of `policies`."""
        deal, r, seated = self.seated(k)
        result = play_game(seated, game_rng(self.seed, deal), self.edition, self.bonus)
        return _in_policy_order(result, r)

    def run(self, progress=None) -> Summary:
        """Play the games and return their Summary; `progress`, if given, is called after each game.

        `progress(done)` gets the number of games done so far.
        """
        results = []
        for first in range(0, self.played, CHUNK):
            count = min(CHUNK, self.played - first)
            with parallel.applied(kernel=("mathable games", self.policies),
                                  units=count) as workers, \
                    ThreadPoolExecutor(workers) as pool:
                for result in pool.map(self._play, range(first, first + count)):
                    results.append(result)
                    if progress is not None:
                        progress(len(results))
        return summary(results, self.policies, self.edition, self.bonus, self.seed,
                       len(self.orders))


def simulate(games: int, policies, seed: int = 0, edition: int = 126,
             bonus: bool = True, progress=None, swap: bool = True) -> Summary:
    """Play `games` deals and return their Summary.

    Each deal is played in every seat order unless not `swap`; `policies`, `seed`,
    `edition` and `bonus` are as for SelfPlayRun, which raises EurekaError for bad ones;
    `progress`, if given, is called with the number of games done after each game.
    """
    return SelfPlayRun(games, policies, seed, edition, bonus, swap).run(progress)
