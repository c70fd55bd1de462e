"""The 12-token Mathable racks: the best turn by connected sets against the plain search.

The racks 1–10 1 2 on the busy board and on the example board
(`workloads.mathable_hard_racks`): the search by connected sets against the plain search
over every set, each in a child process of its own, so that its peak memory is its own.
Times are the search's, measured after a first call that loads the kernels.

    python -m eureka.benchmarks.mathable_twelve            # both boards, both searches
    python -m eureka.benchmarks.mathable_twelve --boards 2  # the example board only

The plain search on the busy board is by far the longest and largest run (its figures
are in docs/BENCHMARKS.md); `--boards 2` leaves it out.
"""

import argparse
import json
import os
import subprocess
import sys

from eureka.benchmarks.workloads import mathable_hard_racks

_CHILD = """
import json, sys, time
from eureka.benchmarks.workloads import mathable_hard_racks
from eureka.mathable import arrays, ranking
position = mathable_hard_racks()[int(sys.argv[1])]
connected = sys.argv[2] == "connected"
board = arrays.board_array(dict(position.grid))
ranking.ranked(board, [1, 2, 3], connected=connected)   # load the kernels
work = []
start = time.perf_counter()
best = ranking.best_turns(dict(position.grid), position.rack, max_states=10**9,
                          connected=connected, work=work)
print(json.dumps({"seconds": time.perf_counter() - start, "points": best[0].points,
                  "tried": work[0]}))
"""


def measure(board: int, how: str) -> dict:
    """One search in a child process: seconds, points, placements tried, peak MB.

    `board` indexes workloads.mathable_hard_racks (1: busy, 2: example) and `how` is
    "connected" or "plain". Raises RuntimeError when the child fails.
    """
    child = subprocess.Popen([sys.executable, "-c", _CHILD, str(board), how],
                             stdout=subprocess.PIPE, text=True)
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise RuntimeError(f"the {how} search on board {board} failed")
    return json.loads(out) | {"peak_mb": usage.ru_maxrss / 1024}


def main(argv=None) -> None:
    """Runs each search on each board and prints the results.

    `argv`: the command-line arguments (default: sys.argv[1:]): --boards and --searches.
    Raises SystemExit when the searches disagree on the best points.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, nargs="+", default=[1, 2],
                        help="indices into workloads.mathable_hard_racks (1: busy, "
                             "2: example)")
    parser.add_argument("--searches", nargs="+", default=["connected", "plain"],
                        choices=["connected", "plain"])
    args = parser.parse_args(argv)
    positions = mathable_hard_racks()
    for board in args.boards:
        print(positions[board].source)
        runs = {how: measure(board, how) for how in args.searches}
        for how, run in runs.items():
            ratio = ""
            if how != "plain" and "plain" in runs:
                ratio = f"   {run['seconds'] / runs['plain']['seconds']:.3f}x plain time"
            print(f"  {how:<10} {run['points']:>4} points  {run['seconds']:8.2f} s  "
                  f"{run['peak_mb']:6.0f} MB peak  {run['tried']:>11,} tried{ratio}")
        if len({run["points"] for run in runs.values()}) > 1:
            raise SystemExit("the searches disagree")


if __name__ == "__main__":
    main()
