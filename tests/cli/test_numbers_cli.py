"""The command line of the numbers games: real output, JSON validated against its
schema, and one clear line for every bad input."""

import json

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from eureka import countdown, pitagoras
from eureka.cli.main import eureka, solve
from eureka.cli.numbers_cmds import PRESETS
from eureka.cli.params import example as example_of
from eureka.errors import HandError
from tests.conftest import heavy
from tests.schema_check import assert_valid

TABLE = ["--cards", "2", "7", "6", "12", "15"]
HUGE = str(2**63)


def run(*args, group=eureka):
    return CliRunner().invoke(group, list(args))


def json_of(*args) -> dict:
    result = run(*args)
    assert result.exit_code in (0, 1), result.output
    return assert_valid(json.loads(result.stdout))


# -- solve ------------------------------------------------------------------------------

def test_solve_as_the_user_types_it():
    result = run("pitagoras", *TABLE, "--target", "32", group=solve)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Pitagoras: cards 2 6 7 12 15, target 32")
    assert lines[1:3] == ["Best: 5 cards (12 equations)",
                          "Every distinct equation: 23 (460 expression trees)"]
    rating = pitagoras.GAME.solve([2, 7, 6, 12, 15], 32).difficulty
    assert lines[3:6] == [f"Difficulty: {rating.rating} ({rating.level})", "  5 cards: 12",
                          "    15 + 12 + 6 × 2 − 7 = 32"]          # the simplest first
    assert "    (15 + 7 + 6 − 12) × 2 = 32" in lines
    assert "  4 cards: 11" in lines


def test_each_equation_is_printed_once():
    lines = run("solve", "pitagoras", *TABLE, "--target", "32").stdout.splitlines()
    equations = [line for line in lines if line.endswith("= 32")]
    assert len(equations) == len(set(equations)) == 23


def test_solve_with_dice_and_pow():
    result = run("solve", "pitagoras", *TABLE, "--dice", "30", "2", "--pow", "--ascii")
    assert result.exit_code == 0, result.output
    assert "    7^(12 / 6) - 15 - 2 = 32" in result.stdout.splitlines()
    assert result.stdout.isascii()


def test_solve_json_schema():
    data = json_of("solve", "pitagoras", *TABLE, "--target", "32", "--json")
    assert data["schema"] == "eureka.solve/1"
    assert (data["reachable"], data["most_cards"], data["fewest_cards"]) == (True, 5, 4)
    assert data["distinct_equations"] == len(data["equations"]) == 23
    assert data["expression_trees"] == 460 and data["limit"] is None
    first = data["equations"][0]
    assert set(first) == {"equation", "ascii", "value", "cards", "card_count"}
    assert first["card_count"] == 5 and first["value"] == 32


def test_solve_unreachable_shows_closest_with_one_minus_sign():
    result = run("solve", "numbers", "--cards", "1", "1", "--target", "50")
    assert result.exit_code == 0
    assert "No equation makes 50." in result.stdout
    assert "  closest (−48): 1 + 1 = 2" in result.stdout.splitlines()
    result = run("solve", "numbers", "--cards", "1", "1", "--target", "50", "--ascii")
    assert "  closest (-48): 1 + 1 = 2" in result.stdout.splitlines()
    assert result.stdout.isascii()


def test_pitagoras_recalls_the_rule_on_a_miss():
    result = run("solve", "pitagoras", "--cards", "1", "1", "--target", "50")
    assert result.stdout.splitlines()[-1] == ("The rules: deal one more card and roll the "
                                              "dice again.")
    result = run("solve", "countdown", "--cards", "1", "1", "--target", "50")
    assert "The rules" not in result.stdout


def test_countdown_and_numbers():
    data = json_of("solve", "countdown", "--cards", "1", "3", "7", "10", "25", "50",
                   "--target", "765", "--json")
    assert data["distinct_equations"] == 22 and data["expression_trees"] == 780
    result = run("solve", "numbers", "--cards", "2", "3", "--target", "8", "--ops", "+-*/^")
    lines = result.stdout.splitlines()
    assert lines[1:3] + lines[4:] == [
        "Best: 2 cards (1 equation)", "Every distinct equation: 1 (1 expression tree)",
        "  2 cards: 1", "    2^3 = 8"]
    assert lines[3].startswith("Difficulty: ")


