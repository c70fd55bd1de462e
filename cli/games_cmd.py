"""`eureka games`: the games kept (eureka.store), the last played first.

Also the options of the commands that keep games: `--db PATH` and `--resume [ID]`.
"""

from pathlib import Path

import click

from eureka.cli.base import JSON, InputError, emit_json, reports_errors, stack
from eureka.text import plural

LATEST = ""
"""--resume without an id: the unfinished game played last."""


def _resumable(context, param, value):
    """The value of --db or --resume; once both are read, InputError for --resume in no file.

    A file of games that does not exist holds none to go on with, and is not made.
    """
    other = {"db": "resume", "resume": "db"}[param.name]
    if other in context.params:
        both = {**context.params, param.name: value}
        if both["resume"] is not None:
            from eureka.store import default_path

            path = Path(both["db"]).expanduser() if both["db"] else default_path()
            if not path.exists():
                raise InputError(f"no game is kept in {path}: there is no such file "
                                 f"(--db names another)")
    return value


DB = click.option("--db", type=click.Path(dir_okay=False), metavar="PATH",
                  callback=_resumable,
                  help="The SQLite file the games are kept in (default: $EUREKA_DB, else "
                       "eureka/games.db in $XDG_DATA_HOME or ~/.local/share).")


def resume_option(game: str):
    """The option `--resume [ID]` of `eureka play GAME`, the `game` named in its help."""
    return click.option("--resume", is_flag=False, flag_value=LATEST, metavar="[ID]",
                        callback=_resumable,
                        help=f"Go on with the kept game ID where it stood (without ID: the "
                             f"unfinished {game} game played last); eureka games lists "
                             f"them.")


def resumed(store, game: str, resume: str, kept: tuple = ("resume", "db")) -> tuple:
    """The id and game of `--resume`, kept in `store`.

    `resume` is the id given, or LATEST: the unfinished `game` played last. Raises
    InputError when an option of the command other than those `kept` (and the output's)
    is given: the game goes on as it was dealt. Raises eureka.store.Unknown for no such
    game kept.
    """
    context = click.get_current_context()
    given = [f"--{name.replace('_', '-')}" for name in context.params
             if name not in (*kept, "as_json", "as_ascii")
             and context.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT]
    if given:
        raise InputError(f"--resume goes on with the game as it was dealt: leave out "
                         f"{', '.join(given)}")
    key = store.latest(game) if resume == LATEST else resume
    return key, store.game(key, game)


@click.command("games", help="List the games played against eureka (the page, the API and "
               "the terminal), each kept as it went: the date it was last played (UTC), "
               "the game, the opponent, the result or 'unfinished', and its id, the last "
               "played first (at most 200).  eureka play mathable --resume ID (or "
               "pitagoras) goes on with an unfinished one.\n\nExample: eureka games")
@DB
@stack(JSON)
@reports_errors
def command(db, as_json):
    """`eureka games`: the kept games, the last played first."""
    from eureka.store import Store, default_path

    path = Path(db).expanduser() if db else default_path()
    entries = Store(path).listing() if path.exists() else []    # none: no file made
    if as_json:
        emit_json({"schema": "eureka.games/1", "games": [e.to_json() for e in entries]})
        return
    if not entries:
        click.echo(f"No game is kept in {path} yet: eureka play mathable, or the Play page "
                   f"of eureka serve.")
        return
    rows = [(e.updated[:16].replace("T", " "), e.game, e.opponent,
             e.result or "unfinished", e.id) for e in entries]
    widths = [max(len(row[k]) for row in rows) for k in range(4)]
    for row in rows:
        click.echo("  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[4])
    click.echo(f"\n{plural(len(rows), 'game')} kept in {path}, the last played first; "
               f"eureka play GAME --resume ID goes on with an unfinished one.")
