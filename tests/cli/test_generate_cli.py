"""The generate command: puzzles on demand, as text and JSON."""

import json

import pytest
from click.testing import CliRunner

from eureka.cli.main import eureka
from eureka.game24 import GAME as GAME24
from eureka.numbers.claim import verifier
from tests.schema_check import assert_valid


def test_json_lines_follow_the_schema():
    result = CliRunner().invoke(eureka, ["generate", "game24", "--count", "3", "--seed",
                                         "1", "--json", "--workers", "1"])
    assert result.exit_code == 0, result.output
    lines = [assert_valid(json.loads(line)) for line in result.stdout.splitlines()]
    assert len(lines) == 3 and all(line["difficulty"]["level"] for line in lines)
    for line in lines:
        verdict = verifier.check(line["answer"], line["cards"], 24, GAME24.rules)
        assert verdict.valid


@pytest.mark.parametrize("args, message", [
    (["game24", "--unsolvable", "--unique"], "--unsolvable puzzles have no answer"),
    (["countdown", "--min-cards", "7"], "--min-cards 7: a countdown deal has 6 cards"),
    (["arithmetikus", "--difficulty", "easy"], "Arithmetikus puzzles are not rated"),
    (["game24", "--count", "0"], "0 is not between 1 and"),
    (["chess"], "No such command 'chess'"),
])
def test_impossible_requests_are_one_clear_line(args, message):
    result = CliRunner().invoke(eureka, ["generate", *args, "--workers", "1"])
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and "Traceback" not in result.output
    (line,) = result.stderr.splitlines()
    assert message in line
