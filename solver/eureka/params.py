"""The verbs of the games as data: each parameter's name, kind, bounds and help.

A game package exports `VERBS` beside `GAME`: for each verb a front end may call
(`solve`, `check`, `hint`, `score`), a `Verb` holding its parameters and the function
that answers it. The command line builds its options from these declarations
(eureka.cli.params) and the web API reads a request by them (`Verb.read`), so the two
cannot drift. No parameter is a path: a position or a game record, which the command
line reads from a file, is a text parameter here.

    >>> from eureka.pitagoras import VERBS
    >>> solve = VERBS["solve"]
    >>> values = solve.read({"cards": "2 7 6 12 15", "target": "32"})
    >>> solve.run(**values).most_cards
    5
"""

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from eureka.errors import EurekaError
from eureka.text import whole_number

KINDS = ("whole", "number", "flag", "switch", "choice", "text", "wholes", "words")
"""whole: a whole number; number: a finite decimal; flag: true or false (false by
default); switch: true, false or not given (None); choice: one of `choices`; text: any
text; wholes, words: a list of whole numbers, or of words."""
LARGEST = 2**63 - 1
TEXT_MOST = 256 * 1024
"""The longest text parameter (a game record is a few kilobytes)."""
LIST_MOST = 100
"""The most values of a list parameter unless declared otherwise."""
TRUE, FALSE = ("true", "1", "yes", "on", ""), ("false", "0", "no", "off")


@dataclass(frozen=True)
class Param:
    """One parameter of a verb.

    name       its name in a request and in the call (`any_numbers`); on the command
               line `--any-numbers`, or an argument
    kind       one of KINDS
    help       one sentence for the command's help and the API's documentation
    default    the value when it is not given
    required   it must be given
    low, high  the bounds of a number (whole, number, wholes)
    choices    the values of a choice
    most       the most values of a list, or characters of a text
    count      a list of exactly this many values (the dice: 2)
    spellings  the command line's names besides `--name` ('--hand' for --cards)
    metavar    the placeholder in the command's help
    argument   the command line takes it as an argument, not an option
    joined     the command line's argument is every word left, joined by spaces (a
               turn: I8=12 H6=8)
    from_file  the command line reads this text from a file it names ('-': standard
               input)
    """

    name: str
    kind: str
    help: str
    default: Any = None
    required: bool = False
    low: float = 0
    high: float = LARGEST
    choices: tuple = ()
    most: int | None = None
    count: int | None = None
    spellings: tuple = ()
    metavar: str | None = None
    argument: bool = False
    joined: bool = False
    from_file: bool = False

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"no parameter kind {self.kind!r}")
        if self.kind == "flag" and self.default is None:
            object.__setattr__(self, "default", False)

    @property
    def is_list(self) -> bool:
        """Whether the parameter is a list (wholes, words)."""
        return self.kind in ("wholes", "words")

    @property
    def limit(self) -> int:
        """The most values of a list, or characters of a text."""
        if self.most is not None:
            return self.most
        return TEXT_MOST if self.kind == "text" else LIST_MOST

    def read(self, value) -> Any:
        """A request's `value` as this parameter's Python value, checked.

        `value` is text, a JSON number, true/false, or a list (of one value, for a
        parameter that is not a list). Raises EurekaError naming the parameter when the
        value does not fit it.
        """
        if self.is_list:
            return self.listed(_words(self, value))
        if isinstance(value, list):
            if len(value) != 1:
                raise EurekaError(f"{self.name} is given {len(value)} times: give it once")
            value = value[0]
        if self.kind in ("flag", "switch"):
            return _truth(self.name, value)
        if self.kind == "whole":
            return self.whole(value)
        if self.kind == "number":
            return self.number(value)
        text = _text(self.name, value)
        if self.kind == "choice" and text not in self.choices:
            raise EurekaError(f"{self.name}: {text[:40]!r} is not one of "
                              f"{', '.join(map(str, self.choices))}")
        if len(text) > self.limit:
            raise EurekaError(f"{self.name}: longer than {self.limit:,} characters")
        return text

    def listed(self, words: list) -> tuple:
        """A list's values checked: their number, and each whole number's bounds.

        `words` are the list's words or numbers; returns them as a tuple (words as text,
        wholes as numbers). Raises EurekaError naming the parameter.
        """
        if len(words) > self.limit:
            raise EurekaError(f"{self.name}: at most {self.limit} values, not "
                              f"{len(words)}")
        if self.count is not None and len(words) != self.count:
            raise EurekaError(f"{self.name}: give {self.count} values, not {len(words)}")
        if self.kind == "words":
            return tuple(map(str, words))          # a JSON number as a word: its digits
        return tuple(self.whole(w) for w in words)

    def whole(self, value) -> int:
        """A whole number within [low, high], written in ASCII digits or given as one.

        `value` is the text or the number; raises EurekaError naming the parameter when
        it is not such a number.
        """
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = _text(self.name, value)
            number = whole_number(text)
            if number is None and text.isascii() and text.isdecimal():
                raise EurekaError(f"{self.name}: a number of {len(text):,} digits is not "
                                  f"between {self.low:,} and {self.high:,}")
            if number is None:
                raise EurekaError(f"{self.name}: {text[:40]!r} is not a whole number "
                                  f"(digits 0-9 only)")
        if not self.low <= number <= self.high:
            raise EurekaError(f"{self.name}: {number} is not between {self.low:,} and "
                              f"{self.high:,}")
        return number

    def number(self, value) -> float:
        """A finite number within [low, high], from `value` (a number or its text).

        Raises EurekaError naming the parameter when it is not such a number.
        """
        if isinstance(value, bool):
            raise EurekaError(f"{self.name}: {value} is not a number")
        try:
            number = float(value if isinstance(value, (int, float)) else
                           _text(self.name, value)[:40])
        except (ValueError, OverflowError):
            raise EurekaError(f"{self.name}: {str(value)[:40]!r} is not a number") from None
        if not (math.isfinite(number) and self.low <= number <= self.high):
            raise EurekaError(f"{self.name}: {str(value)[:40]} is not between "
                              f"{self.low:g} and {self.high:g}")
        return number


