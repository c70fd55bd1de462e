"""`eureka analyze`: exhaustive tables of a game, written as CSV and a summary."""

import csv
import io
import json
import shutil
import sys
from collections import Counter
from pathlib import Path

import click

from eureka.cli.base import InputError, OneLineGroup, emit_json, reports_errors
from eureka import pitagoras
from eureka.analysis import countdown, game24, plots
from eureka.analysis import pitagoras as odds_of
from eureka.analysis.shards import save_atomically
from eureka.deck import describe


@click.group(cls=OneLineGroup, help="Exhaustive tables of a game: exact, not sampled.")
def analyze():
    pass


def _writable(folder: Path) -> Path:
    """The output folder, created, before any work starts."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"cannot write to {folder}: {e.strerror}") from None
    return folder


OUT = click.option("--out", "folder", type=click.Path(file_okay=False),
                   default="analysis", show_default=True,
                   help="Folder for the tables (and the resumable shards).")
JSON = click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
PLOT = click.option("--plot", is_flag=True,
                    help="Also draw the tables as PNG (needs the plot extra).")
SWEEP_OPTIONS = (
    OUT,
    click.option("--fresh", is_flag=True, help="Discard the shards of an earlier run."),
    click.option("--dask", "dask_address", metavar="ADDRESS",
                 help="Run the shards on this Dask scheduler (needs the dask extra)."),
    PLOT,
    JSON,
)


def _sweep_options(func):
    for option in reversed(SWEEP_OPTIONS):
        func = option(func)
    return func


def _sweep(out: Path, fresh: bool, dask_address, shard_count: int, run):
    """run(shard folder, progress, Dask client or None) with a progress bar and an ETA,
    once the cluster (if any) answers and the folder is writable; --fresh discards the
    shards of an earlier run first."""
    client = _client(dask_address) if dask_address is not None else None
    try:
        _writable(out)
        if fresh and (out / "shards").exists():
            try:
                shutil.rmtree(out / "shards")
            except OSError as e:
                raise InputError(f"cannot discard the shards in {out}: {e.strerror}") \
                    from None
        with click.progressbar(length=shard_count, label="shards", file=sys.stderr,
                               show_eta=True) as bar:
            return run(out / "shards", bar.update, client)
    finally:
        if client is not None:
            client.close()


def _client(address: str):
    """A client of the Dask scheduler at `address`."""
    if not address.strip():
        raise InputError("--dask needs the scheduler's address, e.g. "
                         "tcp://host:8786")
    try:
        from distributed import Client
    except ImportError:
        raise InputError("--dask needs the dask extra: pip install "
                         "'eureka-solver[dask]'") from None
    try:
        return Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as e:
        raise InputError(f"cannot reach the Dask scheduler at {address}: "
                         f"{str(e).splitlines()[0] if str(e) else type(e).__name__}") \
            from None


def _report(out: Path, game: str, summary, as_json: bool, show) -> None:
    """Save the summary as out/summary.json, then print it as JSON or by show()."""
    data = {"schema": f"eureka.analyze.{game}/1", **summary.as_dict()}
    save_atomically(out / "summary.json",
                    lambda f: f.write(json.dumps(data, indent=2).encode()))
    if as_json:
        emit_json(data)
    else:
        show()


def _write_csv(path: Path, header, rows) -> None:
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    save_atomically(path, lambda f: f.write(text.getvalue().encode()))


@analyze.command("countdown", help="Every selection of six numbers × every target "
                                   "100–999: which can be made.")
@_sweep_options
@reports_errors
def analyze_countdown(folder, fresh, dask_address, plot, as_json):
    if plot:
        plots.pyplot()                  # the plot extra is checked before any work
    out = Path(folder) / "countdown"
    reached = _sweep(out, fresh, dask_address, countdown.shard_count(), countdown.table)
    hands = countdown.selections()
    summary = countdown.summarise(hands, reached)
    _write_csv(out / "selections.csv",
               ["selection", "large", "tile_sets", "targets_made", "missing"],
               ([" ".join(map(str, h)), int(sum(v in countdown.LARGE for v in h)),
                 countdown.ways(h), int(r.sum()),
                 _runs(countdown.LOW + (~r).nonzero()[0])]
                for h, r in zip(hands, reached)))
    made = reached.sum(axis=0)
    _write_csv(out / "targets.csv", ["target", "selections"],
               ([countdown.LOW + t, int(n)] for t, n in enumerate(made)))
    if plot:
        plots.countdown_heatmap(made, len(hands), out / "targets.png")
    _report(out, "countdown", summary, as_json, lambda: _print(summary, out))


def _runs(values) -> str:
    """Targets as runs: '100–107, 109, 150–999' ('' for none)."""
    return describe(Counter(values.tolist())) if len(values) else ""


def _print(s: countdown.Summary, out: Path) -> None:
    pairs = s.selections * s.targets
    click.echo(f"Countdown: {s.selections:,} selections × {s.targets} targets "
               f"({countdown.LOW}–{countdown.HIGH})")
    click.echo(f"made: {s.solvable:,} of {pairs:,} ({s.solvable / pairs:.2%}); weighted "
               f"by the tile sets that give each selection: "
               f"{s.solvable_share_weighted:.2%}")
    click.echo(f"selections that make every target: {s.all_targets:,}")
    click.echo(f"{'large':>5} {'selections':>11} {'mean targets':>13} {'all targets':>12}")
    for row in s.by_large:
        click.echo(f"{row['large']:>5} {row['selections']:>11,} "
                   f"{row['mean_targets']:>13.1f} {row['all_targets']:>12,}")
    click.echo("hardest targets: " + ", ".join(f"{h['target']} ({h['selections']:,})"
                                               for h in s.hardest))
    click.echo(f"tables written to {out}/ (selections.csv, targets.csv, summary.json)")


@analyze.command("pitagoras", help="The exact odds over every deal and every dice "
                                   "total: solvable, most cards, expected reward.")
@click.option("--die", type=click.Choice(sorted(pitagoras.TENS_DICE)), default="blue",
              show_default=True, help="The two-digit die: blue, red (easier), black.")
@click.option("--easy", is_flag=True, help="The easier deck: no cards above 15.")
@click.option("--cards", type=click.IntRange(5, 8), default=5, show_default=True,
              help="Cards face up (6, 7 or 8 when extra cards are dealt).")
@click.option("--pow", "power", is_flag=True, help="Allow exponentiation (the harder variant).")
@_sweep_options
@reports_errors
def analyze_pitagoras(die, easy, cards, power, folder, fresh, dask_address, plot, as_json):
    if plot:
        plots.pyplot()
    variant = odds_of.Variant(die, easy, cards, power)
    out = Path(folder) / f"pitagoras-{variant.name()}"
    most = _sweep(out, fresh, dask_address, odds_of.shard_count(variant),
                  lambda shards, progress, client: odds_of.table(variant, shards,
                                                                 progress, client))
    hands, weights = odds_of.deals(variant)
    result = odds_of.odds(variant, most)
    dice = [row["total"] for row in result.per_total]
    lo = dice[0]
    _write_csv(out / "deals.csv", ["deal", "probability", *map(str, dice)],
               ([" ".join(map(str, h)), repr(float(w)), *(int(m[t - lo]) for t in dice)]
                for h, w, m in zip(hands, weights, most)))
    _write_csv(out / "totals.csv",
               ["total", "probability", "solvable", *(f"most_{k}" for k in
                                                      range(cards + 1)), "expected_cards"],
               ([r["total"], r["probability"], r["solvable"], *r["most_cards"],
                 r["expected_cards"]] for r in result.per_total))
    if plot:
        plots.pitagoras_bars(result, out / "totals.png")
    _report(out, "pitagoras", result, as_json, lambda: _print_odds(result, out))


def _share(p: float) -> str:
    """A probability as a percentage, small ones in scientific notation."""
    return f"{p:.4%}" if p == 0 or p >= 1e-6 else f"{p * 100:.1e}%"


def _print_odds(o, out: Path) -> None:
    click.echo(f"Pitagoras, {o.variant}: {o.deals:,} deals × "
               f"{len(o.per_total)} dice totals, exact odds")
    click.echo(f"a solution exists: {o.solvable:.4%}; expected cards of the best: "
               f"{o.expected_cards:.4f}")
    click.echo("most cards: " + ", ".join(f"{k}: {_share(p)}"
                                          for k, p in enumerate(o.most_cards)))
    click.echo(f"{'total':>5} {'chance':>7} {'solvable':>9} {'expected':>9}")
    for r in o.per_total:
        click.echo(f"{r['total']:>5} {r['probability']:>7.2%} {r['solvable']:>9.3%} "
                   f"{r['expected_cards']:>9.3f}")
    click.echo(f"tables written to {out}/ (deals.csv, totals.csv, summary.json)")


@analyze.command("game24", help="Every hand of four cards 1–13 for 24: with fractions "
                                "(the standard game) and with whole numbers only.")
@OUT
@JSON
@PLOT
@reports_errors
def analyze_game24(folder, as_json, plot):
    if plot:
        plots.pyplot()
    out = _writable(Path(folder) / "game24")
    cards = game24.hands()
    fractions, whole = game24.solvable(cards)
    _write_csv(out / "hands.csv", ["hand", "with_fractions", "whole_numbers"],
               ([" ".join(map(str, h)), int(f), int(w)]
                for h, f, w in zip(cards, fractions, whole)))
    if plot:
        plots.game24_pairs(cards, fractions, whole, out / "pairs.png")
    summary = game24.summarise(cards, fractions, whole)
    _report(out, "game24", summary, as_json, lambda: _print_game24(summary, out))


def _print_game24(summary, out: Path) -> None:
    click.echo(f"24 game: {summary.hands:,} hands of four cards 1–13, every card used")
    click.echo(f"solvable with fractions: {summary.with_fractions:,}; with whole numbers "
               f"only: {summary.whole_numbers:,}")
    click.echo(f"hands that need fractions ({len(summary.need_fractions)}): "
               + ", ".join(" ".join(map(str, h)) for h in summary.need_fractions))
    click.echo(f"table written to {out}/ (hands.csv, summary.json)")
