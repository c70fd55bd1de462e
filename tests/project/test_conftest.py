"""tests/conftest.py: under CI a skipped test fails the run, and the Hypothesis profile
follows CI and HYPOTHESIS_PROFILE."""

import os
import subprocess
import sys

import pytest

from tests.paths import ROOT

SUITE = '''
import pytest
from hypothesis import settings

def test_profile():
    print("PROFILE", settings.default.max_examples)

def test_skipped():
    pytest.skip("no data")
'''


def _pytest(tmp_path, **env):
    (tmp_path / "test_sample.py").write_text(SUITE)
    clean = {k: v for k, v in os.environ.items() if k not in ("CI", "HYPOTHESIS_PROFILE")}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "tests.conftest", "-c",
                           os.devnull, "-s", "-q", "-p", "no:cacheprovider",
                           str(tmp_path / "test_sample.py")],
                          cwd=ROOT, env={**clean, **env}, capture_output=True, text=True)


@pytest.mark.parametrize("env, code, examples", [
    ({}, 0, 60),
    ({"CI": "true"}, 1, 200),
    ({"CI": "true", "HYPOTHESIS_PROFILE": "thorough"}, 1, 5000),
    ({"HYPOTHESIS_PROFILE": "ci"}, 0, 200),
])
def test_skips_fail_under_ci_and_the_profile_follows_the_environment(tmp_path, env, code,
                                                                      examples):
    run = _pytest(tmp_path, **env)
    assert run.returncode == code, run.stdout + run.stderr
    assert f"PROFILE {examples}" in run.stdout
    assert ("skipped test(s) fail the run" in run.stdout) == (code == 1)
