"""How far the Mathable search's bound is from the truth when a few tokens are left.

Random legal partial turns of the two 12-token racks (`workloads.mathable_hard_racks`),
each with `--left` tokens still to place: for each, the extra points (above the face
value of the tokens left) that order_bound promises with caps computed afresh for that
set, against the extra points of its best completion (kernels.best_sets on its board).
The 12-token search stores most of its sets with 4 tokens left, and a set is cut off
only when its score and this bound fall short of the best turns found.  Random partial
turns are not the sets the search keeps, and the search's own caps are inherited from
the sets before (so never tighter): the figures are a floor for the search's bound.

    python -m eureka.benchmarks.mathable_bound [--left 4] [--samples 100] [--seed 2026]
"""

import argparse
import random
import statistics

import numpy as np

from eureka.benchmarks.workloads import mathable_hard_racks
from eureka.mathable import kernels, solve


def partial_turn(board, vals, counts, placements: int, rng):
    """A random legal order of `placements` tokens of the rack on board (changed in
    place): (their codes, the counts left), or None when it runs out of moves."""
    left = counts.copy()
    codes = []
    for _ in range(placements):
        cand = kernels.fill_cand(board, solve.SQ_OP)
        cells, idx, _ = kernels.single_moves(board, solve.SQ_OP, solve.AWARD, cand, vals)
        moves = [(c, k) for c, k in zip(cells, idx) if left[k] > 0]
        if not moves:
            return None
        cell, k = rng.choice(moves)
        board[cell] = vals[k]
        left[k] -= 1
        codes.append(cell << kernels.CODE_SHIFT | k)
    return np.array(codes, dtype=np.int64), left


def bound(root, board, vals, left, codes) -> int:
    """order_bound of the tokens left, with caps computed afresh (kernels.caps)."""
    nv, r = vals.size, int(left.sum())
    one = np.zeros((kernels.MAX_TOKEN + 1, 5, nv), dtype=bool)
    two = np.zeros((5, nv), dtype=bool)
    kernels.fill_tables(vals, left.copy(), one, two)
    near, far = kernels.open_squares(root, solve.SQ_OP, solve.AWARD)
    slot = np.full(kernels.MAX_TOKEN + 1, -1, dtype=np.int64)
    slot[vals] = np.arange(nv)
    cap = np.zeros((nv, r + 1), dtype=np.int64)
    scratch = np.zeros(nv, dtype=np.int64), np.zeros(nv, dtype=np.int64)
    kernels.caps(board, solve.SQ_OP, solve.AWARD, kernels.fill_cand(board, solve.SQ_OP),
                 vals, left, r, one, two, near, far, codes, codes.size, cap, slot,
                 np.zeros(kernels.N_CELLS, dtype=np.int64), 1, *scratch)
    return int(kernels.order_bound(vals, left, cap, 0, 0,
                                   np.zeros(1 << min(r, 6), dtype=np.int64)))


def best_completion(board, vals, left) -> int | None:
    """The points of the best completion (0: no token fits; None: past the budget)."""
    keep = left > 0
    n, found = kernels.best_sets(board.copy(), solve.SQ_OP, solve.AWARD, vals[keep],
                                 left[keep], 0, 1, solve.MAX_STATES, kernels.BOUND_AFTER)
    if n < 0:
        return None
    return int(found[0, 1]) if len(found) else 0


def samples(position, left: int, count: int, rng) -> list:
    """(face value, bound, best completion) of `count` random partial turns."""
    root = solve.board_array(dict(position.grid))
    vals, counts = solve._rack(list(position.rack))
    out = []
    while len(out) < count:
        board = root.copy()
        drawn = partial_turn(board, vals, counts, len(position.rack) - left, rng)
        if drawn is None:
            continue
        codes, rest = drawn
        best = best_completion(board, vals, rest)
        if best is not None:
            out.append((int(vals @ rest), bound(root, board, vals, rest, codes), best))
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--left", type=int, default=4, help="tokens still to place")
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    print(f"{args.samples} random partial turns with {args.left} tokens left "
          f"(seed {args.seed}), extra points above the tokens' face value:")
    for position in mathable_hard_racks()[1:]:
        rows = samples(position, args.left, args.samples, rng)
        promised = [b - face for face, b, _ in rows]
        scored = [best - face for face, _, best in rows]
        print(f"  {position.source}: the bound promises median "
              f"{statistics.median(promised):g} (mean {statistics.mean(promised):.1f}), "
              f"the best completion scores median {statistics.median(scored):g} "
              f"(mean {statistics.mean(scored):.1f})")


if __name__ == "__main__":
    main()
