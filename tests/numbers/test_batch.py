"""Batch checking: every verdict of the compiled batch checker equals the single check's
(claim.check, the independent verifier), on claims of every shape, and lines that cannot
be read are reported with their numbers."""

import json

from hypothesis import given
from hypothesis import strategies as st

from eureka.countdown import GAME as COUNTDOWN
from eureka.errors import ClaimSyntaxError
from eureka.game24 import GAME as GAME24
from eureka.numbers import GAME as NUMBERS
from eureka.numbers.claim import batch, kernel
from tests.schema_check import assert_valid
from tests.strategies import hands, rulesets

SIGNS = {"+": ["+"], "-": ["-", "\u2212", "\u2013"], "*": ["*", "x", "X", "\u00d7", "\u00b7"],
         "/": ["/", "\u00f7", ":"], "^": ["^", "**"]}


@st.composite
def expressions(draw, numbers):
    """A claim's text over these numbers in this order: any shape, any spelling of the
    operators, brackets round or square (rarely mismatched), any spacing."""
    if len(numbers) == 1:
        n = numbers[0]
        return draw(st.sampled_from(["", "0"])) + str(n) if n < 10 else str(n)
    cut = draw(st.integers(1, len(numbers) - 1))
    left, right = draw(expressions(numbers[:cut])), draw(expressions(numbers[cut:]))
    op = draw(st.sampled_from(SIGNS[draw(st.sampled_from("+-*/^"))]))
    space = draw(st.sampled_from(["", " ", "  ", "\t"]))
    text = f"{left}{space}{op}{space}{right}"
    if draw(st.integers(0, 2)) == 0:
        open_, close = draw(st.sampled_from(["()", "[]", "()", "(]"]))
        text = f"{open_}{text}{close}"
    return text


@st.composite
def claims(draw, cards):
    """Claims over the cards (in any order, not all of them), now and then with a number
    not dealt or one too large for the kernel, a result claimed after '=', or one
    character that breaks it."""
    numbers = draw(st.permutations(cards))[:draw(st.integers(1, len(cards)))]
    if draw(st.integers(0, 4)) == 0:
        numbers[draw(st.integers(0, len(numbers) - 1))] = draw(st.one_of(
            st.sampled_from([0, numbers[0]]), st.integers(0, 30), st.integers(2**40, 2**70)))
    text = draw(expressions(numbers))
    if draw(st.integers(0, 4)) == 0:
        text += f" = {draw(st.integers(0, 60))}"
    if draw(st.integers(0, 7)) == 0:
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(list("()+-*/=x. a1\u00d7\u2212[]"))) + \
            text[at:]
    return text


def single(game, cards, target, answer):
    """What the single check says, as the batch reports it."""
    try:
        r = game.check(answer, cards, target, compare=False)
    except ClaimSyntaxError as e:
        return (False, "malformed", str(e), None, ())
    return (r.valid, r.verdict.problem, r.reason, r.value, r.cards_used)


def batched(line):
    return (line.valid, line.problem, line.reason, line.value, line.cards_used)


@st.composite
def batches(draw):
    rules = draw(rulesets())
    game = NUMBERS.with_rules(ops=rules.ops, domain=rules.domain, cap=rules.cap)
    rows = []
    for _ in range(draw(st.integers(1, 6))):
        cards = draw(hands(rules, max_size=5, max_value=12))
        answer = draw(claims(cards))
        target = draw(st.integers(rules.lowest, 60))
        made = single(game, cards, 0, answer)[3]         # what it makes, if anything
        if isinstance(made, int) and made >= 0 and draw(st.booleans()):
            target = made
        rows.append((cards, target, answer))
    return game, rows


@given(batches())
def test_every_batch_verdict_is_the_single_checks(problem):
    game, rows = problem
    judged = game.check_many(rows)
    assert [j.line for j in judged] == list(range(1, len(rows) + 1))
    for (cards, target, answer), line in zip(rows, judged):
        assert line.error is None
        assert batched(line) == single(game, cards, target, answer), answer