def _text(name: str, value) -> str:
    """A value as text: a number's digits, a text as it is.

    A text with a lone surrogate (no character of Unicode) is refused, and so is a value
    that is neither text nor a number (EurekaError naming the parameter `name`).
    """
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise EurekaError(f"{name}: give text or a number, not {type(value).__name__}")
    if not isinstance(value, str):
        return str(value)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise EurekaError(f"{name}: not Unicode text (a lone surrogate at "
                          f"{e.start + 1})") from None
    return value


def _words(param: Param, value) -> list:
    """A list's values: numbers, and the words of each text."""
    items = value if isinstance(value, list) else [value]
    return [w for item in items for w in
            ([item] if isinstance(item, int) and not isinstance(item, bool)
             else _text(param.name, item).split())]


def _truth(name: str, value) -> bool:
    if isinstance(value, bool):
        return value
    text = _text(name, value).strip().lower()
    if text not in TRUE + FALSE:
        raise EurekaError(f"{name}={str(value)[:40]!r}: a flag is true or false")
    return text in TRUE


@dataclass(frozen=True)
class Verb:
    """A verb of one game: its parameters and the function answering it.

    `params` are its Params; `run(**values)` returns a Result; `examples` are example
    calls (their values, as a request gives them: the first is the verb's example, and
    together they run every kernel the verb may need); and where the values choose a
    variant of the game (a numbers game's deck, die or rules), `variant(values)` is the
    game they play.
    """

    name: str
    params: tuple
    run: Callable = field(compare=False)
    examples: tuple = field(default=(), compare=False)
    variant: Callable | None = field(default=None, compare=False)

    def __post_init__(self):
        names = [p.name for p in self.params]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.name}: a parameter declared twice in {names}")

    def param(self, name: str) -> Param:
        """The parameter called `name`, or by one of its other spellings.

        Dashes in `name` are read as underscores ('any-numbers'), and a spelling counts
        without its leading dashes ('hand' finds `cards`, spelled '--hand'). Raises
        EurekaError for an unknown name.
        """
        names = {n.lstrip("-").replace("-", "_"): p for p in self.params
                 for n in (p.name, *p.spellings)}
        found = names.get(name.replace("-", "_"))
        if found is None:
            raise EurekaError(f"{self.name} has no parameter {name[:40]!r}; its "
                              f"parameters are {', '.join(p.name for p in self.params)}")
        return found

    def read(self, request: dict) -> dict:
        """The values of a `request` for `run`, each checked, the defaults filled in.

        `request` maps names to a value or [values]; each value is checked by its
        declaration. Raises EurekaError for an unknown, a missing, a repeated or a bad
        parameter.
        """
        values = {}
        for name, value in request.items():
            param = self.param(name)
            if param.name in values:
                raise EurekaError(f"{param.name} is given twice")
            values[param.name] = param.read(value)
        for param in self.params:
            if param.name not in values:
                if param.required:
                    raise EurekaError(f"{param.name} is needed: {param.help}")
                values[param.name] = param.default
        return values

    def __call__(self, request: dict):
        """The result for a request's values (read and checked first)."""
        return self.run(**self.read(request))
