"""Threads for the parallel kernels: one sweep on 1 thread, on every core and as chosen.

The same sweep (a shard of Pitagoras deals) on 1 thread, on every core, and on the count
eureka.parallel chooses, interleaved; first as the machine is, then with one core kept
busy by a spinning process started here.
Figures are median wall times and their ratio to the 1-thread run of the same round.

    python -m eureka.benchmarks.threads [--rounds 5] [--deals 4096]
"""

import argparse
import statistics
import subprocess
import sys
import time

from eureka import parallel
from eureka.analysis import pitagoras
from eureka.analysis.values import sweep
from eureka.pitagoras import rules


def sweep_time(hands, lo: int, hi: int, cap: int, count: int | None) -> tuple:
    """(seconds, threads used) of one sweep on `count` threads.

    The sweep of the deals `hands` over the totals `lo` to `hi`, under the cap `cap`.
    `count` None leaves the count to eureka.parallel's choice, which learns from its
    own runs only.
    """
    start = time.perf_counter()
    learn = None if count else "benchmark sweep"
    with parallel.applied(count, kernel=learn, units=len(hands)) as used:
        sweep(hands, lo, hi, False, cap)
    return time.perf_counter() - start, used


def measure(rounds: int, deals: int) -> dict:
    """{setting: (median seconds, median ratio to 1 thread, threads used each round)}.

    The first `deals` Pitagoras deals (red die, easy deck) are swept `rounds` rounds,
    the settings taking turns, after a warm-up sweep.
    """
    variant = pitagoras.Variant("red", True)
    hands = pitagoras.deals(variant)[0][:deals]
    dice = pitagoras.totals(variant.die)
    args = hands, min(dice), max(dice), rules().cap
    sweep_time(*args, 1)                                    # load the kernel
    settings = {"1 thread": 1, f"{parallel.cores()} threads": parallel.cores(),
                "chosen": None}
    times = {name: [] for name in settings}
    ratios = {name: [] for name in settings}
    used = []
    for _ in range(rounds):
        base = None
        for name, count in settings.items():
            seconds, n = sweep_time(*args, count)
            base = base or seconds
            times[name].append(seconds)
            ratios[name].append(seconds / base)
            if count is None:
                used.append(n)
    return {name: (statistics.median(times[name]), statistics.median(ratios[name]),
                   used if settings[name] is None else [settings[name]])
            for name in settings}


def report(title: str, result: dict) -> None:
    """Prints `result` (from measure) under `title`, with the load average."""
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    print(f"{title} (load average {load}):")
    for name, (seconds, ratio, used) in result.items():
        print(f"  {name:<10} {seconds:7.3f} s  {ratio:5.2f}x of 1 thread   "
              f"threads used: {','.join(map(str, used))}")


def main(argv=None) -> None:
    """Times the sweep as the machine is, then with a core kept busy, and prints both.

    `argv`: the command-line arguments (default: sys.argv[1:]): --rounds and --deals.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--deals", type=int, default=4096)
    args = parser.parse_args(argv)
    print(f"sweep of {args.deals:,} Pitagoras deals (red die, easy deck), "
          f"{args.rounds} rounds interleaved, {parallel.cores()} cores")
    report("as the machine is", measure(args.rounds, args.deals))
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        time.sleep(0.5)
        report("one core kept busy by a spinning process", measure(args.rounds, args.deals))
    finally:
        spinner.kill()
        spinner.wait()


if __name__ == "__main__":
    main()
