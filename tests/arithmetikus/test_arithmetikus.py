"""Arithmetikus: combinations against the brute-force oracle (the joker tried at every
value), claims, the evaluation of a finished game, and the commands."""

import json
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eureka.cli.main import eureka
from eureka.arithmetikus import game, record
from eureka.errors import EurekaError
from tests.oracle import numbers as oracle
from tests.paths import EXAMPLES

EXAMPLE = EXAMPLES / "arithmetikus_game.txt"


def plain(form):
    """The form with the joker's mark taken off its card."""
    if form[0] == oracle.LEAF:
        return form[:2]
    if form[0] == oracle.POWER:
        return (form[0], plain(form[1]), plain(form[2]))
    return (form[0], tuple(sorted(plain(f) for f in form[1])),
            tuple(sorted(plain(f) for f in form[2])))


def leaves(form):
    if form[0] == oracle.LEAF:
        return [form[1]]
    return [v for part in form[1] + form[2] for v in leaves(part)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(1, 24), min_size=0, max_size=4), st.booleans(),
       st.integers(1, 24))
def test_combinations_match_the_oracle(numbers, joker, target):
    numbers = list((Counter(numbers) & game.DECK).elements())[:3 if joker else 4]
    if not numbers and not joker:
        numbers = [target]
    hand = game.Hand(tuple(sorted(numbers)), joker)
    got = {(c.joker, plain(c.equation.form)) for c in game.combinations(hand, target)}
    expected = {(None, f) for f in oracle.solutions(numbers, target, game.RULES)}
    if joker:
        for v in game.JOKER_VALUES:
            expected |= {(v, f) for f in oracle.solutions(numbers + [v], target, game.RULES)
                         if leaves(f).count(v) > numbers.count(v)}
    assert got == expected
    for c in game.combinations(hand, target):          # each re-checked from its text
        assert (f"J({c.joker})" in c.text) == (c.joker is not None)
        checked = game.check(c.text, hand, target)
        assert checked.verdict.valid, (c.text, checked.verdict.reason)
        assert checked.joker == c.joker
        assert len(checked.verdict.cards_used) == len(c.cards)


def test_the_sites_example():
    found = game.combinations(game.parse_hand("20 7 2 3".split()), 17)
    assert found[0].text == "20 − (7 + 2) ÷ 3" and len(found[0].cards) == 4
    assert [c.text for c in found] == ["20 − (7 + 2) ÷ 3", "7 × 2 + 3", "20 ÷ 2 + 7",
                                       "20 − 3"]


@pytest.mark.parametrize("claimed, valid, reason", [
    ("20-(7+2)/3", True, "valid: 20 − (7 + 2) ÷ 3 = 17"),
    ("20-7+2/3", False, "2 ÷ 3 is not a whole number"),
    ("20+2-3", False, "makes 19, not 17"),
    ("20-J(3)", False, "the hand holds no joker"),
])
def test_claims(claimed, valid, reason):
    verdict = game.check(claimed, game.parse_hand("20 7 2 3".split()), 17).verdict
    assert verdict.valid == valid and reason in verdict.reason


def test_joker_claims():
    hand = game.parse_hand("20 7 J".split())
    assert game.check("20-J(3)", hand, 17).joker == 3
    assert game.check("20 - 3", hand, 17).joker == 3           # 3 is not in the hand
    assert not game.check("20-J(3)+J(1)-1", hand, 17).verdict.valid
    assert "1–24, not 30" in game.check("J(30)-13", hand, 17).verdict.reason


def test_the_example_game_in_the_rulebooks_order():
    ev = record.evaluate(EXAMPLE.read_text())
    anna, ben = ev.players
    assert (anna.name, anna.laid_down, anna.result) == ("Anna", 9, 5)   # 9 − 2 − 2
    assert (ben.name, ben.laid_down, ben.result) == ("Ben", 7, 4)       # 7 − 3
    assert ev.second_needed and ev.winner == "Anna"
    assert [p.valid for p in anna.piles] == [True, True, True, False]
    assert ben.piles[0].reason.endswith("(the joker as 8)")


def test_the_first_player_can_win_at_once_and_a_draw():
    text = "spielzahl: 5\nplayer: A\n2 3 = 2+3\n4 1 = 4+1\nplayer: B\n5 = 5\n"
    ev = record.evaluate(text)
    assert ev.winner == "A" and not ev.second_needed          # 4 > the 1 card B laid
    text = "spielzahl: 5\nplayer: A\n2 3 = 2+3\nextra cards: 1\nplayer: B\n5\n"
    ev = record.evaluate(text)          # A: 2 − 2 = 0; B: 1 − 1 (forgotten) = 0
    assert ev.second_needed and ev.winner is None


