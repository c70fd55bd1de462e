"""How far the Mathable search's bound is from the truth when a few tokens are left.

Random legal partial turns of the two 12-token racks (`workloads.mathable_hard_racks`),
each with `--left` tokens still to place.  For each: what the best completion scores
above the face value of the tokens it places (ranking.ranked), and what the bound promises
above the face value of all the tokens left (order_bound), with the set's own caps and
with its parent's, as the search checks a set with more than search.OWN_LEFT tokens
left.  The caps are computed afresh; the search's are inherited, never lower
(tests/mathable/test_bound.py), so its bound promises at least as much.

    python -m eureka.benchmarks.mathable_bound [--left 4] [--samples 100] [--seed 2026]
"""

import argparse
import random
import statistics
from typing import NamedTuple

import numpy as np

from eureka.benchmarks.workloads import mathable_hard_racks
from eureka.errors import SearchTooLarge
from eureka.mathable import arrays, bound, caps, lines, ranking, singles
from eureka.mathable.bound import SCRATCH

DRAWS = 20                  # partial turns drawn at most per sample asked for


class Sample(NamedTuple):
    """A partial turn's tokens left and what is promised and scored for them."""

    face: int               # the face value of the tokens left
    own: int                # order_bound with the set's own caps
    parent: int             # order_bound with its parent's caps (shift 1)
    best: int               # the best completion's points
    placed: int             # the face value of the tokens it places


def partial_turn(board, vals, counts, placements: int, rng):
    """A random legal order of `placements` tokens of the rack, played on `board`.

    The rack is `vals` (its distinct values) with `counts`; `rng` is a random.Random.
    `board` is changed in place. Returns (their codes, the counts left), or None when it
    runs out of moves.
    """
    left = counts.copy()
    codes = []
    for _ in range(placements):
        _, cells, idx, _ = singles.single_moves(board, vals)
        moves = [(c, k) for c, k in zip(cells, idx) if left[k] > 0]
        if not moves:
            return None
        cell, k = rng.choice(moves)
        board[cell] = vals[k]
        left[k] -= 1
        codes.append(cell << lines.CODE_SHIFT | k)
    return np.array(codes, dtype=np.int64), left


def fresh_caps(board, vals, left, placed, tables=None):
    """The caps (caps.caps) of the tokens left, computed afresh on a board.

    `board` has the codes `placed` on it (its near squares: those of the board without
    them); `vals` are the rack's distinct values and `left` their counts left. `tables`
    are fill_tables' (with_one, with_two), made for the tokens left unless given.
    Returns the caps, a row per value.
    """
    nv, r = vals.size, int(left.sum())
    if tables is None:
        tables = (np.zeros((lines.MAX_TOKEN + 1, 5, nv), dtype=bool),
                  np.zeros((5, nv), dtype=bool))
        caps.fill_tables(vals, left.copy(), *tables)
    placed = np.asarray(placed, dtype=np.int64)
    root = board.copy()
    root[placed >> lines.CODE_SHIFT] = lines.EMPTY
    near, far = caps.open_squares(root, arrays.SQ_OP, arrays.AWARD)
    slot = np.full(lines.MAX_TOKEN + 1, -1, dtype=np.int64)
    slot[vals] = np.arange(nv)
    cap = np.zeros((nv, r + 1), dtype=np.int64)
    caps.caps(board, arrays.SQ_OP, arrays.AWARD, lines.fill_cand(board, arrays.SQ_OP),
                 vals, left, r, *tables, near, far, placed, placed.size, cap, slot,
                 np.zeros(lines.N_CELLS, dtype=np.int64), 1,
                 np.zeros(nv, dtype=np.int64), np.zeros(nv, dtype=np.int64))
    return cap


def promised(board, vals, left, codes) -> tuple:
    """The order_bound of the tokens left: (with the set's own caps, with its parent's).

    `board` holds the partial turn `codes`; `vals` are the rack's distinct values and
    `left` their counts left. The parent is the board before its last placement, its
    bound shifted by that placement.
    """
    scratch = np.zeros(SCRATCH, dtype=np.int64)
    own = bound.order_bound(vals, left, fresh_caps(board, vals, left, codes), 0, 0,
                              scratch)
    last = codes[-1]
    before, more = board.copy(), left.copy()
    before[last >> lines.CODE_SHIFT] = lines.EMPTY
    more[last & 15] += 1
    cap = fresh_caps(before, vals, more, codes[:-1])
    return int(own), int(bound.order_bound(vals, left, cap, 1, 0, scratch))


def samples(position, left: int, count: int, rng) -> list:
    """Samples of random partial turns of `position`, `count` of them, with `left` tokens left.

    `rng` is a random.Random. Raises ValueError when too few partial turns can be drawn
    (or searched within options.MAX_STATES) in DRAWS times `count` tries.
    """
    root = arrays.board_array(dict(position.grid))
    vals, counts = arrays.rack_arrays(list(position.rack))
    out = []
    for _ in range(DRAWS * count):
        if len(out) == count:
            return out
        board = root.copy()
        drawn = partial_turn(board, vals, counts, len(position.rack) - left, rng)
        if drawn is None:
            continue
        codes, rest = drawn
        try:
            found = ranking.ranked(board, np.repeat(vals, rest).tolist(), 1, 0)
        except SearchTooLarge:
            continue
        best = found[0].total if found else 0
        placed = sum(v for _, v in found[0].placements) if found else 0
        out.append(Sample(int(vals @ rest), *promised(board, vals, rest, codes), best,
                          placed))
    if len(out) < count:
        raise ValueError(f"{position.source}: only {len(out)} of {count} partial turns "
                         f"with {left} tokens left in {DRAWS * count} draws")
    return out


def main(argv=None) -> None:
    """Prints, for the 12-token racks, the bound's median promise and the best completion's.

    `argv`: the command-line arguments (default: sys.argv[1:]): --left, --samples and
    --seed.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--left", type=int, default=4, help="tokens still to place")
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    size = min(len(p.rack) for p in mathable_hard_racks()[1:])
    if not 1 <= args.left < size or args.samples < 1:
        parser.error(f"--left takes 1-{size - 1} and --samples at least 1")
    rng = random.Random(args.seed)
    print(f"{args.samples} random partial turns with {args.left} tokens left "
          f"(seed {args.seed}), median points above the tokens' face value:")
    for position in mathable_hard_racks()[1:]:
        try:
            rows = samples(position, args.left, args.samples, rng)
        except ValueError as e:
            parser.error(str(e))
        above = {name: statistics.median(getattr(s, name) - s.face for s in rows)
                 for name in ("own", "parent")}
        best = statistics.median(s.best - s.placed for s in rows)
        print(f"  {position.source}: the bound promises {above['own']:g} with the "
              f"set's own caps, {above['parent']:g} with its parent's; the best "
              f"completion scores {best:g}")


if __name__ == "__main__":
    main()
