"""Arithmetikus on the command line: solve, hint, check and score, their JSON and
their one-line errors."""

import pytest

from eureka.arithmetikus import GAME
from eureka.errors import EurekaError
from tests.arithmetikus.test_arithmetikus import EXAMPLE
from tests.cli.invoke import json_of, run


def test_commands():
    result = run("solve", "arithmetikus", "--target", "17", "--hand", "20", "7", "2", "3")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:3] == ["4 cards (1):", "  20 − (7 + 2) ÷ 3 = 17"]
    data = json_of("solve", "arithmetikus", "--target", "17", "--cards", "20", "J")
    assert {"equation": "20 − J(3)", "ascii": "20 - J(3)", "cards": ["20", "J"],
            "card_count": 2, "joker": 3} in data["combinations"]
    duell = run("solve", "arithmetikus", "--duell", "--target", "5", "--hand", "1", "1",
                "2", "9")
    assert "Stop! Either player can call it with any of 10 combinations:" in duell.stdout
    check = run("check", "arithmetikus", "--target", "17", "--hand", "20", "7", "2", "3",
                "20-(7+2)/3")
    assert (check.exit_code, check.stdout) == (0, "valid: 20 − (7 + 2) ÷ 3 = 17\n")
    fewer = run("check", "arithmetikus", "--target", "17", "--cards", "20", "7", "2", "3",
                "20-3")
    assert fewer.stdout.splitlines() == ["valid: 20 − 3 = 17", "  a better combination "
                                         "uses 4 cards: 20 − (7 + 2) ÷ 3 = 17"]
    score = run("score", "arithmetikus", str(EXAMPLE))
    assert score.stdout.splitlines()[-1] == "Winner: Anna"
    assert "  ok    20 7 2 3       valid: 20 − (7 + 2) ÷ 3 = 17" in score.stdout
    data = json_of("score", "arithmetikus", str(EXAMPLE))
    assert [p["result"] for p in data["players"]] == [5, 4] and data["winner"] == "Anna"
    assert data["players"][1]["combinations"][0]["cards"] == ["J", "9"]
    bad = run("check", "arithmetikus", "--target", "17", "--hand", "20", "7", "2", "3",
              "20-7+2/3")
    assert bad.exit_code == 1 and bad.stdout.startswith("invalid: 2 ÷ 3 is not a whole")

HAND_17 = ("solve", "arithmetikus", "--target", "17", "--cards", "20", "7", "2", "3")


def test_simplest_and_hints():
    assert run(*HAND_17, "--simplest").stdout.splitlines() == [
        "Arithmetikus: hand 2 3 7 20, Spielzahl 17",
        "Simplest with 4 cards: 20 − (7 + 2) ÷ 3 = 17"]
    joker = ("--target", "17", "--cards", "20", "7", "J")
    data = json_of("solve", "arithmetikus", *joker, "--simplest")
    assert data["combinations"] == [] and data["simplest"]["card_count"] == 3
    assert data["simplest"] == json_of("solve", "arithmetikus", *joker)["combinations"][0]
    hints = [run("hint", "arithmetikus", *joker, "--level", k).stdout.splitlines()
             for k in "123"]
    assert hints[0][1:] == ["It can be done with all 3 cards."]
    assert hints[1][1:] == [hints[0][1], "Start with 20 + 4 = 24"]
    assert hints[2][1:] == [hints[0][1], "The simplest answer: 20 + J(4) − 7 = 17",
                            "  20 + 4 = 24", "  24 − 7 = 17"]
    none = GAME.hint(17, ["1", "1"], level=3)
    assert (none.solvable, none.most_cards, none.steps, none.answer) == (False, 0, (), None)
    fewer = GAME.hint(20, ["7", "3", "1"], level=1)     # 7 × 3 − 1 uses all three
    assert fewer.verdict() == "It can be done with all 3 cards."
    assert GAME.hint(10, ["7", "3", "24"], level=1).verdict() == \
        "It can be done with 2 of the 3 cards (no answer uses more)."


def test_limit_lists_at_most_n_and_keeps_the_counts():
    assert run(*HAND_17, "--limit", "2").stdout.splitlines()[1:] == [
        "4 cards (1):", "  20 − (7 + 2) ÷ 3 = 17", "3 cards (2):", "  7 × 2 + 3 = 17",
        "  ... 1 more (--limit 2)", "2 cards (1):", "  ... 1 more (--limit 2)"]
    assert run(*HAND_17, "--limit", "0").stdout.splitlines()[1:3] == [
        "4 cards (1):", "  ... 1 more (--limit 0)"]
    assert run(*HAND_17, "--limit", "99").stdout == run(*HAND_17).stdout
    whole = json_of(*HAND_17)
    assert (whole["limit"], whole["distinct_combinations"]) == (None, 4)
    for limit, listed in (("0", 0), ("3", 3), ("99", 4)):
        data = json_of(*HAND_17, "--limit", limit)
        assert (data["limit"], data["distinct_combinations"]) == (int(limit), 4)
        assert data["combinations"] == whole["combinations"][:listed]


