"""The Arquimedes commands: real output, JSON validated against its schema, exit codes,
--ascii and --quiet, and one line for bad input (the defects of issue 11 included)."""

import json
import shlex

import pytest

from eureka.cli.base import InputError
from eureka.cli.simulate_cmds import seat_names
from tests.cli.invoke import run
from tests.paths import EXAMPLES
from tests.schema_check import assert_valid

EXAMPLE = EXAMPLES / "arquimedes_game.txt"
STATE = ["--top", "3", "--cards", "2", "5", "7", "12", "K"]
STUCK = ["--top", "3", "--hand", "9", "11"]                # no legal play


def doc(*args, stdin=None, code=0) -> dict:
    """The JSON document a command prints, validated against the schema it names."""
    result = run(*args, "--json", stdin=stdin)
    assert result.exit_code == code, result.output
    return assert_valid(json.loads(result.stdout))


def test_solve_lists_every_play_grouped_and_recommends_one():
    result = run("solve", "arquimedes", *STATE)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Arquimedes: top 3, hand 2 5 7 12 K (+ − × ÷)"
    assert lines[1] == "2 cards (11):" and "  3 + 2 = 5" in lines
    assert "1 card (1):" in lines and "  3 = K(3)" in lines
    assert lines[-1] == ("Recommended: 3 + K(9) = 12 — it sheds the most points (25) and "
                         "leaves 12 on top, which the cards you have not seen answer in "
                         "the fewest ways (334).")
    data = doc("solve", "arquimedes", *STATE)
    assert len(data["plays"]) == 12 and data["recommended"]["action"] == "play"
    last = run("solve", "arquimedes", "--top", "3", "--hand", "2", "5").stdout
    assert "  3 + 2 = 5   empties the hand" in last.splitlines()
    assert last.splitlines()[-1] == ("Recommended: 3 + 2 = 5 — it empties your hand and "
                                     "wins the round.")


def test_limit_lists_at_most_n_plays_and_keeps_the_counts():
    lines = run("solve", "arquimedes", *STATE, "--limit", "2").stdout.splitlines()
    assert lines[1:6] == ["2 cards (11):", "  3 + K(9) = 12", "  3 × K(4) = 12",
                          "  ... 9 more (--limit 2)", "1 card (1):"]
    assert lines[6] == "  ... 1 more (--limit 2)" and lines[7].startswith("Recommended:")
    assert run("solve", "arquimedes", *STATE, "--limit", "0").stdout.splitlines()[1:3] == [
        "2 cards (11):", "  ... 11 more (--limit 0)"]
    whole = run("solve", "arquimedes", *STATE).stdout
    assert run("solve", "arquimedes", *STATE, "--limit", "12").stdout == whole
    assert run("solve", "arquimedes", *STATE, "--limit", "40").stdout == whole
    every = doc("solve", "arquimedes", *STATE)
    assert (every["legal_plays"], every["limit"]) == (12, None)
    for limit, listed in (("0", 0), ("5", 5), ("40", 12)):
        data = doc("solve", "arquimedes", *STATE, "--limit", limit)
        assert (data["legal_plays"], data["limit"]) == (12, int(limit))
        assert data["plays"] == every["plays"][:listed]
        assert data["recommended"] == every["recommended"]
    stuck = doc("solve", "arquimedes", *STUCK, "--limit", "3")
    assert (stuck["legal_plays"], stuck["plays"]) == (0, [])


@pytest.mark.parametrize("extra, action, line", [
    ([], "draw", "No legal play: draw a card."),
    (["--draw-pile", "5"], "draw", "No legal play: draw a card."),
    (["--draw-pile", "0"], "pass", "No legal play, and the draw pile is empty: pass."),
])
def test_solve_with_no_legal_play(extra, action, line):
    result = run("solve", "arquimedes", *STUCK, *extra)
    assert result.stdout.splitlines() == ["Arquimedes: top 3, hand 9 11 (+ − × ÷)", line]
    data = doc("solve", "arquimedes", *STUCK, *extra)
    assert data["plays"] == [] and data["recommended"]["action"] == action
    assert data["recommended"]["play"] is None


def test_solve_with_simulation():
    data = doc("solve", "arquimedes", *STATE, "--others", "5", "4", "--simulate", "200")
    options = data["simulated"]["options"]
    assert len(options) == 13                           # 12 plays and drawing a card
    tokens = [o["expected_tokens"] for o in options]
    assert tokens == sorted(tokens) and all(0 <= t <= 3 for t in tokens)
    text = run("solve", "arquimedes", *STATE, "--others", "5", "4", "--simulate", "200")
    assert "Played out 200 times each: the 49 unseen cards dealt at random to the other " \
           "hands (5 4) and a draw pile of 40," in text.stdout
    assert "draw a card" in text.stdout
    stuck = doc("solve", "arquimedes", *STUCK, "--others", "4", "--simulate", "2",
                "--draw-pile", "0")
    assert stuck["simulated"]["options"] == [] and stuck["recommended"]["action"] == "pass"


