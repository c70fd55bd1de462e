"""Where the time of one Countdown solve goes: `python -m eureka.benchmarks.kernel`.

For each puzzle of the countdown workload, in one loop (so that every phase is measured
under the same load): the tables (HandSearch), the graph of the target's forms (one
kernel call), the forms built from it in Python, the whole `solve`, and rendering its
equations as text. CPU time of this thread, so that other processes on a shared machine
count less; figures are shares of the whole solve, as well as milliseconds.
"""

import argparse
import gc
import statistics
import time

from eureka import countdown
from eureka.benchmarks.workloads import countdown_puzzles
from eureka.numbers.engine import HandSearch
from eureka.numbers.solve import solve

PHASES = ("tables", "graph", "forms", "solve", "rendering")


def phases(puzzle, rules) -> list:
    """The CPU seconds of each phase for one puzzle (see PHASES)."""
    clock = [time.thread_time()]
    search = HandSearch(puzzle.cards, rules)
    clock.append(time.thread_time())
    hands = search.hands_reaching(puzzle.target)
    clock.append(time.thread_time())
    gc.disable()                            # as solve does while forms are built
    for X in hands:
        search.forms(puzzle.target, X)
    gc.enable()
    clock.append(time.thread_time())
    solution = solve(puzzle.cards, puzzle.target, rules, closest=0)
    clock.append(time.thread_time())
    len(solution.equations)
    clock.append(time.thread_time())
    return [b - a for a, b in zip(clock, clock[1:])]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    rules = countdown.rules()
    puzzles = countdown_puzzles(args.puzzles, args.seed)
    for puzzle in puzzles[:5]:              # compiled kernels loaded, caches warm
        phases(puzzle, rules)
    times = list(zip(*(phases(p, rules) for p in puzzles)))
    whole = statistics.mean(times[PHASES.index("solve")])
    print(f"{len(puzzles)} countdown puzzles, CPU time of this thread per puzzle")
    for name, spent in zip(PHASES, times):
        print(f"{name:10} median {statistics.median(spent) * 1e3:7.3f} ms   "
              f"mean {statistics.mean(spent) * 1e3:7.3f} ms   "
              f"{statistics.mean(spent) / whole:4.0%} of solve")


if __name__ == "__main__":
    main()
