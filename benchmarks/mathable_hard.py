"""The worst 7-token Mathable rack of the real games: this kernel against a reference.

The rack 1–7 before turn 13 of train_3 (`workloads.mathable_hard_racks`): the best
turn's search alone, this checkout's kernel against a reference search module, run by
turns in the same process (thread CPU time, medians).

    git show ce893d9:solver/mathable/kernels.py > /tmp/kernels_before12.py
    python -m eureka.benchmarks.mathable_hard --reference /tmp/kernels_before12.py

A reference exposes best_sets with this checkout's arguments, or best_turns(board,
sq_op, award, values, counts, max_states): the exhaustive search of versions before
issue 12.
"""

import argparse
import statistics
import time

from eureka.benchmarks.mathable_equity import kernel_call, reference_module
from eureka.benchmarks.workloads import mathable_hard_racks
from eureka.mathable import arrays, search
from eureka.mathable.tokens import FULL_RACK_BONUS


def searches(reference) -> dict:
    """The searches timed, name -> a call of that kernel on the worst rack.

    "eureka" is this checkout's best_sets; with a `reference` module (None: none), its
    best_sets, else its best_turns (within 10**7 sets).
    """
    position = mathable_hard_racks()[0]
    board = arrays.board_array(dict(position.grid))
    rack = list(position.rack)
    out = {"eureka": lambda: kernel_call(search.best_sets)(board, rack, FULL_RACK_BONUS)}
    if reference is not None and hasattr(reference, "best_sets"):
        out["reference"] = lambda: kernel_call(reference.best_sets)(board, rack,
                                                                    FULL_RACK_BONUS)
    elif reference is not None:
        vals, counts = arrays.rack_arrays(rack)
        out["reference"] = lambda: reference.best_turns(board.copy(), arrays.SQ_OP,
                                                        arrays.AWARD, vals, counts, 10 ** 7)
    return out


def main(argv=None) -> None:
    """Times the searches by turns, round after round, and prints their medians.

    `argv`: the command-line arguments (default: sys.argv[1:]): --rounds and
    --reference.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--reference", metavar="FILE",
                        help="another version's search.py (kernels.py before issue 37)")
    args = parser.parse_args(argv)
    calls = searches(None if args.reference is None else reference_module(args.reference))
    times = {name: [] for name in calls}
    for call in calls.values():
        call()                                          # compile or load
    for _ in range(args.rounds):
        for name, call in calls.items():
            start = time.thread_time()
            call()
            times[name].append(1000 * (time.thread_time() - start))
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    print(f"the worst 7-token rack, {args.rounds} rounds by turns, load average {load}:")
    base = statistics.median(times["eureka"])
    for name, ms in times.items():
        median = statistics.median(ms)
        print(f"  {name:<10} median {median:8.1f} ms, least {min(ms):8.1f} ms"
              f"   {median / base:6.2f}x eureka")


if __name__ == "__main__":
    main()
