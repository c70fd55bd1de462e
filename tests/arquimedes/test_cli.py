"""The Arquimedes commands: real output, JSON, exit codes, and one line for bad input."""

import json

import pytest
from click.testing import CliRunner

from eureka.cli.main import eureka
from tests.paths import EXAMPLES

EXAMPLE = EXAMPLES / "arquimedes_game.txt"
STATE = ["--top", "3", "--hand", "2", "5", "7", "12", "K"]


def run(*args, stdin=None):
    return CliRunner().invoke(eureka, list(args), input=stdin)


def test_solve_lists_every_play_grouped_and_recommends_one():
    result = run("solve", "arquimedes", *STATE)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Arquimedes: top 3, hand 2 5 7 12 K (+ − × ÷)"
    assert lines[1] == "2 cards (11):" and "  3 + 2 = 5" in lines
    assert "1 card (1):" in lines and "  3 = K(3)" in lines
    assert lines[-1].startswith("Recommended: 3 + K(9) = 12 — it sheds the most points (25)")
    data = json.loads(run("solve", "arquimedes", *STATE, "--json").stdout)
    assert data["schema"] == "eureka.arquimedes.solve/1" and len(data["plays"]) == 12
    assert data["recommended"]["action"] == "play"
    last = run("solve", "arquimedes", "--top", "3", "--hand", "2", "5").stdout
    assert "  3 + 2 = 5   empties the hand" in last.splitlines()


def test_solve_with_simulation():
    result = run("solve", "arquimedes", *STATE, "--others", "5", "4", "--simulate", "200",
                 "--json")
    assert result.exit_code == 0, result.output
    options = json.loads(result.stdout)["simulated"]["options"]
    assert len(options) == 13                           # 12 plays and drawing a card
    tokens = [o["expected_tokens"] for o in options]
    assert tokens == sorted(tokens) and all(0 <= t <= 3 for t in tokens)
    text = run("solve", "arquimedes", *STATE, "--others", "5", "4", "--simulate", "200")
    assert "draw a card" in text.stdout


def test_check():
    result = run("check", "arquimedes", *STATE, "3+2=5")
    assert (result.exit_code, result.stdout) == (0, "valid: 3 + 2 = 5\n")
    result = run("check", "arquimedes", *STATE, "8=3+5")
    assert result.exit_code == 1
    assert result.stdout.startswith("invalid: the result card must come last")
    data = json.loads(run("check", "arquimedes", *STATE, "3+K=12", "--json").stdout)
    assert data["valid"] and data["play"]["cards"] == ["K", "12"]


def test_score_the_example_game():
    result = run("score", "arquimedes", str(EXAMPLE))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "  Ben        cards  23      token  4" in lines        # the rulebook's example
    assert "Round 3: every player passed" in lines
    assert lines[-2:] == ["Tokens: Ana 9  Ben 11  Cy 12  Dee 14", "Winner: Ana"]
    data = json.loads(run("score", "arquimedes", str(EXAMPLE), "--json").stdout)
    assert data["rounds"][0]["tokens"] == {"Ana": 2, "Ben": 4, "Cy": 3, "Dee": 0}
    pending = run("score", "arquimedes", "-", stdin="players: A B C\nround 1\nA: out\n"
                                                     "B: 8\nC: 3 5\n")
    assert "  still tied on 8: B, C each draw a card" in pending.stdout.splitlines()
    assert "1 of 5 rounds played." in pending.stdout


def test_simulate():
    args = ["simulate", "arquimedes", "--games", "500", "--strategies",
            "greedy,random,tactician", "--seed", "4", "--json"]
    first, again = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout == again.stdout
    data = json.loads(first.stdout)["variants"][0]
    assert [s["strategy"] for s in data["seats"]] == ["greedy", "random", "tactician"]
    assert sum(s["wins"] for s in data["seats"]) == 500
    text = run("simulate", "arquimedes", "--games", "200", "--players", "4", "--compare")
    assert "joker off, + −" in text.stdout and "The same seeds under each variant:" in \
        text.stdout


@pytest.mark.parametrize("args, message", [
    (["solve", "arquimedes", "--top", "14", "--hand", "2"], "'14' is not an Arquimedes card"),
    (["solve", "arquimedes", "--top", "K", "--hand", "2", "K"], "only 1 copy"),
    (["solve", "arquimedes", "--top", "3", "--hand", "5", "5", "5", "5", "5", "5", "5"],
     "7 cards of 5"),
    (["solve", "arquimedes", *STATE, "--simulate", "10"], "needs the other players"),
    (["solve", "arquimedes", *STATE, "--ops", "+^"], "operations must be chosen"),
    (["solve", "arquimedes", *STATE, "--no-joker"], "played without it"),
    (["check", "arquimedes", *STATE, "3+2+1=6"], "at most two cards"),
    (["simulate", "arquimedes", "--strategies", "clever"], "unknown strategy 'clever'"),
    (["simulate", "arquimedes", "--players", "7"], "not in the range 2<=x<=6"),
    (["score", "arquimedes", "/nonexistent/game.txt"], "cannot read"),
])
def test_bad_input_is_one_clear_line(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]


@pytest.mark.parametrize("record, message", [
    ("round 1\n", "line 1: name the players first"),
    ("players: A B\nround 2\n", "line 2: expected 'round 1'"),
    ("players: A B\nround 1\nA: out\nB: out\n", "line 4: both A and B went out"),
    ("players: A B\nround 1\nA: out\nC: 4\n", "line 4: 'C' is not one of the players"),
    ("players: A B\nround 1\nA: out\n", "round 1: no line for B"),
    ("players: A B\nround 1\nA: 13 13\nB: out\n", "2 cards of 13"),
    ("players: A B\nround 1\nA: 4 draws 5\nB: out\n", "A drew 1 card for ties, but none was needed"),
])
def test_bad_records_name_the_line(record, message):
    result = run("score", "arquimedes", "-", stdin=record)
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.splitlines()) == 1
