"""`eureka analyze countdown|pitagoras|game24`: exhaustive tables of a game.

The tables are written as CSV, with a summary. The sweeps (eureka.analysis) are imported
when a command runs.
"""

import sys

import click

from eureka import pitagoras
from eureka.cli.ascii import ascii_lines
from eureka.cli.base import (
    ASCII,
    JSON,
    QUIET,
    InputError,
    Whole,
    command_help,
    emit,
    reports_errors,
    stack,
)
from eureka.cli.simulate_cmds import THREADS

DASK_TIMEOUT = "10s"        # to reach the scheduler
FIRST_RUN = ("The first run compiles the sweep's kernels (tens of seconds, once; they "
             "are cached on disk).")


def _folder(ctx, param, value: str) -> str:
    """The --out folder's name, never empty.

    An empty name would write into the current folder unasked.
    """
    if not value.strip():
        raise click.BadParameter("the folder name is empty", ctx, param)
    return value


OUT = click.option("--out", "folder", type=click.Path(file_okay=False),
                   default="analysis", show_default=True, callback=_folder,
                   help="Folder for the tables (and the resumable shards).")
PLOT = click.option("--plot", is_flag=True,
                    help="Also draw the tables as PNG (needs the plot extra).")
COMMON = (OUT, PLOT, THREADS, JSON, ASCII, QUIET)
SWEEP = (
    click.option("--fresh", is_flag=True, help="Discard the shards of an earlier run."),
    click.option("--dask", "dask_address", metavar="ADDRESS",
                 help="Run the shards on this Dask scheduler (needs the dask extra)."),
)


def _help(text: str, name: str, example: str = "") -> str:
    return command_help(f"{text} {FIRST_RUN}", f"eureka analyze {name}{example}",
                        f"eureka.analyze.{name}/1")


