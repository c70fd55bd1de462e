"""The intervals every simulation reports: the 95% interval of a mean and Wilson's of a rate.

Both use the one 95% quantile, Z95.
"""

import math
import statistics

Z95 = 1.959964
"""The normal distribution's two-sided 95% quantile (NormalDist().inv_cdf(0.975),
rounded)."""


def half_width(xs) -> float:
    """Half the width of the normal 95% interval of the mean of `xs`.

    Z95 · sd / √n, sd the sample standard deviation; 0 for fewer than 2 values.

    >>> round(half_width([1, 2, 3, 4]), 4)
    1.2652
    """
    n = len(xs)
    return Z95 * statistics.stdev(xs) / math.sqrt(n) if n > 1 else 0.0


def mean_interval(xs) -> tuple | None:
    """The normal 95% interval of the mean of `xs`; None for fewer than 2 values."""
    if len(xs) < 2:
        return None
    mean, half = statistics.fmean(xs), half_width(xs)
    return mean - half, mean + half


def wilson(p: float, n: float) -> tuple:
    """The Wilson score 95% interval of a rate `p` observed over `n` trials.

    `n` may be an effective number, not whole. The interval lies inside [0, 1] and is
    exact at 0 and 1.

    >>> [round(x, 4) for x in wilson(0.5, 100)]
    [0.4038, 0.5962]
    """
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (0.0 if p <= 0 else max(0.0, centre - half),
            1.0 if p >= 1 else min(1.0, centre + half))
