"""Reading what users write: text files and whole numbers.

Every way they can be wrong gets one clear line.
"""

import os
import re
import stat

from eureka.errors import EurekaError

MOST_BYTES = 16 * 2**20
"""The largest file read whole (a record, a position, a game), in bytes: 16 MB."""
QUOTED = 80
"""The most characters of their input an error message repeats, then '…'."""
_LINE_END = re.compile(r"\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def open_file(path, error=EurekaError):
    """The file `path` opened to read in binary: a regular file or a pipe.

    Raises `error` (an exception class) for a name that cannot be opened and for
    anything else (a directory, a device). The caller closes the file.
    """
    if not str(path):
        raise error("cannot read '': the file name is empty")
    try:
        f = open(path, "rb")
    except OSError as e:
        raise error(f"cannot read {path}: {e.strerror}") from None
    mode = os.fstat(f.fileno()).st_mode
    if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
        f.close()
        raise error(f"cannot read {path}: not a regular file or a pipe")
    return f


def read_text(path, error=EurekaError) -> str:
    """The text of the UTF-8 file `path`, of at most MOST_BYTES; a byte-order mark is dropped.

    Raises `error` for a file that cannot be read: as open_file() and read_stream() do,
    and for a file larger than MOST_BYTES, refused without reading it.
    """
    with open_file(path, error) as f:
        if os.fstat(f.fileno()).st_size > MOST_BYTES:     # refused without reading it
            raise _too_large(path, error)
        return read_stream(f, path, error)


def read_stream(stream, name, error=EurekaError) -> str:
    r"""The UTF-8 text of the binary `stream` (a file, standard input), read to its end.

    Never more than MOST_BYTES is read: beyond, `error` is raised naming the stream
    `name`, as it is for a read that fails and for text that is not UTF-8. A byte-order
    mark is dropped, and line ends are '\n' (as open() gives them).
    """
    try:
        data = stream.read(MOST_BYTES + 1)
    except OSError as e:
        raise error(f"cannot read {name}: {e.strerror}") from None
    if len(data) > MOST_BYTES:
        raise _too_large(name, error)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(f"cannot read {name}: not UTF-8 text") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _too_large(name, error) -> Exception:
    return error(f"cannot read {name}: larger than {MOST_BYTES // 2**20} MB")


def whole_number(text: str) -> int | None:
    """The whole number `text` writes in ASCII digits, else None.

    '12' -> 12; '²', '١٢', '-3', '1.5' -> None, and so is a number of more digits than
    Python converts (4,300).
    """
    if not (text.isascii() and text.isdecimal()):
        return None
    try:
        return int(text)
    except ValueError:
        return None


def plural(n: int, noun: str, plural_form: str | None = None) -> str:
    """A count and its noun, agreeing: '1 card', '2 cards', '1,000 turns'.

    `n` is the count, `noun` the noun for one and `plural_form` the noun for more, when
    it is not `noun` + 's'.
    """
    return f"{n:,} {noun if n == 1 else plural_form or noun + 's'}"


def quoted(text: str, most: int = QUOTED) -> str:
    """The `text` quoted for a message, as repr() quotes it, cut after `most` characters.

    A text cut ends in '…' inside the quotes: 'P1: xxxx…'.
    """
    if len(text) <= most:
        return repr(text)
    cut = repr(text[:most])
    return f"{cut[:-1]}…{cut[-1]}"


def lines(text: str, piece: int = 2**16):
    """The lines of `text`, one at a time: those str.splitlines() gives, without the list.

    They are split a `piece` of characters at a time (each to the end of its last line).
    """
    start = 0
    while start < len(text):
        end = _LINE_END.search(text, start + piece)
        stop = end.end() if end else len(text)
        yield from text[start:stop].splitlines()
        start = stop
