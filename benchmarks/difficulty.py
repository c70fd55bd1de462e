"""The difficulty rating fitted to how people do, and measured on hands it was not fitted on.

The human results are 4nums.com's table of the 1,362 solvable 24-game hands (cards
1–13): for each hand the share of players who solved it and their mean time. A copy is
in benchmarks/data/4nums.csv (from princeton-nlp/tree-of-thought-llm, data/24/24.csv).
The rating's five free weights (walk.py: multiply, subtract, divide, fraction, goal;
adding is the unit) are chosen by coordinate search to maximise the mean
of the Spearman correlations with the solve rate (negated) and the mean time. Then:

    python -m eureka.benchmarks.difficulty [--data FILE] [--folds 10] [--seed 14] [--write]

prints the correlations of two plain counts (distinct equations, expression trees), of a
k-fold cross-validation (each fold rated by weights fitted on the other folds) and of
the weights fitted on every hand; --write stores those in eureka/data/difficulty.json
with the level cut points (the terciles of the 1,362 hands' ratings).
"""

import argparse
import csv
import json
from dataclasses import dataclass
from importlib import resources

import numpy as np

from eureka.game24 import GAME
from eureka.numbers import difficulty, walk
from eureka.numbers.rules import GAME24

DATA = resources.files("eureka.benchmarks").joinpath("data", "4nums.csv")
FITTED = (walk.MULTIPLY, walk.SUBTRACT, walk.DIVIDE, walk.FRACTION, walk.GOAL)
START = (1.0, 1.0, 1.0, 1.0, 1.0)
STEPS = (4.0, 2.0, 1.41, 1.19)
"""The factors tried on each weight, coarse to fine."""


@dataclass(frozen=True)
class Human:
    """The human results: hands (n×4), solve rates (0–1) and mean times (s)."""

    hands: np.ndarray
    rate: np.ndarray
    time: np.ndarray

    def subset(self, rows) -> "Human":
        """The results of the hands at `rows` (indices or a mask)."""
        return Human(self.hands[rows], self.rate[rows], self.time[rows])


def human_results(path=DATA) -> Human:
    """The human results read from the 4nums table at `path` (a file or a package resource).

    The table's columns: Rank, Puzzles ('1 1 4 6'), AMT (s), Solved rate ('99.20%'), ...
    """
    with path.open(newline="") if hasattr(path, "open") else open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    return Human(np.array([[int(c) for c in r["Puzzles"].split()] for r in rows]),
                 np.array([float(r["Solved rate"].rstrip("%")) / 100 for r in rows]),
                 np.array([float(r["AMT (s)"]) for r in rows]))


def ranks(x) -> np.ndarray:
    """The ranks 1..n of the values `x`, ties sharing their mean rank."""
    x = np.asarray(x, float)
    order = np.argsort(x, kind="stable")
    ranked = np.empty(len(x))
    ranked[order] = np.arange(1, len(x) + 1)
    _, first, counts = np.unique(x[order], return_index=True, return_counts=True)
    for start, count in zip(first, counts):
        if count > 1:
            ranked[order[start:start + count]] = start + (count + 1) / 2
    return ranked


def spearman(x, y) -> float:
    """Spearman's rank correlation of `x` and `y`."""
    return float(np.corrcoef(ranks(x), ranks(y))[0, 1])


def ratings(weights, hands) -> np.ndarray:
    """The rating of each 24-game hand of `hands` (n×4) under the walk `weights`."""
    return np.array([difficulty.rating(walk.chance(h, 24, 4, GAME24, weights))
                     for h in hands.tolist()])


def agreement(weights, human: Human) -> tuple:
    """(ρ with the solve rate, ρ with the mean time) of the hands' ratings.

    `human` gives the hands and how people did; `weights` are all seven walk weights.
    """
    r = ratings(weights, human.hands)
    return spearman(r, human.rate), spearman(r, human.time)


def full(free) -> tuple:
    """All seven walk weights from the five fitted ones, `free` (powers weigh as dividing)."""
    weights = list(difficulty.UNFITTED)
    for place, value in zip(FITTED, free):
        weights[place] = value
    weights[walk.POWER] = weights[walk.DIVIDE]
    return tuple(weights)


def fit(human: Human, steps=STEPS) -> tuple:
    """The five free weights maximising the mean of -ρ(rate) and ρ(time) on `human`.

    A coordinate search from START: each weight in turn is multiplied and divided by a
    factor of `steps`, coarse to fine, for as long as that improves the objective.
    """
    def objective(free):
        rate, time = agreement(full(free), human)
        return (time - rate) / 2

    free, best = list(START), objective(START)
    for step in steps:
        improved = True
        while improved:
            improved = False
            for k in range(len(free)):
                for factor in (step, 1 / step):
                    trial = free[:k] + [round(free[k] * factor, 4)] + free[k + 1:]
                    value = objective(trial)
                    if value > best + 1e-6:
                        free, best, improved = trial, value, True
    return tuple(free)


