r"""Two Mathable policies head to head: A against B in 2-player games.

Every deal is played in both seat orders (`simulate`'s paired deals). Reports A's win
rate (ties half) and A's mean spread (A's final score minus B's), each with its 95%
interval over the deals (Wilson's for the win rate, normal for the spread:
simulate.by_policy), and the seconds per move of each policy measured in the same games.

    python -m eureka.benchmarks.mathable_policies --policies equity,optimal \
        --games 1000 --seed 1 [--threads 1]

`--games` counts games: G games are G/2 deals, each played with A first in the seat
order and then with B.  A move is one turn of a policy (placements, exchange or pass);
its time is the wall-clock time of `selfplay.policy_turn` for that turn, and its CPU time that
of the thread playing it (a policy that runs threads of its own, such as a simulation,
shows in the wall-clock time only).  With the default --threads 1 the games are played
one at a time, so the wall-clock time of a move is not shared with another game.
"""

import argparse
import inspect
import statistics
import threading
import time
from collections import defaultdict

from eureka import parallel
from eureka.mathable import selfplay, simulate


class MoveClock:
    """Times every move, per policy, while installed (within a `with` block).

    A move is a call of selfplay.policy_turn not made within another (a rollout's turns are
    part of the move). `wall` and `cpu` map each policy to its moves' seconds.
    """

    def __init__(self):
        self.wall, self.cpu = defaultdict(list), defaultdict(list)
        self.lock = threading.Lock()
        self.turn = selfplay.policy_turn
        self.signature = inspect.signature(self.turn)

    def __enter__(self):
        inside = threading.local()          # a turn played within a move (a rollout)

        def timed(*args, **kwargs):
            if getattr(inside, "move", False):
                return self.turn(*args, **kwargs)
            policy = self.signature.bind(*args, **kwargs).arguments["policy"]
            wall, cpu = time.perf_counter(), time.thread_time()
            inside.move = True
            try:
                return self.turn(*args, **kwargs)
            finally:
                inside.move = False
                cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
                with self.lock:
                    self.wall[policy].append(wall)
                    self.cpu[policy].append(cpu)

        selfplay.policy_turn = timed
        return self

    def __exit__(self, *exc):
        selfplay.policy_turn = self.turn


def percent(x) -> str:
    """A share `x` (0–1) as a percentage with one decimal."""
    return f"{100 * x:.1f}%"


def signed(x) -> str:
    """A number `x` with its sign and one decimal."""
    return f"{x:+.1f}"


def between(pair, show) -> str:
    """An interval `pair` (low, high) as text, each end written by `show`; n/a when None."""
    return "n/a (fewer than 2 deals)" if pair is None else f"{show(pair[0])} to {show(pair[1])}"


def main(argv=None) -> None:
    """Plays the two policies against each other and prints the rates and move times.

    `argv`: the command-line arguments (default: sys.argv[1:]): --policies A,B, --games
    (an even number), --seed, --edition and --threads.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--policies", default="equity,optimal",
                        help="A,B: two different policies (default equity,optimal)")
    parser.add_argument("--games", type=int, default=200,
                        help="games in all, an even number: half as many deals")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", type=int, default=126)
    parser.add_argument("--threads", type=int, default=1,
                        help="games played at a time (default 1: clean move times)")
    args = parser.parse_args(argv)
    policies = tuple(p.strip() for p in args.policies.split(","))
    if len(policies) != 2 or policies[0] == policies[1]:
        parser.error("--policies takes two different policies, A,B")
    if args.games < 2 or args.games % 2:
        parser.error("--games takes an even number ≥ 2 (each deal is played twice)")
    a, b = policies
    simulate.simulate(1, policies, seed=args.seed, edition=args.edition)  # compile
    parallel.choose(args.threads)
    try:
        with MoveClock() as clock:
            start = time.perf_counter()
            summary = simulate.simulate(args.games // 2, policies, seed=args.seed,
                                          edition=args.edition)
            seconds = time.perf_counter() - start
    finally:
        parallel.choose(None)
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    mine = summary.policy_rates[0]
    print(f"{a} vs {b}: {summary.played} games ({summary.games} deals, both seat "
          f"orders), seed {args.seed}, {args.edition} tokens, {args.threads} "
          f"thread(s), {seconds:.1f} s, load average {load}")
    print(f"  win rate of {a}: {percent(mine['win_rate'])} (95% interval "
          f"{between(mine['win_interval'], percent)}; Wilson, over the deals)")
    print(f"  mean spread {a} − {b}: {signed(mine['spread'])} points (95% interval "
          f"{between(mine['spread_interval'], signed)}; normal)")
    wall = {p: statistics.fmean(clock.wall[p]) for p in policies}
    cpu = {p: statistics.fmean(clock.cpu[p]) for p in policies}
    for p in policies:
        print(f"  {p:<8} {len(clock.wall[p]):>7} moves  {wall[p] * 1e3:9.3f} ms a move "
              f"(CPU {cpu[p] * 1e3:.3f} ms; "
              f"median {statistics.median(clock.wall[p]) * 1e3:.3f} ms; "
              f"slowest {max(clock.wall[p]) * 1e3:.3f} ms)")
    print(f"  time a move, {a} / {b}: {wall[a] / wall[b]:.2f}x wall, "
          f"{cpu[a] / cpu[b]:.2f}x CPU")


if __name__ == "__main__":
    main()
