"""The 24 game: every hand of four cards 1–13, with fractions allowed (the standard
game) and with whole numbers only."""

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

import numpy as np

from eureka import deck, parallel
from eureka.analysis import plots, tables
from eureka.analysis.values import sweep, sweep_fractions
from eureka.game24 import CARDS, HAND_SIZE, TARGET
from eureka.numbers.rules import PITAGORAS


def hands() -> np.ndarray:
    """Every distinct hand of four cards (1820)."""
    return np.array(deck.hands(CARDS, HAND_SIZE), dtype=np.int64)


def solvable(cards: np.ndarray) -> tuple:
    """(with fractions, with whole numbers): whether all four cards make 24, every step
    ≥ 0, exact fractions in the first case and whole numbers in the second."""
    with parallel.applied(kernel="game24", units=len(cards)):
        whole = sweep(cards, TARGET, TARGET, False, PITAGORAS.cap)[:, 0] == HAND_SIZE
        return sweep_fractions(cards, TARGET), whole


@dataclass(frozen=True)
class Summary(tables.Summary):
    """How many hands make 24, with fractions and with whole numbers only; `folder` is
    where the table was written."""

    schema: ClassVar[str] = "eureka.analyze.game24/1"
    hands: int
    with_fractions: int
    whole_numbers: int
    need_fractions: list           # hands solvable only with fractions
    folder: Path | None = field(default=None, compare=False)


def summarise(cards: np.ndarray, fractions: np.ndarray, whole: np.ndarray) -> Summary:
    return Summary(len(cards), int(fractions.sum()), int(whole.sum()),
                   [h.tolist() for h in cards[fractions & ~whole]])


def analyze(folder, plot: bool = False) -> Summary:
    """Every hand into folder/game24/ (hands.csv, summary.json, and with `plot`
    pairs.png), and the summary."""
    if plot:
        plots.pyplot()
    out = tables.prepare(Path(folder) / "game24")
    cards = hands()
    fractions, whole = solvable(cards)
    tables.write_csv(out / "hands.csv", ["hand", "with_fractions", "whole_numbers"],
                     ([" ".join(map(str, h)), int(f), int(w)]
                      for h, f, w in zip(cards, fractions, whole)))
    if plot:
        plots.game24_pairs(cards, fractions, whole, out / "pairs.png")
    summary = dataclasses.replace(summarise(cards, fractions, whole), folder=out)
    tables.write_summary(out, summary)
    return summary
