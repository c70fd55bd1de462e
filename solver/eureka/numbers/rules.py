"""Rules of a numbers game as data: one frozen Rules value per preset."""

from dataclasses import dataclass, replace

from eureka.errors import RulesError
from eureka.ops import sign

OPERATIONS = "+-*/^"
DOMAINS = ("whole", "positive", "fraction")
MAX_CAP = 10**18


@dataclass(frozen=True)
class Rules:
    """What a numbers game allows.

    name     the preset's name ("numbers", "pitagoras", ...)
    ops      the operations, a subset of "+-*/^" ("-" needs "+", "/" needs "*")
    domain   "whole": every intermediate result a whole number >= 0 (Pitagoras);
             "positive": >= 1 (Countdown); "fraction": any exact fraction >= 0 (the
             24 game; without ^)
    cap      largest intermediate value the engine forms (see docs/RULES.md)
    max_cards  the largest hand the engine will search

    Raises RulesError when the operations, the domain or the cap are not allowed; `ops`
    is kept in the order of "+-*/^".
    """

    name: str = "numbers"
    ops: str = "+-*/"
    domain: str = "whole"
    cap: int = MAX_CAP
    max_cards: int = 10

    def __post_init__(self):
        unknown = set(self.ops) - set(OPERATIONS)
        if unknown or not self.ops:
            raise RulesError(f"operations must be chosen from {OPERATIONS!r}, got {self.ops!r}")
        if "-" in self.ops and "+" not in self.ops:
            raise RulesError("'-' needs '+' as well (a sum may mix added and subtracted terms)")
        if "/" in self.ops and "*" not in self.ops:
            raise RulesError("'/' needs '*' as well (a product may mix factors and divisors)")
        if self.domain not in DOMAINS:
            raise RulesError(f"domain must be one of {', '.join(DOMAINS)}, got {self.domain!r}")
        if self.domain == "fraction" and "^" in self.ops:
            raise RulesError("^ is not offered with fractions (a fraction's power may not "
                             "be a fraction)")
        if not 1 <= self.cap <= MAX_CAP:
            raise RulesError(f"cap must be between 1 and {MAX_CAP}, got {self.cap}")
        object.__setattr__(self, "ops", "".join(o for o in OPERATIONS if o in self.ops))

    @property
    def lowest(self) -> int:
        """The smallest value allowed for a card or an intermediate result."""
        return 1 if self.domain == "positive" else 0

    def with_pow(self, allowed: bool = True) -> "Rules":
        """The same rules with ^ offered when `allowed`, else without it."""
        ops = self.ops.replace("^", "") + ("^" if allowed else "")
        return replace(self, ops=ops)

    def describe(self, ascii: bool = False) -> str:
        """The rules in one line: '+ − × ÷; every step whole numbers ≥ 0'.

        With `ascii` the signs and the comparison are written in ASCII (+ - * /, >=).
        """
        ops = " ".join(sign(o, ascii) for o in self.ops)
        numbers = {"positive": "positive whole numbers", "whole": "whole numbers ≥ 0",
                   "fraction": "fractions ≥ 0"}[self.domain]
        if ascii:
            numbers = numbers.replace("≥", ">=")
        return f"{ops}; every step {numbers}"

    def to_json(self) -> dict:
        """The rules as a JSON object: name, ops, domain and cap."""
        return {"name": self.name, "ops": self.ops, "domain": self.domain, "cap": self.cap}


PITAGORAS = Rules(name="pitagoras", ops="+-*/", domain="whole")
COUNTDOWN = Rules(name="countdown", ops="+-*/", domain="positive")
NUMBERS = Rules(name="numbers", ops="+-*/", domain="whole")
GAME24 = Rules(name="game24", ops="+-*/", domain="fraction")