def test_the_24_game_and_the_fraction_domain():
    result = run("solve", "game24", "--cards", "1", "5", "5", "5")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1] == "Best: 4 cards (1 equation)"
    assert "    5 × (5 − 1 ÷ 5) = 24" in lines
    result = run("solve", "game24", "--cards", "1", "1", "5", "12")
    assert "Not solvable: no equation uses all 4 cards." in result.stdout.splitlines()
    data = json_of("solve", "game24", "--cards", "1", "1", "5", "12", "--json")
    assert data["reachable"] and data["solvable_with_every_card"] is False
    data = json_of("solve", "numbers", "--domain", "fraction", "--cards", "3", "7",
                   "--target", "2", "--json")
    nearest = data["closest"][0]
    assert (nearest["equation"], nearest["value"], nearest["distance"]) == (
        "7 ÷ 3", "7/3", "1/3")
    result = run("solve", "numbers", "--domain", "fraction", "--cards", "3", "7",
                 "--target", "2")
    assert "  closest (+1/3): 7 ÷ 3 = 7/3" in result.stdout.splitlines()


def test_fraction_values_in_json():
    data = json_of("solve", "numbers", "--domain", "fraction", "--cards", "1", "3", "8",
                   "--target", "8", "--json")
    assert data["reachable"] and all(isinstance(e["value"], int) for e in data["equations"])


def test_best_only():
    data = json_of("solve", "pitagoras", *TABLE, "--target", "32", "--best", "--json")
    assert data["distinct_equations"] is None and data["fewest_cards"] is None
    assert data["most_cards"] == 5 and len(data["equations"]) == 1
    result = run("solve", "pitagoras", *TABLE, "--target", "32", "--best")
    assert result.stdout.splitlines()[1:] == [
        "Best: 5 cards", "  " + data["equations"][0]["equation"] + " = 32",
        "(--best: the other equations are not listed)"]


def test_best_on_an_unreachable_target_counts_nothing():
    """The issue's example: the counts are null with --best, reachable or not."""
    data = json_of("solve", "countdown", "--cards", "2", "1", "7", "3", "--target", "887",
                   "--json", "--best")
    assert data["reachable"] is False and data["most_cards"] == 0
    assert data["fewest_cards"] is None and data["distinct_equations"] is None
    assert len(data["closest"]) == 2


def test_limit_lists_fewer_and_counts_all():
    data = json_of("solve", "pitagoras", *TABLE, "--target", "32", "--json", "--limit", "3")
    assert data["distinct_equations"] == 23 and len(data["equations"]) == 3
    assert data["limit"] == 3
    lines = run("solve", "pitagoras", *TABLE, "--target", "32", "--limit", "3"
                ).stdout.splitlines()
    assert lines[1:3] + lines[4:6] == ["Best: 5 cards (12 equations)",
                                       "Every distinct equation: 23 (460 expression trees)",
                                       "  5 cards: 12", "    15 + 12 + 6 × 2 − 7 = 32"]
    assert lines[-3:] == ["    ... 9 more (--limit 3)", "  4 cards: 11",
                          "    ... 11 more (--limit 3)"]
    lines = run("solve", "pitagoras", *TABLE, "--target", "32", "--limit", "0"
                ).stdout.splitlines()
    assert not [line for line in lines if line.endswith("= 32")]


def test_json_lines_stream_the_listing():
    result = run("solve", "pitagoras", *TABLE, "--target", "32", "--jsonl")
    assert result.exit_code == 0, result.output
    lines = [assert_valid(json.loads(line)) for line in result.stdout.splitlines()]
    header, equations = lines[0], lines[1:]
    assert header["line"] == "solution" and header["distinct_equations"] == 23
    assert "equations" not in header
    assert len(equations) == 23 and all(e["line"] == "equation" for e in equations)
    whole = json_of("solve", "pitagoras", *TABLE, "--target", "32", "--json")
    assert [e["equation"] for e in equations] == [e["equation"] for e in whole["equations"]]
    limited = run("solve", "pitagoras", *TABLE, "--target", "32", "--jsonl", "--limit", "2")
    assert len(limited.stdout.splitlines()) == 3
    unreachable = run("solve", "numbers", "--cards", "1", "1", "--target", "50", "--jsonl")
    (only,) = unreachable.stdout.splitlines()
    assert assert_valid(json.loads(only))["reachable"] is False