def test_check():
    result = run("check", "arquimedes", *STATE, "3+2=5")
    assert (result.exit_code, result.stdout) == (0, "valid: 3 + 2 = 5\n")
    result = run("check", "arquimedes", *STATE, "8=3+5")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "invalid: the result card must come last (e.g. 3 + 5 = 8, not 8 = 3 + 5)",
        "Recommended instead: 3 + K(9) = 12"]
    data = doc("check", "arquimedes", *STATE, "3+K=12")
    assert data["valid"] and data["play"]["cards"] == ["K", "12"]
    data = doc("check", "arquimedes", *STATE, "3+5=9", code=1)
    assert data["problem"] == "wrong-result" and data["better"]["play"] == "3 + K(9) = 12"
    for pile, action in ((None, "draw"), ("0", "pass")):
        extra = ["--draw-pile", pile] if pile else []
        data = doc("check", "arquimedes", *STUCK, *extra, "3+8=11", code=1)
        assert (data["action"], data["better"]) == (action, None)
    result = run("check", "arquimedes", *STUCK, "3+8=11")
    assert result.stdout == ("invalid: you hold no 8 to play (hand: 9 11); no legal play: "
                             "draw a card\n")


def test_check_quiet():
    for claim, code in (("3+2=5", 0), ("3+5=9", 1)):
        for quiet in ("--quiet", "-q"):
            result = run("check", "arquimedes", *STATE, quiet, claim)
            assert (result.exit_code, result.stdout) == (code, "")


def test_score_the_example_game():
    result = run("score", "arquimedes", str(EXAMPLE))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "  Ben        cards  23      token  4" in lines        # the rulebook's example
    assert "  Dee        out            token  — (returns token 1)" in lines
    assert "Round 3: every player passed" in lines
    assert lines[-2:] == ["Tokens: Ana 9  Ben 11  Cy 12  Dee 14", "Winner: Ana"]
    data = doc("score", "arquimedes", str(EXAMPLE))
    assert data["rounds"][0]["tokens"] == {"Ana": 2, "Ben": 4, "Cy": 3, "Dee": 0}
    record = "players: A B C\nround 1\nA: out\nB: 8\nC: 3 5\n"
    pending = run("score", "arquimedes", "-", stdin=record)
    assert "  still tied on 8: B, C each draw a card" in pending.stdout.splitlines()
    assert pending.stdout.splitlines()[-2:] == ["Tokens so far: A 0  B 0  C 0",
                                                "1 of 5 rounds played."]
    assert doc("score", "arquimedes", "-", stdin=record)["tied"] == []


def test_simulate():
    args = ["simulate", "arquimedes", "--games", "500", "--strategies",
            "greedy,random,tactician", "--seed", "4"]
    first, again = doc(*args), doc(*args)
    assert first == again
    data = first["variants"][0]
    assert [s["strategy"] for s in data["seats"]] == ["greedy", "random", "tactician"]
    assert sum(s["wins"] for s in data["seats"]) == 500
    text = run("simulate", "arquimedes", "--games", "200", "--players", "4", "--compare")
    assert text.stdout.startswith("Arquimedes: 200 games, 4 players, seed 0, joker on, "
                                  "+ − × ÷\n")
    assert "joker off, + −" in text.stdout and "The same seeds under each variant:" in \
        text.stdout
    assert text.stderr == ""                            # no progress bar off a terminal
    compared = doc("simulate", "arquimedes", "--games", "30", "--compare", "--no-joker",
                   "--ops", "+-")
    assert [(v["joker"], v["ops"]) for v in compared["variants"]] == [
        (False, "+-"), (True, "+-*/"), (False, "+-*/"), (True, "+-")]
    one = run("simulate", "arquimedes", "--games", "1", "--players", "2")
    assert one.stdout.startswith("Arquimedes: 1 game, 2 players,")


@pytest.mark.parametrize("args", [
    ["solve", "arquimedes", *STATE, "--others", "5", "4", "--simulate", "20"],
    ["solve", "arquimedes", "--top", "K", "--cards", "2", "5", "7"],
    ["check", "arquimedes", *STATE, "3x4=12"],
    ["check", "arquimedes", *STATE, "3-5=K"],
    ["check", "arquimedes", "--top", "3", "--cards", "2", "6", "12", "3+2=6"],
    ["score", "arquimedes", str(EXAMPLE)],
    ["simulate", "arquimedes", "--games", "50", "--compare"],
])
def test_ascii_covers_every_line(args):
    plain, ascii_ = run(*args), run(*args, "--ascii")
    assert plain.exit_code == ascii_.exit_code and plain.exit_code in (0, 1)
    assert not plain.stdout.isascii()
    assert ascii_.stdout.isascii(), [line for line in ascii_.stdout.splitlines()
                                     if not line.isascii()]
    assert len(ascii_.stdout.splitlines()) == len(plain.stdout.splitlines())


