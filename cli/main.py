"""The `eureka` and `solve` entry points."""

import click

from cli.analyze_cmds import analyze
from cli.arquimedes_cmds import check_arquimedes, score_arquimedes, solve_arquimedes
from cli.base import OneLineGroup, as_program
from cli.bench import bench
from cli.mathable_cmds import check_mathable, solve_mathable
from cli.numbers_cmds import GAMES, make_check, make_solve
from cli.simulate_cmds import simulate
from solver import __version__


@click.group(cls=OneLineGroup, help="Solve a game state: every equation, the best first.")
def solve():
    pass


@click.group(cls=OneLineGroup, help="Check a claimed answer: valid, or exactly why not.")
def check():
    pass


for _game in GAMES.values():
    solve.add_command(make_solve(_game))
    check.add_command(make_check(_game))
solve.add_command(solve_mathable)
check.add_command(check_mathable)
solve.add_command(solve_arquimedes)
check.add_command(check_arquimedes)


@click.group(cls=OneLineGroup, help="Score a finished game from its record.")
def score():
    pass


score.add_command(score_arquimedes)


@click.group(cls=OneLineGroup,
             help="eureka: exact solvers for Pitagoras, Countdown and other numbers games.")
@click.version_option(__version__, prog_name="eureka")
def eureka():
    pass


eureka.add_command(solve)
eureka.add_command(check)
eureka.add_command(bench)
eureka.add_command(simulate)
eureka.add_command(analyze)
eureka.add_command(score)

run_eureka = as_program(eureka)
run_solve = as_program(solve)
