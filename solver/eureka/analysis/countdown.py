"""The complete Countdown table: every selection of six numbers against every target 100–999.

Its summary says what the table tells about the game.
"""

import dataclasses
import functools
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

import numpy as np

from eureka import countdown, deck
from eureka.analysis import plots, shards, tables
from eureka.analysis.counting import hand_ways
from eureka.analysis.reach import prepare, reach_of

LARGE = (25, 50, 75, 100)
LOW, HIGH = countdown.TARGETS.start, countdown.TARGETS.stop - 1
SHARD = 512                       # selections per shard
VERSION = 1                       # of the shard contents


def selections() -> np.ndarray:
    """Every distinct selection (a multiset of six of the 24 numbers), ascending."""
    return np.array(_selections(), dtype=np.int64)


@functools.lru_cache(maxsize=1)
def _selections() -> tuple:
    """The selections as tuples, enumerated once per process."""
    return tuple(deck.hands(countdown.NUMBERS, countdown.HAND_SIZE))


def ways(hands: np.ndarray) -> np.ndarray:
    """How many sets of six numbered tiles give each selection of `hands` (of C(24, 6))."""
    return hand_ways(countdown.NUMBERS, hands)


def reach(hands: np.ndarray) -> np.ndarray:
    """Which targets each selection of `hands` makes: reach[i, t - 100] for target t.

    `hands` holds one selection per row, ascending. A selection makes a target with any
    of its numbers, each at most once, + − × ÷ with positive whole steps.
    """
    return reach_of(np.ascontiguousarray(hands), *_shared())


@functools.lru_cache(maxsize=1)
def _shared() -> tuple:
    """The work every shard of selections shares, made once per process.

    The deck's values, their copies, the targets, and the values of the selections'
    parts.
    """
    values = np.array(sorted(countdown.NUMBERS), dtype=np.int64)
    copies = np.array([countdown.NUMBERS[v] for v in values], dtype=np.int64)
    return (values, copies, LOW, HIGH, *prepare(values, copies, LOW, HIGH))


def table(folder, progress=None, client=None) -> np.ndarray:
    """The whole table, one shard of selections at a time, resumable from `folder`.

    `progress`, when given, is called with n as n more shards are done or reused; with
    a Dask `client` the shards run on its cluster. Returns reach() of every selection.
    Raises EurekaError when `folder` holds another sweep's shards, or a shard cannot be
    saved.
    """
    hands = selections()
    work = [hands[i:i + SHARD] for i in range(0, len(hands), SHARD)]
    parts = shards.run(work, reach, folder, {"sweep": "countdown", "version": VERSION,
                                              "shard": SHARD}, progress, client)
    return np.concatenate(parts)


def shard_count() -> int:
    """How many shards the table has, of SHARD selections each."""
    return math.ceil(len(selections()) / SHARD)


@dataclass(frozen=True)
class Summary(tables.Summary):
    """What the table says: totals, by number of large numbers, the hardest targets.

    `folder` is where the tables were written.
    """

    schema: ClassVar[str] = "eureka.analyze.countdown/1"
    selections: int
    targets: int
    solvable: int                  # (selection, target) pairs that can be made
    solvable_share_weighted: float  # the same, each selection weighted by its tile sets
    all_targets: int               # selections that make every target
    by_large: list                 # per number of large numbers
    hardest: list                  # targets made by the fewest selections
    folder: Path | None = field(default=None, compare=False)


def analyze(folder, fresh: bool = False, progress=None, client=None,
            plot: bool = False) -> Summary:
    """The whole table written into `folder`/countdown/, and its summary.

    Writes selections.csv, targets.csv, summary.json, and with `plot` targets.png (the
    plot extra is checked before any work: EurekaError when it is missing). Resumable
    (see table): `fresh` discards the shards of an earlier run; `progress` and `client`
    are as for table.
    """
    if plot:
        plots.pyplot()                  # the plot extra is checked before any work
    out = tables.prepare(Path(folder) / "countdown", fresh)
    reached = table(out / "shards", progress, client)
    hands = selections()
    tables.write_csv(out / "selections.csv",
                     ["selection", "large", "tile_sets", "targets_made", "missing"],
                     zip(tables.joined(hands), np.isin(hands, LARGE).sum(axis=1).tolist(),
                         ways(hands).tolist(), reached.sum(axis=1).tolist(),
                         tables.runs_per_row(~reached, LOW)))
    made = reached.sum(axis=0)
    tables.write_csv(out / "targets.csv", ["target", "selections"],
                     ([LOW + t, int(n)] for t, n in enumerate(made)))
    if plot:
        plots.countdown_heatmap(made, len(hands), out / "targets.png")
    summary = dataclasses.replace(summarise(hands, reached), folder=out)
    tables.write_summary(out, summary)
    return summary


def summarise(hands: np.ndarray, reached: np.ndarray, hardest: int = 10) -> Summary:
    """The summary of the table `reached` of the selections `hands`, without its folder.

    `hardest`: how many of the targets made by the fewest selections it lists. The
    weighted share counts each selection by its tile sets.
    """
    weights = ways(hands).astype(np.float64)
    large = np.isin(hands, LARGE).sum(axis=1)
    per_selection = reached.sum(axis=1)
    per_target = reached.sum(axis=0)
    by_large = []
    for n in range(len(LARGE) + 1):
        rows = large == n
        by_large.append({"large": n, "selections": int(rows.sum()),
                         "mean_targets": float(per_selection[rows].mean()),
                         "all_targets": int((per_selection[rows] == reached.shape[1]).sum())})
    order = np.argsort(per_target, kind="stable")[:hardest]
    return Summary(
        selections=len(hands), targets=reached.shape[1], solvable=int(reached.sum()),
        solvable_share_weighted=float(weights @ per_selection
                                      / (weights.sum() * reached.shape[1])),
        all_targets=int((per_selection == reached.shape[1]).sum()),
        by_large=by_large,
        hardest=[{"target": int(LOW + t), "selections": int(per_target[t])}
                 for t in order])
