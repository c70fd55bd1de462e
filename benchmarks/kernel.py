"""Where the time of one Countdown solve goes: `python -m eureka.benchmarks.kernel`.

For each puzzle of the countdown workload, in one loop (so that every phase is measured
under the same load): the tables (HandSearch), the graph of the target's forms (one
kernel call), the forms built from it in Python, the whole `solve`, and rendering its
equations as text. CPU time of this thread, so that other processes on a shared machine
count less; figures are shares of the whole solve, as well as milliseconds.

With `--peer BINARY` (a build of panzi/numbers, the fastest compiled solver the project
knows of; not part of eureka: build it yourself), the same loop also runs the peer on
each puzzle (`BINARY -t 1 TARGET CARD...`, one thread, all its solutions printed to a
pipe) and on a one-card puzzle (`BINARY -t 1 1 1`): its search time is the CPU time of
the first less that of the second, whose process start is the same.  Eureka and the
peer take turns, 50 puzzles at a time; the ratio of the peer's median search to
eureka's median solve is printed.
"""

import argparse
import gc
import resource
import statistics
import subprocess
import time

from eureka import countdown
from eureka.benchmarks.workloads import countdown_puzzles
from eureka.numbers.engine import HandSearch
from eureka.numbers.solve import solve

PHASES = ("tables", "graph", "forms", "solve", "rendering")
PEER = ("peer run", "peer start")
CHUNK = 50                                  # puzzles timed by eureka, then by the peer


def phases(puzzle, rules) -> list:
    """The CPU seconds of each phase (PHASES) of solving `puzzle` under `rules`."""
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


def peer_cpu(binary: str, target: int, cards) -> float:
    """The CPU seconds (user + system) of one run of the peer binary on a puzzle.

    Runs `binary` with -t 1 (one thread) on `target` and `cards`, its output discarded.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([binary, "-t", "1", str(target), *map(str, cards)],
                   stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def peer_times(binary: str, puzzle) -> list:
    """The CPU seconds of the peer `binary` on `puzzle` and on a one-card puzzle (PEER)."""
    return [peer_cpu(binary, puzzle.target, puzzle.cards), peer_cpu(binary, 1, [1])]


def main(argv=None) -> None:
    """Times each phase of the Countdown solves (and the peer, with --peer) and prints them.

    `argv`: the command-line arguments (default: sys.argv[1:]): --puzzles, --seed and
    --peer.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--peer", metavar="BINARY",
                        help="a built panzi/numbers binary, timed on the same puzzles")
    args = parser.parse_args(argv)
    rules = countdown.rules()
    puzzles = countdown_puzzles(args.puzzles, args.seed)
    for puzzle in puzzles[:5]:              # compiled kernels loaded, caches warm
        phases(puzzle, rules)
    spent = {name: [] for name in PHASES + (PEER if args.peer else ())}
    for first in range(0, len(puzzles), CHUNK):
        chunk = puzzles[first:first + CHUNK]
        rows = [phases(p, rules) for p in chunk]
        if args.peer:                       # after eureka's: a process clears caches
            rows = [row + peer_times(args.peer, p) for row, p in zip(rows, chunk)]
        for row in rows:
            for name, seconds in zip(spent, row):
                spent[name].append(seconds)
    whole = statistics.mean(spent["solve"])
    print(f"{len(puzzles)} countdown puzzles, CPU time of this thread per puzzle")
    for name in PHASES:
        print(f"{name:10} median {statistics.median(spent[name]) * 1e3:7.3f} ms   "
              f"mean {statistics.mean(spent[name]) * 1e3:7.3f} ms   "
              f"{statistics.mean(spent[name]) / whole:4.0%} of solve")
    if args.peer:
        run, start = (statistics.median(spent[name]) for name in PEER)
        print(f"peer       median {run * 1e3:7.3f} ms a run, {start * 1e3:.3f} ms of it "
              f"the process (a one-card puzzle): search {(run - start) * 1e3:.3f} ms, "
              f"{(run - start) / statistics.median(spent['solve']):.1f}x eureka's solve")


if __name__ == "__main__":
    main()