def cross_validate(human: Human, folds: int, seed: int) -> dict:
    """Each fold rated by weights fitted on the others, against how people did.

    The `human` hands are split at random (`seed`) into `folds` folds. Returns the ρ of
    the pooled ratings and the mean ρ over the folds, with the solve rate and the mean
    time: {"folds", "seed", "rate", "time", "rate_per_fold", "time_per_fold"}.
    """
    order = np.random.default_rng(seed).permutation(len(human.rate))
    parts = np.array_split(order, folds)
    pooled = np.empty(len(human.rate))
    per_fold = []
    for k, test in enumerate(parts):
        train = np.concatenate([p for j, p in enumerate(parts) if j != k])
        weights = full(fit(human.subset(train)))
        pooled[test] = ratings(weights, human.hands[test])
        per_fold.append(agreement(weights, human.subset(test)))
    return {"folds": folds, "seed": seed,
            "rate": spearman(pooled, human.rate), "time": spearman(pooled, human.time),
            "rate_per_fold": float(np.mean([f[0] for f in per_fold])),
            "time_per_fold": float(np.mean([f[1] for f in per_fold]))}


def fitted(human: Human) -> dict:
    """The model fitted on every hand of `human`: weights, cut points, seconds, its ρ."""
    weights = full(fit(human))
    r = ratings(weights, human.hands)
    easy, hard = (round(float(q), 2) for q in np.quantile(r, [1 / 3, 2 / 3]))
    return {"weights": dict(zip(walk.NAMES, weights)), "levels": {"easy": easy,
                                                                   "hard": hard},
            "seconds": seconds(r, human.time),
            "fitted_on": f"{len(r)} hands of the 24 game, 4nums.com",
            "rate": spearman(r, human.rate), "time": spearman(r, human.time)}


def seconds(rated, times) -> dict:
    """The line ln(mean time) = intercept + slope × rating, fitted by least squares.

    `rated`: the hands' ratings; `times`: the people's mean times (s). difficulty.seconds
    predicts a person's time from a rating with it.
    """
    slope, intercept = np.polyfit(np.asarray(rated, float), np.log(times), 1)
    return {"intercept": round(float(intercept), 4), "slope": round(float(slope), 4)}


def counts(human: Human) -> dict:
    """ρ of the plain counts, for comparison: distinct equations and expression trees.

    For each count (more of them, easier) of the `human` hands: (ρ with the solve rate,
    ρ with the mean time).
    """
    solved = [GAME.solve(hand, trees=True) for hand in human.hands.tolist()]
    found = {}
    for name, values in (("distinct equations", [s.distinct_equations for s in solved]),
                         ("expression trees", [s.expression_trees for s in solved])):
        found[name] = (spearman(values, human.rate), spearman(values, human.time))
    return found


def main(argv=None) -> None:
    """Prints the correlations of the counts, of the cross-validation and of the model.

    `argv`: the command-line arguments (default: sys.argv[1:]): --data, --folds, --seed,
    and --write, which stores the fitted model in difficulty.MODEL.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=DATA)
    parser.add_argument("--folds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--write", action="store_true",
                        help=f"store the fitted model in {difficulty.MODEL}")
    args = parser.parse_args(argv)
    human = human_results(args.data)
    for name, (rate, time) in counts(human).items():
        print(f"count of {name}: ρ with the solve rate {rate:.3f}, with the mean time "
              f"{time:.3f}")
    cv = cross_validate(human, args.folds, args.seed)
    print(f"cross-validated ({cv['folds']} folds, seed {cv['seed']}): ρ with the solve "
          f"rate {cv['rate']:.3f} (per fold {cv['rate_per_fold']:.3f}), with the mean "
          f"time {cv['time']:.3f} (per fold {cv['time_per_fold']:.3f})")
    model = fitted(human)
    print(f"fitted on all {len(human.rate)} hands: ρ with the solve rate "
          f"{model['rate']:.3f}, with the mean time {model['time']:.3f}")
    print("weights:", ", ".join(f"{k} {v:g}" for k, v in model["weights"].items()),
          "; levels:", model["levels"])
    if args.write:
        stored = {k: model[k] for k in ("weights", "levels", "seconds", "fitted_on")}
        stored["cross_validated"] = {k: round(v, 3) if isinstance(v, float) else v
                                     for k, v in cv.items()}
        difficulty.MODEL.write_text(json.dumps(stored, indent=2) + "\n")
        print("written to", difficulty.MODEL)


if __name__ == "__main__":
    main()
