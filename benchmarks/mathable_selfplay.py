"""Mathable self-play in games per second, on 1 thread and on every core.

The same run of games (`simulate`, optimal policy on every seat) on 1 thread and on
every core, interleaved; figures are medians and the ratio to the 1-thread run of the
same round. The games are checked equal.

    python -m eureka.benchmarks.mathable_selfplay [--rounds 3] [--games 200]
"""

import argparse
import statistics
import time

from eureka import parallel
from eureka.mathable.simulate import simulate

POLICIES = ("optimal", "optimal")


def run(games: int, count: int) -> tuple:
    """(seconds, results) of `games` games on `count` threads."""
    parallel.choose(count)
    try:
        start = time.perf_counter()
        summary = simulate(games, POLICIES, seed=2026)
        return time.perf_counter() - start, summary.results
    finally:
        parallel.choose(None)


def main(argv=None) -> None:
    """Times the games on each thread count, round after round, and prints the rates.

    `argv`: the command-line arguments (default: sys.argv[1:]): --rounds and --games.
    Raises SystemExit when the games differ with the thread count.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args(argv)
    run(2, 1)                                               # load the kernels
    counts = sorted({1, parallel.cores()})
    rates = {n: [] for n in counts}
    ratios = {n: [] for n in counts}
    for _ in range(args.rounds):
        base, first = None, None
        for n in counts:
            seconds, results = run(args.games, n)
            if first is not None and results != first:
                raise SystemExit("the games differ with the thread count")
            base, first = base or seconds, first or results
            rates[n].append(args.games / seconds)
            ratios[n].append(base / seconds)
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    print(f"{args.games} self-play games (optimal × 2, seed 2026), {args.rounds} rounds "
          f"interleaved, load average {load}:")
    for n in counts:
        print(f"  {n} thread{'s' if n > 1 else ' '}  {statistics.median(rates[n]):6.1f} "
              f"games/s  {statistics.median(ratios[n]):5.2f}x of 1 thread")


if __name__ == "__main__":
    main()
