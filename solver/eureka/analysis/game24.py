"""The 24 game: every hand of four cards 1–13, with fractions allowed and with whole numbers.

Fractions allowed is the standard game; the other table allows whole numbers only.
"""

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

import numpy as np

from eureka import deck, parallel
from eureka.analysis import plots, tables
from eureka.analysis.values import sweep, sweep_fractions
from eureka.game24 import CARDS, HAND_SIZE, TARGET
from eureka.numbers import difficulty
from eureka.numbers.rules import GAME24, PITAGORAS


def hands() -> np.ndarray:
    """Every distinct hand of four cards (1820)."""
    return np.array(deck.hands(CARDS, HAND_SIZE), dtype=np.int64)


def solvable(cards: np.ndarray) -> tuple:
    """Whether all four cards of each hand of `cards` make 24, with fractions and without.

    Returns two boolean arrays, (with fractions, with whole numbers): every step ≥ 0,
    exact fractions in the first and whole numbers in the second.
    """
    with parallel.applied(kernel="game24", units=len(cards)):
        whole = sweep(cards, TARGET, TARGET, False, PITAGORAS.cap)[:, 0] == HAND_SIZE
        return sweep_fractions(cards, TARGET), whole


@dataclass(frozen=True)
class Summary(tables.Summary):
    """How many hands make 24, with fractions and with whole numbers only.

    `folder` is where the table was written.
    """

    schema: ClassVar[str] = "eureka.analyze.game24/1"
    hands: int
    with_fractions: int
    whole_numbers: int
    need_fractions: list           # hands solvable only with fractions
    levels: dict                   # solvable hands by difficulty level
    folder: Path | None = field(default=None, compare=False)


def rated(cards: np.ndarray, fractions: np.ndarray) -> list:
    """Each hand's difficulty (eureka.numbers.difficulty), None when it is not solvable.

    `cards` are the hands and `fractions` whether each makes 24 (fractions allowed).
    """
    return [difficulty.rate(hand, TARGET, HAND_SIZE, GAME24) if solvable else None
            for hand, solvable in zip(cards.tolist(), fractions)]


def summarise(cards: np.ndarray, fractions: np.ndarray, whole: np.ndarray,
              ratings: list) -> Summary:
    """The summary of the table, without its folder.

    `cards` are the hands, `fractions` and `whole` whether each makes 24 with fractions
    and with whole numbers only, and `ratings` their difficulties (None: not solvable).
    """
    levels = Counter(d.level for d in ratings if d is not None)
    return Summary(len(cards), int(fractions.sum()), int(whole.sum()),
                   [h.tolist() for h in cards[fractions & ~whole]],
                   {level: levels[level] for level in difficulty.LEVELS})


def analyze(folder, plot: bool = False) -> Summary:
    """Every hand written into `folder`/game24/, and the summary.

    Writes hands.csv with each solvable hand's difficulty, summary.json, and with `plot`
    pairs.png (the plot extra is checked before any work: EurekaError when it is
    missing).
    """
    if plot:
        plots.pyplot()
    out = tables.prepare(Path(folder) / "game24")
    cards = hands()
    fractions, whole = solvable(cards)
    ratings = rated(cards, fractions)
    tables.write_csv(out / "hands.csv", ["hand", "with_fractions", "whole_numbers",
                                         "difficulty", "level"],
                     ([" ".join(map(str, h)), int(f), int(w), *(
                         (d.rating, d.level) if d is not None else ("", ""))]
                      for h, f, w, d in zip(cards, fractions, whole, ratings)))
    if plot:
        plots.game24_pairs(cards, fractions, whole, out / "pairs.png")
    summary = dataclasses.replace(summarise(cards, fractions, whole, ratings), folder=out)
    tables.write_summary(out, summary)
    return summary
