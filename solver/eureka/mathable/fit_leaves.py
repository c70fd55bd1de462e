r"""Fit the leave values (leave.py) from self-play, and write the table.

Every turn that places a token while the bag still refills the holder gives one row:
its leave (the tokens kept after the turn, extra draws included, before the refill)
and a target, the seat's score change over the next round: the points of its next
turn, less the tokens left on its holder when the game ends before that turn or with
it.  The leave's terms (leave.features) are fitted to the target by least squares
with an intercept and two controls, the tokens on the board after the turn and its
square (the stage of the game: not part of the leave's value), by numpy (a light ridge
keeps a value never kept at 0), so a leave's value is what it adds to the next turn
over an empty leave at the same stage of the game.  Round 1 plays `--policy` on both
seats; each further round plays "equity" with the previous round's table, and is
refitted.  Games are seeded as simulate's (game i of round r: seed + r, i) and played
on eureka.parallel's threads.  The script prints nothing; the table is written after
every round.  An edition not fitted (`--edition`) is valued with 126's weights.

The packaged table (data/leaves.json) was made by

    python -m eureka.mathable.fit_leaves --games 18000 --rounds 1 --seed 13 \
        --out solver/eureka/mathable/data/leaves.json

(the command and the figures of each fit are written into the file).
"""

import argparse
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext

import numpy as np

from eureka import parallel
from eureka.mathable import leave
from eureka.mathable.selfplay import game_rng, play_game
from eureka.mathable.simulate import CHUNK
from eureka.mathable.tokens import RACK_SIZE, token_set

RIDGE = 1.0


CONTROLS = ("board", "board squared")


def rows(result, turns, n: int) -> list:
    """(leave, controls, target) for every turn that placed a token and was refilled in full.

    `result`: the game's GameResult; `turns`: its TurnRecords in playing order; `n`: the
    number of seats, so that a seat's next turn is n turns on. The target and controls
    are as the module's docstring says.
    """
    out = []
    last = len(turns) - 1
    for t, rec in enumerate(turns):
        if not rec.placements or len(rec.holders[rec.seat]) < RACK_SIZE:
            continue
        nxt = t + n
        if nxt > last:
            target = -result.deductions[rec.seat]
        else:
            target = turns[nxt].points - (result.deductions[rec.seat] if nxt == last else 0)
        kept = leave.kept(rec.holder + rec.drawn, [s.placement.value for s in rec.placements])
        board = len(rec.grid) + len(rec.placements)
        controls = (board, board * board)
        out.append((tuple(kept), controls, target))
    return out


def play(policies, seed: int, i: int, edition: int, rows_of=rows) -> list:
    """The rows of game `i` of a run seeded `seed`, played by `policies` in `edition`.

    `rows_of` gives a game's rows from its GameResult, TurnRecords and number of seats
    (default: the leave fit's, `rows`).
    """
    turns = []
    result = play_game(policies, game_rng(seed, i), edition, on_turn=turns.append)
    return rows_of(result, turns, len(policies))


def self_play(games: int, policies, seed: int, edition: int, rows_of=rows) -> list:
    """Every row of `games` games, on eureka.parallel's threads.

    `policies`: the seats' policies; game i is seeded game_rng(`seed`, i) and every game
    is played with the tokens of `edition`; `rows_of` gives a game's rows, as for `play`.
    """
    out = []
    for first in range(0, games, CHUNK):
        count = min(CHUNK, games - first)
        with parallel.applied(kernel=("mathable games", policies), units=count) as k, \
                ThreadPoolExecutor(k) as pool:
            for found in pool.map(lambda i: play(policies, seed, i, edition, rows_of),
                                  range(first, first + count)):
                out += found
    return out


def columns(edition: int) -> list:
    """The model's terms: every token value of `edition`, then leave.TERMS."""
    return [str(v) for v in sorted(token_set(edition))] + list(leave.TERMS)


def fit(data, edition: int) -> dict:
    """The least-squares weights of the rows `data`, with the fit's figures.

    `data`: rows (leave, controls, target) as rows gives them; `edition`: whose token
    values are the terms. Returns the table's entry for the edition: "weights" (points
    per term), "controls", "intercept", "turns", "target_mean" and "r2".
    """
    names = columns(edition)
    at = {name: j for j, name in enumerate(names)}
    m = len(names)
    x = np.zeros((len(data), m + len(CONTROLS) + 1))
    x[:, -1] = 1.0
    y = np.array([target for *_, target in data], dtype=float)
    for i, (kept, controls, _) in enumerate(data):
        for term, value in leave.features(kept).items():
            x[i, at[term]] = value
        x[i, m:m + len(CONTROLS)] = controls
    gram = x.T @ x + RIDGE * np.diag([1.0] * m + [0.0] * (len(CONTROLS) + 1))
    w = np.linalg.solve(gram, x.T @ y)
    residual = y - x @ w
    return {"weights": {name: round(float(w[j]), 2) for j, name in enumerate(names)},
            "controls": {name: round(float(w[m + j]), 3)
                         for j, name in enumerate(CONTROLS)},
            "intercept": round(float(w[-1]), 3), "turns": len(data),
            "target_mean": round(float(y.mean()), 3),
            "r2": round(float(1 - residual.var() / y.var()), 4)}


def main(argv=None) -> None:
    """Fits the leave table by rounds of self-play and writes it to --out after each round.

    `argv`: the command-line arguments (default: sys.argv[1:]); see the module's
    docstring and --help.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=18000, help="games per round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--policy", default="optimal", help="round 1's policy")
    parser.add_argument("--edition", type=int, nargs="+", default=[126])
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    table = {"model": "eureka.mathable.leave", "unit": "points",
             "command": "python -m eureka.mathable.fit_leaves " + " ".join(argv or
                                                                           sys.argv[1:]),
             "target": "the seat's next turn's points, less its holder's tokens when "
                       "the game ends first or with it", "editions": {}, "rounds": []}
    fitted = None
    for r in range(args.rounds):
        policy = args.policy if r == 0 else "equity"
        table["editions"] = {}
        for edition in args.edition:
            with leave.using(fitted) if fitted else nullcontext():
                data = self_play(args.games, (policy, policy), args.seed + r, edition)
            table["editions"][str(edition)] = fit(data, edition)
        table["rounds"].append({"policy": policy, "games": args.games, **{
            e: {k: f[k] for k in ("turns", "r2", "intercept")}
            for e, f in table["editions"].items()}})
        fitted = leave.Leaves(table)
        with open(args.out, "w", encoding="utf-8") as f:      # each round's table
            json.dump(table, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
