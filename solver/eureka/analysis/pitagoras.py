"""The exact Pitagoras odds: every deal of the deck against every dice total.

Each deal and each total is weighted by its probability.
"""

import dataclasses
import functools
import math
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

import numpy as np

from eureka import deck, pitagoras
from eureka.analysis import plots, shards, tables
from eureka.analysis.counting import hand_ways
from eureka.analysis.values import sweep
from eureka.errors import EurekaError

VERSION = 1                       # of the shard contents


@dataclass(frozen=True)
class Variant:
    """One way to play: the two-digit die, the deck, the cards face up, whether ^ is allowed.

    `die` is blue, red or black; `easy` chooses the easier deck; `cards` is 5, or 6 to 8
    after extra deals (EurekaError otherwise); `power` allows ^.
    """

    die: str = "blue"
    easy: bool = False
    cards: int = 5
    power: bool = False

    def __post_init__(self):
        if not 5 <= self.cards <= 8:
            raise EurekaError(f"Pitagoras lays 5 cards face up (6 to 8 after extra deals), "
                              f"not {self.cards}")

    def name(self) -> str:
        """The variant's name in folders and summaries, e.g. 'blue-easy-deck-6-cards-pow'."""
        deck = "easy-deck" if self.easy else "deck"
        return f"{self.die}-{deck}-{self.cards}-cards" + ("-pow" if self.power else "")


@functools.lru_cache(maxsize=4)
def deals(variant: Variant) -> tuple:
    """Every distinct deal of `variant` and its probability: (deals, probabilities).

    A deal is a multiset of face-up cards, a row of an ascending int64 array.
    """
    cards = pitagoras.deck(variant.easy)
    found = deck.hands(cards, variant.cards)
    total = math.comb(sum(cards.values()), variant.cards)
    hands = np.array(found, dtype=np.int64)
    return hands, hand_ways(cards, hands).astype(np.float64) / total


def totals(die: str) -> dict:
    """{dice total: probability} for the blue one-digit die and the two-digit `die`.

    Raises EurekaError for an unknown die.
    """
    if die not in pitagoras.TENS_DICE:
        raise EurekaError(f"no Pitagoras die is called {die!r}: choose from "
                          f"{', '.join(pitagoras.TENS_DICE)}")
    tens = pitagoras.TENS_DICE[die]
    counts = Counter(a + b for a in pitagoras.ONES_DIE for b in tens)
    n = len(pitagoras.ONES_DIE) * len(tens)
    return {t: counts[t] / n for t in sorted(counts)}


def table(variant: Variant, folder, progress=None, client=None) -> np.ndarray:
    """The table of `variant`: most[i, t - lowest total], the most cards of deal i making t.

    0 when no cards make total t. Resumable from `folder`; `progress`, when given, is
    called with n as n more shards are done or reused; with a Dask `client` the shards
    run on its cluster. Raises EurekaError when `folder` holds another sweep's shards,
    or a shard cannot be saved.
    """
    hands, _ = deals(variant)
    dice = totals(variant.die)
    lo, hi = min(dice), max(dice)
    size = shard_size(variant)
    work = [hands[i:i + size] for i in range(0, len(hands), size)]
    # A module-level function, so that a Dask worker imports it (and the kernel cached
    # on disk) rather than receiving a copy to compile again.
    compute = functools.partial(_most, lo=lo, hi=hi, power=variant.power)
    parts = shards.run(work, compute, folder,
                       {"sweep": "pitagoras", "variant": variant.name(),
                        "version": VERSION, "shard": size}, progress, client)
    return np.concatenate(parts)


def _most(hands: np.ndarray, lo: int, hi: int, power: bool) -> np.ndarray:
    """The sweep of one shard of deals: the most cards per total lo..hi."""
    return sweep(hands, lo, hi, False, pitagoras.rules(power).cap, power)


def shard_count(variant: Variant) -> int:
    """How many shards the table of `variant` has."""
    return math.ceil(len(deals(variant)[0]) / shard_size(variant))


def shard_size(variant: Variant) -> int:
    """Deals per shard of `variant`: 4,096 of 5 cards, a quarter as many for each card more.

    A deal of one more card takes several times as long.
    """
    return 4096 >> 2 * (variant.cards - 5)


@dataclass(frozen=True)
class Odds(tables.Summary):
    """The odds of one variant: per dice total and overall.

    `folder` is where the tables were written.
    """

    schema: ClassVar[str] = "eureka.analyze.pitagoras/1"
    variant: str
    deals: int
    solvable: float                # P(some equation makes the total)
    most_cards: list               # P(the best equation uses k cards), k = 0..cards
    expected_cards: float          # E[cards of the best equation] (0 when none)
    per_total: list                # the same, per dice total, with its probability
    folder: Path | None = field(default=None, compare=False)


def odds(variant: Variant, most: np.ndarray) -> Odds:
    """The odds of `variant` from its table `most`, without the folder.

    Deals are weighted by their probability, totals by theirs.
    """
    _, weights = deals(variant)
    dice = totals(variant.die)
    lo = min(dice)
    per_total, overall = [], np.zeros(variant.cards + 1)
    for t, p in dice.items():
        dist = np.bincount(most[:, t - lo], weights=weights,
                           minlength=variant.cards + 1)
        overall += p * dist
        per_total.append({"total": t, "probability": p, "solvable": float(1 - dist[0]),
                          "most_cards": dist.tolist(),
                          "expected_cards": float(dist @ np.arange(len(dist)))})
    return Odds(variant.name(), len(weights), float(1 - overall[0]), overall.tolist(),
                float(overall @ np.arange(len(overall))), per_total)


def analyze(variant: Variant, folder, fresh: bool = False, progress=None, client=None,
            plot: bool = False) -> Odds:
    """The table of `variant` written into `folder`/pitagoras-VARIANT/, and its odds.

    Writes deals.csv, totals.csv, summary.json, and with `plot` totals.png (the plot
    extra is checked before any work: EurekaError when it is missing). Resumable (see
    table): `fresh` discards the shards of an earlier run; `progress` and `client` are
    as for table.
    """
    if plot:
        plots.pyplot()
    out = tables.prepare(Path(folder) / f"pitagoras-{variant.name()}", fresh)
    most = table(variant, out / "shards", progress, client)
    hands, weights = deals(variant)
    result = dataclasses.replace(odds(variant, most), folder=out)
    dice = [row["total"] for row in result.per_total]
    lo = dice[0]
    tables.write_csv(out / "deals.csv", ["deal", "probability", *map(str, dice)],
                     ([" ".join(map(str, h)), repr(float(w)), *(int(m[t - lo]) for t in dice)]
                      for h, w, m in zip(hands, weights, most)))
    tables.write_csv(out / "totals.csv",
                     ["total", "probability", "solvable",
                      *(f"most_{k}" for k in range(variant.cards + 1)), "expected_cards"],
                     ([r["total"], r["probability"], r["solvable"], *r["most_cards"],
                       r["expected_cards"]] for r in result.per_total))
    if plot:
        plots.pitagoras_bars(result, out / "totals.png")
    tables.write_summary(out, result)
    return result
