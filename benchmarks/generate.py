"""Puzzles on demand: how many verified puzzles `generate` makes a second.

    python -m eureka.benchmarks.generate [--count N] [--seed S]

Countdown puzzles (unrated, --unique, --min-cards 6) and rated 24-game puzzles of each
level, in one process and in two (in-process: the pool's start-up is counted, the
kernels' compilation is not). Every puzzle is solved and its answer re-checked before it
is counted; the two runs give the same puzzles, which is checked here too. Target
(issue 15): 1,000 Countdown puzzles a second.
"""

import argparse
import os
import time

from eureka.analysis.generate import Wanted, generate

CASES = (
    ("countdown", Wanted(rated=False), 1.0),
    ("countdown", Wanted(unique=True, rated=False), 0.25),
    ("countdown", Wanted(min_cards=6, rated=False), 0.5),
    ("game24", Wanted(difficulty="hard"), 0.1),
)


def main() -> None:
    """Times `generate` on each case in one process and in two, and prints the rates.

    The options (--count, --seed) are read from the command line. Raises AssertionError
    when the two runs give different puzzles.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args()
    list(generate("countdown", 10, args.seed, Wanted()))       # load the kernels
    print(f"{os.cpu_count()} cores; puzzles a second (the same puzzles in both runs)")
    for name, wanted, share in CASES:
        number = max(1, int(args.count * share))
        rates, runs = [], []
        for workers in (1, 2):
            start = time.perf_counter()
            runs.append(list(generate(name, number, args.seed, wanted, workers=workers)))
            rates.append(number / (time.perf_counter() - start))
        assert runs[0] == runs[1], "a seeded run differs between 1 and 2 processes"
        asked = ", ".join(f"{k}={v}" for k, v in vars(wanted).items()
                          if v not in (None, False) and k != "rated") or "any"
        print(f"  {name:9} {asked:22} {number:7,} puzzles: 1 process {rates[0]:8,.0f}/s, "
              f"2 processes {rates[1]:8,.0f}/s ({rates[1] / rates[0]:.2f}x), "
              f"{runs[0][-1].deal + 1:,} deals")


if __name__ == "__main__":
    main()
