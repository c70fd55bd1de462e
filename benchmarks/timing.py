"""Timing of a solver over a workload: warm-up, then per-puzzle wall times."""

import statistics
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Timing:
    """One solver's wall times over one workload, in ms, and its results."""

    solver: str
    workload: str
    puzzles: int
    median_ms: float
    p95_ms: float
    max_ms: float
    total_s: float
    results: tuple

    def as_dict(self) -> dict:
        """The timing as a dict, its results left out."""
        return {"solver": self.solver, "workload": self.workload, "puzzles": self.puzzles,
                "median_ms": self.median_ms, "p95_ms": self.p95_ms,
                "max_ms": self.max_ms, "total_s": self.total_s}


def time_solver(name: str, workload: str, solve, puzzles, warmup: int = 3,
                progress=None) -> Timing:
    """The Timing of `solve` on every puzzle after a warm-up; wall time per puzzle in ms.

    `solve` runs untimed on the first `warmup` of the `puzzles`, then timed on each of
    them; `name` (the solver) and `workload` label the Timing. `progress`, if given, is
    called with 1 after each puzzle. The results are kept in puzzle order.
    """
    for p in puzzles[:warmup]:
        solve(p)
    times, results = [], []
    for p in puzzles:
        t0 = time.perf_counter()
        results.append(solve(p))
        times.append((time.perf_counter() - t0) * 1000)
        if progress:
            progress(1)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return Timing(name, workload, len(puzzles), statistics.median(times), p95, times[-1],
                  sum(times) / 1000, tuple(results))
