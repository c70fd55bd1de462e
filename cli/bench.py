"""`eureka bench`: the engine timed against the oracle and other solvers."""

import click


@click.command(help="Time the solvers side by side (see docs/BENCHMARKS.md).")
def bench():
    click.echo("not yet")
