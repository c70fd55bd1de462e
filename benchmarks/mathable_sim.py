r"""The `sim` policy against `optimal` in 2-player games: win rate, spread and move times.

Every deal is played in both seat orders. Reports sim's win rate (ties half) with a
Wilson 95% interval over the games (and the interval over the deals that simulate
reports), its mean spread, and the seconds a move of each policy in the same games:
median and max of each, and sim's median against optimal's, the reference.

    python -m eureka.benchmarks.mathable_sim --games 100 --seed 41 --threads 1 \
        [--iterations 64 --candidates 8 --plies 2 --work 10000000 --rollout equity]

The effort options replace the "sim" policy's default (montecarlo.POLICY_EFFORT) for
the run (the policy has no time budget, only a budget of work a turn: --work).

A move's time is its thread's CPU time (the "sim" policy simulates on the thread that
plays its game) and its wall-clock time; with --threads above 1 games share the cores,
so the wall-clock time of a move grows with the load, not its CPU time.

    python -m eureka.benchmarks.mathable_sim --calibrate --games 6 [--rollout equity]

times the sim's plans instead, with no budget of work, and fits each plan's CPU time
to its searches and the placements they tried: the cost of a search and of a placement,
hence a search's fixed cost in placements (montecarlo.SEARCH_WORK) and the budget of
work a second of CPU buys on this machine.
"""

import argparse
import dataclasses
import statistics
import time

import numpy as np

from eureka import parallel, stats
from eureka.benchmarks.mathable_policies import MoveClock, between, percent, signed
from eureka.mathable import montecarlo, policies, selfplay, simulate
from eureka.mathable.options import ROLLOUTS, Effort


def calibrate(effort: Effort, games: int, seed: int) -> None:
    """Prints the fit of the plans' CPU time to their searches and placements tried.

    Plays `games` games of sim (with `effort`, without a budget of work) against optimal,
    the seats alternating, from `seed`; each sim plan's thread CPU time is fitted by
    least squares to its rollout searches and the placements they tried. Raises
    SystemExit when no plan searched anything.
    """
    choose, rollout, plans, spent = montecarlo.choose, montecarlo.rollout, [], []

    def counted(*args):
        work = []
        found = rollout(*args[:5], work)
        spent.extend(work)
        return found

    def timed(*args, **kwargs):
        spent.clear()
        cpu = time.thread_time()
        found = choose(*args, **kwargs)
        plans.append((len(spent), sum(spent), time.thread_time() - cpu))
        return found

    montecarlo.choose, montecarlo.rollout = timed, counted
    policies.PLANNERS["sim"], default = montecarlo.planner(effort), policies.PLANNERS["sim"]
    try:
        for i in range(games):
            seats = ("sim", "optimal") if i % 2 == 0 else ("optimal", "sim")
            selfplay.play_game(seats, selfplay.game_rng(seed, i))
    finally:
        montecarlo.choose, montecarlo.rollout = choose, rollout
        policies.PLANNERS["sim"] = default
    timed_plans = [p for p in plans if p[0]]
    if not timed_plans:
        raise SystemExit("no plan searched anything to fit (--plies 0?)")
    searches, tried, cpu = np.array(timed_plans, dtype=float).T
    (per_search, per_try), *_ = np.linalg.lstsq(np.column_stack([searches, tried]), cpu)
    fixed = per_search / per_try
    ratio = cpu / (tried + fixed * searches)
    print(f"{len(cpu)} plans ({effort.rollout} rollouts, {effort.plies} plies, "
          f"{games} games, seed {seed}): CPU median {statistics.median(cpu):.3f} s, "
          f"max {cpu.max():.3f} s")
    print(f"  a search {per_search * 1e6:.1f} µs, a placement tried {per_try * 1e9:.1f} ns:"
          f" a search's fixed cost {fixed:,.0f} placements (montecarlo.SEARCH_WORK: "
          f"{montecarlo.SEARCH_WORK[effort.rollout]:,}); a second of CPU: "
          f"{1 / per_try:,.0f} work")
    print(f"  seconds per work, against the median: {ratio.min() / np.median(ratio):.2f}"
          f" to {ratio.max() / np.median(ratio):.2f}")


def main(argv=None) -> None:
    """Plays sim against optimal, or calibrates with --calibrate, and prints the results.

    `argv`: the command-line arguments (default: sys.argv[1:]), as the module's docstring
    shows.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200,
                        help="games in all, an even number: half as many deals")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--threads", type=int, default=1, help="games played at a time")
    base = montecarlo.POLICY_EFFORT
    for name in ("iterations", "candidates", "plies"):
        parser.add_argument(f"--{name}", type=int, default=getattr(base, name))
    parser.add_argument("--work", type=int, default=base.work,
                        help="the budget of work of a turn (options.Effort.work); 0: none")
    parser.add_argument("--rollout", default=base.rollout, choices=ROLLOUTS)
    parser.add_argument("--calibrate", action="store_true",
                        help="fit the plans' CPU time to their work (no budget of work)")
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error("--games takes an even number ≥ 2 (each deal is played twice)")
    effort = Effort(args.candidates, args.plies, args.iterations,
                        rollout=args.rollout, work=args.work or None)
    if args.calibrate:
        calibrate(dataclasses.replace(effort, work=None), args.games, args.seed)
        return
    seats = ("sim", "optimal")
    default = policies.PLANNERS["sim"]
    policies.PLANNERS["sim"] = montecarlo.planner(effort)
    simulate.simulate(1, ("optimal", "optimal"), seed=args.seed)       # compile
    parallel.choose(args.threads)
    try:
        with MoveClock() as clock:
            start = time.perf_counter()
            summary = simulate.simulate(args.games // 2, seats, seed=args.seed)
            seconds = time.perf_counter() - start
    finally:
        parallel.choose(None)
        policies.PLANNERS["sim"] = default
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    row = summary.policy_rates[0]
    games = summary.played
    wins = row["win_rate"] * games
    low, high = stats.wilson(wins / games, games)
    print(f"sim ({effort.candidates} candidates, {effort.plies} plies, "
          f"up to {effort.iterations} deals, work ≤ {effort.work or 0:,}, "
          f"{effort.rollout} rollouts) vs optimal: {games} "
          f"games ({summary.games} deals, both seat orders), seed {args.seed}, "
          f"{args.threads} thread(s), {seconds:.0f} s, load average {load}")
    print(f"  win rate of sim: {percent(row['win_rate'])} (Wilson 95% interval "
          f"{percent(low)} to {percent(high)} over the games; over the deals "
          f"{between(row['win_interval'], percent)})")
    print(f"  mean spread sim − optimal: {signed(row['spread'])} points (95% interval "
          f"{between(row['spread_interval'], signed)})")
    for p in seats:
        cpu, wall = clock.cpu[p], clock.wall[p]
        print(f"  {p:<8} {len(cpu):>6} moves: CPU median {statistics.median(cpu):.4f} s, "
              f"max {max(cpu):.3f} s; wall median {statistics.median(wall):.4f} s, "
              f"max {max(wall):.3f} s")
    ratio = statistics.median(clock.cpu["sim"]) / statistics.median(clock.cpu["optimal"])
    print(f"  a sim move, median CPU: {ratio:.0f}x an optimal move's; sim moves over "
          f"2 s CPU: {sum(c > 2 for c in clock.cpu['sim'])}")


if __name__ == "__main__":
    main()
