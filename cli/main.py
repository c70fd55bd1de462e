"""The `eureka` and `solve` entry points."""

import click

from cli.analyze_cmds import analyze
from cli.arithmetikus_cmds import check_arithmetikus, score_arithmetikus, solve_arithmetikus
from cli.arquimedes_cmds import check_arquimedes, score_arquimedes, solve_arquimedes
from cli.arvuutin_cmds import check_arvuutin, score_arvuutin, solve_arvuutin
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
for _solve, _check in ((solve_arquimedes, check_arquimedes),
                       (solve_arithmetikus, check_arithmetikus),
                       (solve_arvuutin, check_arvuutin)):
    solve.add_command(_solve)
    check.add_command(_check)


@click.group(cls=OneLineGroup, help="Score a finished game from its record.")
def score():
    pass


for _score in (score_arquimedes, score_arithmetikus, score_arvuutin):
    score.add_command(_score)


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
