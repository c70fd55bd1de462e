"""Click plumbing shared by every command.

One-line errors and exit codes, the options every command takes (--json, --ascii,
--quiet), list options, reading input (whole, or typed a line at a time) and writing
output.
"""

import codecs
import contextlib
import errno
import functools
import gc
import json
import os
import re
import select
import signal
import sys

import click

from eureka.cli.ascii import ascii_lines, fall_back_to_ascii
from eureka.errors import EurekaError
from eureka.text import MOST_BYTES, open_file, read_stream, read_text, whole_number

CLAIM_LIKE = re.compile(r"\d\s*[xX]\s*\d")
VALUE_LIKE = re.compile(r"^[-+]?[\w.,]+$")
ANY_VALUE = re.compile(r"^(?!-[A-Za-z-])")      # any but an option (no arguments after)
VALUE_OR_BLANK = re.compile(f"{VALUE_LIKE.pattern}|^\\s*$")  # a blank is named, a claim ends


CONTEXT = {"help_option_names": ["-h", "--help"]}
STDIN = "-"
"""A file named - is standard input."""
LONGEST_MOVE = 1000
"""The longest line a game in the terminal reads as a move, in bytes (eureka play: a
Mathable turn, a Pitagoras equation); the longest move needs about a tenth of it."""
LONGEST_ERROR = 300
"""The most characters of an error message written, its middle cut out for '…': an error
that repeats a huge input stays one readable line, its start and its reason kept."""

JSON = click.option("--json", "as_json", is_flag=True,
                    help="Print JSON (its JSON Schema: eureka schema).")
ASCII = click.option("--ascii", "as_ascii", is_flag=True,
                     help="Write + - * / instead of − × ÷.")
QUIET = click.option("--quiet", "-q", is_flag=True,
                     help="Print nothing: the exit code alone gives the answer.")

_OUTPUT_LOST = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}
"""The errors of a write that the output cannot take (a full disk, /dev/full)."""


class InputError(click.ClickException):
    """Bad input: reported in one line, exit code 2."""

    exit_code = 2


