"""The batch check against the plain checker of benchmarks/checkers.py (ast and
Fraction, written apart from eureka's parser): the same verdict on every seeded claim,
and the right verdict on the bugs reported in other checkers."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eureka import countdown, game24
from eureka.benchmarks.checkers import REGRESSIONS, claims, plain_check
from eureka.numbers.claim.batch import check_lines

GAMES = {"countdown": countdown.GAME, "game24": game24.GAME}


@pytest.mark.parametrize("case", REGRESSIONS, ids=lambda c: c[0])
def test_the_bugs_of_other_checkers_get_the_right_verdict(case):
    _, name, cards, target, answer, right = case
    (got,) = GAMES[name].check_many([(cards, target, answer)])
    assert got.valid is right
    assert plain_check(answer, cards, target, name == "countdown") is right


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 2**32))
def test_every_verdict_is_the_plain_checkers(name, seed):
    rows = claims(name, 400, seed)
    lines = [json.dumps(r) + "\n" for r in rows]
    verdicts = [json.loads(t) for t in "".join(check_lines(GAMES[name], lines)).splitlines()]
    assert len(verdicts) == len(rows)
    assert sum(v["valid"] for v in verdicts) > 0
    for row, verdict in zip(rows, verdicts):
        assert verdict["valid"] == plain_check(row["answer"], row["cards"], row["target"],
                                               name == "countdown"), (row, verdict)
