"""The Pitagoras race's bot times against the difficulty rating's predicted times.

For --deals deals of five cards and a roll of the blue dice that has an answer (seeded),
each level's bot time (eureka.race) beside a person's predicted time for the deal's
rating (numbers.difficulty.seconds): their medians, the median ratio, and Spearman's ρ
of the bot's times with the ratings.

    python -m eureka.benchmarks.race [--deals 200] [--seed 1]
"""

import argparse
import random
import statistics

from eureka.benchmarks.difficulty import spearman
from eureka.deck import draw
from eureka.numbers.difficulty import seconds
from eureka.pitagoras import DECK, FACE_UP, ONES_DIE, TENS_DICE
from eureka.pitagoras import GAME as PITAGORAS
from eureka.race import LEVELS, Race


def deals(count: int, seed: int) -> list:
    """`count` rated deals: (cards, target, rating), seeded `seed`, unrated ones skipped."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        cards = draw(DECK, FACE_UP, rng)
        target = rng.choice(ONES_DIE) + rng.choice(TENS_DICE["blue"])
        solved = PITAGORAS.solve(cards, target)
        if solved.reachable and solved.difficulty is not None:
            found.append((cards, target, solved.difficulty.rating))
    return found


def main(argv=None) -> None:
    """Prints each level's median bot time against the predicted time.

    `argv`: the command-line arguments (default: sys.argv[1:]): --deals and --seed.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rated = deals(args.deals, args.seed)
    ratings = [r for _, _, r in rated]
    predicted = [seconds(r) for r in ratings]
    print(f"{len(rated)} deals (seed {args.seed}): rating median "
          f"{statistics.median(ratings):.1f}, a person's predicted time median "
          f"{statistics.median(predicted):.1f} s")
    print(f"{'level':<10}{'factor':>7}{'median bot s':>14}{'median ratio':>14}"
          f"{'ρ with rating':>15}")
    for level, factor in LEVELS.items():
        race = Race(level, seed=args.seed)
        bot = [race.bot_seconds(r) for r in ratings]
        ratio = statistics.median(b / p for b, p in zip(bot, predicted))
        print(f"{level:<10}{factor:>7.2f}{statistics.median(bot):>14.1f}{ratio:>14.2f}"
              f"{spearman(bot, ratings):>15.2f}")


if __name__ == "__main__":
    main()
