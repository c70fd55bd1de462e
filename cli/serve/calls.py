"""A request of the JSON API as a command line.

`/api/<verb>/<game>?cards=1+8+2&target=32` is `eureka VERB GAME --cards 1 8 2 --target
32 --json`: each parameter is a command option by its long name (`no-bonus` for
`--no-bonus`) or an argument by its name (`equation`, `claim`, `record`); lists come as
repeated parameters or space-separated; a flag is `true` or `false`. The page never names
a file: `input` is text given to the command as standard input, which a parameter reads
when given as `-` (`position=-`, `record=-`), as on the command line.
"""

import importlib
from dataclasses import dataclass

import click

from eureka.games import GAMES

VERBS = ("solve", "check", "score", "hint")
LEFT_OUT = {"as_json", "jsonl", "batch", "workers", "help"}
"""Options the API does not take: it always answers with one JSON document, and reads
no files."""
INPUT = "input"
FILES = {"game_file": "record", "record_file": "record"}
"""The arguments that name a file on the command line, by their name in a request."""
TRUE, FALSE = ("", "1", "true", "yes", "on"), ("0", "false", "no", "off")


class RequestError(Exception):
    """A request that names no command, or options the command does not have."""


@dataclass(frozen=True)
class Call:
    """The command line of a request (after `eureka`) and its standard input."""

    argv: tuple
    stdin: str | None = None


def command(verb: str, game: str) -> click.Command:
    """The click command of `eureka VERB GAME`."""
    entry = GAMES.get(game)
    if verb not in VERBS:
        raise RequestError(f"no verb {verb!r}: the API answers {', '.join(VERBS)}")
    if entry is None or verb not in entry.verbs:
        served = ", ".join(g.name for g in GAMES.values() if verb in g.verbs)
        raise RequestError(f"no game {game!r} to {verb}: the games are {served}")
    return importlib.import_module(f"eureka.cli.{entry.renderer}").command(verb, game)


def names(param: click.Parameter) -> list:
    """A parameter's names in a request: an option's long names, an argument's name."""
    if isinstance(param, click.Argument):
        return [FILES.get(param.name, param.name)]
    return [o[2:] for o in param.opts if o.startswith("--")]


def parameters(verb: str, game: str) -> dict:
    """{name in a request: click parameter} of the command, the API's own left out."""
    return {name: p for p in command(verb, game).params if p.name not in LEFT_OUT
            for name in names(p)}


def call(verb: str, game: str, query: dict) -> Call:
    """The command line for a request's parameters ({name: [values]})."""
    known = parameters(verb, game)
    stdin = None
    options, arguments = [], []
    for name, values in query.items():
        if name == INPUT:
            stdin = "\n".join(values)
            continue
        param = known.get(name.replace("_", "-")) or known.get(name)
        if param is None:
            raise RequestError(f"{verb} {game} has no parameter {name!r}; its parameters "
                               f"are {', '.join(sorted(known))}, and {INPUT}")
        if isinstance(param.type, click.Path) and values != ["-"]:
            raise RequestError(f"{name}: give the text as {INPUT!r} and {name}=- (no file "
                               f"names are read)")
        if isinstance(param, click.Argument):
            arguments += _words(param, values)
        elif getattr(param, "is_flag", False) and not param.secondary_opts:
            options += [param.opts[0]] * _truth(name, values)
        elif getattr(param, "is_flag", False):
            options.append(param.opts[0] if _truth(name, values) else param.secondary_opts[0])
        else:
            options += [w for v in _words(param, values) for w in (param.opts[0], v)]
    return Call((verb, game, *options, "--json", "--", *arguments), stdin)


def _words(param: click.Parameter, values: list) -> list:
    if param.multiple or param.nargs != 1:
        return [w for v in values for w in v.split()]
    return values[-1:]


def _truth(name: str, values: list) -> bool:
    value = values[-1].strip().lower()
    if value not in TRUE + FALSE:
        raise RequestError(f"{name}={values[-1]!r}: a flag is true or false")
    return value in TRUE
