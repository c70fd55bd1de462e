"""The size of the engine's value tables, predicted before they are built, so that a
hand beyond the budget is refused at once rather than after minutes and gigabytes."""

import numpy as np

from eureka.errors import SearchTooLarge

PROBE_CARDS = 5
"""Sub-hands of up to this many cards are built to measure how the tables grow (a
fraction of a second on ten cards)."""


def predicted_values(hand, largest: int, cap: int, build) -> int:
    """The values the tables of every sub-hand of `hand` (a SubHands) of up to `largest`
    cards would hold: those of up to PROBE_CARDS cards built (`build(n)`: the engine's
    (data, start, stop, ok) for the first n sub-hands of hand.order), the larger ones
    extrapolated at the rate the last size grew by (itself growing as it did from the
    size before), and never above every value up to the cap in every slot."""
    sizes = hand.size[hand.order]
    probe = min(largest, PROBE_CARDS)
    data, start, stop, ok = build(int(np.searchsorted(sizes, probe, side="right")))
    if not ok:
        return 2**62
    span = stop[:, -1] - start[:, 0]
    per_size = [max(span[hand.order[sizes == s]].mean(), 1.0) if s >= 1 else 1.0
                for s in (probe - 2, probe - 1, probe)]
    growth = per_size[2] / per_size[1]
    speedup = max(growth * per_size[0] / per_size[1], 1.0)   # powers grow ever faster
    total, mean = float(len(data)), per_size[2]
    for s in range(probe + 1, largest + 1):
        growth *= speedup
        mean = min(mean * growth, start.shape[1] * (cap + 2.0))
        total += mean * int(np.sum(sizes == s))
    return int(min(total, 2.0**62))


def refuse_beyond(hand, largest: int, cap: int, build, budget: int, what: str) -> None:
    """SearchTooLarge, before the tables are built, when those of the sub-hands of up
    to `largest` cards are predicted to hold more than `budget` values (see
    predicted_values)."""
    if largest <= PROBE_CARDS:
        return
    predicted = predicted_values(hand, largest, cap, build)
    if predicted > budget:
        raise SearchTooLarge(
            f"{what} would hold about {predicted:,} values, more than the engine's "
            f"budget ({budget:,}); use fewer cards, or --best for one best equation")
