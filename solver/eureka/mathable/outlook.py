"""How far a lead may still move before the end of a 2-player game, and the chance it wins.

Fitted by fit_outlook.py on self-play of `equity` against `equity` (data/outlook.json):
after a turn, the final spread (scores after the deductions) from the side of the player
who just moved, less that player's spread then in equity (scores plus the values of
both leaves, leave.py).  By the tokens left in the bag, the table holds that change's mean
(negative: the other player moves next) and standard deviation.  A lead in equity of
`x` then wins with the chance Φ((x + mean) / sd), normal; between two rows of the table
both are interpolated, and past its ends the end rows hold.
"""

import json
import math
from functools import lru_cache
from importlib.resources import files

import numpy as np

DATA = "outlook.json"


@lru_cache(maxsize=1)
def table() -> dict:
    """The packaged table (data/outlook.json), read once."""
    return json.loads((files("eureka.mathable") / "data" / DATA).read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _columns() -> tuple:
    """The table's bags, mean changes and standard deviations, as arrays."""
    rows = table()["rows"]
    return tuple(np.array([r[key] for r in rows], dtype=float)
                 for key in ("bag", "mean", "sd"))


def win_chance(lead: float, bag: int, moved: bool = True) -> float:
    """The chance that a lead in equity of `lead` points wins, with `bag` tokens in the bag.

    `moved`: the player leading by `lead` made the last turn (else the other did, and the
    mean change counts for the other side).
    """
    bags, means, sds = _columns()
    mean, sd = float(np.interp(bag, bags, means)), float(np.interp(bag, bags, sds))
    z = (lead + (mean if moved else -mean)) / sd
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))
