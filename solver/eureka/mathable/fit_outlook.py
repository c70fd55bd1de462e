r"""Fit the outlook table (outlook.py) from self-play, and write it.

Every turn of a 2-player game of `--policy` against itself gives one row: the tokens left
in the bag after it, and the change from the mover's spread in equity then (scores plus
the values of both leaves, leave.py) to its final spread.  The rows are grouped by the
bag (one group with the bag empty, then groups of 10 tokens), and each group gives its
mean bag, the change's mean and its standard deviation.  Games are seeded as simulate's
and played on eureka.parallel's threads (fit_leaves.self_play).

The packaged table (data/outlook.json) was made by

    python -m eureka.mathable.fit_outlook --games 2000 --seed 99 \
        --out solver/eureka/mathable/data/outlook.json

(the command is written into the file).
"""

import argparse
import json
import statistics
import sys
from collections import defaultdict

from eureka.mathable.fit_leaves import self_play
from eureka.mathable.leave import leave_value
from eureka.mathable.options import MAX_GAMES, POLICIES

GROUP = 10                  # tokens of the bag a group of rows spans (the empty bag alone)


def rows(result, turns, n: int) -> list:
    """(bag, change) for every turn of a 2-player game: see the module's docstring.

    `result`: the game's GameResult; `turns`: its TurnRecords in playing order; `n`: the
    number of seats (2).
    """
    scores, out = [0] * n, []
    final = result.scores[0] - result.scores[1]
    for rec in turns:
        scores[rec.seat] += rec.points
        worth = [s + leave_value(tuple(sorted(h))) for s, h in zip(scores, rec.holders)]
        side = 1 if rec.seat == 0 else -1
        out.append((len(rec.bag), side * (final - (worth[0] - worth[1]))))
    return out


def fit(data) -> list:
    """The table's rows from the (bag, change) rows `data`, the empty bag first."""
    groups = defaultdict(list)
    for bag, change in data:
        groups[0 if bag == 0 else 1 + (bag - 1) // GROUP].append((bag, change))
    out = []
    for key in sorted(groups):
        bags, changes = zip(*groups[key])
        out.append({"bag": round(statistics.fmean(bags), 2), "turns": len(changes),
                    "mean": round(statistics.fmean(changes), 2),
                    "sd": round(statistics.pstdev(changes), 2)})
    return out


def main(argv=None) -> None:
    """Plays the games, fits the table and writes it to --out.

    `argv`: the command-line arguments (default: sys.argv[1:]); see the module's docstring
    and --help.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--policy", default="equity", choices=POLICIES)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    if not 1 <= args.games <= MAX_GAMES:
        parser.error(f"--games takes 1 to {MAX_GAMES:,} games, not {args.games}")
    data = self_play(args.games, (args.policy, args.policy), args.seed, 126, rows)
    table = {"model": "eureka.mathable.outlook", "unit": "points",
             "command": "python -m eureka.mathable.fit_outlook " + " ".join(
                 argv or sys.argv[1:]),
             "policy": args.policy, "games": args.games, "rows": fit(data)}
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(table, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
