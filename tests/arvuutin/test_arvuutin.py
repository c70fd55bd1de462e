"""Arvuutin: answers and choices against a brute force over every subset, questions
resolved, the final score (the rulebook's example), and the commands."""

import json

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eureka.cli.main import eureka
from eureka.arvuutin import answers, question, scoring
from eureka.errors import EurekaError
from tests.oracle import arvuutin as oracle

CARDS = st.sampled_from(sorted(answers.CARD_VALUES))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
        assert c.strength[0] == len(oracle.answers(c.left))


def test_the_issue_example():
    hand = answers.check_hand([3, 7, 12, 15, 40])
    best = answers.best_choices(hand, 58, 58, 3)
    assert [c.cards for c in best] == [(3, 15, 40), (7, 12, 40), (15, 40)]
    assert 1 not in answers.answers(hand) and 58 in answers.answers(hand)


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
    (("A=40", "A=30"), "answers twice"),
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


def run(*args):
    return CliRunner().invoke(eureka, list(args))


def test_commands():
    result = run("solve", "arvuutin", "--hand", "3", "7", "12", "15", "40", "--guess", "58")
    assert result.exit_code == 0, result.output
    assert "  3 + 15 + 40 = 58   distance 0      keeps every card (an exact hit)" in \
        result.stdout.splitlines()
    data = json.loads(run("solve", "arvuutin", "--hand", "3", "7", "12", "15", "40",
                          "--range", "50", "70", "--json").stdout)
    assert data["choices"][0]["cards"] == [7, 12, 40] and 100 in data["cannot_answer"]
    result = run("check", "arvuutin", "--answer", "63", "--played", "P1=40,20",
                 "P2=30,9,20", "P3=pass", "--marker", "x2")
    assert "  P1: 60 (off by 3) — wins 2 question cards; loses 40 20" in \
        result.stdout.splitlines()
    data = json.loads(run("check", "arvuutin", "--answer", "63", "--played", "P1=40,20,3",
                          "P2=60,3", "--json").stdout)
    assert data["winners"] == ["P1", "P2"]
    assert [p["keeps"] for p in data["players"]] == [[40, 20, 3], [60, 3]]  # exact hits
    result = run("score", "arvuutin", "--levels", "A=3", "B=4", "--won", "A=2", "B=3",
                 "--hidden", "A", "B", "--json")
    assert json.loads(result.stdout)["total"] == 25


@pytest.mark.parametrize("args, message", [
    (["solve", "arvuutin", "--hand", "25", "--guess", "5"], "25 is not an answer card"),
    (["solve", "arvuutin", "--hand", "5"], "either --guess N or --range"),
    (["solve", "arvuutin", "--hand", *["1"] * 17, "--guess", "5"], "at most 16"),
    (["check", "arvuutin", "--answer", "0", "--played", "A=4"], "1–100, not 0"),
    (["score", "arvuutin", "--levels", "A=x"], "CATEGORY=NUMBER"),
    (["score", "arvuutin", "--levels", "F=2"], "the categories are A–E"),
    (["check", "arvuutin", "--answer", "5", "--played", "P1=²"], "not an answer card"),
    (["score", "arvuutin", "--levels", "A=-1"], "CATEGORY=NUMBER"),
])
def test_bad_input_is_one_clear_line(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and len(result.stderr.splitlines()) == 1
    assert message in result.stderr
