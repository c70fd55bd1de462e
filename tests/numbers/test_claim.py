"""Tests for eureka.numbers.claim.verifier: parsing, printing and checking claimed equations."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka.errors import ClaimSyntaxError, HandError
from eureka.numbers.claim.verifier import BinOp, Judgement, Num, check, describe, parse
from eureka.numbers.rules import Rules

PITAGORAS = Rules(name="pitagoras", ops="+-*/", domain="whole")
PITAGORAS_POW = Rules(name="pitagoras", ops="+-*/^", domain="whole")
COUNTDOWN = Rules(name="countdown", ops="+-*/", domain="positive")
TABLE = [2, 7, 6, 12, 15]


def shape(node):
    """The tree without positions, as nested tuples, for easy comparison."""
    if isinstance(node, Num):
        return node.value
    return (node.op, shape(node.left), shape(node.right))


def tree(text):
    node, claimed = parse(text)
    assert claimed is None
    return shape(node)


def syntax_error(text):
    with pytest.raises(ClaimSyntaxError) as info:
        parse(text)
    return str(info.value), info.value.position


# ---------------------------------------------------------------- spellings

@pytest.mark.parametrize("text,op", [
    ("3+4", "+"),
    ("3-4", "-"), ("3\u22124", "-"), ("3\u20134", "-"),
    ("3*4", "*"), ("3x4", "*"), ("3X4", "*"), ("3\u00d74", "*"), ("3\u00b74", "*"),
    ("3/4", "/"), ("3\u00f74", "/"), ("3:4", "/"),
    ("3^4", "^"), ("3**4", "^"),
])
def test_every_spelling_of_every_operator(text, op):
    assert tree(text) == (op, 3, 4)
    assert tree(" " + text.replace("3", "3 \t").replace("4", " 4 ") + "\n") == (op, 3, 4)


def test_positions_are_one_based_and_point_at_operators_and_numbers():
    node, claimed = parse(" 12 ** 3")
    assert node == BinOp("^", Num(12, 2), Num(3, 8), 5)
    assert claimed is None


def test_square_brackets_and_round_brackets_group():
    assert tree("[2+3]*(4-1)") == ("*", ("+", 2, 3), ("-", 4, 1))
    assert tree("[(2)]") == 2


def test_claimed_result_after_equals():
    node, claimed = parse("7*6 - 12 + 2 = 32")
    assert shape(node) == ("+", ("-", ("*", 7, 6), 12), 2)
    assert claimed == 32
    assert parse("5=0")[1] == 0


def test_leading_zeros_read_as_the_number():
    assert tree("007+1") == ("+", 7, 1)


# ---------------------------------------------------------------- precedence

def test_multiplication_binds_tighter_than_addition():
    assert tree("1+2*3") == ("+", 1, ("*", 2, 3))
    assert tree("1*2+3") == ("+", ("*", 1, 2), 3)


def test_same_level_operators_group_left():
    assert tree("8-3-2") == ("-", ("-", 8, 3), 2)
    assert tree("8/4/2") == ("/", ("/", 8, 4), 2)
    assert tree("8/4*2") == ("*", ("/", 8, 4), 2)
    assert tree("8-4+2") == ("+", ("-", 8, 4), 2)


def test_power_binds_tightest_and_groups_right():
    assert tree("2^3^2") == ("^", 2, ("^", 3, 2))
    assert tree("2**3**2") == ("^", 2, ("^", 3, 2))
    assert tree("2*3^2") == ("*", 2, ("^", 3, 2))
    assert tree("3^2*2") == ("*", ("^", 3, 2), 2)
    assert tree("(2^3)^2") == ("^", ("^", 2, 3), 2)


def test_long_power_chain_parses_without_recursion_trouble():
    node, _ = parse("^".join(["1"] * 2048))              # as long as a claim may be
    depth = 0
    while isinstance(node, BinOp):
        assert node.left == Num(1, 2 * depth + 1)
        node, depth = node.right, depth + 1
    assert depth == 2047


def test_a_claim_is_read_no_further_than_its_longest():
    assert syntax_error("1+" * 3000 + "1") == (
        "an answer longer than 4,096 characters at position 4097", 4097)
    assert syntax_error("1+?" + "1+" * 3000) == ("unknown character '?' at position 3", 3)
    assert parse("1+2" + " " * 5000)[1] is None          # blanks after it are no token


# ---------------------------------------------------------------- syntax errors

@pytest.mark.parametrize("text,message,position", [
    ("", "empty claim at position 1", 1),
    ("   ", "empty claim at position 1", 1),
    ("(2+3))", "unexpected ')' at position 6", 6),
    ("2+3)*1", "unexpected ')' at position 4", 4),
    ("2 + *", "a number or '(' was expected at position 5", 5),
    ("3 + ", "a number or '(' was expected at position 5", 5),
    ("2+)", "a number or '(' was expected at position 3", 3),
    ("()", "a number or '(' was expected at position 2", 2),
    ("1 + (2 * 3", "missing ')' for the '(' at position 5", 5),
    ("((1)", "missing ')' for the '(' at position 1", 1),
    ("[1 + 2", "missing ']' for the '[' at position 1", 1),
    ("(1 = 1)", "missing ')' for the '(' at position 1", 1),
    ("(2+3]", "expected ')' to close the '(' at position 1, found ']' at position 5", 5),
    ("2 & 3", "unknown character '&' at position 3", 3),
    ("2 + y", "unknown character 'y' at position 5", 5),
    ("2.5+1", "only whole numbers can be written, not '2.5' at position 1", 1),
    ("1+2,5", "only whole numbers can be written, not '2,5' at position 3", 3),
    (".5+1", "only whole numbers can be written, not decimals at position 1", 1),
    ("-3+2", "negative numbers cannot be written at position 1", 1),
    ("2*-3", "negative numbers cannot be written at position 3", 3),
    ("+3", "a sign cannot be written before a number at position 1", 1),
    ("2(3+4)", "an operator was expected before '(' (write multiplication explicitly)"
               " at position 2", 2),
    ("(1+2)(3)", "an operator was expected before '(' (write multiplication explicitly)"
                 " at position 6", 6),
    ("2 3", "an operator was expected before this number at position 3", 3),
    ("(2 3)", "an operator was expected before this number at position 4", 4),
    ("1 =", "a number was expected after '=' at position 4", 4),
    ("1 = -3", "negative numbers cannot be written at position 5", 5),
    ("1 = 2 + 1", "nothing may follow the result after '=' at position 7", 7),
    ("1 = 1 = 1", "nothing may follow the result after '=' at position 7", 7),
    ("= 3", "a number or '(' was expected at position 1", 1),
    ("2 ^^ 3", "a number or '(' was expected at position 4", 4),
    ("2 *** 3", "a number or '(' was expected at position 5", 5),
])
def test_syntax_errors_name_the_problem_and_its_position(text, message, position):
    assert syntax_error(text) == (message, position)


def test_first_problem_in_reading_order_is_reported():
    # the ')' at 3 comes before the unknown '&' at 5
    assert syntax_error("1+)+&") == ("a number or '(' was expected at position 3", 3)
    assert syntax_error("1&)") == ("unknown character '&' at position 2", 2)


def test_absurdly_deep_brackets_are_refused_not_crashed():
    text = "(" * 5000 + "1" + ")" * 5000
    assert syntax_error(text) == ("brackets nested more than 100 deep at position 101", 101)
    assert tree("(" * 100 + "1" + ")" * 100) == 1


def test_absurdly_long_numbers_are_refused():
    assert syntax_error("1+" + "9" * 1001) == (
        "a number longer than 1000 digits at position 3", 3)


def test_check_raises_syntax_errors_too():
    with pytest.raises(ClaimSyntaxError) as info:
        check("7 * (6 - 2", TABLE, 32, PITAGORAS)
    assert info.value.position == 5


# ---------------------------------------------------------------- describe

@pytest.mark.parametrize("text,printed", [
    ("7*6-12+2", "7 × 6 − 12 + 2"),
    ("((7*6))-(12)+2", "7 × 6 − 12 + 2"),
    ("12 - (15 - 7)", "12 − (15 − 7)"),
    ("12 + (15 + 7)", "12 + (15 + 7)"),
    ("(12 + 15) * 2", "(12 + 15) × 2"),
    ("12 / (6 / 2)", "12 ÷ (6 ÷ 2)"),
    ("12 / (6 * 2)", "12 ÷ (6 × 2)"),
    ("7^(12/6) - 15 - 2", "7^(12 ÷ 6) − 15 − 2"),
    ("2^3^2", "2^3^2"),
    ("(2^3)^2", "(2^3)^2"),
    ("2 * 3^2", "2 × 3^2"),
    ("(2*3)^2", "(2 × 3)^2"),
])
def test_describe_uses_minimal_brackets_that_keep_the_shape(text, printed):
    node, _ = parse(text)
    assert describe(node) == printed


@st.composite
def trees(draw, depth=4):
    if depth == 0 or draw(st.booleans()):
        return Num(draw(st.integers(0, 30)), 1)
    op = draw(st.sampled_from("+-*/^"))
    return BinOp(op, draw(trees(depth=depth - 1)), draw(trees(depth=depth - 1)), 1)


@given(trees())
def test_describe_then_parse_gives_back_the_same_tree(node):
    assert tree(describe(node)) == shape(node)


# ---------------------------------------------------------------- valid claims

@pytest.mark.parametrize("text,cards,rules,reason,used", [
    ("7*6-12+2", TABLE, PITAGORAS, "valid: 7 × 6 − 12 + 2 = 32", (2, 6, 7, 12)),
    ("12 + 15 + 7 - 2", TABLE, PITAGORAS, "valid: 12 + 15 + 7 − 2 = 32", (2, 7, 12, 15)),
    ("7^(12/6) - 15 - 2", TABLE, PITAGORAS_POW, "valid: 7^(12 ÷ 6) − 15 − 2 = 32",
     (2, 6, 7, 12, 15)),
    ("20+11+1", [1, 6, 5, 11, 20], PITAGORAS, "valid: 20 + 11 + 1 = 32", (1, 11, 20)),
    ("1+6+5+20", [1, 6, 5, 11, 20], PITAGORAS, "valid: 1 + 6 + 5 + 20 = 32", (1, 5, 6, 20)),
    ("7 × 6 − 12 + 2 = 32", TABLE, PITAGORAS, "valid: 7 × 6 − 12 + 2 = 32", (2, 6, 7, 12)),
    ("(15 - 15) + 32", [15, 15, 32], PITAGORAS, "valid: 15 − 15 + 32 = 32", (15, 15, 32)),
    ("2 * 16", [2, 16], COUNTDOWN, "valid: 2 × 16 = 32", (2, 16)),
])
def test_valid_claims(text, cards, rules, reason, used):
    assert check(text, cards, 32, rules) == Judgement(True, None, reason, 32, used)


def test_a_whole_result_of_zero_is_fine_in_the_whole_domain():
    assert check("7 - 7", [7, 7], 0, PITAGORAS) == Judgement(
        True, None, "valid: 7 − 7 = 0", 0, (7, 7))


def test_plain_operations_are_exact_and_uncapped():
    big = 10**18
    verdict = check("1000000000000000000 * 1000000000000000000 / 1000000000000000000",
                    [big, big, big], big, PITAGORAS)
    assert verdict.valid is True
    assert verdict.value == big


# ---------------------------------------------------------------- invalid claims

@pytest.mark.parametrize("text,cards,target,rules,problem,reason,value", [
    # cards
    ("7*6-12+2", [2, 7, 6, 15], 32, PITAGORAS, "card-missing",
     "12 is not on the table (cards: 2 7 6 15)", None),
    ("7*7-12-5", TABLE, 32, PITAGORAS, "card-twice",
     "7 is used 2 times but the table has only 1", None),
    ("5+5+5+17", [5, 5, 17], 32, PITAGORAS, "card-twice",
     "5 is used 3 times but the table has only 2", None),
    # first offender in reading order: 7 is doubled before 99 appears
    ("7+7+99", TABLE, 32, PITAGORAS, "card-twice",
     "7 is used 2 times but the table has only 1", None),
    ("99+7+7", TABLE, 32, PITAGORAS, "card-missing",
     "99 is not on the table (cards: 2 7 6 12 15)", None),
    ("7+99+7", TABLE, 32, PITAGORAS, "card-missing",
     "99 is not on the table (cards: 2 7 6 12 15)", None),
    # operations
    ("7^(12/6) - 15 - 2", TABLE, 32, PITAGORAS, "operation",
     "^ is not allowed in this game (at position 2)", None),
    ("7*6-12+2", TABLE, 32, Rules(name="sums", ops="+-"), "operation",
     "× is not allowed in this game (at position 2)", None),
    ("12/6+2", TABLE, 4, Rules(name="sums", ops="+-*"), "operation",
     "÷ is not allowed in this game (at position 3)", None),
    ("12+15-7", TABLE, 20, Rules(name="adds", ops="+"), "operation",
     "− is not allowed in this game (at position 6)", None),
    # domain
    ("7 + (12 - 15) + 2", TABLE, 32, PITAGORAS, "domain",
     "12 − 15 = −3 leaves the whole numbers (at position 9)", None),
    ("(5-5)*3+32", [5, 5, 3, 32], 32, COUNTDOWN, "domain",
     "5 − 5 = 0 is not positive (at position 3)", None),
    ("15/2+7", [15, 2, 7], 32, PITAGORAS, "domain",
     "15 ÷ 2 is not a whole number (at position 3)", None),
    ("9/2", [9, 2], 32, COUNTDOWN, "domain",
     "9 ÷ 2 is not a whole number (at position 2)", None),
    ("7 / (6 - 6)", [7, 6, 6], 32, PITAGORAS, "domain",
     "division by zero: 7 ÷ 0 (at position 3)", None),
    ("0 ^ 0 + 31", [0, 0, 31], 32, PITAGORAS_POW, "domain",
     "0^0 is not defined (at position 3)", None),
    ("7 ^ (6 - 6)", [7, 6, 6], 1, PITAGORAS_POW, None, None, 1),
    # the first failing step, bottom-up and left first, is the one reported
    ("(2 - 7) + (6 / 12)", TABLE, 32, PITAGORAS, "domain",
     "2 − 7 = −5 leaves the whole numbers (at position 4)", None),
    ("(6 / 12) + (2 - 7)", TABLE, 32, PITAGORAS, "domain",
     "6 ÷ 12 is not a whole number (at position 4)", None),
    ("(12 / 7)^2", TABLE, 32, PITAGORAS, "domain",
     "12 ÷ 7 is not a whole number (at position 5)", None),
    # too large
    ("2^100", [2, 100], 32, PITAGORAS_POW, "too-large",
     "2^100 exceeds the largest value the solver forms (cap 10^18)", None),
    ("10^19", [10, 19], 32, PITAGORAS_POW, "too-large",
     "10^19 exceeds the largest value the solver forms (cap 10^18)", None),
    ("7^3", [7, 3], 32, Rules(ops="+-*/^", cap=300), "too-large",
     "7^3 exceeds the largest value the solver forms (cap 300)", None),
    ("7^3", [7, 3], 343, Rules(ops="+-*/^", cap=343), None, None, 343),
    ("10^18", [10, 18], 10**18, PITAGORAS_POW, None, None, 10**18),
    # results
    ("7*6-12", TABLE, 32, PITAGORAS, "wrong-result", "the equation makes 30, not 32", 30),
    ("7*6-12 = 31", TABLE, 32, PITAGORAS, "claimed-result",
     "the equation makes 30, not 31 as written", 30),
    ("7*6-12 = 30", TABLE, 32, PITAGORAS, "wrong-result",
     "the equation makes 30, not 32", 30),
    ("7*6-12+2 = 33", TABLE, 32, PITAGORAS, "claimed-result",
     "the equation makes 32, not 33 as written", 32),
])
def test_claims_get_the_exact_problem(text, cards, target, rules, problem, reason, value):
    verdict = check(text, cards, target, rules)
    assert verdict.problem == problem
    assert verdict.valid is (problem is None)
    assert verdict.value == value
    if reason is not None:
        assert verdict.reason == reason


def test_invalid_verdicts_still_list_the_cards_written():
    verdict = check("15 + 12 - 2 - 7 + 6 + 7", TABLE, 32, PITAGORAS)
    assert verdict == Judgement(False, "card-twice",
                              "7 is used 2 times but the table has only 1",
                              None, (2, 6, 7, 7, 12, 15))


def test_huge_powers_are_decided_without_being_computed():
    # 3^10000000 takes seconds to build and big^big forever: both must be decided from
    # bit lengths (a regression would hang this test, not slow it)
    rules = Rules(ops="+-*/^")
    assert check("3 ^ 10000000", [3, 10**7], 1, rules).problem == "too-large"
    big = 10**18 - 1
    verdict = check(f"{big} ^ {big}", [big, big], 1, rules)
    assert verdict.problem == "too-large"
    assert verdict.reason == (f"{big}^{big} exceeds the largest value the solver forms "
                              "(cap 10^18)")
    assert check(f"1 ^ {big}", [1, big], 1, rules).valid is True
    assert check(f"0 ^ {big}", [0, big], 0, rules).valid is True


def test_power_step_must_respect_the_cap_exactly_at_the_boundary():
    rules = Rules(ops="+-*/^", cap=1024)
    assert check("2^10", [2, 10], 1024, rules).valid is True
    assert check("2^11", [2, 11], 2048, rules).problem == "too-large"
    assert check("32^2", [32, 2], 1024, rules).valid is True
    assert check("33^2", [33, 2], 1089, rules).problem == "too-large"


def test_cards_the_game_cannot_deal_are_refused():
    with pytest.raises(HandError):
        check("1+1", [0, 1], 2, COUNTDOWN)
    with pytest.raises(HandError):
        check("1+1", [1, -1], 2, PITAGORAS)
    with pytest.raises(HandError):
        check("1+1", [1, 1.0], 2, PITAGORAS)
