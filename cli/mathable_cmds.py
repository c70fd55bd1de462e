"""`eureka solve|endgame|check|score|review|simulate|play mathable`: options in, results out.

The verbs are `eureka.mathable.GAME`'s; this module reads the options and calls them,
and mathable_text.py writes the results as text (their JSON is their own `to_json()`).
Nothing heavy is imported here: the search and self-play modules load when a command
runs.
"""

import sys

import click

from eureka.cli.ascii import ascii_lines
from eureka.cli.base import (
    ASCII,
    JSON,
    QUIET,
    STDIN,
    VALUE_LIKE,
    InputError,
    ListCommand,
    command_help,
    emit,
    emit_json,
    read_input,
    reports_errors,
    stack,
    verdict_exit,
)
from eureka.cli.mathable_play import play_mathable
from eureka.cli.mathable_text import (
    comparison_lines,
    endgame_lines,
    review_lines,
    score_lines,
    simulated_lines,
    solution_lines,
    summary_lines,
    verdict_lines,
)
from eureka.cli.params import declared, option, read_files
from eureka.cli.simulate_cmds import SEED, THREADS, games_option, players_option, seat_names
from eureka.mathable import GAME, params
from eureka.mathable.options import MAX_GAMES, POLICIES
from eureka.mathable.record import write


def _help(text: str, example: str, verb: str) -> str:
    return command_help(text, example, f"eureka.mathable.{verb}/1")


@click.command("mathable", cls=ListCommand, help=_help(
    "The highest-scoring Mathable turn for a rack: placements in order, each with its "
    "points and equations, then the board after it.",
    "eureka solve mathable --cards 1 8 2 12 16 42 17 --limit 2", "solve"))
@declared(params.VERBS["solve"])
@click.option("--board/--no-board", default=True, show_default=True,
              help="Draw the board after the best turn.")
@stack(JSON, ASCII)
@reports_errors
def solve_mathable(values, board, as_json, as_ascii):
    """`eureka solve mathable`: the highest-scoring turns for a rack."""
    verb = params.VERBS["solve"]
    result = verb.run(**read_files(verb, values))
    lines = simulated_lines if values["by"] == "sim" else solution_lines
    emit(result, as_json, lambda r: ascii_lines(lines(r, board), as_ascii))


@click.command("mathable", help=_help(
    "The rest of a Mathable game solved exactly, once the bag is empty: the position "
    "gives the opponent's holder on a 'rack NAME:' line (docs/MATHABLE.md); the value "
    "(the final score difference, mover minus opponent, both playing their best) and "
    "the line of play.",
    "eureka endgame mathable --position solver/eureka/mathable/data/endgame.txt",
    "endgame"))
@declared(params.VERBS["endgame"])
@click.option("--board/--no-board", default=True, show_default=True,
              help="Draw the board after the line.")
@stack(JSON, ASCII)
@reports_errors
def endgame_mathable(values, board, as_json, as_ascii):
    """`eureka endgame mathable`: the rest of a game solved exactly, once the bag is empty."""
    verb = params.VERBS["endgame"]
    result = verb.run(**read_files(verb, values))
    emit(result, as_json, lambda r: ascii_lines(endgame_lines(r, board), as_ascii))


@click.command("mathable", cls=ListCommand, help=_help(
    "Check a claimed Mathable turn: legal or exactly why not, its score placement by "
    "placement, and whether a turn scores more.  The claim - is read from standard "
    "input.  Exit code 0 for a legal turn, 1 for an illegal one, 2 for input that "
    "cannot be read.  (A game record is replayed by eureka score mathable and reviewed "
    "by eureka review mathable.)",
    'eureka check mathable --cards 1 8 2 12 16 42 17 "I8=12 H6=8 G9=2"', "check"))
@declared(params.VERBS["check"], VALUE_LIKE)     # a blank is the claimed turn, and empty
@stack(JSON, ASCII, QUIET)
@reports_errors
def check_mathable(values, as_json, as_ascii, quiet):
    """`eureka check mathable`: a claimed turn judged, and compared with the best."""
    verb = params.VERBS["check"]
    if values["claim"] == STDIN:
        if values["position"] == STDIN:
            raise InputError("standard input gives the position or the claimed turn, "
                             "not both")
        values["claim"] = " ".join(read_input(STDIN).split())
    result = verb.run(**read_files(verb, values), compare=as_json and not quiet)
    if as_json and not quiet:
        emit_json(result.to_json())
    elif not quiet:                                 # the verdict first, then the search
        click.echo("\n".join(ascii_lines(verdict_lines(result), as_ascii)))
        compared = ascii_lines(comparison_lines(result.compared()), as_ascii)
        if compared:
            click.echo("\n".join(compared))
    verdict_exit(result.valid)


def _record(values: dict, name: str) -> dict:
    """The values of a verb reading a game record, the record's option called `name`.

    The record's file is passed as `path` (a CAVA game is read from its folder), or for -
    standard input's text as the option's value.
    """
    path = values[name]
    if path == STDIN:
        return {**values, name: read_input(STDIN), "source": STDIN}
    return {**values, name: None, "path": path}


