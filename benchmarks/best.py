"""`--best` on ten cards: the best-first search, in-process, on seeded hands.

    python -m eureka.benchmarks.best [--hands N]

Ten cards up to 25, under Pitagoras rules, Pitagoras with ^ and Countdown rules; for
each hand a reachable target (a roll of the dice, 20-78), a large one (about a million),
one of about 10**8 (with ^ often neither found nor disproved: refused) and one beyond
every value the cards make (proven unreachable). Prints each case's CPU time and card
count (or "refused"), and the median and worst per rules. Targets (issue 12): an answer
within 10 s and 1 GB, a refusal within 2 s of the command's start (peak memory: run
under /usr/bin/time -v).
"""

import argparse
import random
import statistics
import time

from eureka import countdown, pitagoras
from eureka.errors import SearchTooLarge
from eureka.numbers.best import BestSearch
from eureka.numbers.solve import most_cards

RULES = {"pitagoras": pitagoras.rules(), "pitagoras ^": pitagoras.rules(True),
         "countdown": countdown.rules()}


def cases(hands: int, seed: int = 2026):
    """The seeded ten-card hands, each with three targets: (cards, (small, large, huge)).

    `hands` hands are drawn with `seed`: ten cards from 1 to 25 each, and targets drawn
    from 20-78 (a roll of the dice), 10**6 to 2 * 10**6 and 10**8 to 2 * 10**8.
    """
    rng = random.Random(seed)
    for _ in range(hands):
        cards = [rng.randint(1, 25) for _ in range(10)]
        yield cards, (rng.randint(20, 78), rng.randint(10**6, 2 * 10**6),
                      rng.randint(10**8, 2 * 10**8))


def main() -> None:
    """Times the search on every case under each set of rules and prints the times.

    Each case's CPU time and card count (or "refused"), then the median and worst per
    set of rules. The options (--hands) are read from the command line.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5)
    args = parser.parse_args()
    most_cards([1, 2, 3], 6, pitagoras.rules())            # compile the kernels first
    for name, rules in RULES.items():
        times = []
        for cards, targets in cases(args.hands):
            search = BestSearch(cards, rules)
            beyond = int(search.top[search.hand.full]) + 1
            for target in (*targets, beyond):
                t = time.process_time()
                try:
                    found = most_cards(cards, target, rules)
                    answer = f"{len(found.cards) if found else 0:2} cards"
                except SearchTooLarge:
                    answer = "refused"
                times.append(time.process_time() - t)
                print(f"{name:12} {' '.join(map(str, cards)):32} {target:>22}: "
                      f"{answer}, {times[-1]:.3f} s")
        print(f"{name}: median {statistics.median(times):.3f} s, worst {max(times):.3f} s")


if __name__ == "__main__":
    main()
