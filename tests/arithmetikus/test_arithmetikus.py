"""Arithmetikus: combinations against the brute-force oracle (the joker tried at every
value), claims, the evaluation of a finished game, and the commands."""

import json
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from eureka.arithmetikus import GAME, hands, record
from eureka.cli.main import eureka
from eureka.errors import EurekaError, HandError
from eureka.numbers import simplicity
from tests.oracle import numbers as oracle
from tests.paths import EXAMPLES
from tests.schema_check import assert_valid

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


def run(*args, stdin=None):
    return CliRunner().invoke(eureka, list(args), input=stdin)


def json_of(*args, code=0):
    result = run(*args, "--json")
    assert result.exit_code == code, result.output
    return assert_valid(json.loads(result.stdout))


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
