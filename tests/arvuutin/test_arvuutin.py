"""Arvuutin: answers and choices against a brute force over every subset, questions
resolved, the final score (the rulebook's example), and the commands."""

import json
import re

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from eureka.arvuutin import GAME, answers, question, scoring
from eureka.cli.main import eureka
from eureka.errors import EurekaError
from tests.oracle import arvuutin as oracle
from tests.schema_check import assert_valid

CARDS = st.sampled_from(sorted(answers.CARD_VALUES))


@given(st.lists(CARDS | st.integers(1, 9), min_size=1, max_size=9),
       st.integers(1, 100), st.integers(0, 30), st.integers(1, 6))
def test_answers_and_best_choices_match_the_brute_force(cards, low, width, top):
    cards = answers.check_hand(cards)
    high = min(100, low + width)
    assert answers.answers(cards) == oracle.answers(cards)
    got = answers.best_choices(cards, low, high, top)
    expected = oracle.ranked(cards, low, high)[:top]
    assert [c.key() for c in got] == [(d, a, t, n, c) for d, a, t, n, c in expected]
    for c in got:                                 # each choice re-checked on its own
        assert sorted(c.cards + c.left) == list(cards)
        assert c.left_answers == len(oracle.answers(c.left))
        assert c.exact == (low == high == c.total)


@given(st.integers(-50, 250), st.integers(1, 100), st.integers(0, 99))
def test_the_distance_in_closed_form(total, low, width):
    high = min(100, low + width)
    assert answers.distance_sum(total, low, high) == \
        sum(abs(total - x) for x in range(low, high + 1))


def test_the_issue_example():
    hand = answers.check_hand([3, 7, 12, 15, 40])
    best = answers.best_choices(hand, 58, 58, 3)
    assert [c.cards for c in best] == [(3, 15, 40), (7, 12, 40), (15, 40)]
    assert 1 not in answers.answers(hand) and 58 in answers.answers(hand)


def test_exact_hits_keep_every_card_so_fewer_cards_come_first():
    """Issue 11: both are exact hits, and an exact hit keeps every card (the rulebook's
    top knowledge bonus), so the hands kept are equal and fewer cards played decide."""
    best = GAME.solve([2, 4, 4, 8, 8, 18], 20, limit=3).choices
    assert [c.cards for c in best] == [(2, 18), (4, 8, 8), (18,)]
    assert [c.exact for c in best] == [True, True, False]
    spread = GAME.solve([2, 4, 4, 8, 8, 18], 19, 21, limit=2).choices   # a range: no
    assert not any(c.exact for c in spread)                              # certain hit


def played(*items):
    return [question.parse_played(i) for i in items]


def test_a_question_resolved():
    out = {o.player: o for o in question.resolve(63, played("P1=40,20", "P2=30,9,20",
                                                            "P3=pass"), "x2")}
    assert out["P1"].won and out["P1"].question_cards == 2 and out["P1"].loses == (40, 20)
    assert not out["P2"].won and out["P2"].keeps == (30, 9, 20)
    assert out["P3"].answer is None and out["P3"].draws == 3
    tie = {o.player: o for o in question.resolve(50, played("A=40,8", "B=50,2", "C=50"),
                                                 final=True)}
    assert tie["C"].won and tie["C"].keeps == (50,) and tie["C"].question_cards == 3
    assert not tie["A"].won and not tie["B"].won
    last = question.resolve(50, played("A=40,8", "B=50,2"), "x2", final=True)
    assert [o.question_cards for o in last] == [3, 3]          # the final: three cards
    two = question.resolve(50, played("A=40,8", "B=50,2"))
    assert all(o.won and o.question_cards == 1 and o.keeps == () for o in two)
    back = question.resolve(10, played("A=pass,7,3"))
    assert back[0].keeps == (7, 3) and not back[0].won


@pytest.mark.parametrize("items, message", [
    (("A=40", "A=30"), "A answers twice"),
    (("A=pass,pass",), "pass card twice"),
    (("A=25",), "not an answer card"),
    (("A=",), "played no cards"),
    (("=4",), "expected NAME=CARDS"),
])
def test_bad_plays(items, message):
    with pytest.raises(EurekaError, match=message):
        question.resolve(50, played(*items))


def test_the_rulebook_score_example():
    """A at level 3, B at level 4: 2 × 3 + 3 × 4 = 18 from question cards, and hidden
    cards A and B: 3 + 4, so 25."""
    s = scoring.score({"A": 3, "B": 4, "C": 1, "D": 1, "E": 2}, {"A": 2, "B": 3},
                      ["A", "B"])
    assert (s.from_questions, s.from_hidden, s.total) == (18, 7, 25)
    with pytest.raises(EurekaError, match="no level given for category C"):
        scoring.score({"A": 3}, {"C": 1}, [])
    assert GAME.score(["A=3", "b=4"], ["A=2", "B=3"], ["A", "b"]).total == 25


@pytest.mark.parametrize("levels, won, hidden, message", [
    (["A=3"], ["A=1000000000000000000000000000000"], [],
     "1,000,000,000,000,000,000,000,000,000,000 question cards of category A won, but a "
     "category has 50"),
    (["A=3"], ["A=51"], [], "51 question cards of category A won, but a category has 50"),
    (["A=3"], [], ["A"] * 21, "21 hidden cards, but the game has 20"),
    (["A=52"], [], [], "category A is at level 52"),
    (["A=+2"], [], [], "CATEGORY=NUMBER"),
    (["A=2.0"], [], [], "CATEGORY=NUMBER"),
    (["A=٢"], [], [], "CATEGORY=NUMBER"),
    (["A"], [], [], "CATEGORY=NUMBER"),
    (["A=1", "a=2"], [], [], "category A is given twice"),
])
def test_impossible_scores_are_refused(levels, won, hidden, message):
    with pytest.raises(EurekaError, match=message):
        GAME.score(levels, won, hidden)


def test_the_most_the_game_allows_is_scored():
    s = GAME.score({c: 51 for c in "ABCDE"}, {c: 50 for c in "ABCDE"}, ["A"] * 20)
    assert (s.from_questions, s.from_hidden) == (5 * 50 * 51, 20 * 51)


def run(*args):
    return CliRunner().invoke(eureka, list(args))


def json_of(*args):
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return assert_valid(json.loads(result.stdout))


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
