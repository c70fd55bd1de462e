"""eureka.arquimedes.GAME: the preset, and the verbs' results (their JSON validated
against the schemas they name)."""

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka.arquimedes import GAME
from eureka.arquimedes.cards import JOKER, deck, name
from eureka.errors import EurekaError
from tests.paths import EXAMPLES, ROOT
from tests.schema_check import assert_valid

HAND = "2 5 7 12 K".split()


def test_the_preset():
    assert sum(GAME.deck.values()) == 55 and GAME.deck[JOKER] == 1
    assert GAME.variant(joker=False).deck == deck(False) and JOKER not in deck(False)
    assert (GAME.hand_size, GAME.rounds, GAME.players, GAME.ops) == (5, 5, (2, 6), "+-*/")
    assert GAME.variant(ops="+-x").ops == "+-*"
    assert [(v.joker, v.ops) for v in GAME.variant(ops="+-").variants(compare=True)] == [
        (True, "+-"), (True, "+-*/"), (False, "+-*/"), (False, "+-")]
    assert GAME.variants() == [GAME]


def test_importing_the_game_scoring_and_a_valid_check_need_no_kernel():
    code = ("import sys, eureka.arquimedes, eureka.cli.arquimedes_cmds\n"
            "from eureka.arquimedes import GAME\n"
            "from tests.paths import EXAMPLES, ROOT\n"
            "GAME.score((EXAMPLES / 'arquimedes_game.txt').read_text('utf-8'))\n"
            "assert GAME.check('3+2=5', GAME.state(3, ['2', '5'])).valid\n"
            "print(sorted({'numba', 'numpy'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout
    assert out.strip() == "[]"


def test_solve():
    result = GAME.solve("3", HAND)
    doc = assert_valid(result.to_json())
    assert len(doc["plays"]) == 12 and doc["simulated"] is None
    assert doc["recommended"] == {
        "action": "play", "play": doc["plays"][0], "basis": "sheds-most", "answers": 334,
        "reason": result.advice.reason}
    last = assert_valid(GAME.solve("3", ["2", "5"]).to_json())
    assert last["recommended"]["basis"] == "empties-hand"
    assert last["plays"][0]["empties_hand"] and last["recommended"]["answers"] is None
    free = assert_valid(GAME.solve("K", ["2", "5", "7"]).to_json())
    assert free["top"] == {"value": None, "joker": True}
    assert {p["top"] for p in free["plays"]} > {2, 5}


@pytest.mark.parametrize("pile, action", [(None, "draw"), (4, "draw"), (0, "pass")])
def test_no_legal_play(pile, action):
    doc = assert_valid(GAME.solve("3", ["9", "11"], draw_pile=pile).to_json())
    assert doc["plays"] == []
    assert doc["recommended"] == {"action": action, "play": None, "basis": None,
                                  "answers": None,
                                  "reason": doc["recommended"]["reason"]}


def test_solve_with_the_rest_of_the_round_played_out():
    result = GAME.solve("3", HAND, others=[5, 4], samples=30, seed=2)
    doc = assert_valid(result.to_json())
    sim = doc["simulated"]
    assert (sim["samples"], sim["strategy"], sim["others"]) == (30, "greedy", [5, 4])
    assert sim["unseen"] == 49 and sim["draw_pile"] == 40
    assert len(sim["options"]) == 13                    # 12 plays, and drawing a card
    assert sum(o["play"] is None for o in sim["options"]) == 1
    empty = assert_valid(GAME.solve("3", ["9", "11"], others=[4], draw_pile=0,
                                    samples=2).to_json())
    assert empty["simulated"]["options"] == []          # no play, nothing to draw
    with pytest.raises(EurekaError, match="needs the other players"):
        GAME.solve("3", HAND, samples=10)


def test_check():
    state = GAME.state("3", HAND)
    valid = GAME.check("3+2=5", state)
    doc = assert_valid(valid.to_json())
    assert (doc["valid"], doc["problem"], doc["better"], doc["action"]) == (
        True, None, None, None)
    assert doc["play"]["play"] == "3 + 2 = 5"
    wrong = assert_valid(GAME.check("3+5=9", state).to_json())
    assert (wrong["valid"], wrong["problem"], wrong["action"]) == (
        False, "wrong-result", None)
    assert wrong["better"]["play"] == "3 + K(9) = 12" and wrong["play"] is None
    first = assert_valid(GAME.check("8=3+5", state).to_json())
    assert first["problem"] == "result-first"


@pytest.mark.parametrize("pile, action", [(None, "draw"), (0, "pass")])
def test_a_claim_when_no_play_is_legal(pile, action):
    result = GAME.check("3+8=11", GAME.state("3", ["9", "11"], draw_pile=pile))
    doc = assert_valid(result.to_json())
    assert (doc["valid"], doc["problem"], doc["action"], doc["better"]) == (
        False, "card-missing", action, None)
    assert doc["reason"].startswith("you hold no 8 to play (hand: 9 11); no legal play")


def test_score():
    text = (EXAMPLES / "arquimedes_game.txt").read_text(encoding="utf-8")
    doc = assert_valid(GAME.score(text).to_json())
    assert doc["winner"] == "Ana" and doc["complete"] and doc["deciders"] == []
    assert doc["rounds"][0]["tokens"] == {"Ana": 2, "Ben": 4, "Cy": 3, "Dee": 0}
    tied = ("players: P Q\n" + "round {}\nP: out\nQ: 3\n" * 2 + "round {}\nP: 3\nQ: out\n"
            + "round {}\nP: 9\nQ: 4\n" * 2).format(1, 2, 3, 4, 5)
    doc = assert_valid(GAME.score(tied + "decider: P 7, Q 7\ndecider: P K, Q 2\n").to_json())
    assert doc["winner"] == "Q" and doc["deciders"] == [{"P": "7", "Q": "7"},
                                                        {"P": "K", "Q": "2"}]
    pending = assert_valid(GAME.score("players: A B C\nround 1\nA: out\nB: 8\nC: 3 5\n")
                           .to_json())
    assert pending["rounds"][0]["tokens"] is None and pending["winner"] is None
    assert pending["rounds"][0]["pending_ties"] == [{"players": ["B", "C"], "total": 8}]
    with pytest.raises(EurekaError, match="played without it"):
        GAME.variant(joker=False).score("players: A B\nround 1\nA: out\nB: K\n")


def test_simulate():
    doc = assert_valid(GAME.simulate(40, ["greedy", "tactician", "random"], seed=1)
                       .to_json())
    assert len(doc["variants"]) == 1
    assert sum(s["wins"] for s in doc["variants"][0]["seats"]) == 40
    compared = assert_valid(GAME.variant(joker=False).simulate(
        20, ["greedy"] * 2, compare=True).to_json())
    assert [(v["joker"], v["ops"]) for v in compared["variants"]] == [
        (False, "+-*/"), (True, "+-*/"), (True, "+-"), (False, "+-")]
    with pytest.raises(EurekaError, match="at most 100,000,000 games"):
        GAME.simulate(10**30, ["greedy"] * 2)
    with pytest.raises(EurekaError, match="unknown strategy ''"):
        GAME.simulate(10, ["greedy", ""])


@st.composite
def positions(draw):
    """A position as a user gives it: the top card as written, a hand the deck can hold,
    and sometimes the draw pile and the other hands, under any variant."""
    joker, ops = draw(st.booleans()), draw(st.sampled_from(["+-*/", "+-", "*/", "+"]))
    cards = sorted(deck(joker).elements())
    picks = draw(st.lists(st.integers(0, len(cards) - 1), min_size=2, max_size=9,
                          unique=True))
    top, *hand = [name(cards[i]) for i in picks]
    if top == "K":
        top = draw(st.sampled_from(["K", f"K={draw(st.integers(1, 13))}"]))
    game = GAME.variant(joker=joker, ops=ops)
    unseen = sum(deck(joker).values()) - len(picks)
    others = draw(st.one_of(st.none(), st.lists(st.integers(1, 8), min_size=1,
                                                max_size=5)))
    if others and sum(others) > unseen:
        others = None
    pile = draw(st.one_of(st.none(), st.integers(0, unseen - sum(others or ()))))
    return game, top, hand, {"draw_pile": pile, "others": others}


@given(positions(), st.text("0123456789+-*/x:=K() ", max_size=12))
def test_every_result_validates_against_its_schema(position, written):
    """solve (with rollouts when the other hands are known), and check of every legal
    play and of a claim typed at random: JSON that its schema accepts."""
    game, top, hand, known = position
    samples = 2 if known["others"] else None
    solved = game.solve(top, hand, samples=samples, **known)
    doc = assert_valid(solved.to_json())
    assert len(doc["plays"]) == len(solved.plays)
    state = game.state(top, hand, **known)
    for claimed in [p["play"] for p in doc["plays"][:3]] + [doc["plays"][-1]["ascii"]
                                                           if doc["plays"] else "1=1"]:
        assert assert_valid(game.check(claimed, state).to_json())
    try:
        checked = game.check(written, state)
    except EurekaError:
        return                                        # unreadable: one line, exit 2
    verdict = assert_valid(checked.to_json())
    assert verdict["valid"] or verdict["problem"] and (verdict["better"] is None) == (
        doc["recommended"]["play"] is None)