@st.composite
def json_lines(draw):
    """A game and input lines of claims: mostly of the shape the compiled reader takes,
    often not (keys in any order or missing, other keys, escapes, non-ASCII, numbers
    that are not whole or too long, hands the game cannot deal, a byte-order mark, a
    character anywhere, invalid UTF-8, blank lines)."""
    game, rows = draw(batches())
    if draw(st.booleans()):
        game = draw(st.sampled_from([COUNTDOWN, GAME24]))
        deck = list(range(1, 14)) + [25, 50, 75, 100]
        rows = [(cards, draw(st.integers(0, 999)), draw(claims(cards))) for cards in
                draw(st.lists(st.lists(st.sampled_from(deck), min_size=1, max_size=7),
                              min_size=1, max_size=5))]
    lines = []
    for cards, target, answer in rows:
        fields = {"cards": cards, "target": target, "answer": answer}
        shape = draw(st.integers(0, 12))
        if shape == 0:
            del fields["target"]
        elif shape == 1:
            fields["note"] = draw(st.sampled_from([1, "x", None, [1]]))
        elif shape == 2:
            fields["cards"] = cards + [draw(st.sampled_from([-1, 1.0, 2**70, True]))]
        elif shape == 3:
            fields["target"] = draw(st.sampled_from([-3, 24.0, 2**64, "24", None]))
        keys = draw(st.permutations(list(fields)))
        text = json.dumps({k: fields[k] for k in keys}, ensure_ascii=draw(st.booleans()),
                          separators=draw(st.sampled_from([(",", ":"), (", ", ": "),
                                                           (" ,\t", " : ")])))
        if shape == 4:
            text = text.replace(str(cards[0]), "0" + str(cards[0]), 1)   # leading 0
        elif shape == 5:
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.sampled_from(list('{}[],:" x0\\\u00e9'))) + text[at:]
        data = text.encode()
        if shape == 6:
            data = data.replace(b'"answer"', b'"answer": "2", "answer"', 1)
        elif shape == 7:
            data = b"\xef\xbb\xbf" + data
        elif shape == 8:
            at = draw(st.integers(0, len(data)))
            data = data[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xe2\x88"])) + \
                data[at:]
        elif shape == 9:
            data = data.replace(b'"answer"', b'"\\u0061nswer"', 1)
        lines.append(data + draw(st.sampled_from([b"\n", b"\r\n", b" \n", b""])))
        if draw(st.integers(0, 5)) == 0:
            lines.append(draw(st.sampled_from([b"\n", b"  \t\n", b"\x0b\n"])))
    return game, [line if line.endswith(b"\n") else line + b"\n" for line in lines]


def python_reading(game, lines) -> str:
    """What the Python reading alone makes of the lines (json.loads, then the claim)."""
    hands = batch._Hands(game)
    items = [batch._item(hands, n, batch._parsed(batch._decoded(raw, n)))
             for n, raw in enumerate(lines, 1)]
    return "".join(v.line_text() for v in batch._judged(game, [i for i in items if i]))


@given(json_lines())
def test_the_compiled_reader_reads_lines_as_json_does(problem):
    game, lines = problem
    got = "".join(batch.check_lines(game, lines))
    assert got == python_reading(game, lines)
    encode = json.JSONEncoder(ensure_ascii=False).encode
    for text in got.splitlines():
        assert encode(assert_valid(json.loads(text))) == text


def test_the_kernel_decides_the_common_claims_itself():
    """The fast path is taken: valid claims and the usual mistakes are not left to
    claim.check."""
    rows = [([100, 75, 50, 25, 6, 3], 952, a) for a in (
        "(100+3)*75*6/50+25", "(100 + 3) × 75 × 6 ÷ 50 + 25 = 952", "100*9", "3*3",
        "75/6", "25-50", "100+75", "((100+6)*75*3-50)/25 = 950", "6-(3+3)")]
    outcomes = [o for o, _ in _kernel(COUNTDOWN, rows)]
    assert outcomes == [kernel.VALID, kernel.VALID, kernel.CARD_MISSING,
                        kernel.CARD_TWICE, kernel.NOT_WHOLE, kernel.BELOW,
                        kernel.WRONG_RESULT, kernel.CLAIMED_RESULT,
                        kernel.CARD_TWICE]
    fractions = [([3, 3, 8, 8], 24, "8/(3-8/3)"), ([3, 3, 8, 8], 24, "8/(3-3)"),
                 ([3, 3, 8, 8], 24, "8*3")]
    assert [o for o, _ in _kernel(GAME24, fractions)] == [
        kernel.VALID, kernel.DIVIDE_BY_ZERO, kernel.VALID]


def _kernel(game, rows):
    """The kernel's outcome and numbers for each (cards, target, answer)."""
    import numpy as np
    texts = [a.encode() for _, _, a in rows]
    starts = np.cumsum([0] + [len(t) for t in texts]).astype(np.int64)
    cards = np.array([c for cs, _, _ in rows for c in cs], np.int64)
    card_starts = np.cumsum([0] + [len(cs) for cs, _, _ in rows]).astype(np.int64)
    out = batch._Written(game, np.frombuffer(b"".join(texts), np.uint8), starts[:-1],
                         starts[1:], cards, card_starts,
                         np.array([t for _, t, _ in rows], np.int64))
    return list(zip(out.outcome, out.info))


def test_the_24_game_asks_every_card():
    (line,) = GAME24.check_many([([3, 3, 8, 8], 24, "8*3")])
    assert (line.valid, line.problem) == (False, "cards-unused")
    (line,) = GAME24.check_many([{"cards": [3, 3, 8, 8], "answer": "8/(3-8/3)"}])
    assert line.valid and line.value == 24          # the 24 game's own target


def test_regressions_of_other_checkers():
    """Bugs reported in the checkers of reasoning-model projects: a number given once
    used twice, division truncated, a number never dealt, 3 3 8 8 through fractions."""
    got = GAME24.check_many([
        ([1, 1, 4, 6], 24, "(1+1)*4*6/2"), ([4, 6, 1, 1], 24, "81*1"),
        ([3, 3, 8, 8], 24, "8/(3-8/3)"), ([1, 5, 5, 5], 24, "5*(5-1/5)"),
        ([2, 3, 9, 12], 24, "12*(9/3-2)/1")])
    assert [(g.valid, g.problem) for g in got] == [
        (False, "card-missing"), (False, "card-missing"), (True, None), (True, None),
        (False, "card-missing")]
    truncated = COUNTDOWN.check_many([([7, 2, 100, 1, 3, 4], 350, "7/2*100")])
    assert truncated[0].problem == "domain" and "not a whole number" in truncated[0].reason


def test_bad_lines_are_reported_with_their_numbers():
    lines = ['{"cards": [1, 2], "target": 3, "answer": "1+2"}', "not json", "",
             '{"cards": [1, 2], "target": 3}', '[1, 2]', '{"cards": [1, 99], "target": 3, '
             '"answer": "1+2"}', '{"cards": [1, 2], "target": 3, "answer": "1+"}',
             '{"cards": "12", "target": 3, "answer": "1"}',
             '{"cards": [1, 2], "target": 3, "answer": 3}']
    out = [json.loads(t) for t in "".join(batch.check_lines(COUNTDOWN, lines)).splitlines()]
    for doc in out:
        assert_valid(doc)
    assert [d["line"] for d in out] == [1, 2, 4, 5, 6, 7, 8, 9]        # 3 is blank
    assert out[0]["valid"] and "error" in out[1] and out[2]["error"] == "missing 'answer'"
    assert out[3]["error"] == "not a JSON object"
    assert "99 is not a card of the Countdown deck" in out[4]["error"]
    assert out[5]["problem"] == "malformed" and out[5]["valid"] is False
    assert "must be a list" in out[6]["error"] and "must be a string" in out[7]["error"]


def test_true_is_not_the_card_1_of_a_hand_seen_before():
    valid, refused = COUNTDOWN.check_many([([1, 2], 3, "1+2"), ([True, 2], 3, "1+2")])
    assert valid.valid and refused.error == \
        "the cards must be a list of whole numbers, got [True, 2]"


def test_chunks_end_early_on_long_lines():
    chunks = list(batch._chunks([b"x" * 2**20] * 9, 1))
    assert [(first, len(lines)) for first, lines in chunks] == [(1, 4), (5, 4), (9, 1)]


def test_countdown_deals_six_in_the_compiled_reading_too():
    lines = ['{"cards": [1, 2, 3, 4, 5, 6, 7], "target": 3, "answer": "1+2"}',
             '{"target": 3, "answer": "1+2", "cards": [1, 2, 3, 4, 5, 6, 7]}',
             '{"cards": [1, 2, 3, 4, 5, 6], "target": 3, "answer": "1+2"}']
    out = [json.loads(t) for t in "".join(batch.check_lines(COUNTDOWN, lines)).splitlines()]
    assert out[0]["error"] == out[1]["error"] == (
        "Countdown deals 6 cards at most, not 7 (more: --any-numbers, or eureka solve "
        "numbers)")
    assert out[2]["valid"]


def test_the_pool_starts_no_more_processes_than_chunks(monkeypatch):
    import concurrent.futures

    started = []

    class Pool(concurrent.futures.ThreadPoolExecutor):
        def __init__(self, workers):
            started.append(workers)
            super().__init__(workers)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(batch, "CHUNK", 2)
    lines = ['{"cards": [1, 2], "target": 3, "answer": "1+2"}'] * 7      # 4 chunks
    out = "".join(batch.check_lines(COUNTDOWN, lines, workers=64)).splitlines()
    assert started == [3] and [json.loads(t)["line"] for t in out] == list(range(1, 8))


