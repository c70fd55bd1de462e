"""`eureka bench`: the engine timed side by side with the oracle and other solvers."""

import json
import os
import platform
import sys

import click

from benchmarks import solvers
from benchmarks.timing import time_solver
from benchmarks.workloads import countdown_puzzles, pitagoras_deals

WORKLOADS = {
    "countdown": ("all distinct solutions of a 6-number Countdown puzzle",
                  countdown_puzzles, solvers.eureka_countdown),
    "pitagoras": ("most cards of a 5-card Pitagoras deal", pitagoras_deals,
                  solvers.eureka_pitagoras),
}


def machine() -> dict:
    """What the figures were measured on."""
    model = platform.processor()
    try:
        with open("/proc/cpuinfo") as f:
            model = next(line.split(":", 1)[1].strip() for line in f
                         if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    import numba
    return {"cpu": model, "cores": os.cpu_count(), "python": platform.python_version(),
            "numba": numba.__version__, "system": platform.platform()}


@click.command(help="Time the solvers side by side (figures: docs/BENCHMARKS.md).")
@click.option("--puzzles", default=1000, show_default=True, type=click.IntRange(1),
              help="Puzzles per workload for eureka.")
@click.option("--sample", default=30, show_default=True, type=click.IntRange(1),
              help="Puzzles per workload for the slower solvers (the first ones).")
@click.option("--seed", default=2026, show_default=True, help="Seed of the puzzle sets.")
@click.option("--workload", "names", multiple=True, type=click.Choice(sorted(WORKLOADS)),
              help="Only these workloads (default: all).")
@click.option("--out", type=click.Path(dir_okay=False), default="bench-results.json",
              show_default=True, help="Where to write the JSON results.")
def bench(puzzles, sample, seed, names, out):
    others = {"oracle": solvers.oracle_solvers(),
              "countdown-numbers-solver": solvers.peer_solvers()}
    rows, agreement = [], {}
    for name in names or sorted(WORKLOADS):
        title, make, eureka = WORKLOADS[name]
        work = make(puzzles, seed)
        click.echo(f"{name}: {title}", err=True)
        with click.progressbar(length=len(work), label="  eureka", file=sys.stderr) as bar:
            full = time_solver("eureka", name, eureka, work, progress=bar.update)
        rows.append(full)
        few = work[:sample]
        mine = time_solver("eureka", name, eureka, few)
        for other, table in others.items():
            if name not in table:
                continue
            with click.progressbar(length=len(few), label=f"  {other}",
                                   file=sys.stderr) as bar:
                theirs = time_solver(other, name, table[name], few, warmup=1,
                                     progress=bar.update)
            rows.append(theirs)
            agreement[f"{name}/{other}"] = _agreement(other, mine, theirs)
            rows[-1] = (theirs, theirs.median_ms / mine.median_ms, mine.median_ms)
    _print(rows, agreement)
    payload = {"schema": "eureka.bench/1", "machine": machine(), "seed": seed,
               "timings": [_row_json(r) for r in rows], "agreement": agreement}
    with open(out, "w") as f:
        json.dump(payload, f, indent=2)
    click.echo(f"results written to {out}")


def _agreement(other, mine, theirs) -> dict:
    """Oracle: the same answer on every puzzle; a peer: the same solvable puzzles."""
    if other == "oracle":
        same = [a == b for a, b in zip(mine.results, theirs.results)]
    else:
        same = [(a > 0) == (b > 0) for a, b in zip(mine.results, theirs.results)]
    return {"compared": "answer" if other == "oracle" else "solvable",
            "puzzles": len(same), "agree": sum(same)}


def _row_json(row) -> dict:
    if isinstance(row, tuple):
        timing, ratio, base = row
        return dict(timing.as_dict(), ratio_to_eureka=ratio, eureka_median_ms_same=base)
    return row.as_dict()


def _print(rows, agreement) -> None:
    click.echo(f"{'workload':<10} {'solver':<26} {'puzzles':>7} {'median ms':>10} "
               f"{'p95 ms':>9} {'× eureka':>9}")
    for row in rows:
        timing, ratio = (row[0], f"{row[1]:.0f}×") if isinstance(row, tuple) else (row, "")
        click.echo(f"{timing.workload:<10} {timing.solver:<26} {timing.puzzles:>7} "
                   f"{timing.median_ms:>10.3f} {timing.p95_ms:>9.3f} {ratio:>9}")
    for key, a in agreement.items():
        click.echo(f"agreement {key}: {a['agree']}/{a['puzzles']} puzzles ({a['compared']})")
