"""Arvuutin: answers and choices against a brute force over every subset, questions
resolved, the final score (the rulebook's example), and the commands."""


import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka.arvuutin import GAME, answers, question, scoring
from eureka.errors import EurekaError, HandError
from tests.oracle import arvuutin as oracle

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




def test_a_score_given_as_mappings_reads_categories_in_either_case():
    assert GAME.score({"a": 3, "B": 4}, {"A": 2, "b": 3}, ["a", "B"]).total == 25


@pytest.mark.parametrize("levels, won, message", [
    ({"A": -1}, {}, "level of category A: a whole number ≥ 0, not -1"),
    ({"A": 3}, {"A": -2}, "question cards of category A: a whole number ≥ 0, not -2"),
    ({"A": 2.5}, {}, "not 2.5"),
    ({"A": True}, {}, "not True"),
    ({"A": 1, "a": 2}, {}, "category A is given twice"),
])
def test_impossible_mappings_are_refused(levels, won, message):
    with pytest.raises(EurekaError, match=message):
        GAME.score(levels, won)


@pytest.mark.parametrize("card", ["x", 3.7, True, None, "٣", "-3"])
def test_a_card_that_is_not_a_whole_number_is_refused(card):
    with pytest.raises(HandError, match="is not an answer card"):
        GAME.solve([card, 12, 15], 58)


def test_cards_as_digits_are_read():
    assert GAME.solve(["3", " 7", 12, 15, 40], 58).choices == \
        GAME.solve([3, 7, 12, 15, 40], 58).choices