@click.command("mathable", help=_help(
    "Review a Mathable game record (a text record with every holder given; - for "
    "standard input): every turn whose holder the record gives against the best turns "
    "from that holder by score and by equity, what it lost, and a summary per player.  "
    "Exit code 0 when every turn is legal, 1 when not, 2 for a record that cannot be "
    "read.",
    "eureka review mathable docs/examples/mathable_review.txt", "review"))
@declared(params.VERBS["review"])
@stack(JSON, ASCII, QUIET)
@reports_errors
def review_mathable(values, as_json, as_ascii, quiet):
    """`eureka review mathable`: a game record's turns against the best turns."""
    result = params.VERBS["review"].run(**_record(values, "record"))
    if not quiet:
        emit(result, as_json, lambda r: ascii_lines(review_lines(r), as_ascii))
    verdict_exit(result.valid)


@click.command("mathable", help=_help(
    "Replay a Mathable game record (a text record, or a CAVA 2024 game's N_turns.txt; - "
    "for standard input): every turn scored, the first illegal placement, the totals.  "
    "Exit code 0 when every turn is legal and matches its official score, 1 when not, 2 "
    "for a record that cannot be read.",
    "eureka score mathable docs/examples/mathable_rulebook.txt", "score"))
@declared(params.VERBS["score"])
@click.option("--detail", is_flag=True, help="Show every placement of every turn.")
@stack(JSON, ASCII, QUIET)
@reports_errors
def score_mathable(values, detail, as_json, as_ascii, quiet):
    """`eureka score mathable`: a game record replayed and scored."""
    result = params.VERBS["score"].run(**_record(values, "record"))
    if not quiet:
        emit(result, as_json, lambda r: ascii_lines(score_lines(r, detail), as_ascii))
    verdict_exit(result.valid)


def _write_record(path: str, record) -> None:
    """Writes the game record `record()` to the file `path`.

    The file is opened first, so that a name that cannot be written is refused before the
    game is played. Raises InputError, one line, when it cannot be written.
    """
    if not path:
        raise InputError("cannot write the record to '': the file name is empty")
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(write(record()))
    except OSError as e:
        raise InputError(f"cannot write the record to {path}: {e.strerror}") from None


@click.command("mathable", help=_help(
    "Self-play of complete Mathable games (2–4 players), summarised: scores, wins, "
    "bonuses, game length, draws, exchanges, squares and endings; with two policies or "
    "more, each policy's win rate and spread with 95% intervals.  Each game (deal) is "
    "played in every seat order, so that every policy sits in every seat.",
    "eureka simulate mathable --games 10 --strategies optimal,greedy --seed 1", "simulate"))
@games_option(100, MAX_GAMES, text="How many deals to play, each in every seat order unless "
                                "--no-swap; the games in all count towards the bound")
@SEED
@click.option("--strategies", "--policies", "policies", default="optimal",
              show_default=True,
              help=f"One strategy (policy) per seat, comma-separated, from "
                   f"{', '.join(POLICIES)}; one name for every seat.")
@players_option(GAME.preset.players[1], "policy")
@click.option("--swap/--no-swap", default=True, show_default=True,
              help="Play each game in every seat order (the policies rotated round the "
                   "seats, the same deal); --no-swap: once, seats as given.")
@click.option("--record", "record_file", type=click.Path(dir_okay=False, writable=True),
              help="Also write the run's first game (seats as given) to this file as a "
                   "game record with every holder, for eureka review mathable.")
@stack(option(params.EDITION), option(params.NO_BONUS), THREADS, JSON, ASCII)
@reports_errors
def simulate_mathable(games, seed, policies, players, swap, record_file, edition,
                      no_bonus, as_json, as_ascii):
    """`eureka simulate mathable`: complete games of self-play, summarised."""
    run = GAME.self_play(games, seat_names(policies, players), seed,
                         params.edition_number(edition), not no_bonus, swap)
    if record_file is not None:                 # before the games: it may be refused
        _write_record(record_file, lambda: GAME.game_record(run.policies, run.seed, 0,
                                                            run.edition, run.bonus))
    with click.progressbar(length=run.played, label="games", file=sys.stderr,
                           hidden=not sys.stderr.isatty()) as bar:
        summary = run.run(progress=lambda done: bar.update(1))
    emit(summary, as_json, lambda s: ascii_lines(summary_lines(s), as_ascii))


def command(verb: str, name: str) -> click.Command:
    """The command for `eureka VERB mathable` (the registry's renderer protocol).

    `verb` picks the command; `name`, the game's name, is not read.
    """
    return {"solve": solve_mathable, "endgame": endgame_mathable, "check": check_mathable,
            "score": score_mathable, "review": review_mathable,
            "simulate": simulate_mathable, "play": play_mathable}[verb]
