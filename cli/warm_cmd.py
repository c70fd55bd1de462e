"""`eureka warm [GAME...]`: compile the games' kernels ahead, into the disk cache."""

import multiprocessing
import time

import click

from eureka.cli.base import InputError, worker_count
from eureka.games import GAMES
from eureka.warm import warm, warm_order


@click.command("warm", help="Compile the kernels of the games named (default: every "
                            "game) into the disk cache, one game per process, so that "
                            "the first answer comes at once: for an install used "
                            "offline, behind `eureka serve`, or before a test run."
                            "\n\nExample: eureka warm mathable pitagoras")
@click.argument("names", metavar="[GAME]...", nargs=-1)
@click.option("--workers", type=click.IntRange(1), default=None, metavar="N",
              help="Processes compiling at once (default: one per core, at most 2 - "
                   "each takes up to 1 GB).")
@click.option("--quiet", "-q", is_flag=True, help="Say nothing but errors.")
def command(names, workers, quiet):
    """`eureka warm`: the named games' kernels compiled into the disk cache."""
    from eureka import jit, parallel

    unknown = [n for n in names if n not in GAMES]
    if unknown:
        raise InputError(f"no game {unknown[0]!r}; the games are: {', '.join(GAMES)}")
    games = warm_order(dict.fromkeys(names or GAMES))
    count = min(worker_count(workers) if workers else min(2, parallel.cores()), len(games))
    start = time.monotonic()
    with multiprocessing.get_context("spawn").Pool(count) as pool:
        for name in pool.imap_unordered(warm, games):
            if not quiet:
                click.echo(f"{GAMES[name].title}: ready ({time.monotonic() - start:.0f} s)")
    if not quiet:
        click.echo(f"kernels cached in {jit.cache()}" if jit.cache() is not None else
                   "no cache folder can be written here: each process compiles anew")
