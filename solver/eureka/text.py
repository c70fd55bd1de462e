"""Reading what users write: text files and whole numbers, with one clear line for
every way they can be wrong."""

import os
import stat

from eureka.errors import EurekaError

MOST_BYTES = 16 * 2**20
"""The largest file read whole (a record, a position, a game), in bytes: 16 MB."""


def open_file(path, error=EurekaError):
    """The file `path` opened to read in binary: a regular file or a pipe; `error` for
    a name that cannot be opened and for anything else (a directory, a device)."""
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
    """The text of a UTF-8 file of at most MOST_BYTES (a byte-order mark is dropped);
    `error` for a file that cannot be read."""
    with open_file(path, error) as f:
        if os.fstat(f.fileno()).st_size > MOST_BYTES:     # refused without reading it
            raise _too_large(path, error)
        return read_stream(f, path, error)


def read_stream(stream, name, error=EurekaError) -> str:
    """The UTF-8 text of a binary stream (a file, standard input), read to its end but
    never more than MOST_BYTES: `error` beyond, naming the stream `name`. A byte-order
    mark is dropped, and line ends are '\\n' (as open() gives them)."""
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
    """The whole number written in ASCII digits, else None ('12' -> 12; '²', '١٢', '-3',
    '1.5' -> None, and so is a number of more digits than Python converts, 4,300)."""
    if not (text.isascii() and text.isdecimal()):
        return None
    try:
        return int(text)
    except ValueError:
        return None


def plural(n: int, noun: str, plural_form: str | None = None) -> str:
    """'1 card', '2 cards', '1,000 turns': a count and its noun, agreeing."""
    return f"{n:,} {noun if n == 1 else plural_form or noun + 's'}"
