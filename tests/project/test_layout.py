"""Tests where you expect them: every test module's name is its own, and the command
line is run in-process (click's test runner) only by the CLI tests, the project-wide
checks and the web server's tests (whose API answers as --json does)."""

import collections

from tests.paths import ROOT

TESTS = ROOT / "tests"
RUNS_THE_CLI = ("cli", "project", "serve")


def test_no_two_test_modules_share_a_name():
    names = collections.Counter(p.name for p in TESTS.rglob("test_*.py"))
    assert [n for n, k in names.items() if k > 1] == []


def test_the_command_line_is_tested_in_tests_cli():
    found = [p.relative_to(TESTS).as_posix() for p in TESTS.rglob("*.py")
             if p.relative_to(TESTS).parts[0] not in RUNS_THE_CLI
             and "click.testing" in p.read_text(encoding="utf-8")]
    assert found == []
