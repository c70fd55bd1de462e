"""`eureka bench`: the engine timed side by side with the oracle and other solvers.

The workloads and solvers (eureka.benchmarks) import the kernels, so they are imported
when the command runs, not for its --help.
"""

import json
import sys

import click

from eureka.benchmarks.report import BenchRun, Row, agreement_of, machine, peak_rss_mb
from eureka.benchmarks.timing import time_solver
from eureka.cli.ascii import ascii_lines
from eureka.cli.base import (
    ASCII,
    CONTEXT,
    JSON,
    InputError,
    Whole,
    command_help,
    emit,
    reports_errors,
    writable,
)

WORKLOADS = {   # name -> (what is timed, its puzzles in .workloads, eureka's solver)
    "countdown": ("all distinct solutions of a 6-number Countdown puzzle",
                  "countdown_puzzles", "eureka_countdown"),
    "pitagoras": ("most cards of a 5-card Pitagoras deal", "pitagoras_deals",
                  "eureka_pitagoras"),
    "eight": ("all distinct solutions of an 8-card Pitagoras deal (10 deals)",
              "eight_card_deals", "eureka_every_pitagoras"),
    "mathable": ("best Mathable turn, 7-token rack, real and self-play positions (200)",
                 "mathable_positions", "eureka_mathable"),
    "mathable4": ("best Mathable turn, the same positions with 4-token racks",
                  "mathable_small_racks", "eureka_mathable"),
    "mathable-hard": ("best Mathable turn or refusal, the hardest racks (3)",
                      "mathable_hard_racks", "eureka_mathable_hard"),
    "mathable-games": ("a complete 2-player Mathable game, optimal policy (50 games)",
                       "mathable_games", "eureka_mathable_game"),
    "arquimedes-plays": ("every legal play of an Arquimedes hand of 5–10 cards",
                         "arquimedes_states", "eureka_arquimedes_plays"),
    "arquimedes-games": ("{batch:,} complete 4-player Arquimedes games (20 batches)",
                         "arquimedes_batches", "eureka_arquimedes_games"),
}
NO_ORACLES = ("oracle timings skipped: the test oracles are not installed; from a source "
              "checkout, add --oracles PATH/TO/CHECKOUT (e.g. --oracles .)")


@click.command(context_settings=CONTEXT, help=command_help(
    "Time the solvers side by side: eureka on every puzzle, the test oracles (--oracles, "
    "from a source checkout) and the peer packages of the [bench] extra on the first "
    "--sample puzzles. Figures: docs/BENCHMARKS.md; start-up times: python -m "
    "eureka.benchmarks.startup.", "eureka bench --workload countdown --puzzles 100",
    "eureka.bench/1"))
@click.option("--puzzles", default=1000, show_default=True, type=Whole(1, 10**6),
              help="Puzzles per workload for eureka.")
@click.option("--sample", default=30, show_default=True, type=Whole(1, 10**6),
              help="Puzzles per workload for the slower solvers (the first ones).")
@click.option("--seed", default=2026, show_default=True, type=Whole(),
              help="Seed of the puzzle sets.")
@click.option("--workload", "names", multiple=True, type=click.Choice(sorted(WORKLOADS)),
              help="Only these workloads (default: all).")
@click.option("--oracles", "checkout", type=click.Path(file_okay=False),
              help="A source checkout whose tests/oracle to time beside eureka (the "
                   "oracles are tests, not installed).")
@click.option("--out", type=click.Path(dir_okay=False), default="bench-results.json",
              show_default=True, help="Where to write the JSON results.")
@JSON
@ASCII
@reports_errors
def bench(puzzles, sample, seed, names, checkout, out, as_json, as_ascii):
    """`eureka bench`: the workloads timed, a table printed and the results written."""
    writable(out, "the results")
    from eureka.benchmarks import solvers, workloads

    oracles = solvers.oracle_solvers(checkout)
    others = {"oracle": oracles, "countdown-numbers-solver": solvers.peer_solvers()}
    rows, agreement = [], {}
    for name in names or sorted(WORKLOADS):
        title, make, solver = WORKLOADS[name]
        eureka = getattr(solvers, solver)
        work = getattr(workloads, make)(puzzles, seed)
        heading = f"{name}: {title.format(batch=workloads.ARQUIMEDES_BATCH)}"
        click.echo(ascii_lines([heading], as_ascii)[0], err=True)
        rows.append(Row(_timed("eureka", name, eureka, work)))
        few = work[:sample]
        peers = {other: table[name] for other, table in others.items() if name in table}
        mine = time_solver("eureka", name, eureka, few) if peers else None
        for other, solve in peers.items():
            theirs = _timed(other, name, solve, few, warmup=1)
            rows.append(Row(theirs, mine.median_ms))
            agreement[f"{name}/{other}"] = agreement_of(other, mine, theirs)
    run = BenchRun(machine(), seed, tuple(rows), agreement, peak_rss_mb(),
                   () if oracles else (NO_ORACLES,))
    try:
        with open(out, "w", encoding="utf-8") as f:
            json.dump(run.to_json(), f, indent=2)
    except OSError as e:
        raise InputError(f"cannot write the results to {out}: {e.strerror}") from None
    emit(run, as_json,
         lambda r: ascii_lines([*_table(r), f"results written to {out}"], as_ascii))


def _timed(solver, workload, solve, puzzles, warmup=3):
    with click.progressbar(length=len(puzzles), label=f"  {solver}", file=sys.stderr,
                           hidden=not sys.stderr.isatty()) as bar:
        return time_solver(solver, workload, solve, puzzles, warmup, progress=bar.update)


def _table(run) -> list:
    lines = [(f"{'workload':<17} {'solver':<26} {'puzzles':>7} {'median ms':>10} "
              f"{'p95 ms':>9} {'max ms':>9} {'× eureka':>9}")]
    for row in run.rows:
        t = row.timing
        ratio = f"{row.ratio:.0f}×" if row.ratio else ""
        lines.append(f"{t.workload:<17} {t.solver:<26} {t.puzzles:>7} {t.median_ms:>10.3f} "
                     f"{t.p95_ms:>9.3f} {t.max_ms:>9.3f} {ratio:>9}")
    for key, a in run.agreement.items():
        lines.append(f"agreement {key}: {a['agree']}/{a['puzzles']} puzzles "
                     f"({a['compared']})")
    lines.append(f"peak memory of the run: {run.peak_rss_mb:.0f} MB")
    lines += [f"note: {note}" for note in run.notes]
    return lines


command = bench
