"""Reading what users write: text files and whole numbers, with one clear line for
every way they can be wrong."""

from pathlib import Path

from eureka.errors import EurekaError


def read_text(path, error=EurekaError) -> str:
    """The text of a UTF-8 file (a byte-order mark is dropped); `error` for a file that
    cannot be read."""
    if not str(path):
        raise error("cannot read '': the file name is empty")
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except OSError as e:
        raise error(f"cannot read {path}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise error(f"cannot read {path}: not UTF-8 text") from None


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
