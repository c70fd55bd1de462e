"""The command line: real output, JSON, and one clear line for every bad input."""

import json

import pytest
from click.testing import CliRunner

from eureka.cli.main import eureka, solve

TABLE = ["--cards", "2", "7", "6", "12", "15"]


def run(*args, group=eureka):
    return CliRunner().invoke(group, list(args))


def test_solve_as_the_user_types_it():
    result = run("pitagoras", *TABLE, "--target", "32", group=solve)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Pitagoras: cards 2 6 7 12 15, target 32")
    assert lines[1] == "Best: 5 cards (12 equations)"
    assert "  (15 + 7 + 6 − 12) × 2 = 32" in lines
    assert "Every distinct equation: 23 (460 expression trees)" in lines
    assert "  4 cards: 11" in lines


def test_solve_with_dice_and_pow():
    result = run("solve", "pitagoras", *TABLE, "--dice", "30", "2", "--pow", "--ascii")
    assert result.exit_code == 0, result.output
    assert "    7^(12 / 6) - 15 - 2 = 32" in result.stdout.splitlines()


def test_solve_json_schema():
    result = run("solve", "pitagoras", *TABLE, "--target", "32", "--json")
    data = json.loads(result.stdout)
    assert data["schema"] == "eureka.solve/1"
    assert (data["reachable"], data["most_cards"], data["fewest_cards"]) == (True, 5, 4)
    assert data["distinct_equations"] == len(data["equations"]) == 23
    assert data["expression_trees"] == 460
    first = data["equations"][0]
    assert set(first) == {"equation", "ascii", "value", "cards", "card_count"}
    assert first["card_count"] == 5 and first["value"] == 32


def test_solve_unreachable_shows_closest():
    result = run("solve", "numbers", "--cards", "1", "1", "--target", "50")
    assert result.exit_code == 0
    assert "No equation makes 50." in result.stdout
    assert "  closest (-48): 1 + 1 = 2" in result.stdout.splitlines()


def test_countdown_and_numbers():
    result = run("solve", "countdown", "--cards", "1", "3", "7", "10", "25", "50",
                 "--target", "765", "--json")
    data = json.loads(result.stdout)
    assert data["distinct_equations"] == 22 and data["expression_trees"] == 780
    result = run("solve", "numbers", "--cards", "2", "3", "--target", "8", "--ops", "+-*/^")
    assert "  2^3 = 8" in result.stdout.splitlines()


def test_the_24_game_and_the_fraction_domain():
    result = run("solve", "game24", "--cards", "1", "5", "5", "5")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1:3] == ["Best: 4 cards (1 equation)", "  5 × (5 − 1 ÷ 5) = 24"]
    result = run("solve", "game24", "--cards", "1", "1", "5", "12")
    assert "Not solvable: no equation uses all 4 cards." in result.stdout.splitlines()
    result = run("solve", "numbers", "--domain", "fraction", "--cards", "3", "7",
                 "--target", "2", "--json")
    nearest = json.loads(result.stdout)["closest"][0]
    assert (nearest["equation"], nearest["value"], nearest["distance"]) == (
        "7 ÷ 3", "7/3", "1/3")
    result = run("solve", "numbers", "--domain", "fraction", "--cards", "3", "7",
                 "--target", "2")
    assert "  closest (+1/3): 7 ÷ 3 = 7/3" in result.stdout.splitlines()


@pytest.mark.parametrize("args, code, reason", [
    (["game24", "--cards", "3", "3", "8", "8", "8/(3-8/3)"], 0, "valid: 8 ÷ (3 − 8 ÷ 3) = 24"),
    (["game24", "--cards", "1", "5", "5", "5", "5*5-1"], 1,
     "invalid: the 24 game uses every card; 5 left out"),
    (["numbers", "--domain", "fraction", "--cards", "3", "3", "8", "8", "--target", "24",
      "8/3-3"], 1, "invalid: 8/3 − 3 = −1/3 is below 0 (at position 4)"),
    (["numbers", "--cards", "3", "3", "8", "8", "--target", "24", "8/(3-8/3)"], 1,
     "invalid: 8 ÷ 3 is not a whole number (at position 7)"),
])
def test_check_with_fractions(args, code, reason):
    result = run("check", *args)
    assert result.exit_code == code
    assert result.stdout.startswith(reason)


def test_check_valid_with_a_better_answer():
    result = run("check", "pitagoras", *TABLE, "--target", "32", "7*6-12+2")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "valid: 7 × 6 − 12 + 2 = 32 — 4 cards, and you take them."
    assert lines[1].startswith("  a better answer uses 5 cards: ")


def test_check_invalid_says_why():
    result = run("check", "pitagoras", *TABLE, "--target", "32", "2-7+37")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == "invalid: 37 is not on the table (cards: 2 7 6 12 15)"
    result = run("check", "pitagoras", *TABLE, "--target", "32", "--json", "12-15+35")
    data = json.loads(result.stdout)
    assert data["valid"] is False and data["problem"] == "card-missing"