class OneLineGroup(click.Group):
    """A group whose errors are one line on stderr, never a usage dump or a traceback."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("no_args_is_help", True)
        kwargs.setdefault("context_settings", CONTEXT)
        super().__init__(*args, **kwargs)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):
        """Runs the group as a program: every error one line, then exit with its code.

        `args` are the command line's words (sys.argv[1:] by default); `prog_name`,
        `complete_var` and `extra` go to click.Group.main. Without `standalone_mode`,
        click's own main runs: it returns the command's value and raises its errors.

        Otherwise it never returns: no arguments print the help (exit code 0); a click
        error is one line on stderr (report_error, as JSON under --json or --jsonl) with
        its exit code (2 for bad input); an abort exits 1, and a write the output cannot
        take (a full disk) is one line with exit code 2. Any other OSError is raised.
        """
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        args = sys.argv[1:] if args is None else list(args)

        def fail(message: str, code: int):
            report_error(message, bool({"--json", "--jsonl"} & set(args)), "--ascii" in args)
            sys.exit(code)

        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as e:
            click.echo(e.ctx.get_help())
            sys.exit(0)
        except click.ClickException as e:
            fail(e.format_message(), e.exit_code)
        except click.exceptions.Exit as e:
            sys.exit(e.exit_code)
        except click.Abort:
            click.echo("error: aborted", err=True)
            sys.exit(1)
        except OSError as e:           # click ends a broken pipe (| head) itself, quietly
            if e.errno not in _OUTPUT_LOST:
                raise
            fail(f"cannot write {e.filename or 'the output'}: {e.strerror}", 2)
        sys.exit(code if isinstance(code, int) else 0)


def report_error(message: str, as_json: bool, as_ascii: bool = False) -> None:
    """Writes `message` as one line on stderr: `error: ...`, or an `eureka.error/1` object.

    The object is written under `as_json` (--json, --jsonl); the line is in ASCII under
    `as_ascii` (--ascii); either is one_line's.
    """
    message = ascii_lines([one_line(message)], as_ascii)[0]
    if as_json:
        click.echo(json_text({"schema": "eureka.error/1", "error": message},
                             sys.stderr), err=True)
    else:
        click.echo(f"error: {message}", err=True)


def one_line(message: str) -> str:
    r"""The error `message` as one readable line of LONGEST_ERROR characters at most.

    Its line breaks are written as \r and \n; past LONGEST_ERROR characters its middle
    is cut out for '…', its start and its reason kept.
    """
    message = message.replace("\r", "\\r").replace("\n", "\\n")
    if len(message) <= LONGEST_ERROR:
        return message
    head = (LONGEST_ERROR - 1) // 2
    return f"{message[:head]}…{message[head + 1 - LONGEST_ERROR:]}"


def as_program(group: click.Group):
    """The console-script entry for `group`: a function that runs one command, then exits.

    The process runs without the cyclic garbage collector, ends at once on Ctrl-C, and
    writes - * / on a stdout or stderr that cannot show − × ÷.
    """

    def run():
        # One command, then exit: the equations are acyclic tuples, freed by reference
        # counting, and the cyclic collector would only rescan them.
        gc.disable()
        # Ctrl-C ends the process at once, as in any C program: a KeyboardInterrupt
        # cannot reach into a running kernel and crashes the process on its way out.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        for stream in (sys.stdout, sys.stderr):
            fall_back_to_ascii(stream)
        group()

    return run


@contextlib.contextmanager
def interruptible():
    """A block where Ctrl-C raises KeyboardInterrupt: a wait on standard input.

    Elsewhere as_program's Ctrl-C ends the process at once.
    """
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


class Whole(click.ParamType):
    """A whole number written in ASCII digits, within [low, high].

    '+5', '0x10', '3_4', '١٢' and '1e3' are refused with one clear line, and nothing
    reaches the engine that does not fit in 64 bits.
    """

    name = "whole number"

    def __init__(self, low: int = 0, high: int = 2**63 - 1):
        self.low, self.high = low, high

    def convert(self, value, param, ctx):
        """The whole number that `value` (an int, or its text) stands for, within bounds.

        `param` and `ctx` are click's, for the error: a value that is not ASCII digits or
        lies outside [low, high] fails (click.BadParameter, one line).
        """
        if isinstance(value, int):
            number = value
        else:
            text = str(value)
            if not (text.isascii() and text.isdecimal()):
                self.fail(f"{text!r} is not a whole number (digits 0-9 only)", param, ctx)
            number = whole_number(text)
            if number is None:                        # more digits than int() reads
                self.fail(f"a number of {len(text):,} digits is not between "
                          f"{self.low:,} and {self.high:,}", param, ctx)
        if not self.low <= number <= self.high:
            self.fail(f"{value} is not between {self.low:,} and {self.high:,}", param, ctx)
        return number


def command_help(text: str, example: str, schema_id: str) -> str:
    """A command's help: `text` (what it does), an `example` and its JSON Schema.

    The example is never rewrapped; `schema_id` is the id `eureka schema` takes.
    """
    return f"{text}\n\n\b\nExample: {example}\nJSON Schema of --json: eureka schema {schema_id}"


def verdict_exit(valid: bool) -> None:
    """Exits with code 1 for a claim judged invalid: every check command calls it.

    Returns (to exit code 0) when `valid`.
    """
    if not valid:
        click.get_current_context().exit(1)


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
        """Parses `args` with each list option's values taken up to the next option.

        Every value is given its option again (`--cards 2 --cards 7`), as click's
        multiple=True expects; a value ends the list when it does not match the option's
        value_pattern (the first value may be any word) or, in a command that takes a
        claim, looks like one. `ctx` is click's context. Raises click.UsageError for a
        list option given no value.
        """
        patterns = {o: p.value_pattern for p in self.params if isinstance(p, ListOption)
                    for o in p.opts}
        options = {o for p in self.get_params(ctx) for o in p.opts + p.secondary_opts}
        claims = any(isinstance(p, click.Argument) for p in self.params)  # "7x6" ends a list
        out, current, first = [], None, False
        for arg in [*args, None]:                            # None: the end
            if current and first and (arg is None or arg == "--" or arg in options):
                raise click.UsageError(f"{current} needs a value", ctx)
            if arg is None:
                break
            if arg == "--" or (arg in options and arg not in patterns):   # '-q' ends a list
                current = None
                out.append(arg)
            elif arg in patterns:
                current, first = arg, True
            elif current and (first or patterns[current].match(arg)) and not (
                    claims and CLAIM_LIKE.search(arg)):    # the first value: any word
                out += [current, arg]
                first = False
            else:
                current = None
                out.append(arg)
        return super().parse_args(ctx, out)


def reports_errors(func):
    """The command function `func`, with the solver's input errors as one line, exit code 2.

    An EurekaError raised by `func` is raised again as InputError.
    """

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except EurekaError as e:
            raise InputError(str(e)) from None

    return wrapper


def json_text(payload: dict, stream=None, indent=None) -> str:
    r"""The JSON document `payload` as text for `stream` (stdout by default).

    Its characters stay as they are on a UTF-8 stream and are escaped (\u2212) on any
    other, so the data stays exact; `indent` is json.dumps's.
    """
    encoding = getattr(stream or sys.stdout, "encoding", None) or "ascii"
    return json.dumps(payload, indent=indent,
                      ensure_ascii=not codecs.lookup(encoding).name.startswith("utf"))


def emit_json(payload: dict) -> None:
    """Writes the JSON document `payload` (a result's `to_json()`) on stdout, indented."""
    click.echo(json_text(payload, indent=2))


def read_input(path: str) -> str:
    """The text of the file `path`, or of standard input for '-'.

    The text is read as UTF-8 (a byte-order mark dropped), at most eureka.text.MOST_BYTES.
    Raises InputError, one line, for anything that cannot be read.
    """
    if path != STDIN:
        return read_text(path, InputError)
    return read_stream(open_input(path), "standard input", InputError)


def open_input(path: str):
    """The file `path` (or standard input for '-') opened in binary, to be read line by line.

    Raises InputError, one line, when it cannot be opened or is not a file or a pipe.
    """
    if path != STDIN:
        return open_file(path, InputError)
    stream = getattr(sys.stdin, "buffer", None)          # None: standard input closed
    if stream is None:
        raise InputError("cannot read standard input: it is closed")
    return stream


class LineNotRead(InputError):
    """A line of standard input not read as a move: too long, or standard input failed."""


class TypedLines:
    """Standard input a line at a time, each as soon as it is there, of LONGEST_MOVE bytes.

    A longer line is read past, in bounded memory, and refused; a line with no end in the
    first eureka.text.MOST_BYTES (/dev/zero) ends standard input. A stream that cannot be
    waited on (no file descriptor) is read a line at a time when asked.
    """

    def __init__(self, stream):
        """The lines of the text `stream` (sys.stdin), read as bytes.

        Raises InputError when standard input is closed (`stream` None).
        """
        if stream is None:
            raise InputError("cannot read standard input: it is closed")
        try:
            self.fd = stream.fileno()
        except (AttributeError, OSError, ValueError):
            self.fd = None
        self.bytes = getattr(stream, "buffer", stream)
        self.encoding = getattr(stream, "encoding", None) or "utf-8"
        self.pending, self.skipped, self.ended = b"", 0, False

    def next(self, seconds_left=None) -> str | None:
        """The next line ('' at the end), or None once `seconds_left()` is 0 first.

        Without `seconds_left` it waits for the line as long as it takes. Raises
        LineNotRead for a line longer than LONGEST_MOVE once it is read past, and for a
        read that fails (then standard input ends): the next call reads on.
        """
        while b"\n" not in self.pending and not self.ended:
            if len(self.pending) > LONGEST_MOVE:            # read past, not kept
                self.skipped += len(self.pending)
                self.pending = b""
                if self.skipped > MOST_BYTES:
                    self.skipped, self.ended = 0, True
                    raise LineNotRead(f"{_TOO_LONG}, and standard input no further: no "
                                      f"line end in the first {MOST_BYTES // 2**20} MB")
            chunk = self._read(seconds_left)
            if chunk is None:
                return None
            self.pending += chunk
            self.ended = not chunk
        line, newline, self.pending = self.pending.partition(b"\n")
        length, self.skipped = self.skipped + len(line), 0
        if length > LONGEST_MOVE:
            raise LineNotRead(f"{_TOO_LONG} (no move is that long)")
        return (line + newline).decode(self.encoding, errors="replace")

    def _read(self, seconds_left) -> bytes | None:
        """What standard input holds next (b'' at its end), None once `seconds_left()` is 0.

        Raises LineNotRead for a read that fails, and standard input ends.
        """
        wait = None if seconds_left is None else seconds_left()
        try:
            if self.fd is None:
                return None if wait is not None and wait <= 0 else \
                    self.bytes.readline(LONGEST_MOVE + 1)
            if wait is not None and (wait <= 0 or not select.select([self.fd], [], [],
                                                                    wait)[0]):
                return None
            return os.read(self.fd, 65536)
        except OSError as e:
            self.pending, self.ended = b"", True
            raise LineNotRead(f"cannot read standard input: {e.strerror}") from None


_TOO_LONG = f"a line longer than {LONGEST_MOVE:,} bytes is not read"


def writable(path: str, what: str) -> None:
    """Refuses, before any work starts, a file `path` that cannot be written.

    `what` names what would be written ("the record"). The file is opened to append and,
    when it was not there, removed again. Raises InputError, one line.
    """
    if not path:
        raise InputError(f"cannot write {what} to '': the file name is empty")
    existed = os.path.exists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as e:
        raise InputError(f"cannot write {what} to {path}: {e.strerror}") from None
    if not existed:
        os.remove(path)


def worker_count(asked: int | None) -> int:
    """The number of processes for --workers, `asked` (eureka.parallel.processes).

    Its warning, if any, is written as one line on stderr.
    """
    from eureka import parallel

    count, warning = parallel.processes(asked)
    if warning:
        click.echo(f"warning: {warning}", err=True)
    return count


def emit(result, as_json: bool, render) -> None:
    """Prints the library's `result`: its JSON document, or the text lines of `render`.

    Under `as_json` the document is `result.to_json()`; otherwise the lines are
    `render(result)`.
    """
    if as_json:
        emit_json(result.to_json())
    else:
        click.echo("\n".join(render(result)))


def stack(*options):
    """One decorator applying the click `options` (or tuples of them) in the order given."""
    flat = [o for opt in options for o in (opt if isinstance(opt, tuple) else (opt,))]

    def apply(func):
        for option in reversed(flat):
            func = option(func)
        return func

    return apply
