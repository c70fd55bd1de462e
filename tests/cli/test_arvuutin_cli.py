"""Arvuutin on the command line: solve, check and score, their JSON and their one-line
errors."""

import re

import pytest

from tests.cli.invoke import json_of, run


def test_commands():
    result = run("solve", "arvuutin", "--hand", "3", "7", "12", "15", "40", "--guess", "58")
    assert result.exit_code == 0, result.output
    assert "  3 + 15 + 40 = 58   distance 0      keeps every card (an exact hit)" in \
        result.stdout.splitlines()
    data = json_of("solve", "arvuutin", "--cards", "3", "7", "12", "15", "40",
                   "--range", "50", "70")
    assert data["choices"][0]["cards"] == [7, 12, 40] and 100 in data["cannot_answer"]
    result = run("check", "arvuutin", "--answer", "63", "--played", "P1=40,20",
                 "P2=30,9,20", "P3=pass", "--marker", "x2")
    assert "  P1: 60 (off by 3) — wins 2 question cards; loses 40 20" in \
        result.stdout.splitlines()
    data = json_of("check", "arvuutin", "--answer", "63", "--played", "P1=40,20,3",
                   "P2=60,3")
    assert data["winners"] == ["P1", "P2"] and data["reason"] == "P1 and P2 win 1 " \
        "question card each"
    assert [p["keeps"] for p in data["players"]] == [[40, 20, 3], [60, 3]]  # exact hits
    data = json_of("score", "arvuutin", "--levels", "A=3", "B=4", "--won", "A=2", "B=3",
                   "--hidden", "A", "B")
    assert data["total"] == 25


def test_the_issue_ranking_on_the_command_line():
    result = run("solve", "arvuutin", "--hand", "2", "4", "4", "8", "8", "18", "--guess",
                 "20", "--limit", "3")
    assert result.stdout.splitlines()[-3:] == [
        "  2 + 18    = 20   distance 0      keeps every card (an exact hit)",
        "  4 + 8 + 8 = 20   distance 0      keeps every card (an exact hit)",
        "  18        = 18   distance 2      if it wins, keeps 2 4 4 8 8 (13 answers)"]


@pytest.mark.parametrize("args", [["--guess", "58"], ["--range", "50", "70"],
                                  ["--guess", "58", "--ascii"]])
def test_the_choice_columns_line_up(args):
    lines = run("solve", "arvuutin", "--cards", "3", "7", "12", "15", "40", *args,
                "--limit", "8").stdout.splitlines()
    choices = lines[lines.index(next(x for x in lines if x.startswith("best"))) + 1:]
    assert len(choices) == 8
    for column in (r" = ", r"distance", r"distance \S+ +"):       # the last: what is kept
        assert len({re.search(column, line).end() for line in choices}) == 1, column


def test_one_point_is_singular():
    result = run("score", "arvuutin", "--levels", "A=1", "--won", "A=1")
    assert result.stdout == "question cards 1 + hidden cards 0 = 1 point\n"


def test_one_answer_is_singular():
    lines = run("solve", "arvuutin", "--cards", "5", "9", "--guess", "9").stdout
    assert "if it wins, keeps 9 (1 answer)" in lines


@pytest.mark.parametrize("args", [
    ["solve", "arvuutin", "--cards", "3", "7", "12", "15", "40", "--guess", "58"],
    ["check", "arvuutin", "--answer", "63", "--played", "P1=40,20", "P3=pass"],
])
def test_ascii_covers_every_line(args):
    result = run(*args, "--ascii")
    assert result.exit_code == 0, result.output
    assert result.stdout.isascii() and len(result.stdout.splitlines()) > 2


def test_quiet_check_prints_nothing():
    result = run("check", "arvuutin", "--answer", "5", "--played", "A=4", "-q")
    assert (result.exit_code, result.stdout) == (0, "")


@pytest.mark.parametrize("args", [
    ["solve", "arvuutin", "--cards", "3", "7", "12", "15", "40", "--guess", "58"],
    ["solve", "arvuutin", "--cards", "3", "7", "12", "15", "40", "--guess", "100"],
    ["solve", "arvuutin", "--cards", "80", "--guess", "1", "--limit", "5"],
    ["solve", "arvuutin", "--cards", "3", "7", "12", "15", "40", "--range", "70", "50"],
    ["solve", "arvuutin", "--cards", *["9"] * 16, "--range", "1", "100", "--limit", "100"],
    ["check", "arvuutin", "--answer", "63", "--played", "P1=40,20", "P2=30,9,20",
     "P3=pass", "--marker", "x2"],
    ["check", "arvuutin", "--answer", "50", "--played", "A=40,8", "B=50,2", "--final"],
    ["check", "arvuutin", "--answer", "10", "--played", "A=pass,7,3", "B=pass"],
    ["score", "arvuutin", "--levels", "A=3", "B=4", "--won", "A=2", "B=3", "--hidden",
     "A", "B"],
    ["score", "arvuutin", "--levels", "A=0"],
])
def test_json_validates_against_its_schema(args):
    data = json_of(*args)
    assert data["schema"] == f"eureka.arvuutin.{args[0]}/1"