@pytest.mark.parametrize("args", [
    ["solve", "pitagoras", "--cards", "1", "1", "--target", "50", "--json"],
    ["solve", "pitagoras", "--cards", "1", "1", "--target", "50", "--json", "--best"],
    ["solve", "game24", "--cards", "1", "1", "1", "1", "--json"],
    ["solve", "numbers", "--cards", "5", "--target", "5", "--json", "--no-trees"],
    ["solve", "numbers", "--domain", "fraction", "--cards", "3", "3", "8", "8",
     "--target", "24", "--json", "--closest", "0"],
    ["solve", "numbers", "--domain", "fraction", "--cards", "2", "3", "--target", "100",
     "--json"],
    ["solve", "countdown", "--cards", "100", "75", "50", "25", "6", "3", "--target", "952",
     "--json", "--limit", "0"],
])
def test_solve_json_validates(args):
    json_of(*args)


@pytest.mark.parametrize("args", [
    ["hint", "pitagoras", *TABLE, "--target", "32", "--json", "--level", "3"],
    ["hint", "game24", "--cards", "3", "3", "8", "8", "--json", "--level", "3"],
    ["hint", "game24", "--cards", "1", "1", "1", "1", "--json", "--level", "2"],
    ["hint", "countdown", "--cards", "1", "1", "2", "2", "3", "3", "--target", "999",
     "--json"],
    ["hint", "numbers", "--cards", "2", "3", "--target", "8", "--ops", "+-*/^", "--json",
     "--level", "2"],
    ["solve", "pitagoras", *TABLE, "--target", "32", "--json", "--simplest"],
])
def test_hint_json_validates(args):
    data = json_of(*args)
    if args[0] == "hint":
        assert len(data["steps"]) == (0 if not data["solvable"] else
                                      [0, 1, len(data["steps"])][data["level"] - 1])


# -- check ------------------------------------------------------------------------------

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


def test_check_wording_of_one_card():
    result = run("check", "pitagoras", "--cards", "7", "2", "--target", "7", "7")
    assert result.stdout.splitlines() == ["valid: 7 = 7 — 1 card, and you take it.",
                                          "  no answer uses more cards."]
    result = run("check", "countdown", "--cards", "7", "2", "--target", "9", "7+2")
    assert result.stdout.splitlines()[0] == "valid: 7 + 2 = 9 — 2 cards."


def test_check_ascii_covers_every_line():
    for claim in ("7*6-12+2", "15*2+7-(6-12)"):
        result = run("check", "pitagoras", *TABLE, "--target", "32", claim, "--ascii")
        assert result.stdout.isascii() and result.stdout.count("\n") == 2
    result = run("check", "pitagoras", *TABLE, "--target", "32", "7*6-12+2", "--ascii")
    assert result.stdout.splitlines()[0] == ("valid: 7 * 6 - 12 + 2 = 32 - 4 cards, and "
                                             "you take them.")


def test_check_quiet_prints_nothing():
    for claim, code in (("7*6-12+2", 0), ("2-7+37", 1)):
        result = run("check", "pitagoras", *TABLE, "--target", "32", claim, "--quiet")
        assert (result.exit_code, result.output) == (code, "")
    result = run("check", "pitagoras", *TABLE, "--target", "32", "7*(", "-q")
    assert result.exit_code == 2


def test_check_invalid_says_why():
    result = run("check", "pitagoras", *TABLE, "--target", "32", "2-7+37")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == "invalid: 37 is not on the table (cards: 2 7 6 12 15)"
    data = json_of("check", "pitagoras", *TABLE, "--target", "32", "--json", "12-15+35")
    assert data["valid"] is False and data["problem"] == "card-missing"


def test_check_answers_at_once_on_a_large_hand():
    """The issue's example: ten cards, a plainly wrong claim; the verdict comes first and
    the search for a better answer stays within its budget: the best-first search answers
    with every card; a budget too small for it skips the comparison."""
    cards = ["--cards", *map(str, range(1, 11))]
    result = run("check", "pitagoras", *cards, "--target", "32", "1+2")
    assert result.exit_code == 1
    verdict, answer = result.stdout.splitlines()
    assert verdict == "invalid: the equation makes 3, not 32"
    assert answer.startswith("  a valid answer: ") and answer.endswith(" = 32")
    data = json_of("check", "pitagoras", *cards, "--target", "32", "1+2", "--json")
    assert data["best_card_count"] == 10
    skipped = pitagoras.GAME.check("1+2", range(1, 11), 32, budget=1000)
    assert skipped.searched is False and skipped.best is None