def test_a_negative_result_is_written_as_the_deductions_are(tmp_path):
    game_file = tmp_path / "game.txt"
    game_file.write_text("spielzahl: 5\nplayer: A\n2 3\nextra cards: 2\n"
                         "player: B\n4 1 = 4 + 1\n")
    lines = run("score", "arithmetikus", str(game_file)).stdout.splitlines()
    assert "  extra cards 2: −4; wrong or forgotten: −2; result −4" in lines
    assert "1 card laid down" not in lines and "A: 2 cards laid down" in lines


@pytest.mark.parametrize("args", [
    ["solve", "arithmetikus", "--target", "17", "--cards", "20", "7", "2", "3"],
    ["solve", "arithmetikus", "--target", "17", "--cards", "20", "J"],
    ["check", "arithmetikus", "--target", "17", "--cards", "20", "7", "2", "3", "20-3"],
    ["check", "arithmetikus", "--target", "17", "--cards", "20", "7", "2", "3", "20:3"],
    ["score", "arithmetikus", str(EXAMPLE)],
])
def test_ascii_covers_every_line(args):
    result = run(*args, "--ascii")
    assert result.exit_code in (0, 1), result.output
    assert result.stdout.isascii() and result.stdout.strip()


def test_a_single_number_claim_before_the_options_or_after_dashes():
    for args in (["17", "--target", "17", "--hand", "17", "3"],
                 ["--target", "17", "--hand", "17", "3", "--", "17"]):
        result = run("check", "arithmetikus", *args)
        assert (result.exit_code, result.stdout) == (0, "valid: 17 = 17\n")


def test_a_record_from_standard_input_is_utf8_text():
    text = EXAMPLE.read_text(encoding="utf-8")
    assert run("score", "arithmetikus", "-", stdin="\ufeff" + text).stdout == \
        run("score", "arithmetikus", str(EXAMPLE)).stdout
    bad = run("score", "arithmetikus", "-", stdin=b"spielzahl: 17\n\xff\n")
    assert (bad.exit_code, bad.stderr) == (
        2, "error: cannot read standard input: not UTF-8 text\n")


def test_no_combination_names_the_extra_cards_rule():
    lines = run("solve", "arithmetikus", "--target", "23", "--cards", "1", "1").stdout
    assert lines.splitlines()[-1] == ("No combination makes the Spielzahl: draw an extra "
                                      "card (at most 2 in a game, 2 cards off each).")


def test_a_joker_of_many_digits_is_refused_in_one_line():
    big = "9" * 5000
    result = run("check", "arithmetikus", "--target", "17", "--hand", "J", "3",
                 "--", f"J({big})-3")
    assert result.exit_code == 1
    assert result.stdout.startswith(f"invalid: the joker stands for 1 to 24, not {big}")
    with pytest.raises(EurekaError, match="unknown character '١'"):   # not the joker
        GAME.check("١٢+5", 17, ["J", "5"])


def test_quiet_check_prints_nothing():
    ok = run("check", "arithmetikus", "--target", "17", "--cards", "20", "3", "-q", "20-3")
    bad = run("check", "arithmetikus", "--target", "17", "--cards", "20", "3", "--quiet",
              "20+3")
    assert (ok.exit_code, ok.stdout, bad.exit_code, bad.stdout) == (0, "", 1, "")


@pytest.mark.parametrize("args, code", [
    (["solve", "arithmetikus", "--target", "17", "--cards", "20", "7", "2", "3"], 0),
    (["solve", "arithmetikus", "--target", "17", "--cards", "1", "1"], 0),      # unreachable
    (["solve", "arithmetikus", "--target", "23", "--cards", "J", "24"], 0),
    (["solve", "arithmetikus", "--duell", "--target", "5", "--cards", "1", "1", "2", "9"], 0),
    (["solve", "arithmetikus", "--duell", "--target", "24", "--cards", "1", "1", "2", "2"], 0),
    (["check", "arithmetikus", "--target", "17", "--cards", "20", "7", "2", "3",
      "20-(7+2)/3"], 0),
    (["check", "arithmetikus", "--target", "17", "--cards", "20", "J", "20-J(3)"], 0),
    (["check", "arithmetikus", "--target", "17", "--cards", "20", "7", "2", "3", "20-3"], 0),
    (["check", "arithmetikus", "--target", "17", "--cards", "20", "7", "2", "3",
      "20-7+2/3"], 1),
    (["check", "arithmetikus", "--target", "17", "--cards", "20", "3", "20-J(3)"], 1),
    (["check", "arithmetikus", "--target", "17", "--cards", "1", "1", "1+1"], 1),
    (["score", "arithmetikus", str(EXAMPLE)], 0),
    (["solve", "arithmetikus", "--target", "17", "--cards", "20", "J", "--simplest"], 0),
    (["solve", "arithmetikus", "--target", "17", "--cards", "1", "1", "--simplest"], 0),
    (["hint", "arithmetikus", "--target", "17", "--cards", "20", "J", "--level", "3"], 0),
    (["hint", "arithmetikus", "--target", "17", "--cards", "20", "7", "2", "3",
      "--level", "2"], 0),
    (["hint", "arithmetikus", "--target", "17", "--cards", "1", "1"], 0),
])
def test_json_validates_against_its_schema(args, code):
    data = json_of(*args, code=code)
    assert data["schema"] == f"eureka.arithmetikus.{args[0]}/1"