def test_every_player_passed():
    data = json_of("check", "arvuutin", "--answer", "10", "--played", "A=pass,7,3")
    assert data["winners"] == [] and data["players"][0]["draws"] == 3
    assert data["reason"] == "every player passed: nobody wins the question card"


@pytest.mark.parametrize("verb", ["solve", "check", "score"])
def test_help_has_an_example_and_the_schema(verb):
    text = run(verb, "arvuutin", "--help").stdout
    assert "Example: " in text and f"eureka schema eureka.arvuutin.{verb}/1" in text


@pytest.mark.parametrize("args, message", [
    (["solve", "arvuutin", "--hand", "25", "--guess", "5"], "25 is not an answer card"),
    (["solve", "arvuutin", "--hand", "5"], "either --guess N or --range"),
    (["solve", "arvuutin", "--hand", "5", "--guess", "5", "--range", "1", "9"],
     "either --guess N or --range"),
    (["solve", "arvuutin", "--hand", *["1"] * 17, "--guess", "5"], "at most 16"),
    (["solve", "arvuutin", "--hand", "5", "--guess", "5", "--top", "3"],
     "No such option '--top'"),
    (["solve", "arvuutin", "--hand", "5", "--guess", "101"], "not between 1 and 100"),
    (["solve", "arvuutin", "--hand", "+5", "--guess", "5"], "not a whole number"),
    (["solve", "arvuutin", "--hand", "5", "--guess", "5", "--limit", "0x10"],
     "not a whole number"),
    (["check", "arvuutin", "--answer", "0", "--played", "A=4"], "not between 1 and 100"),
    (["check", "arvuutin", "--answer", "5", "--played", "A=4", "A=pass"], "A answers twice"),
    (["check", "arvuutin", "--answer", "5", "--played", "P1=²"], "not an answer card"),
    (["score", "arvuutin", "--levels", "A=x"], "CATEGORY=NUMBER"),
    (["score", "arvuutin", "--levels", "F=2"], "the categories are A–E"),
    (["score", "arvuutin", "--levels", "A=-1"], "CATEGORY=NUMBER"),
    (["score", "arvuutin", "--levels", "A=3", "--won", "A=1000000000000000000000000000000"],
     "but a category has 50"),
    (["score", "arvuutin", "--levels", "A=3", "--won", "A=51"], "but a category has 50"),
    (["score", "arvuutin", "--levels", "A=3", "--hidden", *["A"] * 21],
     "21 hidden cards, but the game has 20"),
    (["check", "arvuutin", "--answer", "5", "--played", "P1=3,,2"],
     "P1: an empty card in '3,,2'"),
    (["check", "arvuutin", "--answer", "5", "--played", "P1=3,"], "an empty card"),
    (["check", "arvuutin", "--answer", "5", "--played", "=3"],
     "expected NAME=CARDS or NAME=pass, got '=3'"),
    (["score", "arvuutin", "--levels", "A=3", "--won", "A"],
     "won: CATEGORY=NUMBER, e.g. A=3, not 'A'"),
    (["score", "arvuutin", "--levels", "=3"], "level of category ''"),
    (["score", "arvuutin", "--levels", "A=3", "--hidden", ""], "hidden card of category ''"),
    (["solve", "arvuutin", "--hand", "", "--guess", "5"], "'' is not a whole number"),
    (["solve", "arvuutin", "--hand", "-", "--guess", "5"], "'-' is not a whole number"),
    (["solve", "arvuutin", "--hand", "5", "--guess", "9" * 5000],
     "a number of 5,000 digits is not between 1 and 100"),
    (["check", "arvuutin", "--answer", "5", "--played", "P1=" + "9" * 5000],
     "is not an answer card"),
    (["score", "arvuutin", "--levels", "A=" + "9" * 5000], "CATEGORY=NUMBER"),
])
def test_bad_input_is_one_clear_line(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and len(result.stderr.splitlines()) == 1
    assert message in result.stderr
