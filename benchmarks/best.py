"""`--best` on ten cards: the best-first search, in-process, on seeded hands.

    python -m eureka.benchmarks.best [--hands N]

Ten cards up to 25, under Pitagoras rules, Pitagoras with ^ and Countdown rules; for
each hand a reachable target (a roll of the dice, 20-78), a large one (about a million)
and one beyond every value the cards make (proven unreachable). Prints each case's
wall time and card count, and the median and worst per rules. Target (issue 12): every
case within 10 s and 1 GB (peak memory: run under /usr/bin/time -v).
"""

import argparse
import random
import statistics
import time

from eureka import countdown, pitagoras
from eureka.numbers.best import BestSearch
from eureka.numbers.solve import most_cards

RULES = {"pitagoras": pitagoras.rules(), "pitagoras ^": pitagoras.rules(True),
         "countdown": countdown.rules()}


def cases(hands: int, seed: int = 2026):
    rng = random.Random(seed)
    for _ in range(hands):
        cards = [rng.randint(1, 25) for _ in range(10)]
        yield cards, rng.randint(20, 78), rng.randint(10**6, 2 * 10**6)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5)
    args = parser.parse_args()
    most_cards([1, 2, 3], 6, pitagoras.rules())            # compile the kernels first
    for name, rules in RULES.items():
        times = []
        for cards, dice, large in cases(args.hands):
            search = BestSearch(cards, rules)
            beyond = int(search.top[search.hand.full]) + 1
            for target in (dice, large, beyond):
                t = time.perf_counter()
                found = most_cards(cards, target, rules)
                times.append(time.perf_counter() - t)
                print(f"{name:12} {' '.join(map(str, cards)):32} {target:>22}: "
                      f"{len(found.cards) if found else 0:2} cards, {times[-1]:.3f} s")
        print(f"{name}: median {statistics.median(times):.3f} s, worst {max(times):.3f} s")


if __name__ == "__main__":
    main()