def test_check_with_every_card_needs_no_search():
    """Nothing beats a valid claim with every card: no search, even on ten cards."""
    cards = ["--cards", *map(str, range(1, 11))]
    claim = "1+2+3+4+5+6+7+8+9+10"
    result = run("check", "pitagoras", *cards, "--target", "55", claim)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "valid: 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 = 55 — 10 cards, and you take them.",
        "  no answer uses more cards."]
    data = json_of("check", "pitagoras", *cards, "--target", "55", claim, "--json")
    assert (data["best_card_count"], data["best"], data["better"]) == (10, None, None)
    data = json_of("check", "game24", "--cards", "3", "3", "8", "8", "8/(3-8/3)", "--json")
    assert (data["card_count"], data["best_card_count"], data["best"]) == (4, 4, None)


@pytest.mark.parametrize("args, valid, problem", [
    (["pitagoras", *TABLE, "--target", "32", "7*6-12+2"], True, None),
    (["pitagoras", *TABLE, "--target", "32", "(15+7+6-12)*2"], True, None),
    (["pitagoras", *TABLE, "--target", "32", "7*6-12"], False, "wrong-result"),
    (["pitagoras", *TABLE, "--target", "32", "7*6-12+2=33"], False, "claimed-result"),
    (["pitagoras", *TABLE, "--target", "32", "2^5"], False, "card-missing"),
    (["game24", "--cards", "1", "5", "5", "5", "5*5-1"], False, "cards-unused"),
    (["game24", "--cards", "1", "2", "3", "4", "4*3*2"], False, "cards-unused"),
    (["game24", "--cards", "3", "3", "8", "8", "8/(3-8/3)"], True, None),
    (["numbers", "--domain", "fraction", "--cards", "3", "7", "--target", "2", "7/3"],
     False, "wrong-result"),
    (["countdown", "--cards", "1", "1", "--target", "50", "1+1"], False, "wrong-result"),
])
def test_check_json_validates(args, valid, problem):
    data = json_of("check", *args, "--json")
    assert (data["valid"], data["problem"]) == (valid, problem)
    assert data["card_count"] == (len(data["cards_used"]) if valid else 0)


def test_check_json_of_the_better_answer():
    data = json_of("check", "pitagoras", *TABLE, "--target", "32", "7*6-12+2", "--json")
    assert data["best_card_count"] == 5 and data["better"]["card_count"] == 5
    assert data["better"] == data["best"]
    data = json_of("check", "game24", "--cards", "1", "1", "1", "1", "1+1", "--json")
    assert data["best"] is None and data["best_card_count"] == 0


# -- bad input --------------------------------------------------------------------------

