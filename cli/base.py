"""Click plumbing shared by every command: one-line errors, list options, --json."""

import functools
import gc
import json
import re
import signal
import sys

import click

from solver.errors import EurekaError

CLAIM_LIKE = re.compile(r"\d\s*[xX]\s*\d")
VALUE_LIKE = re.compile(r"^-?[\w.,]+$")
NAMED_VALUE = re.compile(r"^[^-][^=]*=")       # NAME=VALUES, e.g. P1=40,20 (checked later)


JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/JSON.md).")
ASCII = click.option("--ascii", "as_ascii", is_flag=True,
                     help="Write + - * / instead of − × ÷.")


class InputError(click.ClickException):
    """Bad input: reported in one line, exit code 2."""

    exit_code = 2


class OneLineGroup(click.Group):
    """A group whose errors are one line on stderr, never a usage dump or a traceback."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("no_args_is_help", False)     # "Missing command.", one line
        super().__init__(*args, **kwargs)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except click.ClickException as e:
            click.echo(f"error: {e.format_message()}", err=True)
            sys.exit(e.exit_code)
        sys.exit(code if isinstance(code, int) else 0)


def as_program(group: click.Group):
    """The console-script entry for a group: one command in its own process."""

    def run():
        # One command, then exit: the equations are acyclic tuples, freed by reference
        # counting, and the cyclic collector would only rescan them (a second on 8 cards).
        gc.disable()
        # Ctrl-C ends the process at once, as in any C program: a KeyboardInterrupt
        # cannot reach into a running kernel and crashes the process on its way out.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        group()

    return run


class ListOption(click.Option):
    """An option taking several values at once: `--cards 2 7 6 12 15`."""

    def __init__(self, *args, value_pattern=VALUE_LIKE, **kwargs):
        kwargs.setdefault("multiple", True)
        super().__init__(*args, **kwargs)
        self.value_pattern = value_pattern


class ListCommand(click.Command):
    """A command whose list options take every value up to the next option.

    A value is a word or number (negative numbers included, so that they get a clear
    error); a claimed equation such as "7*6-12+2" or "7x6" ends the list.
    """

    def parse_args(self, ctx, args):
        patterns = {o: p.value_pattern for p in self.params if isinstance(p, ListOption)
                    for o in p.opts}
        out, current = [], None
        for arg in args:
            if arg == "--":
                current = None
                out.append(arg)
            elif arg in patterns:
                current = arg
            elif current and patterns[current].match(arg) and not CLAIM_LIKE.search(arg):
                out += [current, arg]
            else:
                current = None
                out.append(arg)
        return super().parse_args(ctx, out)


def reports_errors(func):
    """Turn the solver's input errors into one line and exit code 2."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except EurekaError as e:
            raise InputError(str(e)) from None

    return wrapper


def emit_json(payload: dict) -> None:
    click.echo(json.dumps(payload, indent=2, ensure_ascii=False))
