"""How hard a puzzle is for a person: the difficulty rating.

The rating is the searching player's (walk.py) chance of finding an answer, as
-log2(chance): each point halves the chance, so a puzzle rated 8 is found by the
searching player once in 256 tries. Its weights were fitted to how people do at the 24
game (`python -m eureka.benchmarks.difficulty`; the figures are in docs/DIFFICULTY.md)
and are stored in eureka/data/difficulty.json. The levels cut the 24 game's solvable
hands in thirds:

    >>> from eureka.numbers.rules import GAME24
    >>> rate([1, 1, 4, 6], 24, 4, GAME24).level, rate([3, 3, 8, 8], 24, 4, GAME24).level
    ('easy', 'hard')
"""

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from eureka.numbers import walk

MODEL = Path(__file__).resolve().parent.parent / "data" / "difficulty.json"
UNFITTED = (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
"""The weights before fitting; adding stays the unit, and powers (not in the human
data) keep the weight of dividing."""
MOST_CARDS = 6
"""The largest hand rated: the games rated deal at most six cards, and the walk's time
grows steeply with each card beyond."""
LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Difficulty:
    """A puzzle's rating (-log2 of the searching player's chance), its level and the chance."""

    rating: float
    level: str
    chance: float

    def to_json(self) -> dict:
        """The rating, level and chance as a JSON object."""
        return {"rating": self.rating, "level": self.level, "chance": self.chance}


def rating(chance: float) -> float:
    """The rating of a `chance`: -log2(chance), to one decimal (infinite when it is 0)."""
    return round(-math.log2(chance), 1) if chance > 0 else math.inf


@cache
def model() -> tuple:
    """The fitted model: (the seven walk weights, the easy and the hard cut point).

    Read once from eureka/data/difficulty.json (MODEL), the weights in walk.NAMES order.
    """
    stored = json.loads(MODEL.read_text())
    weights = tuple(float(stored["weights"][name]) for name in walk.NAMES)
    return weights, stored["levels"]["easy"], stored["levels"]["hard"]


def level(value: float) -> str:
    """The level of a rating `value`: easy below the first cut point, hard from the second.

    Returns "easy", "medium" (between the cut points) or "hard".
    """
    _, easy, hard = model()
    return "easy" if value < easy else "hard" if value >= hard else "medium"


def seconds(value: float) -> float:
    """A person's predicted time to solve a puzzle rated `value`, in seconds.

    The people's mean times on the 24 game (4nums.com), fitted as ln(time) = intercept
    + slope × rating (eureka/data/difficulty.json, "seconds"): about 7 s at rating 6,
    11 s at 8, 17 s at 10.
    """
    intercept, slope = _time_line()
    return math.exp(intercept + slope * value)


@cache
def _time_line() -> tuple:
    """(intercept, slope) of the fitted line of ln(time) on the rating (see seconds)."""
    fit = json.loads(MODEL.read_text())["seconds"]
    return float(fit["intercept"]), float(fit["slope"])


def rate(cards, target: int, need: int, rules) -> Difficulty | None:
    """The difficulty of making `target` from `need` of the `cards` under `rules`.

    `need` is how many cards the answer uses (0: any number of them). Returns a
    Difficulty, or None when the walk cannot make the target or the hand has more than
    MOST_CARDS cards.
    """
    if len(cards) > MOST_CARDS:
        return None
    chance = walk.chance(sorted(cards), target, need, rules, model()[0])
    if chance <= 0:
        return None
    value = rating(chance)
    return Difficulty(value, level(value), float(f"{chance:.3g}"))
