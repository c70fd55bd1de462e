"""The numbers games' contract: the presets, `solve` and `check`, their results and
their JSON, as a notebook would use them."""

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka import countdown, game24, pitagoras
from eureka.errors import ClaimSyntaxError, HandError, RulesError
from eureka.numbers import GAME as NUMBERS
from eureka.numbers.solve import solve
from tests.oracle import numbers as oracle
from tests.schema_check import assert_valid

TABLE = [2, 7, 6, 12, 15]


def test_the_notebook_example():
    result = pitagoras.GAME.solve(TABLE, 32)
    assert result.most_cards == 5 and len(result.best) == 12
    assert result.distinct_equations == 23 and result.fewest_cards == 4
    assert result.expression_trees == 460
    assert result.best[0].shown() == "15 + 12 + 6 × 2 − 7 = 32"
    assert repr(result.best[0]) == "Equation('15 + 12 + 6 × 2 − 7 = 32')"
    assert list(result.by_cards()) == [5, 4]
    assert "23 equations" in repr(result)


def test_the_presets_hold_the_rules():
    assert pitagoras.GAME.dice.total((30, 2)) == 32
    assert pitagoras.GAME.earns(1) == "1 card, and you take it"
    assert pitagoras.GAME.earns(4) == "4 cards, and you take them"
    assert countdown.GAME.earns(1) == "1 card"
    assert (game24.GAME.hand_size, game24.GAME.target, game24.GAME.every_card) == (4, 24,
                                                                                     True)
    assert pitagoras.variant(pow=True).rules.ops == "+-*/^"
    assert pitagoras.variant(easy=True).deck == pitagoras.EASY_DECK
    assert NUMBERS.with_rules(ops="+-*/^").solve([2, 3], 8).best[0].text == "2^3"
    with pytest.raises(RulesError):
        NUMBERS.with_rules(ops="-")
    with pytest.raises(HandError, match="no Pitagoras die"):
        pitagoras.variant(die="green")


def test_the_game_preset_solves_as_the_engine():
    result = countdown.GAME.solve([1, 3, 7, 10, 25, 50], 765)
    engine = solve([1, 3, 7, 10, 25, 50], 765, countdown.rules())
    assert {e.form for e in result.equations} == {e.form for e in engine.equations}
    assert result.expression_trees == 780


def test_the_deal_is_checked():
    with pytest.raises(HandError, match="deals 4 cards, not 3"):
        game24.GAME.solve([3, 3, 8], 24)
    assert game24.GAME.any_numbers().solve([3, 8], 24).most_cards == 2
    with pytest.raises(HandError, match="not a card of the Countdown deck"):
        countdown.GAME.check("11", [11], 11)
    with pytest.raises(HandError, match="whole numbers"):
        NUMBERS.solve([2, 2.5], 5)
    with pytest.raises(HandError, match="a target is needed"):
        NUMBERS.solve([2], None)
    assert game24.GAME.solve([3, 3, 8, 8]).target == 24


@pytest.mark.parametrize("target", [2**63, -1, 2.0, True, "32"])
def test_targets_outside_the_engine_are_refused(target):
    with pytest.raises(HandError, match="the target must be a whole number"):
        pitagoras.GAME.solve(TABLE, target)
    with pytest.raises(HandError, match="the target must be a whole number"):
        pitagoras.GAME.check("7*6", TABLE, target)


def test_a_large_target_is_missed_not_crashed():
    result = NUMBERS.solve([2, 7], 2**63 - 1, best=True)
    assert not result.reachable and result.closest[0].value == 14
    assert result.fewest_cards is None and result.distinct_equations is None
    assert_valid(result.to_json())


def test_dice_and_target():
    assert pitagoras.GAME.solve(TABLE, dice=(2, 30)).target == 32
    with pytest.raises(HandError, match="not both"):
        pitagoras.GAME.solve(TABLE, 32, dice=(2, 30))
    with pytest.raises(HandError, match="has no dice"):
        countdown.GAME.solve([2, 7], dice=(2, 30))
    with pytest.raises(HandError, match="not a roll"):
        pitagoras.variant(die="red").solve(TABLE, dice=(2, 30))