def test_help_gives_an_example_and_the_schema():
    """Every command's help: an example on one line (it runs, the record aside) and
    the id of its JSON Schema."""
    for verb in ("solve", "check", "score", "simulate"):
        result = run(verb, "arquimedes", "--help")
        assert result.exit_code == 0
        lines = [line.strip() for line in result.stdout.splitlines()]
        example = next(line for line in lines if line.startswith("Example: "))
        words = shlex.split(example.removeprefix("Example: "))
        assert words[:3] == ["eureka", verb, "arquimedes"]
        assert f"JSON Schema of --json: eureka schema eureka.arquimedes.{verb}/1" in lines
        if verb != "score":
            assert run(*words[1:]).exit_code == 0


def test_an_empty_policy_name_is_refused_not_dropped():
    for text in ("optimal,,greedy", "greedy,", ",greedy", " , "):
        with pytest.raises(InputError, match="an empty name"):
            seat_names(text, None)
    assert seat_names("greedy, random", None) == ("greedy", "random")
    assert seat_names("greedy", 3) == ("greedy",) * 3


@pytest.mark.parametrize("args, message", [
    (["solve", "arquimedes", "--top", "14", "--hand", "2"], "'14' is not an Arquimedes card"),
    (["solve", "arquimedes", "--top", "K", "--hand", "2", "K"], "only 1 copy"),
    (["solve", "arquimedes", "--top", "3", "--hand", "5", "5", "5", "5", "5", "5", "5"],
     "7 cards of 5"),
    (["solve", "arquimedes", *STATE, "--simulate", "10"], "needs the other players"),
    (["solve", "arquimedes", *STATE, "--ops", "+^"], "operations must be chosen"),
    (["solve", "arquimedes", *STATE, "--no-joker"], "played without it"),
    (["solve", "arquimedes", *STATE, "--others", "5", "4", "3", "2", "1", "1"],
     "6 other players: Arquimedes is played by 2–6"),
    (["solve", "arquimedes", *STATE, "--draw-pile", "50"],
     "a draw pile of 50 cards, but only 49 are unseen"),
    (["check", "arquimedes", *STATE, "3+2+1=6"], "at most two cards"),
    (["simulate", "arquimedes", "--strategies", "clever"], "unknown strategy 'clever'"),
    (["simulate", "arquimedes", "--players", "7"], "7 is not between 2 and 6"),
    (["simulate", "arquimedes", "--players", "3", "--strategies", "greedy,random"],
     "--players 3 but 2 names given"),
    (["score", "arquimedes", "/nonexistent/game.txt"], "cannot read"),
    # issue 11: --simulate N bounded, never a traceback or gigabytes
    (["solve", "arquimedes", *STATE, "--others", "4", "--simulate", "1" + "0" * 30],
     "is not between 2 and 1,000,000"),
    (["solve", "arquimedes", *STATE, "--others", "4", "--simulate", str(2**63)],
     "is not between 2 and 1,000,000"),
    (["solve", "arquimedes", *STATE, "--others", "4", "--simulate", str(10**12)],
     "is not between 2 and 1,000,000"),
    (["solve", "arquimedes", *STATE, "--others", "4", "--simulate", str(3 * 10**7)],
     "is not between 2 and 1,000,000"),
    # issue 11: an empty strategy name, and --games bounded with how long it would take
    (["simulate", "arquimedes", "--strategies", "greedy,,random"],
     "an empty name in 'greedy,,random'"),
    (["simulate", "arquimedes", "--games", "1" + "0" * 30],
     "at most 100,000,000 games (about 42 minutes at 40,000 games a second); "
     "1,000,000,000,000,000,000,000,000,000,000 would take about"),
    (["simulate", "arquimedes", "--games", "100000001"], "at most 100,000,000 games"),
    (["simulate", "arquimedes", "--games", "0"], "0 is not between 1 and 100,000,000"),
    # issue 11: whole numbers in ASCII digits only
    (["solve", "arquimedes", *STATE, "--draw-pile", "+5"], "'+5' is not a whole number"),
    (["solve", "arquimedes", *STATE, "--others", "0x10"], "'0x10' is not a whole number"),
    (["simulate", "arquimedes", "--games", "3_4"], "'3_4' is not a whole number"),
    (["simulate", "arquimedes", "--seed", str(2**64)], "is not between 0 and"),
    (["simulate", "arquimedes", "--players", "١٢"], "is not a whole number"),
])
def test_bad_input_is_one_clear_line(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]


@pytest.mark.parametrize("record, message", [
    ("round 1\n", "line 1: name the players first"),
    ("players: A B\nround 2\n", "line 2: expected 'round 1'"),
    ("players: A B\nround 1\nA: out\nB: out\n", "line 4: both A and B went out"),
    ("players: A B\nround 1\nA: out\nC: 4\n", "line 4: 'C' is not one of the players"),
    ("players: A B\nround 1\nA: out\n", "round 1: no line for B"),
    ("players: A B\nround 1\nA: 13 13\nB: out\n", "2 cards of 13"),
    ("players: A B\nround 1\nA: 4 draws 5\nB: out\n",
     "A drew 1 card for ties, but none was needed"),
])
def test_bad_records_name_the_line(record, message):
    result = run("score", "arquimedes", "-", stdin=record)
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.splitlines()) == 1