def test_a_draw_validates(tmp_path):
    game_file = tmp_path / "game.txt"
    game_file.write_text("spielzahl: 5\nplayer: A\n2 3 = 2+3\nextra cards: 1\n"
                         "player: B\n5\n")
    data = json_of("score", "arithmetikus", str(game_file))
    assert data["winner"] is None and data["second_evaluated"]


@pytest.mark.parametrize("verb, schema", [("solve", "solve"), ("check", "check"),
                                          ("hint", "hint"), ("score", "score")])
def test_help_has_an_example_and_the_schema(verb, schema):
    text = run(verb, "arithmetikus", "--help").stdout
    assert "Example: " in text and f"eureka schema eureka.arithmetikus.{schema}/1" in text


@pytest.mark.parametrize("args, message", [
    (["solve", "arithmetikus", "--target", "17", "--hand", "25"], "not an Arithmetikus card"),
    (["solve", "arithmetikus", "--target", "17", "--hand", "J", "J"], "2 cards of J"),
    (["solve", "arithmetikus", "--target", "17", "--hand", *"1 2 3 4 5 6 7".split()],
     "7 cards: a hand holds 1 to 6"),
    (["solve", "arithmetikus", "--target", "30", "--hand", "1"], "30 is not between 1 and 24"),
    (["solve", "arithmetikus", "--target", "+5", "--hand", "1"], "not a whole number"),
    (["solve", "arithmetikus", "--target", "0x10", "--hand", "1"], "not a whole number"),
    (["solve", "arithmetikus", "--target", "9223372036854775808", "--hand", "1"],
     "not between 1 and 24"),
    (["solve", "arithmetikus", "--duell", "--target", "5", "--hand", "1", "2"],
     "the Duell lays out 4 shared cards, not 2"),
    (["solve", "arithmetikus", "--target", "17", "--hand", "²"], "not an Arithmetikus card"),
    (["solve", "arithmetikus", "--target", "17", "--hand", "17", "17"],
     "2 cards of 17 in the hand, but the deck has only 1 (the other is the Spielzahl"),
    (["check", "arithmetikus", "--target", "17", "--hand", "17", "17", "--", "17"],
     "(the other is the Spielzahl, face up)"),
    (["check", "arithmetikus", "--target", "17", "--hand", "20", "3", "20-(3"],
     "at position"),
    (["score", "arithmetikus", "/nonexistent/game.txt"], "cannot read"),
    (["score", "arithmetikus", ""], "cannot read '': the file name is empty"),
    (["check", "arithmetikus", "--target", "17", "--hand", "17", "3", "17"],
     "the claimed combination is missing (a claim that is a single number, such as 17, "
     "goes before the options or after --)"),
    (["solve", "arithmetikus", "--target", "17", "--hand", "", "3"],
     "'' is not an Arithmetikus card"),
    (["solve", "arithmetikus", "--target", "17", "--hand", "-", "3"],
     "'-' is not an Arithmetikus card"),
    (["check", "arithmetikus", "--target", "17", "--hand", "20", " ", "3", "20-3"],
     "' ' is not an Arithmetikus card"),
    (["check", "arithmetikus", "--target", "17", "--hand", "J", "3", "--", "9" * 5000],
     "a number longer than 1000 digits"),
    (["solve", "arithmetikus", "--target", "1" + "0" * 5000, "--hand", "3"],
     "a number of 5,001 digits is not between 1 and 24"),
    (["solve", "arithmetikus", "--target", "17", "--hand", "3", "--simplest", "--limit",
      "2"], "--simplest lists one combination: not with --limit"),
    (["hint", "arithmetikus", "--target", "17", "--hand", "3", "--level", "4"],
     "4 is not between 1 and 3"),
    (["hint", "arithmetikus", "--target", "17", "--hand", "J", "J"], "2 cards of J"),
])
def test_bad_input_is_one_clear_line(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and len(result.stderr.splitlines()) == 1
    assert message in result.stderr
