"""A verb's declared parameters (eureka.params) as click options and arguments.

    @click.command("pitagoras", cls=ListCommand)
    @declared(VERBS["solve"])
    @JSON
    def command(values, as_json):
        result = VERBS["solve"].run(**read_files(VERBS["solve"], values))

The command receives the declared parameters as one dict, `values`, checked by their
declarations (the same checks as the web API's), and its own options (--json,
--ascii...) as keywords. A text the command line reads from a file arrives as the path
given; `read_files` reads it.
"""

import functools
import shlex

import click

from eureka.cli.base import (
    ANY_VALUE,
    VALUE_OR_BLANK,
    InputError,
    ListOption,
    Whole,
    read_input,
)
from eureka.errors import EurekaError
from eureka.params import Param, Verb


class Number(click.ParamType):
    """A finite decimal number within a parameter's bounds."""

    name = "number"

    def __init__(self, param: Param):
        self.param = param

    def convert(self, value, param, ctx):
        """The number `value` stands for, checked by the parameter's declaration.

        `param` and `ctx` are click's, for the error: a value that is not a finite number
        within the bounds fails (click.BadParameter, one line).
        """
        try:
            return self.param.number(value)
        except ValueError as e:
            self.fail(str(e).removeprefix(f"{self.param.name}: "), param, ctx)


def option_names(param: Param) -> list:
    """The command line's names of `param`: --any-numbers for any_numbers, then the others."""
    return [f"--{param.name.replace('_', '-')}", *param.spellings]


def option(param: Param, values_pattern=ANY_VALUE):
    """The click option or argument (a decorator) of the declared parameter `param`.

    A list option takes the words that match `values_pattern` (see ListCommand).
    """
    if param.argument:
        kind = click.Path(dir_okay=False, allow_dash=True) if param.from_file else None
        return click.argument(param.name, type=kind, nargs=-1 if param.joined else 1,
                              required=param.required and not param.joined)
    names = option_names(param)
    common = {"help": param.help, "metavar": param.metavar}
    if param.kind == "flag":
        return click.option(*names, param.name, is_flag=True, help=param.help)
    if param.kind == "switch":
        name = param.name.replace("_", "-")
        return click.option(f"--{name}/--no-{name}", param.name, default=None,
                            help=param.help)
    if param.is_list:
        kind = Whole(int(param.low), int(param.high)) if param.kind == "wholes" else None
        return click.option(*names, param.name, cls=ListOption, type=kind,
                            required=param.required, value_pattern=values_pattern, **common)
    kind = {"whole": lambda: Whole(int(param.low), int(param.high)),
            "number": lambda: Number(param),
            "choice": lambda: click.Choice([str(c) for c in param.choices]),
            "text": lambda: (click.Path(dir_okay=False, allow_dash=True)
                             if param.from_file else str)}[param.kind]()
    if param.default is not None:                  # (an explicit None would satisfy
        common.update(default=param.default, show_default=True)  # `required`)
    return click.option(*names, param.name, type=kind, required=param.required, **common)


def declared(verb: Verb, pattern=None):
    """A decorator giving a command the options and arguments of `verb`'s parameters.

    The command receives their values, checked, as one dict, `values` (a value that fails
    its check is one line of InputError). A list option takes the words that match
    `pattern` (default: any word, or, with an argument after it, values and blanks).
    """
    if pattern is None:
        arguments = any(p.argument for p in verb.params)
        pattern = VALUE_OR_BLANK if arguments else ANY_VALUE  # a claim after a list ends it
    names = {p.name for p in verb.params}

    def apply(func):
        @functools.wraps(func)
        def command(**kw):
            values = {name: kw.pop(name) for name in names}
            try:
                values = checked(verb, values)
            except EurekaError as e:
                raise InputError(str(e)) from None
            return func(values=values, **kw)

        for param in reversed(verb.params):
            command = option(param, pattern)(command)
        return command

    return apply


def _shown(param: Param) -> str:
    """The parameter as the command line names it: '--cards', or 'RECORD'."""
    return param.name.upper() if param.argument else option_names(param)[0]


def checked(verb: Verb, values: dict) -> dict:
    """The command line's `values` for `verb`, checked by their declarations.

    They are checked as a request's are (the most values of a list, a text's length...);
    a list not given is its default. Raises EurekaError for a value that fails its check
    or a required parameter not given.
    """
    out = {}
    for param in verb.params:
        value = values[param.name]
        if param.joined:
            value = " ".join(value) if value else None
        elif param.is_list:
            value = tuple(value) if value else None
        if value is None and param.required:
            raise EurekaError(f"{_shown(param)} is needed: {param.help}")
        out[param.name] = (param.default if value is None else param.listed(list(value))
                           if param.is_list else param.read(value))
    return out


def read_files(verb: Verb, values: dict) -> dict:
    """The `values` with each text that `verb`'s command line reads from a file read.

    Such a value is the path given, or '-' for standard input. Raises InputError, one
    line, for a file that cannot be read.
    """
    return {name: read_input(value) if value is not None and
            verb.param(name).from_file else value for name, value in values.items()}


def example(verb: Verb) -> str:
    """The first example of `verb` as command-line words.

    For example '--cards 2 7 6 12 15 --target 32 "7*6-12+2"': the options, then the
    arguments.
    """
    given = verb.examples[0]
    words = []
    for param in verb.params:
        if param.name not in given or param.argument:
            continue
        value = given[param.name]
        words.append(option_names(param)[0])
        if value is not True:
            values = value if isinstance(value, list) else str(value).split()
            words += [shlex.quote(str(v)) for v in values]
    words += [f'"{given[p.name]}"' for p in verb.params if p.argument and p.name in given]
    return " ".join(words)
