"""The complete Countdown table: `eureka analyze countdown --fresh` against a C subset DP.

The whole command (start-up and CSV included) runs against a plain single-threaded C
subset DP of the same table (benchmarks/c/countdown_dp.c, built here with `cc -O2`;
skipped without a C compiler). The two run interleaved, several rounds, after one
warm-up run of each; figures are median wall times and the median ratio eureka / C of
the same round.

    python -m eureka.benchmarks.countdown_table [--rounds 5]
"""

import argparse
import json
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SOURCE = Path(__file__).parent / "c" / "countdown_dp.c"
PAIRS = "10871986 solvable pairs of 11918700"       # what the C program must print
EUREKA = "from eureka.cli.main import run_eureka; run_eureka()"


def build(folder: Path) -> Path | None:
    """The C program compiled into `folder`, or None without a C compiler."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        return None
    program = folder / "countdown_dp"
    subprocess.run([compiler, "-O2", "-o", str(program), str(SOURCE)], check=True)
    return program


def timed(command: list) -> tuple:
    """(wall seconds, CPU seconds, stdout) of one run of `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def measure(rounds: int, folder: Path, program: Path) -> dict:
    """The (wall, CPU) seconds of each run, {"c": [...], "eureka": [...]}, round by round.

    `rounds` interleaved rounds follow a warm-up round; `program` is the built C program,
    and eureka writes its tables under `folder`. Raises SystemExit when either counts
    other than the solvable pairs of PAIRS.
    """
    eureka = [sys.executable, "-c", EUREKA, "analyze", "countdown", "--fresh", "--out",
              str(folder / "analysis"), "--quiet"]
    runs = {"c": [], "eureka": []}
    for i in range(rounds + 1):
        wall, cpu, out = timed([str(program)])
        if out.strip() != PAIRS:
            raise SystemExit(f"the C program printed {out.strip()!r}, not {PAIRS!r}")
        e_wall, e_cpu, _ = timed(eureka)
        summary = json.loads((folder / "analysis" / "countdown" / "summary.json")
                             .read_text())
        if summary["solvable"] != int(PAIRS.split()[0]):
            raise SystemExit(f"eureka counted {summary['solvable']} solvable pairs")
        if i:                                     # the first round warms up
            runs["c"].append((wall, cpu))
            runs["eureka"].append((e_wall, e_cpu))
    return runs


def report(runs: dict) -> None:
    """Prints the median times of `runs` (from measure) and the ratio eureka / C a round."""
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    print(f"complete Countdown table, {len(runs['c'])} interleaved rounds "
          f"(load average {load} at the end):")
    for name, label in (("c", "C subset DP, 1 thread"),
                        ("eureka", "eureka analyze countdown --fresh")):
        walls = [w for w, _ in runs[name]]
        cpus = [c for _, c in runs[name]]
        print(f"  {label:<34} median {statistics.median(walls):6.2f} s wall, "
              f"{statistics.median(cpus):6.2f} s CPU")
    ratios = [e[0] / c[0] for e, c in zip(runs["eureka"], runs["c"])]
    print(f"  ratio eureka / C (wall, per round): median {statistics.median(ratios):.2f} "
          f"(rounds: {', '.join(f'{r:.2f}' for r in ratios)})")


def main(argv=None) -> None:
    """Builds the C program, times both and prints the report (skipped without a compiler).

    `argv`: the command-line arguments (default: sys.argv[1:]), --rounds.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        program = build(Path(tmp))
        if program is None:
            print("no C compiler (cc, gcc or clang): the benchmark is skipped")
            return
        report(measure(args.rounds, Path(tmp), program))


if __name__ == "__main__":
    main()