@pytest.mark.parametrize("args, message", [
    (["solve", "pitagoras", "--cards", "2", "x", "--target", "3"], "'x' is not a valid integer"),
    (["solve", "pitagoras", "--target", "3"], "Missing option '--cards'"),
    (["solve", "pitagoras", "--cards", "--target", "3"], "Missing option '--cards'"),
    (["solve", "pitagoras", "--cards", "2", "-3", "--target", "3"], "-3 is not in the range"),
    (["solve", "pitagoras", "--cards", *["1"] * 30, "--target", "3"],
     "30 cards of 1, but the Pitagoras deck has only 4 copies"),
    (["solve", "numbers", "--cards", *["1"] * 30, "--target", "3"],
     "30 cards is more than this search allows"),
    (["solve", "pitagoras", "--cards", "21", "--target", "3"],
     "21 is not a card of the Pitagoras deck"),
    (["solve", "pitagoras", "--cards", "15", "15", "--target", "30"], "only 1 copy"),
    (["solve", "pitagoras", "--cards", "16", "--target", "30", "--easy"],
     "16 is not a card of the easier Pitagoras deck"),
    (["solve", "pitagoras", "--cards", "2", "3", "--dice", "30", "7"], "not a roll"),
    (["solve", "pitagoras", "--cards", "2", "3"], "either --target N or --dice"),
    (["solve", "countdown", "--cards", "3", "3", "3", "--target", "9"],
     "3 cards of 3, but the Countdown deck has only 2 copies"),
    (["solve", "numbers", "--cards", "2", "--target", "3", "--ops", "-"], "'-' needs '+'"),
    (["check", "pitagoras", *TABLE, "--target", "32", "7*(6-"], "at position"),
    (["check", "pitagoras", *TABLE, "--target", "32", "7 & 6"], "unknown character '&'"),
    (["solve", "numbers", "--cards", "2", "--target", "3", "--domain", "fraction",
      "--ops", "+-*/^"], "^ is not offered with fractions"),
    (["solve", "numbers", "--cards", *["1"] * 7, "--target", "3", "--domain", "fraction"],
     "7 cards is more than this search allows (6)"),
    (["solve", "game24", "--cards", "14", "1"], "14 is not a card of the 24 game deck"),
    (["solve", "chess"], "No such command 'chess'"),
    (["solve"], "Missing command"),
    (["check", "numbers", "--cards", "2", "3", "--target", "5", ""], "empty claim"),
    (["solve", "numbers", "--cards", "10000000000000000000000", "--target", "5"],
     "outside the numbers this game allows"),
])
def test_bad_input_is_one_clear_line(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert message in lines[0]
    assert "Traceback" not in result.output


def test_bench_writes_results(tmp_path):
    out = tmp_path / "bench.json"
    result = run("bench", "--puzzles", "4", "--sample", "2", "--workload", "pitagoras",
                 "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data == json.loads(result.stdout)
    assert data["schema"] == "eureka.bench/1" and data["machine"]["cores"] >= 1
    solvers = [t["solver"] for t in data["timings"]]
    assert solvers == ["eureka", "oracle"]
    assert data["timings"][1]["ratio_to_eureka"] > 0
    assert data["agreement"]["pitagoras/oracle"] == {"compared": "answer", "puzzles": 2,
                                                     "agree": 2}


def test_best_only():
    result = run("solve", "pitagoras", *TABLE, "--target", "32", "--best", "--json")
    data = json.loads(result.stdout)
    assert data["distinct_equations"] is None and data["fewest_cards"] is None
    assert data["most_cards"] == 5 and len(data["equations"]) == 1
    result = run("solve", "pitagoras", *TABLE, "--target", "32", "--best")
    assert result.stdout.splitlines()[1:] == [
        "Best: 5 cards", "  " + data["equations"][0]["equation"] + " = 32",
        "(--best: the other equations are not listed)"]


def test_too_many_equations_is_one_line(monkeypatch):
    from eureka.numbers import engine
    monkeypatch.setattr(engine, "FORM_BUDGET", 10)
    result = run("solve", "pitagoras", *TABLE, "--target", "32")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: more than 10 equations")


def test_check_stands_when_the_search_is_too_large(monkeypatch):
    from eureka.numbers import engine
    monkeypatch.setattr(engine, "VALUE_BUDGET", 5)
    result = run("check", "pitagoras", *TABLE, "--target", "32", "7*6-12+2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["valid"] is True and data["best_card_count"] is None
    assert data["better"] is None


def test_bench_refuses_an_unwritable_output():
    result = run("bench", "--puzzles", "1", "--out", "/nonexistent/folder/x.json")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot write the results to /nonexistent")
