"""What a benchmark run reports beside the timings: the machine, agreement, memory."""

import os
import platform
import resource
from dataclasses import dataclass
from typing import ClassVar

from eureka.benchmarks.timing import Timing
from eureka.contract import Result


@dataclass(frozen=True)
class Row:
    """One solver's timing on one workload, with its ratio to eureka's.

    For a solver other than eureka, `eureka_median_ms` is eureka's median on the same
    puzzles.
    """

    timing: Timing
    eureka_median_ms: float | None = None

    @property
    def ratio(self) -> float | None:
        """The solver's median over eureka's on the same puzzles (None without it)."""
        return self.timing.median_ms / self.eureka_median_ms if self.eureka_median_ms else None

    def as_dict(self) -> dict:
        """The timing as a dict, with the ratio to eureka and eureka's median if known."""
        out = self.timing.as_dict()
        if self.eureka_median_ms:
            out.update(ratio_to_eureka=self.ratio, eureka_median_ms_same=self.eureka_median_ms)
        return out


@dataclass(frozen=True)
class BenchRun(Result):
    """A whole `eureka bench` run, as the JSON result eureka.bench/1.

    The rows, the agreement of the other solvers with eureka, the machine, and notes on
    what was left out.
    """

    schema: ClassVar[str] = "eureka.bench/1"
    machine: dict
    seed: int
    rows: tuple
    agreement: dict
    peak_rss_mb: float
    notes: tuple = ()

    def json_fields(self) -> dict:
        """The run's fields as the JSON result holds them, the rows as "timings"."""
        return {"machine": self.machine, "seed": self.seed,
                "timings": [r.as_dict() for r in self.rows], "agreement": self.agreement,
                "peak_rss_mb": self.peak_rss_mb, "notes": list(self.notes)}


def machine() -> dict:
    """What the figures were measured on."""
    import numba

    model = platform.processor()
    try:
        with open("/proc/cpuinfo") as f:
            model = next(line.split(":", 1)[1].strip() for line in f
                         if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return {"cpu": model, "cores": os.cpu_count(), "python": platform.python_version(),
            "numba": numba.__version__, "system": platform.platform()}


def machine_line() -> str:
    """The machine in one line, as the text reports end."""
    m = machine()
    return (f"machine: {m['cpu']}, {m['cores']} cores, Python {m['python']}, "
            f"Numba {m['numba']}, {m['system']}")


def agreement_of(other, mine, theirs) -> dict:
    """How far another solver agrees with eureka: {"compared", "puzzles", "agree"}.

    `other` names the solver; `mine` and `theirs` are the Timings of eureka and of that
    solver on the same puzzles (as many as both have results for). The oracle must give the same
    answer on every puzzle, a peer the same solvable puzzles (a result above 0).
    """
    if other == "oracle":
        same = [a == b for a, b in zip(mine.results, theirs.results)]
    else:
        same = [(a > 0) == (b > 0) for a, b in zip(mine.results, theirs.results)]
    return {"compared": "answer" if other == "oracle" else "solvable",
            "puzzles": len(same), "agree": sum(same)}


def peak_rss_mb() -> float:
    """The peak memory of this process so far (Linux reports it in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
