"""Hypothesis profiles, and no silent skips in CI.

Profiles: `dev` (quick, the default), `ci` (loaded when the environment variable CI is
set, as .ci/run does) and `thorough` (long hunts). HYPOTHESIS_PROFILE=NAME, or
`pytest --hypothesis-profile NAME`, picks one explicitly.

Under CI a skipped test fails the run: every extra the tests need is installed by
`pip install -e '.[test]'` and every data file lives in tests/data, so a skip there means
something is missing.
"""

import os

import pytest
from hypothesis import HealthCheck, settings

_COMMON = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("dev", max_examples=60, **_COMMON)
settings.register_profile("ci", max_examples=200, **_COMMON)
settings.register_profile("thorough", max_examples=5000, **_COMMON)

IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if IN_CI else "dev"))

_skipped = []


def pytest_collectreport(report):
    if report.skipped:                      # a module skipped whole (importorskip)
        _skipped.append(report.nodeid)


def pytest_runtest_logreport(report):
    if report.skipped and not hasattr(report, "wasxfail"):
        _skipped.append(report.nodeid)


def pytest_sessionfinish(session, exitstatus):
    if IN_CI and _skipped and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter):
    if IN_CI and _skipped:
        terminalreporter.write_line(
            f"CI: {len(_skipped)} skipped test(s) fail the run: " + ", ".join(_skipped),
            red=True)
