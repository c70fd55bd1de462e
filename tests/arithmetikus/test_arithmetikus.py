"""Arithmetikus: combinations against the brute-force oracle (the joker tried at every
value), claims, the evaluation of a finished game, and the commands."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka.arithmetikus import GAME, hands, record
from eureka.errors import EurekaError, HandError
from eureka.numbers import simplicity
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


@given(st.lists(st.integers(1, 24), min_size=0, max_size=4), st.booleans(),
       st.integers(1, 24))
def test_combinations_match_the_oracle(numbers, joker, target):
    numbers = list((Counter(numbers) & hands.DECK).elements())[:3 if joker else 4]
    if not numbers and not joker:
        numbers = [target]
    hand = hands.Hand(tuple(sorted(numbers)), joker)
    got = {(c.joker, plain(c.equation.form)) for c in hands.combinations(hand, target)}
    expected = {(None, f) for f in oracle.solutions(numbers, target, hands.RULES)}
    if joker:
        for v in hands.JOKER_VALUES:
            expected |= {(v, f) for f in oracle.solutions(numbers + [v], target, hands.RULES)
                         if leaves(f).count(v) > numbers.count(v)}
    assert got == expected
    for c in hands.combinations(hand, target):          # each re-checked from its text
        assert (f"J({c.joker})" in c.text) == (c.joker is not None)
        checked = hands.check(c.text, hand, target)
        assert checked.verdict.valid, (c.text, checked.verdict.reason)
        assert checked.joker == c.joker
        assert len(checked.verdict.cards_used) == len(c.cards)


def test_the_sites_example():
    found = hands.combinations(hands.parse_hand("20 7 2 3".split()), 17)
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
    verdict = hands.check(claimed, hands.parse_hand("20 7 2 3".split()), 17).verdict
    assert verdict.valid == valid and reason in verdict.reason


def test_joker_claims():
    hand = hands.parse_hand("20 7 J".split())
    assert hands.check("20-J(3)", hand, 17).joker == 3
    assert hands.check("20 - 3", hand, 17).joker == 3           # 3 is not in the hand
    assert not hands.check("20-J(3)+J(1)-1", hand, 17).verdict.valid
    assert "1 to 24, not 30" in hands.check("J(30)-13", hand, 17).verdict.reason


def test_the_example_game_in_the_rulebooks_order():
    ev = record.evaluate(EXAMPLE.read_text())
    anna, ben = ev.players
    assert (anna.name, anna.laid_down, anna.result) == ("Anna", 9, 5)   # 9 − 2 − 2
    assert (ben.name, ben.laid_down, ben.result) == ("Ben", 7, 4)       # 7 − 3
    assert ev.second_needed and ev.winner == "Anna"
    assert [p.valid for p in anna.piles] == [True, True, True, False]
    assert ben.piles[0].reason.endswith("(the joker as 8)")
    assert [p.cards for p in anna.piles] == [("20", "7", "2", "3"), ("17",), ("12", "5"),
                                             ("9", "8")]                  # as written
    assert ben.piles[0].cards == ("J", "9")


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
    ("spielzahl: 5\nplayer: A\n5 5 = 5\nplayer: B\n", "line 3: 2 cards of 5 in one pile"),
    ("player: A\n5 5 = 5\nplayer: B\nspielzahl: 5\n", "the other is the Spielzahl"),
    ("spielzahl: 5\nplayer: A\n", "two players or teams, not 1"),
])
def test_bad_records(text, message):
    with pytest.raises(EurekaError, match=message):
        record.evaluate(text)


@given(st.lists(st.integers(1, 24), min_size=0, max_size=4), st.booleans(),
       st.integers(1, 24))
def test_most_cards_is_the_largest_combination(numbers, joker, target):
    """The `better` of a check: one combination with the most cards, found without
    listing them all, agrees with the full listing (checked against the oracle above)."""
    numbers = list((Counter(numbers) & hands.DECK).elements())[:3 if joker else 4]
    if not numbers and not joker:
        numbers = [target]
    hand = hands.Hand(tuple(sorted(numbers)), joker)
    found = hands.combinations(hand, target)
    best = hands.most_cards(hand, target)
    assert (best is None) == (not found)
    if best is not None:
        assert len(best.cards) == len(found[0].cards)
        checked = hands.check(best.text, hand, target)
        assert checked.verdict.valid and checked.joker == best.joker


@pytest.mark.parametrize("cards", [["17", "17"], ["17", "J", "17", "3"]])
def test_the_face_up_spielzahl_takes_one_copy(cards):
    """One rule for solve, check and score: the deck has two 17s and one lies face up."""
    with pytest.raises(HandError, match="the other is the Spielzahl, face up"):
        GAME.solve(17, cards)
    with pytest.raises(HandError, match="the other is the Spielzahl, face up"):
        GAME.check("17", 17, cards)
    assert GAME.solve(16, cards).hand.numbers.count(17) == 2     # both 17s, for 16
    assert GAME.solve(17, ["17", "3"]).combinations[0].text == "17"


def test_the_duell_and_the_spielzahl_in_the_library():
    with pytest.raises(HandError, match="the Duell lays out 4 shared cards, not 2"):
        GAME.solve(5, ["1", "2"], duell=True)
    with pytest.raises(HandError, match="the Spielzahl is a card, 1–24, not 25"):
        GAME.solve(25, ["1"])
    assert GAME.duell_cards == 4 and GAME.deck[24] == 2 and len(GAME.joker_values) == 24


def test_a_check_offers_a_combination_with_more_cards():
    r = GAME.check("20-3", 17, "20 7 2 3".split())
    assert r.verdict.valid and r.card_count == 2
    assert r.verdict.better.text == "20 − (7 + 2) ÷ 3"
    assert GAME.check("20-(7+2)/3", 17, "20 7 2 3".split()).verdict.better is None
    wrong = GAME.check("20+2-3", 17, "20 7 2 3".split())
    assert not wrong.verdict.valid and len(wrong.verdict.better.cards) == 4
    assert GAME.check("1+1", 17, ["1", "2"]).verdict.better is None     # none exists


@given(st.lists(st.integers(1, 24), min_size=1, max_size=4), st.integers(1, 24),
       st.integers(1, 3))
def test_the_hint_works_the_simplest_combination(numbers, target, level):
    cards = [str(n) for n in numbers]
    try:
        solved = GAME.solve(target, cards)
    except HandError:                       # more copies than the deck holds
        return
    hint = GAME.hint(target, cards, level)
    assert hint.simplest == solved.simplest
    if solved.simplest is None:
        return
    most = max(len(c.cards) for c in solved.combinations)
    read = simplicity.reader()
    costs = [simplicity.cost(read(c.equation.form)) for c in solved.combinations
             if len(c.cards) == most]
    assert hint.most_cards == most
    assert simplicity.cost(read(solved.simplest.equation.form)) == min(costs)
    worked = simplicity.steps(solved.simplest.equation.form)
    assert list(hint.steps) == [[], worked[:1], worked][level - 1]
    if worked:
        assert worked[-1].result == target


