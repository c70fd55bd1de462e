"""`eureka bench`: the engine timed side by side with the oracle and other solvers."""

import json
import os
import sys

import click

from eureka.benchmarks import solvers
from eureka.benchmarks.report import Row, agreement_of, machine, peak_rss_mb
from eureka.benchmarks.timing import Timing, time_solver
from eureka.benchmarks.workloads import (ARQUIMEDES_BATCH, arquimedes_batches, arquimedes_states,
                                  countdown_puzzles, eight_card_deals, mathable_games,
                                  mathable_positions, mathable_small_racks,
                                  pitagoras_deals)
from eureka.cli.base import InputError, emit_json

WORKLOADS = {
    "countdown": ("all distinct solutions of a 6-number Countdown puzzle",
                  countdown_puzzles, solvers.eureka_countdown),
    "pitagoras": ("most cards of a 5-card Pitagoras deal", pitagoras_deals,
                  solvers.eureka_pitagoras),
    "eight": ("all distinct solutions of an 8-card Pitagoras deal (10 deals)",
              eight_card_deals, solvers.eureka_every_pitagoras),
    "mathable": ("best Mathable turn, 7-token rack, real and self-play positions (200)",
                 mathable_positions, solvers.eureka_mathable),
    "mathable4": ("best Mathable turn, the same positions with 4-token racks",
                  mathable_small_racks, solvers.eureka_mathable),
    "mathable-games": ("a complete 2-player Mathable game, optimal policy (50 games)",
                       mathable_games, solvers.eureka_mathable_game),
    "arquimedes-plays": ("every legal play of an Arquimedes hand of 5–10 cards",
                         arquimedes_states, solvers.eureka_arquimedes_plays),
    "arquimedes-games": (f"{ARQUIMEDES_BATCH:,} complete 4-player Arquimedes games "
                         f"(20 batches)", arquimedes_batches,
                         solvers.eureka_arquimedes_games),
}


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
@click.option("--json", "as_json", is_flag=True,
              help="Print the JSON results instead of the table (docs/JSON.md).")
def bench(puzzles, sample, seed, names, out, as_json):
    folder = os.path.dirname(os.path.abspath(out))
    if not os.access(folder, os.W_OK):
        raise InputError(f"cannot write the results to {out}: {folder} is not writable")
    others = {"oracle": solvers.oracle_solvers(),
              "countdown-numbers-solver": solvers.peer_solvers()}
    rows, agreement = [], {}
    for name in names or sorted(WORKLOADS):
        title, make, eureka = WORKLOADS[name]
        work = make(puzzles, seed)
        click.echo(f"{name}: {title}", err=True)
        rows.append(Row(_timed("eureka", name, eureka, work)))
        few = work[:sample]
        peers = {other: table[name] for other, table in others.items() if name in table}
        mine = time_solver("eureka", name, eureka, few) if peers else None
        for other, solve in peers.items():
            theirs = _timed(other, name, solve, few, warmup=1)
            rows.append(Row(theirs, mine.median_ms))
            agreement[f"{name}/{other}"] = agreement_of(other, mine, theirs)
    payload = {"schema": "eureka.bench/1", "machine": machine(), "seed": seed,
               "timings": [r.as_dict() for r in rows], "agreement": agreement,
               "peak_rss_mb": peak_rss_mb()}
    with open(out, "w") as f:
        json.dump(payload, f, indent=2)
    if as_json:
        emit_json(payload)
    else:
        _print(rows, agreement)
        click.echo(f"results written to {out}")


def _timed(solver, workload, solve, puzzles, warmup=3) -> Timing:
    with click.progressbar(length=len(puzzles), label=f"  {solver}", file=sys.stderr) as bar:
        return time_solver(solver, workload, solve, puzzles, warmup, progress=bar.update)


def _print(rows, agreement) -> None:
    click.echo(f"{'workload':<17} {'solver':<26} {'puzzles':>7} {'median ms':>10} "
               f"{'p95 ms':>9} {'max ms':>9} {'× eureka':>9}")
    for row in rows:
        t = row.timing
        ratio = f"{row.ratio:.0f}×" if row.ratio else ""
        click.echo(f"{t.workload:<17} {t.solver:<26} {t.puzzles:>7} {t.median_ms:>10.3f} "
                   f"{t.p95_ms:>9.3f} {t.max_ms:>9.3f} {ratio:>9}")
    for key, a in agreement.items():
        click.echo(f"agreement {key}: {a['agree']}/{a['puzzles']} puzzles ({a['compared']})")
    click.echo(f"peak memory of the run: {peak_rss_mb():.0f} MB")
command = bench
