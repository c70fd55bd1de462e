"""eureka.stats, the intervals every simulation reports, against published values and
their definitions."""

import math
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka import stats


@pytest.mark.parametrize("successes, n, low, high", [
    (6, 10, 0.3127, 0.8318),            # statsmodels' proportion_confint(method="wilson")
    (50, 100, 0.4038, 0.5962),
    (0, 20, 0.0, 0.1611),
    (20, 20, 0.8389, 1.0),
])
def test_wilson_matches_the_published_intervals(successes, n, low, high):
    assert stats.wilson(successes / n, n) == pytest.approx((low, high), abs=1e-4)


@given(st.integers(1, 10**6).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_a_wilson_interval_holds_its_rate_and_stays_in_zero_to_one(observed):
    successes, n = observed
    p = successes / n
    low, high = stats.wilson(p, n)
    assert 0 <= low <= p <= high <= 1
    assert (low == 0) == (successes == 0) and (high == 1) == (successes == n)


@given(st.floats(0.01, 0.99), st.integers(2, 10**4))
def test_more_trials_narrow_the_interval(p, n):
    low, high = stats.wilson(p, n)
    low4, high4 = stats.wilson(p, 4 * n)
    assert high4 - low4 < high - low


def test_the_quantile_is_the_normal_distributions():
    assert stats.Z95 == pytest.approx(statistics.NormalDist().inv_cdf(0.975), abs=1e-6)


@given(st.lists(st.floats(-1e6, 1e6), min_size=2, max_size=50))
def test_the_mean_interval_is_the_mean_plus_or_minus_its_half_width(xs):
    half = stats.Z95 * statistics.stdev(xs) / math.sqrt(len(xs))
    assert stats.half_width(xs) == pytest.approx(half)
    low, high = stats.mean_interval(xs)
    assert (low + high) / 2 == pytest.approx(statistics.fmean(xs), abs=1e-6)
    assert high - low == pytest.approx(2 * half, abs=1e-6)


def test_fewer_than_two_values_have_no_interval():
    assert stats.mean_interval([3.0]) is None and stats.half_width([3.0]) == 0.0