def test_limit_lists_fewer_but_counts_all():
    result = pitagoras.GAME.solve(TABLE, 32, limit=5)
    assert len(result.shown) == 5 and len(result.equations) == 23
    document = assert_valid(result.to_json())
    assert len(document["equations"]) == 5 and document["distinct_equations"] == 23
    lines = [assert_valid(line) for line in result.json_lines()]
    assert [line["line"] for line in lines] == ["solution"] + ["equation"] * 5


def test_check_verdict_and_better_answer():
    result = pitagoras.GAME.check("7*6-12+2", TABLE, 32)
    assert result.valid and result.card_count == 4 and result.searched
    assert len(result.better.cards) == 5 and result.better is result.best
    assert assert_valid(result.to_json())["better"]["card_count"] == 5
    best = pitagoras.GAME.check("(15+7+6-12)*2", TABLE, 32)    # every card: no search
    assert best.valid and best.better is None and best.best is None
    assert best.searched and best.best_card_count == 5


def test_check_answers_first_and_compares_within_a_budget():
    quick = pitagoras.GAME.check("7*6-12+2", TABLE, 32, compare=False)
    assert quick.valid and quick.searched is None and quick.best is None
    assert_valid(quick.to_json())
    skipped = quick.compared(budget=5)
    assert skipped.valid and skipped.searched is False and skipped.better is None
    assert assert_valid(skipped.to_json())["best_card_count"] is None
    done = quick.compared()
    assert done.searched and len(done.better.cards) == 5
    nothing = pitagoras.GAME.check("7*6", TABLE, 32, budget=0)      # 0 means none
    assert not nothing.valid and nothing.searched is False and nothing.best is None


def test_results_say_what_they_hold():
    assert repr(NUMBERS.solve([2, 3], 5)) == ("<SolveResult numbers: cards [2, 3], target "
                                              "5, 1 equation, most cards 2>")


def test_the_24_game_uses_every_card():
    result = game24.GAME.check("5*5-1", [1, 5, 5, 5])
    assert (result.valid, result.verdict.problem) == (False, "cards-unused")
    assert result.reason == "the 24 game uses every card; 5 left out"
    assert len(result.best.cards) == 4
    assert game24.GAME.check("1+1", [1, 1, 1, 1]).best is None
    assert not game24.GAME.solve([1, 1, 5, 12]).solvable
    with pytest.raises(ClaimSyntaxError):
        game24.GAME.check("5*(", [1, 5, 5, 5])


@given(st.lists(st.integers(1, 13), min_size=1, max_size=4), st.integers(0, 60),
       st.sampled_from([pitagoras.GAME, countdown.GAME, game24.GAME, NUMBERS]))
def test_every_equation_solve_lists_checks_valid(cards, target, preset):
    """The verbs agree: what solve lists, check accepts (the 24 game: with every card),
    and the best answer check finds has as many cards as solve's best."""
    game = preset.any_numbers()
    result = game.solve(cards, target)
    assert result.reachable == bool(oracle.solutions(cards, target, game.rules))
    for eq in result.equations[:20]:
        checked = game.check(eq.ascii, cards, target, compare=False)
        assert checked.valid == (not game.every_card or len(eq.cards) == len(cards))
        assert checked.valid or checked.verdict.problem == "cards-unused"
    best = game.check("0", cards, target).best
    if game.every_card and not result.solvable:
        assert best is None
    else:
        assert (len(best.cards) if best else 0) == result.most_cards
    assert_valid(result.to_json())


def test_importing_a_game_compiles_nothing():
    code = ("import sys, eureka.pitagoras, eureka.countdown, eureka.game24, eureka.numbers;"
            "print('numba' in sys.modules or 'numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
