"""The pictures of the analysis tables (the `plot` extra: matplotlib)."""

from pathlib import Path

import numpy as np

from eureka.analysis.shards import save_atomically
from eureka.errors import EurekaError


def pyplot():
    """The pyplot module of matplotlib, drawing to files; EurekaError without the extra."""
    try:
        import matplotlib
    except ImportError:
        raise EurekaError("--plot needs the plot extra: pip install "
                          "'eureka-solver[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _save(figure, path: Path) -> None:
    save_atomically(path, lambda f: figure.savefig(f, format="png", dpi=120))


def countdown_heatmap(made: np.ndarray, selections: int, path: Path) -> None:
    """Draws the share of selections that make each target 100–999, one row per hundred.

    `made` counts the selections making each target, of `selections` in all; the
    picture is saved as a PNG file at `path`.
    """
    plt = pyplot()
    share = (made / selections).reshape(9, 100)
    figure, axes = plt.subplots(figsize=(11, 3.6))
    image = axes.imshow(share, aspect="auto", cmap="viridis")
    axes.set_yticks(range(9), [f"{h}00–{h}99" for h in range(1, 10)])
    axes.set_xlabel("target, last two digits")
    axes.set_title(f"Countdown: share of the {selections:,} selections that make each "
                   f"target")
    figure.colorbar(image, ax=axes, label="share of selections")
    figure.tight_layout()
    _save(figure, path)
    plt.close(figure)


def pitagoras_bars(odds, path: Path) -> None:
    """Draws, per dice total, the chance that the best equation uses k cards, stacked.

    `odds` are a variant's Odds; the picture is saved as a PNG file at `path`.
    """
    plt = pyplot()
    totals = [row["total"] for row in odds.per_total]
    dist = np.array([row["most_cards"] for row in odds.per_total])
    figure, axes = plt.subplots(figsize=(11, 4))
    bottom = np.zeros(len(totals))
    for k in range(dist.shape[1] - 1, -1, -1):
        label = "no equation" if k == 0 else f"{k} card{'s' * (k != 1)}"
        axes.bar([str(t) for t in totals], dist[:, k], bottom=bottom, label=label)
        bottom += dist[:, k]
    axes.set_ylim(0.9 if dist[:, -1].min() > 0.9 else 0, 1)
    axes.set_xlabel("dice total")
    axes.set_ylabel("probability")
    axes.set_title(f"Pitagoras ({odds.variant}): the most cards of the best equation")
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small")
    axes.tick_params(axis="x", labelsize="small", rotation=90)
    figure.tight_layout()
    _save(figure, path)
    plt.close(figure)


def game24_pairs(cards: np.ndarray, fractions: np.ndarray, whole: np.ndarray,
                 path: Path) -> None:
    """Draws, for each pair of card values, the share of the hands holding both that make 24.

    Fractions are allowed; beside it, how many of those hands need fractions. `cards`
    are the hands, `fractions` and `whole` whether each makes 24 with fractions and
    with whole numbers only; the picture is saved as a PNG file at `path`.
    """
    plt = pyplot()
    top = int(cards.max())
    held, solved = _pair_counts(cards, fractions, top)
    _, need = _pair_counts(cards, fractions & ~whole, top)
    figure, (left, right) = plt.subplots(1, 2, figsize=(12, 5))
    extent = (0.5, top + 0.5, 0.5, top + 0.5)
    shares = left.imshow(solved / held, origin="lower", cmap="viridis", vmin=0, vmax=1,
                         extent=extent)
    counts = right.imshow(need, origin="lower", cmap="magma_r", extent=extent)
    left.set_title(f"share that make 24 ({int(fractions.sum()):,} of {len(cards):,} hands)")
    right.set_title(f"hands that need fractions ({int((fractions & ~whole).sum())})")
    for axes, image, label, ticks in ((left, shares, "share of hands", None),
                                      (right, counts, "hands", range(int(need.max()) + 1))):
        axes.set_xticks(range(1, top + 1))
        axes.set_yticks(range(1, top + 1))
        axes.set_xlabel("card")
        axes.set_ylabel("card")
        figure.colorbar(image, ax=axes, label=label, shrink=0.8, ticks=ticks)
    figure.suptitle("24 game: the hands that hold both cards")
    figure.tight_layout()
    _save(figure, path)
    plt.close(figure)


def _pair_counts(cards: np.ndarray, chosen: np.ndarray, top: int) -> tuple:
    """The counts (held, chosen)[x - 1, y - 1] of the hands holding cards x and y.

    The first counts the hands holding x and y (two of x when x == y), the second how
    many of those hands are chosen.
    """
    held, picked = np.zeros((top, top)), np.zeros((top, top))
    for hand, ok in zip(cards, chosen):
        values = hand.tolist()
        for a, b in {(a, b) for i, a in enumerate(values) for b in values[i + 1:]}:
            for x, y in {(a, b), (b, a)}:
                held[x - 1, y - 1] += 1
                picked[x - 1, y - 1] += ok
    return held, picked