@pytest.mark.parametrize("args, message", [
    (["solve", "pitagoras", "--cards", "2", "x", "--target", "3"],
     "'x' is not a whole number"),
    (["solve", "pitagoras", "--target", "3"], "Missing option '--cards'"),
    (["solve", "pitagoras", "--cards", "--target", "3"], "--cards needs a value"),
    (["solve", "pitagoras", "--cards", "2", "-3", "--target", "3"],
     "'-3' is not a whole number"),
    (["solve", "pitagoras", "--cards", "+5", "--target", "3"], "'+5' is not a whole number"),
    (["solve", "pitagoras", "--cards", "0x10", "--target", "3"],
     "'0x10' is not a whole number"),
    (["solve", "pitagoras", "--cards", "3_4", "--target", "3"], "'3_4' is not a whole number"),
    (["solve", "pitagoras", "--cards", "\u0663", "--target", "3"], "is not a whole number"),
    (["check", "pitagoras", "--cards", "\u0663", "--target", "3", "3"],
     "is not a whole number"),
    (["solve", "pitagoras", "--cards", "3", "--target", "\u0663"], "is not a whole number"),
    (["solve", "pitagoras", "--cards", "3", "--target", "1e3"], "is not a whole number"),
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
    (["solve", "pitagoras", "--cards", "2", "3", "--dice", "30"], "give two faces"),
    (["solve", "pitagoras", "--cards", "2", "3", "--dice", "30", "2", "--target", "3"],
     "either the target or the dice"),
    (["solve", "pitagoras", "--cards", "2", "3"], "a target is needed: --target N, or"),
    (["solve", "countdown", "--cards", "2", "3"], "a target is needed: --target N"),
    (["solve", "countdown", "--cards", "3", "3", "3", "--target", "9"],
     "3 cards of 3, but the Countdown deck has only 2 copies"),
    (["solve", "game24", "--cards", "3", "3", "8"], "the 24 game deals 4 cards, not 3"),
    (["check", "game24", "--cards", "3", "3", "8", "3*8"], "the 24 game deals 4 cards"),
    (["solve", "numbers", "--cards", "2", "--target", "3", "--ops", "-"], "'-' needs '+'"),
    (["check", "pitagoras", *TABLE, "--target", "32", "7*(6-"], "at position"),
    (["check", "pitagoras", *TABLE, "--target", "32", "7 & 6"], "unknown character '&'"),
    (["solve", "numbers", "--cards", "2", "--target", "3", "--domain", "fraction",
      "--ops", "+-*/^"], "^ is not offered with fractions"),
    (["solve", "numbers", "--cards", *["1"] * 7, "--target", "3", "--domain", "fraction"],
     "7 cards is more than this search allows (6)"),
    (["solve", "game24", "--cards", "14", "1", "2", "3"],
     "14 is not a card of the 24 game deck"),
    (["solve", "chess"], "No such command 'chess'"),
    (["check", "numbers", "--cards", "2", "3", "--target", "5", ""], "empty claim"),
    (["solve", "numbers", "--cards", "10000000000000000000000", "--target", "5"],
     "is not between 0 and 1,000,000,000,000,000,000"),
    (["solve", "numbers", "--cards", "2", "--target", "5", "--cap", "0"],
     "is not between 1 and"),
    (["solve", "numbers", "--cards", "2", "--target", "5", "--closest", "51"],
     "is not between 0 and 50"),
    (["solve", "numbers", "--cards", "2", "--target", "5", "--limit", "-1"],
     "is not a whole number"),
    (["solve", "pitagoras", *TABLE, "--target", HUGE], "is not between 0 and"),
    (["solve", "pitagoras", *TABLE, "--target", HUGE, "--best"], "is not between 0 and"),
    (["solve", "countdown", "--cards", "2", "--target", HUGE], "is not between 0 and"),
    (["solve", "numbers", "--cards", "2", "--target", HUGE], "is not between 0 and"),
    (["check", "pitagoras", *TABLE, "--target", HUGE, "7*6"], "is not between 0 and"),
    (["solve", "pitagoras", *TABLE, "--dice", HUGE, "2"], "is not between 0 and"),
    (["solve", "pitagoras", "--cards", "", "7", "--target", "3"],
     "'' is not a whole number"),                          # not "Missing option"
    (["solve", "countdown", "--cards", " 5", "7", "--target", "3"],
     "' 5' is not a whole number"),
    (["check", "game24", "--cards", "", "3", "8", "8", "3*8"], "'' is not a whole number"),
    (["hint", "pitagoras", *TABLE, "--target", "32", "--level", "5"],
     "5 is not between 1 and 3"),
    (["hint", "game24", "--cards", "3", "3", "8"], "the 24 game deals 4 cards, not 3"),
    (["hint", "countdown", "--cards", "12", "--target", "5"], "not a card of the Countdown"),
    (["solve", "pitagoras", *TABLE, "--target", "32", "--simplest", "--best"],
     "--simplest lists one equation"),
])
def test_bad_input_is_one_clear_line(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert message in lines[0]
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args", [
    ["solve", "pitagoras", *TABLE, "--target", HUGE, "--json"],
    ["solve", "countdown", "--cards", "2", "--target", HUGE, "--json", "--best"],
    ["check", "numbers", "--cards", "2", "3", "--target", "5", "--json", "2+"],
    ["solve", "numbers", "--cards", "2", "--target", "5", "--json", "--jsonl"],
    ["solve", "countdown", "--cards", "12", "--target", "5", "--jsonl"],
    ["solve", "countdown", "--cards", "2", "--target", HUGE, "--jsonl"],
])
def test_bad_input_under_json_is_one_json_error(args):
    result = run(*args)
    assert result.exit_code == 2 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert_valid(json.loads(line))


