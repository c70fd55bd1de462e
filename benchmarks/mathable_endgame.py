"""The exact Mathable endgame: CPU time to solve the endgames of seeded self-play.

With 1–4 tokens a holder and as reached (up to 7), against the brute force where it
finishes and `optimal`'s move time (one best-turn search for the mover), in the same run.

The endgames: games of optimal against optimal (seeds 0, 1, ...), at the first turn
whose bag is empty; for k tokens a holder, k drawn from each holder (seeded).  The brute
force (tests/oracle/mathable_endgame.py, not installed: run from a source checkout) runs
for up to --brute tokens a holder.  Every value is checked equal to the brute force's.

    python -m eureka.benchmarks.mathable_endgame [--games 30] [--brute 2]
"""

import argparse
import importlib
import random
import statistics
import time

from eureka.errors import SearchTooLarge
from eureka.mathable.arrays import board_array
from eureka.mathable.endgame import budget, solve_endgame
from eureka.mathable.ranking import ranked
from eureka.mathable.selfplay import game_rng, play_game


def endgames(games: int) -> list:
    """(board, mover's holder, opponent's holder) when the bag has just run out.

    At most one a game, from `games` games of optimal against optimal (seeds 0, 1, ...):
    the board, as a grid, after the first turn that empties the bag; a game where a
    holder is then empty gives none.
    """
    found = []
    for seed in range(games):
        records = []
        play_game(("optimal", "optimal"), game_rng(seed, 0), on_turn=records.append)
        for r in records:
            if not r.bag:
                grid = dict(r.grid)
                for s in r.placements:
                    grid[s.placement.cell] = s.placement.value
                mover, other = r.holders[(r.seat + 1) % 2], r.holders[r.seat]
                if mover and other:
                    found.append((grid, list(mover), list(other)))
                break
    return found


def cpu(f, *args):
    """(seconds of CPU, result) of calling `f` with `args`."""
    start = time.process_time()
    result = f(*args)
    return time.process_time() - start, result


def _brute():
    try:
        return importlib.import_module("tests.oracle.mathable_endgame")
    except ImportError:
        return None


def main(argv=None) -> None:
    """Solves the endgames with 1–4 tokens a holder and as found, and prints the times.

    `argv`: the command-line arguments (default: sys.argv[1:]): --games, and --brute, the
    most tokens a holder the brute force runs for. Raises SystemExit when the brute
    force disagrees.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--brute", type=int, default=2)
    args = parser.parse_args(argv)
    brute = _brute()
    found = endgames(args.games)
    solve_endgame(*found[0])                                # load the kernels
    rng = random.Random(2026)
    print(f"{len(found)} endgames of self-play (optimal × 2, seeds 0–{args.games - 1}), "
          f"CPU seconds")
    print(f"{'tokens':>9} {'solved':>7} {'median':>8} {'max':>8} {'positions':>10} "
          f"{'x optimal move':>15} {'brute max':>10} {'x brute':>8}")
    for k in (1, 2, 3, 4, 7):
        times, nodes, moves, brutes, refused = [], [], [], [], 0
        for grid, mover, other in found:
            me = rng.sample(mover, min(k, len(mover)))
            op = rng.sample(other, min(k, len(other)))
            try:
                budget(grid, me, op)
            except SearchTooLarge:
                refused += 1
                continue
            seconds, (value, _, n) = cpu(solve_endgame, grid, me, op)
            times.append(seconds)
            nodes.append(n)
            moves.append(cpu(ranked, board_array(grid), me, 1)[0])
            if brute is not None and k <= args.brute:
                b, v = cpu(brute.value, grid, tuple(sorted(me)), tuple(sorted(op)))
                if v != value:
                    raise SystemExit(f"the brute force disagrees: {v} and {value}")
                brutes.append(b)
        label = "as found" if k == 7 else f"{k} each"
        if not times:
            print(f"{label:>9} {0:>4}/{refused:<3} every endgame refused")
            continue
        ratio = statistics.median(times) / statistics.median(moves)
        versus = (f"{max(brutes):10.3f} {sum(brutes) / sum(times):7.0f}x" if brutes
                  else f"{'-':>10} {'-':>8}")
        print(f"{label:>9} {len(times):>4}/{len(times) + refused:<3}"
              f"{statistics.median(times):8.4f} {max(times):8.3f} {max(nodes):10,} "
              f"{ratio:14.0f}x {versus}")
    with open("/proc/loadavg") as f:
        print(f"load average {f.read().split()[0]}; x optimal move: median endgame / "
              f"median best-turn search of the mover; x brute: total brute / total "
              f"endgame")


if __name__ == "__main__":
    main()
