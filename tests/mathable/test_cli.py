"""The Mathable commands: solve, check (claims and records), simulate."""

import json

import pytest
from click.testing import CliRunner

from eureka.cli.main import eureka
from eureka.mathable.position import Position, render
from tests.paths import DOCS, EXAMPLES

RULEBOOK = str(EXAMPLES / "mathable_rulebook.txt")
RACK = ["--rack", "1", "8", "2", "12", "16", "42", "17"]


def run(*args):
    return CliRunner().invoke(eureka, list(args))


def test_solve_opening_lists_the_best_turn_and_draws_the_board():
    result = run("solve", "mathable", *RACK, "--top", "2")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1] == "Best turn: 56 points, 6 placements"
    assert any(line.startswith("#2: 56 points") for line in lines)
    board = "\n".join(lines[lines.index("Board after the best turn ([new] tokens):") + 1:])
    assert board.count("[") == 6


def test_solve_json_turns_are_rescored_by_the_record_replay(tmp_path):
    data = json.loads(run("solve", "mathable", *RACK, "--top", "3", "--moves",
                          "--json").stdout)
    assert data["schema"] == "eureka.mathable.solve/1"
    assert [t["points"] for t in data["turns"]] == sorted(
        (t["points"] for t in data["turns"]), reverse=True)
    assert len(data["moves"]) == 14
    for turn in data["turns"]:
        record = tmp_path / "turn.txt"
        record.write_text(f"P1: {turn['turn']}\n")
        replay = json.loads(run("check", "mathable", str(record), "--json").stdout)
        assert replay["valid"] and replay["turns"][0]["points"] == turn["points"]


def test_solve_reads_a_position_file_with_its_rack(tmp_path):
    grid = dict(Position().grid)
    grid[(7, 8)] = 12                                   # I8=12
    path = tmp_path / "pos.txt"
    path.write_text(render(grid) + "\nrack: 16 48\n")
    data = json.loads(run("solve", "mathable", "--position", str(path), "--json").stdout)
    best = data["turns"][0]
    assert best["turn"] == "J8=16" and best["points"] == 16 and best["draws"] == 1


def test_solve_with_nothing_to_place_says_so():
    result = run("solve", "mathable", "--rack", "90", "81")
    assert result.exit_code == 0
    assert "No token of this rack can be placed" in result.stdout


def test_check_the_rulebook_record():
    result = run("check", "mathable", RULEBOOK)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[2].split()[:3] == ["1", "P1", "39"]
    assert lines[3].split()[:3] == ["2", "P2", "121"] and "(+50 full rack)" in lines[3]
    assert "totals: P1 39, P2 121" in lines


def test_check_a_record_as_json_with_its_draws():
    data = json.loads(run("check", "mathable", RULEBOOK, "--json").stdout)
    assert [t["points"] for t in data["turns"]] == [39, 121]
    assert data["turns"][1]["placements"][2]["points"] == 16      # H9: two equations
    first, second = (t["placements"] for t in data["turns"])
    assert [p["drew"] for p in first] == [False] * 4 + [True]     # J8, a + square
    assert second[5]["may_draw"] and not second[5]["drew"]        # E8: declined


def test_check_a_record_without_the_bonus():
    data = json.loads(run("check", "mathable", RULEBOOK, "--no-bonus", "--json").stdout)
    assert [t["points"] for t in data["turns"]] == [39, 71] and not data["bonus"]


def test_record_header_and_options_must_agree(tmp_path):
    record = tmp_path / "game.txt"
    record.write_text("edition: 106\nP1: I8=12\n")
    assert run("check", "mathable", str(record), "--edition", "106").exit_code == 0
    result = run("check", "mathable", str(record), "--edition", "126")
    assert result.exit_code == 2 and "'edition: 106', but edition 126" in result.stderr


def test_check_a_claimed_turn_and_a_better_one():
    result = run("check", "mathable", *RACK, "I8=12 H6=8 G9=2 F7=1 J8=16")
    assert result.exit_code == 0
    assert result.stdout.startswith("valid: 39 points, 5 placements, may draw 1 token")
    assert "a better turn: 56 points" in result.stdout