def test_the_second_player_can_win_and_piles_are_judged_one_by_one():
    text = ("spielzahl: 6\nplayer: A\n2 4 = 2+4\n6 1 = 6\n9 3 = 9-3)\nextra cards: 1\n"
            "player: B\nJ 10 = J(16) - 10\n2 4 = 4+2\n")
    ev = record.evaluate(text)
    a, b = ev.players
    assert [p.valid for p in a.piles] == [True, False, False]
    assert a.piles[1].reason == "the explanation uses 1 of the 2 cards laid down"
    assert a.piles[2].reason.startswith("cannot be read: unexpected ')'")
    assert (a.result, b.result) == (6 - 2 - 4, 4) and ev.second_needed
    assert ev.winner == "B"


@pytest.mark.parametrize("text, message", [
    ("spielzahl: 30\n", "the Spielzahl is a card, 1–24, not 30"),
    ("spielzahl: 5\nplayer: A\n1 1 2 2 3 3 4 = 1\nplayer: B\n", "7 cards: a hand holds"),
    ("spielzahl: 5\nplayer: A\n07 10 = 3\n7 9 = 1\nplayer: B\n7 8 = 1\n", "3 cards of 7"),
    ("spielzahl: 5\nplayer: A\nextra cards: 1\nextra cards: 2\n", "given twice"),
    ("spielzahl: 5\nplayer: A\nJ 4 = J(1)+4\nplayer: B\nK 3 = K(2)+3\n", "2 cards of J"),
    ("player: A\n5 = 5\nplayer: B\n", "no Spielzahl"),
    ("spielzahl: 5\n5 = 5\n", "line 2: name the player first"),
    ("spielzahl: 5\nplayer: A\nextra cards: 3\nplayer: B\n", "at most 2 extra cards"),
    ("spielzahl: 5\nplayer: A\n25 = 25\nplayer: B\n", "'25' is not an Arithmetikus card"),
    ("spielzahl: 5\nplayer: A\n5 = 5\nplayer: B\n5 = 5\n", "2 cards of 5"),
    ("spielzahl: 5\nplayer: A\n", "two players or teams, not 1"),
])
def test_bad_records(text, message):
    with pytest.raises(EurekaError, match=message):
        record.evaluate(text)


def run(*args):
    return CliRunner().invoke(eureka, list(args))


def test_commands():
    result = run("solve", "arithmetikus", "--target", "17", "--hand", "20", "7", "2", "3")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:3] == ["4 cards (1):", "  20 − (7 + 2) ÷ 3 = 17"]
    data = json.loads(run("solve", "arithmetikus", "--target", "17", "--hand", "20", "J",
                          "--json").stdout)
    assert {"equation": "20 − J(3)", "ascii": "20 - J(3)", "cards": ["20", "J"],
            "card_count": 2, "joker": 3} in data["combinations"]
    duell = run("solve", "arithmetikus", "--duell", "--target", "5", "--hand", "1", "1",
                "2", "9")
    assert "Stop! Either player can call it" in duell.stdout
    check = run("check", "arithmetikus", "--target", "17", "--hand", "20", "7", "2", "3",
                "20-(7+2)/3")
    assert (check.exit_code, check.stdout) == (0, "valid: 20 − (7 + 2) ÷ 3 = 17\n")
    score = run("score", "arithmetikus", str(EXAMPLE))
    assert score.stdout.splitlines()[-1] == "Winner: Anna"
    data = json.loads(run("score", "arithmetikus", str(EXAMPLE), "--json").stdout)
    assert [p["result"] for p in data["players"]] == [5, 4] and data["winner"] == "Anna"
    bad = run("check", "arithmetikus", "--target", "17", "--hand", "20", "7", "2", "3",
              "20-7+2/3")
    assert bad.exit_code == 1 and bad.stdout.startswith("invalid: 2 ÷ 3 is not a whole")


@pytest.mark.parametrize("args, message", [
    (["solve", "arithmetikus", "--target", "17", "--hand", "25"], "not an Arithmetikus card"),
    (["solve", "arithmetikus", "--target", "17", "--hand", "J", "J"], "2 jokers"),
    (["solve", "arithmetikus", "--target", "17", "--hand", *"1 2 3 4 5 6 7".split()],
     "7 cards: a hand holds 1 to 6"),
    (["solve", "arithmetikus", "--target", "30", "--hand", "1"], "30 is not in the range"),
    (["solve", "arithmetikus", "--duell", "--target", "5", "--hand", "1", "2"],
     "the Duell lays out 4 shared cards, not 2"),
    (["solve", "arithmetikus", "--target", "17", "--hand", "²"], "not an Arithmetikus card"),
    (["check", "arithmetikus", "--target", "17", "--hand", "20", "3", "20-(3"],
     "at position"),
    (["score", "arithmetikus", "/nonexistent/game.txt"], "cannot read"),
])
def test_bad_input_is_one_clear_line(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and len(result.stderr.splitlines()) == 1
    assert message in result.stderr
