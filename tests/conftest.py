"""Hypothesis profiles, and no silent skips in CI.

Profiles: `dev` (quick, the default), `ci` (loaded when the environment variable CI is
set, as .ci/run does) and `thorough` (long hunts). HYPOTHESIS_PROFILE=NAME, or
`pytest --hypothesis-profile NAME`, picks one explicitly.

A run of the whole suite first compiles every game's kernels (`eureka warm`, both cores)
unless they are in the cache already: the test processes then load them, instead of
each compiling its own copy.

A test marked `slow` (a whole benchmark run) is left out unless the profile is
`thorough` or the run selects tests by marker (`-m slow`).

Under CI a skipped test fails the run: every extra the tests need is installed by
`pip install -e '.[test]'` and every data file lives in tests/data, so a skip there means
something is missing.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

_COMMON = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("dev", max_examples=60, **_COMMON)
settings.register_profile("ci", max_examples=200, **_COMMON)
settings.register_profile("thorough", max_examples=5000, **_COMMON)

IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if IN_CI else "dev")
settings.load_profile(PROFILE)


def heavy(examples: int) -> settings:
    """The settings of a test whose every example costs a good part of a second: at most
    `examples` of them, but the profile's own count in a `thorough` run."""
    if PROFILE == "thorough":
        return settings()
    return settings(max_examples=min(examples, settings.default.max_examples))

_skipped = []
TESTS = Path(__file__).resolve().parent


def pytest_configure(config):
    if hasattr(config, "workerinput"):      # a test process of pytest-xdist
        return
    whole = all(Path(a.split("::")[0]).resolve() in (TESTS, TESTS.parent)
                for a in config.args)
    if whole:
        from eureka.games import GAMES
        from eureka.warm import warmed

        cold = [name for name in GAMES if not warmed(name)]
        if cold:
            subprocess.run([Path(sys.executable).with_name("eureka"), "warm", *cold],
                           check=True)


def pytest_collection_modifyitems(config, items):
    if PROFILE == "thorough" or config.option.markexpr:
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("slow")]


def pytest_collectreport(report):
    if report.skipped:                      # a module skipped whole (importorskip)
        _skipped.append(report.nodeid)


def pytest_runtest_logreport(report):
    if report.skipped and not hasattr(report, "wasxfail"):
        _skipped.append(report.nodeid)


@pytest.fixture(scope="session", autouse=True)
def kept_games(tmp_path_factory):
    """The games the tests play are kept in a scratch data folder, never the user's
    (XDG_DATA_HOME: eureka.store's default file; EUREKA_DB unset)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
        patch.delenv("EUREKA_DB", raising=False)
        yield


def pytest_sessionfinish(session, exitstatus):
    if IN_CI and _skipped and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter):
    if IN_CI and _skipped:
        terminalreporter.write_line(
            f"CI: {len(_skipped)} skipped test(s) fail the run: " + ", ".join(_skipped),
            red=True)
