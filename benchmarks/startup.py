"""Start-up cost of the command line, as whole processes' CPU time (user + system).

    python -m eureka.benchmarks.startup [--repeats N]

Each command runs N times (after one unmeasured run, which fills the kernel caches), the
commands taking turns; the median CPU time is compared with two floors measured in the
same run: `python -c "import numba"`, and importing numba and calling one cached kernel
(on an array, as every kernel of eureka takes). Targets (docs/BENCHMARKS.md): the
commands that need no kernel under 0.5x the first floor, the commands that run a kernel
within 1.1x the second. The commands reading docs/examples/ run only from a source
checkout (the docs are not installed).
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from eureka.benchmarks.report import machine_line

NO_KERNEL = (   # commands that must not import numba (tests/project/test_startup.py)
    ("eureka", "--help"),
    ("eureka", "--version"),
    ("eureka", "schema"),
    ("eureka", "solve", "pitagoras", "--help"),
    ("solve", "arvuutin", "--cards", "3", "7", "12", "15", "40", "--guess", "58"),
    ("eureka", "score", "arvuutin", "--levels", "A=3", "B=4", "C=1", "D=2", "E=5",
     "--won", "A=2", "B=3", "--hidden", "A", "B"),
    ("eureka", "score", "arquimedes", "docs/examples/arquimedes_game.txt"),
    ("eureka", "score", "arithmetikus", "docs/examples/arithmetikus_game.txt"),
    ("eureka", "score", "mathable", "docs/examples/mathable_rulebook.txt"),
)
KERNEL = (
    ("solve", "pitagoras", "--cards", "2", "7", "6", "12", "15", "--target", "32"),
    ("solve", "mathable", "--cards", "1", "8", "2", "12", "16", "42", "17", "--no-board"),
    ("solve", "arquimedes", "--top", "3", "--cards", "2", "5", "7", "12", "K"),
)
NO_KERNEL_TARGET, KERNEL_TARGET = 0.5, 1.1

_ONE_KERNEL = '''\
import numba
import numpy


@numba.njit(cache=True)
def one(x):
    return x[0] + 1


def call():
    return one(numpy.zeros(1, numpy.int64))     # an array, as every kernel takes
'''


def program(name: str) -> str:
    """The console script `name` of this environment."""
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"error: no {name} command here (pip install eureka-solver)")
    return found


def _cpu(argv, cwd) -> float | None:
    """The CPU time (user + system) of one run of `argv` in `cwd`, None when it fails.

    The run is a whole process. Bytecode is cached, as in an installed package, whatever
    PYTHONDONTWRITEBYTECODE says here.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode != 0:
        return None
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def measure(repeats: int) -> list:
    """Rows (label, CPU seconds of each run, floor label, target) of the floors and commands.

    The runs are None for a command that fails; the floors have no floor label nor
    target (None). Every command runs once unmeasured (bytecode and kernels cached),
    then the commands take turns, `repeats` rounds, so that a change of load on the
    machine falls on all of them alike.
    """
    python = sys.executable
    with tempfile.TemporaryDirectory() as scratch:
        Path(scratch, "one_kernel.py").write_text(_ONE_KERNEL)
        runs = [("python -c pass", [python, "-c", "pass"], None, None, scratch),
                ("import numba", [python, "-c", "import numba"], None, None, scratch),
                ("import numba + one cached kernel",
                 [python, "-c", "import one_kernel; one_kernel.call()"], None, None,
                 scratch)]
        checkout = Path("docs/examples").is_dir()
        for commands, floor, target in ((NO_KERNEL, "import numba", NO_KERNEL_TARGET),
                                        (KERNEL, "import numba + one cached kernel",
                                         KERNEL_TARGET)):
            runs += [(" ".join(c), [program(c[0]), *c[1:]], floor, target, None)
                     for c in commands
                     if checkout or not any(w.startswith("docs/") for w in c)]
        times = {label: [] if _cpu(argv, cwd) is not None else None
                 for label, argv, _, _, cwd in runs}
        for _ in range(repeats):
            for label, argv, _, _, cwd in runs:
                seconds = _cpu(argv, cwd) if times[label] is not None else None
                if seconds is not None:
                    times[label].append(seconds)
    return [(label, times[label] or None, floor, target)
            for label, _, floor, target, _ in runs]


def report(rows) -> list:
    """The report as text lines: median and fastest CPU seconds, ratio and target.

    `rows` come from measure. A ratio is the command's median over its floor's; a
    command that misses its target is marked "missed". The last line names the machine.
    """
    medians = {label: statistics.median(t) for label, t, _, _ in rows if t}
    lines = [f"{'command':<56} {'median':>6} {'min':>6} {'ratio':>6} {'target':>7}"]
    for label, times, floor, target in rows:
        shown = label if len(label) <= 56 else label[:53] + "..."
        if not times:
            lines.append(f"{shown:<56} failed")
            continue
        line = f"{shown:<56} {medians[label]:>6.3f} {min(times):>6.3f}"
        if floor in medians:
            ratio = medians[label] / medians[floor]
            strict = target < 1
            ok = ratio < target if strict else ratio <= target
            bound = f"{'<' if strict else '<='}{target}x"
            line += f" {ratio:>5.2f}x {bound:>7}{'' if ok else '  missed'}"
        lines.append(line)
    lines.append("CPU seconds (user + system) of the whole process; ratios of the medians: "
                 "no-kernel commands to `import numba`, kernel commands to `import numba + "
                 "one cached kernel`")
    lines.append(machine_line())
    return lines


def main(argv=None) -> None:
    """Times the floors and the commands, round after round, and prints the report.

    `argv`: the command-line arguments (default: sys.argv[1:]), --repeats. Exits with a
    usage error when --repeats is below 1.
    """
    parser = argparse.ArgumentParser(prog="python -m eureka.benchmarks.startup",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=15,
                        help="measured runs per command (default 15)")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    sys.stdout.write("\n".join(report(measure(args.repeats))) + "\n")


if __name__ == "__main__":
    main()