def test_errors_are_ascii_under_ascii():
    result = run("solve", "countdown", "--cards", "12", "--target", "5", "--ascii")
    assert result.exit_code == 2
    assert result.stderr == ("error: 12 is not a card of the Countdown deck (its values: "
                             "1-10, 25, 50, 75, 100)\n")
    result = run("solve", "countdown", "--cards", "12", "--target", "5")
    assert "1\u201310" in result.stderr


def test_too_many_equations_is_one_line(monkeypatch):
    from eureka.numbers import engine
    monkeypatch.setattr(engine, "FORM_BUDGET", 10)
    result = run("solve", "pitagoras", *TABLE, "--target", "32")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: more than 10 equations")


# -- help -------------------------------------------------------------------------------

@pytest.mark.parametrize("verb", ["solve", "check", "hint"])
@pytest.mark.parametrize("game", ["pitagoras", "countdown", "game24", "numbers"])
def test_help_has_an_example_and_the_schema(verb, game):
    result = run(verb, game, "--help")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    assert f"Example: eureka {verb} {game} --cards" in text
    assert f"eureka schema eureka.{verb}/1" in text


@pytest.mark.parametrize("verb", ["solve", "check", "hint"])
@pytest.mark.parametrize("game", ["pitagoras", "countdown", "game24", "numbers"])
def test_help_examples_are_one_line_each(verb, game):
    """The example is never rewrapped, however long (check countdown's is 96 characters)."""
    lines = [line.strip() for line in run(verb, game, "--help").stdout.splitlines()]
    (example,) = [line for line in lines if line.startswith("Example: ")]
    assert example == f"Example: eureka {verb} {game} {example_of(PRESETS[game].VERBS[verb])}"
    schema = [line for line in lines if line.startswith("JSON Schema of --json:")]
    assert schema == [f"JSON Schema of --json: eureka schema eureka.{verb}/1"]


def test_the_help_examples_run():
    for verb in ("solve", "check", "hint"):
        for game in ("pitagoras", "countdown", "game24", "numbers"):
            text = " ".join(run(verb, game, "--help").stdout.split())
            example = text.split("Example: eureka ")[1].split(" JSON Schema")[0]
            args = [a.strip("'\"") for a in example.split()]
            assert run(*args).exit_code in (0, 1), example


def test_a_bare_group_prints_its_help():
    result = run("solve")
    assert result.exit_code == 0 and "pitagoras" in result.stdout


# -- bench (its command lives with the CLI tests) ----------------------------------------

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


def test_bench_refuses_an_unwritable_output():
    result = run("bench", "--puzzles", "1", "--out", "/nonexistent/folder/x.json")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot write the results to /nonexistent")


def _solve(*args):
    result = CliRunner().invoke(eureka, ["solve", "numbers", *args])
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


@heavy(40)
@given(st.lists(st.integers(1, 9), min_size=2, max_size=4), st.integers(0, 30),
       st.integers(0, 30))
def test_streamed_and_limited_output_is_the_head_of_the_whole(cards, target, limit):
    hand = ["--cards", *map(str, cards), "--target", str(target), "--no-trees"]
    whole = [assert_valid(json.loads(line)) for line in _solve(*hand, "--jsonl")]
    head = [assert_valid(json.loads(line)) for line in
            _solve(*hand, "--jsonl", "--limit", str(limit))]
    assert head[0] == {**whole[0], "limit": limit}
    assert head[1:] == whole[1:limit + 1]
    document = assert_valid(json.loads("\n".join(_solve(*hand, "--json"))))
    assert [{k: v for k, v in line.items() if k not in ("schema", "line")}
            for line in whole[1:]] == document["equations"]
    text = _solve(*hand)
    listed = [line[4:] for line in text if line.startswith("    ") and "more" not in line]
    assert listed == [f"{line['equation']} = {target}" for line in whole[1:]]
    limited = [line[4:] for line in _solve(*hand, "--limit", str(limit))
               if line.startswith("    ") and "more (--limit" not in line]
    assert limited == listed[:limit]


def test_countdown_deals_six_numbers_at_most():
    cards = [str(n) for n in range(1, 11)]
    result = run("solve", "countdown", "--cards", *cards, "--target", "500")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == ("error: Countdown deals 6 cards at most, not 10 (more: "
                             "--any-numbers, or eureka solve numbers)\n")
    with pytest.raises(HandError, match="at most, not 7"):
        countdown.GAME.check("1+2", [1, 2, 3, 4, 5, 6, 7], 3)