def test_check_an_illegal_claim_names_the_square_and_operation():
    result = run("check", "mathable", *RACK, "I8=12 J8=8")
    assert result.exit_code == 1
    assert result.stdout.startswith("invalid: placement 2, J8=8: J8 is a + square, so "
                                    "only addition counts")
    assert "12 + 4 = 16" in result.stdout


def test_check_the_best_claim_has_no_better():
    best = json.loads(run("solve", "mathable", *RACK, "--json").stdout)["turns"][0]
    data = json.loads(run("check", "mathable", *RACK, best["turn"], "--json").stdout)
    assert data["valid"] and not data["better_exists"]
    assert data["turn"]["points"] == best["points"]


def test_simulate_is_reproducible_and_summarised():
    args = ("simulate", "mathable", "--games", "2", "--seed", "5", "--policies",
            "greedy,random", "--json")
    first, second = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert data["games"] == 2 and [s["policy"] for s in data["seats"]] == ["greedy",
                                                                           "random"]
    assert sum(s["win_rate"] for s in data["seats"]) == pytest.approx(1)


@pytest.mark.parametrize("args, message", [
    (("solve", "mathable"), "a rack is needed"),
    (("solve", "mathable", "--rack", "91"), "rack: 91 is not a Mathable token"),
    (("solve", "mathable", "--rack", "90", "90"), "2 tokens of 90"),
    (("solve", "mathable", "--rack", "1", "--position", "/no/such/file"),
     "cannot read /no/such/file"),
    (("check", "mathable"), "give one game record"),
    (("check", "mathable", "--rack", "1"), "the claimed turn is missing"),
    (("check", "mathable", "--rack", "1", "Z9=1"), "'Z9' is not a cell"),
    (("check", "mathable", "--rack", "1", "I8=x"), "is not a placement"),
    (("check", "mathable", "/no/such/record"), "cannot read /no/such/record"),
    (("check", "mathable", "--rack", "12", ""), "the claimed turn is empty"),
    (("simulate", "mathable", "--policies", "optimal,clever"), "unknown policy"),
    (("simulate", "mathable", "--players", "3", "--policies", "optimal,greedy"),
     "--players 3 but 2 policies"),
    (("simulate", "mathable", "--policies", "optimal,optimal,optimal,optimal,optimal"),
     "2 to 4 players"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert message in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.parametrize("text, message", [
    ("rack: 1\n", "the board needs 14 rows"),
    (render({**Position().grid, (7, 7): 5}) + "\n", "H8 must hold the printed 4"),
    (render({**Position().grid, (0, 0): 7}) + "\n", "no legal sequence"),
    (render({**Position().grid, (0, 0): "x"}) + "\n", "'x' is neither a token"),
    ('{"cells": {"A1": 90, "B1": 90}}', "tokens of 90"),
])
def test_bad_position_files(tmp_path, text, message):
    path = tmp_path / "pos.txt"
    path.write_text(text)
    result = run("solve", "mathable", "--position", str(path), "--rack", "1")
    assert result.exit_code == 2 and message in result.stderr


def test_the_record_example_of_the_docs_replays(tmp_path):
    guide = (DOCS / "MATHABLE.md").read_text()
    example = guide.split("```\n# the rulebook's example, then")[1].split("```")[0]
    record = tmp_path / "example.txt"
    record.write_text("# the rulebook's example, then" + example)
    data = json.loads(run("check", "mathable", str(record), "--json").stdout)
    assert data["valid"] and [t["points"] for t in data["turns"]] == [39, 121, 0, 0]


def test_bench_mathable_workloads_agree_with_the_oracle(tmp_path):
    out = tmp_path / "bench.json"
    result = run("bench", "--puzzles", "3", "--sample", "2", "--workload", "mathable4",
                 "--workload", "mathable-games", "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    rows = {(t["workload"], t["solver"]): t for t in data["timings"]}
    assert rows[("mathable4", "eureka")]["puzzles"] == 3
    assert rows[("mathable-games", "eureka")]["puzzles"] == 3
    assert data["agreement"]["mathable4/oracle"] == {"compared": "answer", "puzzles": 2,
                                                     "agree": 2}
