"""The exact Pitagoras odds: every deal of the deck, weighted by its probability, against
every dice total, weighted by its probability."""

import dataclasses
import functools
import math
from collections import Counter
from dataclasses import dataclass

import numpy as np

from eureka import deck, pitagoras
from eureka.analysis import shards
from eureka.analysis.values import sweep
from eureka.errors import EurekaError

VERSION = 1                       # of the shard contents


@dataclass(frozen=True)
class Variant:
    """One way to play: the two-digit die, the deck, how many cards lie face up, and
    whether ^ is allowed."""

    die: str = "blue"
    easy: bool = False
    cards: int = 5
    power: bool = False

    def name(self) -> str:
        deck = "easy-deck" if self.easy else "deck"
        return f"{self.die}-{deck}-{self.cards}-cards" + ("-pow" if self.power else "")


@functools.lru_cache(maxsize=4)
def deals(variant: Variant) -> tuple:
    """Every distinct deal (a multiset of face-up cards), ascending, and its probability."""
    cards = pitagoras.deck(variant.easy)
    found = deck.hands(cards, variant.cards)
    total = math.comb(sum(cards.values()), variant.cards)
    weights = np.array([deck.ways(cards, h) for h in found], dtype=np.float64) / total
    return np.array(found, dtype=np.int64), weights


def totals(die: str) -> dict:
    """{dice total: probability}: the blue one-digit die and the two-digit die."""
    if die not in pitagoras.TENS_DICE:
        raise EurekaError(f"no Pitagoras die is called {die!r}: choose from "
                          f"{', '.join(pitagoras.TENS_DICE)}")
    tens = pitagoras.TENS_DICE[die]
    counts = Counter(a + b for a in pitagoras.ONES_DIE for b in tens)
    n = len(pitagoras.ONES_DIE) * len(tens)
    return {t: counts[t] / n for t in sorted(counts)}


def table(variant: Variant, folder, progress=None, client=None) -> np.ndarray:
    """most[i, t - lowest total]: the most cards of deal i that make total t (0: none);
    resumable from `folder`, on a Dask cluster when a client is given."""
    hands, _ = deals(variant)
    dice = totals(variant.die)
    lo, hi = min(dice), max(dice)
    size = shard_size(variant)
    work = [hands[i:i + size] for i in range(0, len(hands), size)]
    cap = pitagoras.rules(variant.power).cap
    parts = shards.run(work, lambda h: sweep(h, lo, hi, False, cap, variant.power), folder,
                       {"sweep": "pitagoras", "variant": variant.name(),
                        "version": VERSION, "shard": size}, progress, client)
    return np.concatenate(parts)


def shard_count(variant: Variant) -> int:
    return math.ceil(len(deals(variant)[0]) / shard_size(variant))


def shard_size(variant: Variant) -> int:
    """Deals per shard: 4,096 of 5 cards, a quarter as many for each card more (a deal
    of one more card takes several times as long)."""
    return 4096 >> 2 * (variant.cards - 5)


@dataclass
class Odds:
    """The odds of one variant: per dice total and overall."""

    variant: str
    deals: int
    solvable: float                # P(some equation makes the total)
    most_cards: list               # P(the best equation uses k cards), k = 0..cards
    expected_cards: float          # E[cards of the best equation] (0 when none)
    per_total: list                # the same, per dice total, with its probability

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


def odds(variant: Variant, most: np.ndarray) -> Odds:
    """The odds from the table: deals weighted by their probability, totals by theirs."""
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
