"""Mathable's search ranked by score and by equity, against a reference kernel.

The best turn for the 7-token racks of the `mathable` workload, each variant by turns on
every position (thread CPU time, best of --repeats), medians in ms and their ratio to
the reference's. The reference is the search module of another version (e.g. main's,
from `git show HEAD:solver/eureka/mathable/search.py > /tmp/search_main.py`; kernels.py
in versions before issue 37); without one, the score ranking is the reference.

    python -m eureka.benchmarks.mathable_equity [--positions 200] [--reference FILE]
"""

import argparse
import importlib.util
import statistics
import sys
import time

from eureka.benchmarks.workloads import mathable_positions
from eureka.mathable import arrays, options, ranking, search
from eureka.mathable.tokens import full_rack_bonus


def reference_module(path: str):
    """Another version's search module, loaded from the file at `path`.

    The file is search.py, or kernels.py in versions before issue 37; the module is
    registered in sys.modules, where Numba's cache finds it by name.
    """
    spec = importlib.util.spec_from_file_location("reference_kernels", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module             # Numba's cache finds it by name
    spec.loader.exec_module(module)
    return module


def _reference(path: str):
    """The best_sets kernel of another version's search module."""
    return reference_module(path).best_sets


def kernel_call(best_sets):
    """A call(board, rack, bonus) of the kernel `best_sets` alone.

    The search with its move generation, no Python around it: the call copies the board
    and asks for the best turn (limit 1) within options.MAX_STATES, bounding after
    search.BOUND_AFTER sets.
    """
    def call(board, rack, bonus):
        vals, counts = arrays.rack_arrays(list(rack))
        return best_sets(board.copy(), arrays.SQ_OP, arrays.AWARD, vals, counts, bonus, 1,
                         options.MAX_STATES, search.BOUND_AFTER)
    return call


def variants(reference):
    """The variants timed, name -> call(board, rack, bonus).

    The score kernel, and ranking.ranked by score and by equity (the leave values and
    the turn's Python included); with a `reference` best_sets kernel (None: none), that
    kernel too.
    """
    out = {"score": kernel_call(search.best_sets),
           "ranked": lambda b, r, bonus: ranking.ranked(b, r, 1, bonus),
           "equity": lambda b, r, bonus: ranking.ranked(b, r, 1, bonus, by="equity")}
    if reference is not None:
        out["reference"] = kernel_call(reference)
    return out


def cpu_ms(call, args, repeats: int) -> float:
    """The least thread CPU time of `repeats` calls of `call` with `args`, in ms."""
    best = float("inf")
    for _ in range(repeats):
        start = time.thread_time()
        call(*args)
        best = min(best, time.thread_time() - start)
    return best * 1000


def main(argv=None) -> None:
    """Times every variant on every position by turns and prints the medians and ratios.

    `argv`: the command-line arguments (default: sys.argv[1:]): --positions, --repeats
    and --reference.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--reference")
    args = parser.parse_args(argv)
    calls = variants(_reference(args.reference) if args.reference else None)
    cases = [(arrays.board_array(dict(p.grid)), list(p.rack), full_rack_bonus(p.rack))
             for p in mathable_positions(args.positions)]
    for call in calls.values():                             # compile and warm
        call(*cases[0])
    times = {name: [] for name in calls}
    names = list(calls)
    for i, case in enumerate(cases):
        for name in names[i % len(names):] + names[:i % len(names)]:
            times[name].append(cpu_ms(calls[name], case, args.repeats))
    base = "reference" if args.reference else "score"
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    print(f"best turn, {len(cases)} positions with 7-token racks, thread CPU, best of "
          f"{args.repeats}, variants by turns, load average {load}:")
    for name in names:
        med = statistics.median(times[name])
        print(f"  {name:<10} median {med:7.3f} ms  max {max(times[name]):8.2f} ms  "
              f"{med / statistics.median(times[base]):5.2f}x {base}")


if __name__ == "__main__":
    main()