def _client(address):
    """A client of the Dask scheduler at `address` (None: no cluster)."""
    if address is None:
        return None
    if not address.strip():
        raise InputError("--dask needs the scheduler's address, e.g. tcp://host:8786")
    try:
        from distributed import Client
    except ImportError:
        raise InputError("--dask needs the dask extra: pip install "
                         "'eureka-solver[dask]'") from None
    try:
        return Client(address, timeout=DASK_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as e:
        raise InputError(f"cannot reach the Dask scheduler at {address}: "
                         f"{str(e).splitlines()[0] if str(e) else type(e).__name__}") \
            from None


def _sweep(run, shard_count: int, dask_address, quiet: bool):
    """The result of `run(progress, client)`, with a progress bar when stderr shows one.

    The bar counts `shard_count` shards on stderr when it is a terminal and not under
    `quiet`; `client` is the Dask cluster's at `dask_address`, None when no address is
    given (the client is closed afterwards).
    """
    client = _client(dask_address)
    try:
        if quiet or not sys.stderr.isatty():
            return run(None, client)
        with click.progressbar(length=shard_count, label="shards", file=sys.stderr,
                               show_eta=True) as bar:
            return run(bar.update, client)
    finally:
        if client is not None:
            client.close()


def _report(summary, as_json: bool, as_ascii: bool, quiet: bool, lines) -> None:
    if not quiet:
        emit(summary, as_json, lambda s: ascii_lines(lines(s), as_ascii))


@click.command("countdown", help=_help("Every selection of six numbers × every target "
                                       "100–999: which can be made.", "countdown"))
@stack(COMMON, SWEEP)
@reports_errors
def analyze_countdown(folder, plot, as_json, as_ascii, quiet, fresh, dask_address):
    """`eureka analyze countdown`: which targets every selection of six numbers makes."""
    from eureka.analysis import countdown

    summary = _sweep(lambda progress, client: countdown.analyze(
        folder, fresh, progress, client, plot), countdown.shard_count(), dask_address, quiet)
    _report(summary, as_json, as_ascii, quiet, countdown_lines)


def countdown_lines(s) -> list:
    """The lines of the Countdown sweep's summary `s`, by number of large tiles."""
    from eureka.analysis.countdown import HIGH, LOW

    pairs = s.selections * s.targets
    return [
        f"Countdown: {s.selections:,} selections × {s.targets} targets ({LOW}–{HIGH})",
        f"made: {s.solvable:,} of {pairs:,} ({s.solvable / pairs:.2%}); weighted by the "
        f"tile sets that give each selection: {s.solvable_share_weighted:.2%}",
        f"selections that make every target: {s.all_targets:,}",
        f"{'large':>5} {'selections':>11} {'mean targets':>13} {'all targets':>12}",
        *(f"{row['large']:>5} {row['selections']:>11,} {row['mean_targets']:>13.1f} "
          f"{row['all_targets']:>12,}" for row in s.by_large),
        "hardest targets: " + ", ".join(f"{h['target']} ({h['selections']:,})"
                                        for h in s.hardest),
        f"tables written to {s.folder}/ (selections.csv, targets.csv, summary.json)"]


@click.command("pitagoras", help=_help(
    "The exact odds over every deal and every dice total: solvable, most cards, "
    "expected reward.", "pitagoras", " --die red --easy"))
@click.option("--die", type=click.Choice(sorted(pitagoras.TENS_DICE)), default="blue",
              show_default=True, help="The two-digit die: blue, red (easier), black.")
@click.option("--easy", is_flag=True, help="The easier deck: no cards above 15.")
@click.option("--face-up", "cards", type=Whole(5, 8), default=5,
              show_default=True, metavar="N",
              help="Cards face up: 5, or 6 to 8 when extra cards are dealt.")
@click.option("--pow", "power", is_flag=True, help="Allow exponentiation (the harder variant).")
@stack(COMMON, SWEEP)
@reports_errors
def analyze_pitagoras(die, easy, cards, power, folder, plot, as_json, as_ascii, quiet,
                      fresh, dask_address):
    """`eureka analyze pitagoras`: the exact odds of a Pitagoras variant."""
    from eureka.analysis import pitagoras as odds

    variant = odds.Variant(die, easy, cards, power)
    result = _sweep(lambda progress, client: odds.analyze(
        variant, folder, fresh, progress, client, plot), odds.shard_count(variant),
        dask_address, quiet)
    _report(result, as_json, as_ascii, quiet, odds_lines)


def _share(p: float) -> str:
    """A probability as a percentage, small ones in scientific notation."""
    return f"{p:.4%}" if p == 0 or p >= 1e-6 else f"{p * 100:.1e}%"


def odds_lines(o) -> list:
    """The lines of the Pitagoras odds `o`: overall, then per dice total."""
    return [
        f"Pitagoras, {o.variant}: {o.deals:,} deals × {len(o.per_total)} dice totals, "
        f"exact odds",
        f"a solution exists: {o.solvable:.4%}; expected cards of the best: "
        f"{o.expected_cards:.4f}",
        "most cards: " + ", ".join(f"{k}: {_share(p)}" for k, p in enumerate(o.most_cards)),
        f"{'total':>5} {'chance':>7} {'solvable':>9} {'expected':>9}",
        *(f"{r['total']:>5} {r['probability']:>7.2%} {r['solvable']:>9.3%} "
          f"{r['expected_cards']:>9.3f}" for r in o.per_total),
        f"tables written to {o.folder}/ (deals.csv, totals.csv, summary.json)"]


@click.command("game24", help=_help("Every hand of four cards 1–13 for 24: with fractions "
                                    "(the standard game) and with whole numbers only.",
                                    "game24"))
@stack(COMMON)
@reports_errors
def analyze_game24(folder, plot, as_json, as_ascii, quiet):
    """`eureka analyze game24`: every hand of four cards, with and without fractions."""
    from eureka.analysis import game24

    _report(game24.analyze(folder, plot), as_json, as_ascii, quiet, game24_lines)


def game24_lines(s) -> list:
    """The lines of the 24 game sweep's summary `s`."""
    return [
        f"24 game: {s.hands:,} hands of four cards 1–13, every card used",
        f"solvable with fractions: {s.with_fractions:,}; with whole numbers only: "
        f"{s.whole_numbers:,}",
        f"hands that need fractions ({len(s.need_fractions)}): "
        + ", ".join(" ".join(map(str, h)) for h in s.need_fractions),
        f"table written to {s.folder}/ (hands.csv, summary.json)"]


COMMANDS = {"countdown": analyze_countdown, "pitagoras": analyze_pitagoras,
            "game24": analyze_game24}


def command(name: str) -> click.Command:
    """The command `eureka analyze NAME` for the sweep `name`."""
    return COMMANDS[name]
