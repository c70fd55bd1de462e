"""The first call as a new user meets it: each command family cold, kernel by kernel.

Each command family runs once in a fresh process with an empty kernel cache, the whole
command.

    python -m eureka.benchmarks.compile [--only TEXT] [--kernels N] [--one-process]
                                        [--record]

For each command: wall seconds, CPU seconds (user + system) and peak memory of the whole
process, then the kernels compiled in it, the slowest first: how long each took (its
own time: the callees it compiled on the way taken out) and how many specialisations
(signatures) it got. The budget (issue 37): the numbers games within 10 s and 400 MB,
Mathable's solve within 20 s and 600 MB, every other command within 10 s; a command
over its budget is marked. Then the same commands again, warm (the cache just filled).
The kernels come from eureka.jit's log (EUREKA_COMPILE_LOG); a command reading
docs/examples/ runs only from a source checkout.

The commands compile their kernels ahead on two cores (eureka.ahead) unless
--one-process is given (EUREKA_AHEAD=0: as they go, on one core). --record runs them
so and writes the kernels each compiled, with their argument types, seconds and the
kernels they call, to eureka/data/kernels.json: the record eureka.ahead reads.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import eureka
from eureka.benchmarks.report import machine_line
from eureka.benchmarks.startup import program

COMMANDS = (   # (command, seconds, megabytes or None): one per command family
    ("solve pitagoras --cards 2 7 6 12 15 --target 32", 10, 400),
    ("solve countdown --cards 25 50 75 100 3 6 --target 952", 10, 400),
    ("solve game24 --cards 4 7 8 8", 10, 400),
    ("solve numbers --cards 3 4 9 --target 21", 10, 400),
    ("check pitagoras --cards 2 7 6 12 15 --target 32 15+12+6*2-7", 10, None),
    ("hint pitagoras --cards 2 7 6 12 15 --target 32", 10, None),
    ("solve arithmetikus --cards 2 3 7 9 --target 20", 10, None),
    ("solve arquimedes --top 3 --cards 2 5 7 12 K", 10, None),
    ("simulate arquimedes --games 200 --seed 1", 10, None),
    ("solve mathable --cards 1 8 2 12 16 42 17 --no-board", 20, 600),
    ("check mathable --cards 1 8 2 12 16 42 17 I8=9", 20, None),   # solve's search
    ("score mathable docs/examples/mathable_rulebook.txt", 10, None),
    ("analyze game24", 10, None),
    ("generate pitagoras --count 2 --seed 1", 10, None),
)


def run(command: str, cache: Path, ahead: bool = True) -> dict:
    """One run of `eureka COMMAND` in a fresh process: its times, memory and kernels.

    `command` is the command line after `eureka` (split on spaces) and `cache` the
    folder the kernels are cached in (NUMBA_CACHE_DIR); without `ahead` the command
    compiles on one core (EUREKA_AHEAD=0). Returns {"wall", "cpu" (user +
    system seconds), "megabytes" (peak), "ok" (exit status 0, or 1: a verdict, not
    valid), "error" (the last line of stderr of a failed run), "kernels" (kernel ->
    (seconds, signatures), from EUREKA_COMPILE_LOG: the command's and its helper's),
    "compiled" (the command's compiles of eureka's kernels, as eureka.jit logs them:
    module, name, argument types, seconds, the kernels called)}. The peak memory is
    the larger of the command's and its helper's.
    """
    with tempfile.TemporaryDirectory() as scratch:
        log = Path(scratch, "kernels.json")
        env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "EUREKA_COMPILE_LOG": str(log),
               "EUREKA_AHEAD": "1" if ahead else "0"}
        start = time.perf_counter()
        process = subprocess.Popen([program("eureka"), *command.split()], env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        error = process.stderr.read().decode(errors="replace").strip().splitlines()
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.stderr.close()
        kernels: dict = {}
        logged = json.loads(log.read_text()) if log.exists() else {}
        helper = Path(f"{log}.helper")              # eureka.ahead's helper, if one ran
        helped = json.loads(helper.read_text())["kernels"] if helper.exists() else []
        for name, seconds in [*logged.get("kernels", ()), *helped]:
            total, count = kernels.get(name, (0.0, 0))
            kernels[name] = (total + seconds, count + 1)
    ok = os.waitstatus_to_exitcode(status) in (0, 1)         # 1: a verdict, not valid
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime,
            "megabytes": usage.ru_maxrss / 1024, "ok": ok,
            "error": "" if ok or not error else error[-1], "kernels": kernels,
            "compiled": logged.get("compiled", [])}


def measure(commands, ahead: bool = True) -> list:
    """(command, seconds, megabytes, cold run, warm run) for each of the `commands`.

    `commands` are rows of COMMANDS (command, budget seconds, budget megabytes or None).
    Each runs cold on an empty cache of its own, then warm on the cache it filled (each
    run as run returns it, compiling `ahead` or not).
    """
    rows = []
    for command, seconds, megabytes in commands:
        with tempfile.TemporaryDirectory() as cache:
            cold = run(command, Path(cache), ahead)
            warm = run(command, Path(cache), ahead)
        rows.append((command, seconds, megabytes, cold, warm))
    return rows


def report(rows, kernels: int) -> list:
    """The report as text lines: each command cold and warm against its budget.

    `rows` come from measure. Under each command come its `kernels` slowest kernels; a
    failed command shows its error instead, and one over its budget is marked "over".
    The last line names the machine.
    """
    lines = [f"{'command (first call, empty cache)':<58} {'wall':>6} {'cpu':>6} {'MB':>6} "
             f"{'budget':>12} {'warm':>6}"]
    for command, seconds, megabytes, cold, warm in rows:
        shown = command if len(command) <= 58 else command[:55] + "..."
        if not cold["ok"]:
            lines.append(f"{shown:<58} failed: {cold['error']}")
            continue
        budget = f"{seconds} s" + (f", {megabytes} MB" if megabytes else "")
        over = cold["wall"] > seconds or (megabytes and cold["megabytes"] > megabytes)
        lines.append(f"{shown:<58} {cold['wall']:>6.1f} {cold['cpu']:>6.1f} "
                     f"{cold['megabytes']:>6.0f} {budget:>12} {warm['wall']:>6.2f}"
                     f"{'  over' if over else ''}")
        ranked = sorted(cold["kernels"].items(), key=lambda kv: -kv[1][0])
        total = sum(s for s, _ in cold["kernels"].values())
        lines.append(f"    {len(ranked)} kernels, {sum(n for _, n in cold['kernels'].values())}"
                     f" specialisations, {total:.1f} s compiling")
        for name, (took, count) in ranked[:kernels]:
            lines.append(f"    {took:>6.2f} s  x{count}  {name.removeprefix('eureka.')}")
    lines.append("wall and CPU seconds, peak MB of the whole process; kernel seconds are "
                 "each kernel's own compile time (callees taken out)")
    lines.append(machine_line())
    return lines


def record(rows) -> dict:
    """The record eureka.ahead reads, from `rows` of measure run on one core.

    {"GAME VERB": the kernels the command of that verb and game compiled cold, as
    eureka.jit logs them (module, name, argument types, seconds, the kernels called)};
    commands compiling none are left out.
    """
    kernels = {}
    for command, _seconds, _megabytes, cold, _warm in rows:
        verb, game = command.split()[:2]
        if cold["ok"] and cold["compiled"]:
            kernels[f"{game} {verb}"] = cold["compiled"]
    return kernels


def _lines(kernels: dict) -> str:
    """The record `kernels` as JSON text, one kernel a line."""
    return "{\n" + ",\n".join(
        f" {json.dumps(command)}: [\n" + ",\n".join(f"  {json.dumps(k)}" for k in compiled)
        + "\n ]" for command, compiled in kernels.items()) + "\n}\n"


def main(argv=None) -> None:
    """Runs the commands cold then warm, and prints the report.

    `argv`: the command-line arguments (default: sys.argv[1:]): --only keeps the
    commands containing a text, --kernels sets the kernels listed a command. Outside a
    source checkout the commands reading docs/ are left out. Exits with a usage error
    when --kernels is below 0 or no command is left.
    """
    parser = argparse.ArgumentParser(prog="python -m eureka.benchmarks.compile",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", metavar="TEXT",
                        help="only the commands containing this text, e.g. mathable")
    parser.add_argument("--kernels", type=int, default=8,
                        help="the slowest kernels listed per command (default 8)")
    parser.add_argument("--one-process", action="store_true",
                        help="compile as the commands go, on one core (EUREKA_AHEAD=0)")
    parser.add_argument("--record", action="store_true",
                        help="run on one core and write the kernels each command compiled "
                             "to eureka/data/kernels.json")
    args = parser.parse_args(argv)
    if args.kernels < 0:
        parser.error("--kernels must be 0 or more")
    checkout = Path("docs/examples").is_dir()
    commands = [c for c in COMMANDS if (not args.only or args.only in c[0])
                and (checkout or "docs/" not in c[0])]
    if not commands:
        parser.error(f"no command contains {args.only!r}")
    rows = measure(commands, ahead=not (args.one_process or args.record))
    sys.stdout.write("\n".join(report(rows, args.kernels)) + "\n")
    if args.record:
        path = Path(eureka.__file__).parent / "data" / "kernels.json"
        kept = json.loads(path.read_text()) if path.exists() and args.only else {}
        written = path.with_suffix(".new")
        written.write_text(_lines({**kept, **record(rows)}))
        written.replace(path)
        sys.stdout.write(f"recorded in {path}\n")


if __name__ == "__main__":
    main()
