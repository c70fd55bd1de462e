"""The Mathable commands: solve (by score, equity and simulation, and the endgame), check
(claimed turns, and game records reviewed), score (records), simulate."""

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from eureka.cli.main import eureka
from eureka.errors import EurekaError
from eureka.mathable import GAME, leave, ranking, results
from eureka.mathable.options import Effort
from eureka.mathable.position import Position, render
from eureka.mathable.record import write
from eureka.mathable.selfplay import game_record, game_rng, play_game
from eureka.mathable.simulate import SelfPlayRun, simulate
from tests.cli.invoke import json_of, run
from tests.mathable.test_endgame import BAG_LEFT, EXAMPLE, NO_OPPONENT
from tests.mathable.test_montecarlo import OPENING_RACK
from tests.mathable.test_review import reviewed
from tests.oracle import mathable as oracle
from tests.paths import DATA, DOCS, EXAMPLES
from tests.schema_check import assert_valid

RULEBOOK = str(EXAMPLES / "mathable_rulebook.txt")
CAVA = str(DATA / "mathable" / "cava2024" / "train" / "1_turns.txt")
CARDS = ["--cards", "1", "8", "2", "12", "16", "42", "17"]


# --- solve --------------------------------------------------------------------------------

def test_solve_opening_lists_the_best_turn_and_draws_the_board():
    result = run("solve", "mathable", *CARDS, "--limit", "2")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1] == "Best turn: 56 points, 6 placements"
    assert any(line.startswith("#2: 56 points") for line in lines)
    board = "\n".join(lines[lines.index("Board after the best turn ([new] tokens):") + 1:])
    assert board.count("[") == 6


def test_rack_is_an_alias_of_cards():
    assert run("solve", "mathable", "--rack", *CARDS[1:]).stdout == \
        run("solve", "mathable", *CARDS).stdout


def test_solve_json_turns_are_rescored_by_the_record_replay(tmp_path):
    data = json_of("solve", "mathable", *CARDS, "--limit", "3", "--moves")
    assert data["schema"] == "eureka.mathable.solve/1"
    assert len(data["turns"]) == 3
    assert [t["points"] for t in data["turns"]] == sorted(
        (t["points"] for t in data["turns"]), reverse=True)
    assert len(data["moves"]) == 14
    for turn in data["turns"]:
        record = tmp_path / "turn.txt"
        record.write_text(f"P1: {turn['turn']}\n")
        replay = json_of("score", "mathable", str(record))
        assert replay["valid"] and replay["turns"][0]["points"] == turn["points"]


def test_solve_json_without_moves_and_with_nothing_to_place():
    data = json_of("solve", "mathable", *CARDS)
    assert len(data["turns"]) == 1 and data["moves"] is None
    assert (data["edition"], data["rack"], data["tokens_on_board"]) == (
        126, [1, 2, 8, 12, 16, 17, 42], 4)
    empty = json_of("solve", "mathable", "--cards", "90", "81", "--moves")
    assert empty["turns"] == [] and empty["moves"] == []


def test_solve_reads_a_position_file_with_its_rack(tmp_path):
    grid = dict(Position().grid)
    grid[(7, 8)] = 12                                   # I8=12
    path = tmp_path / "pos.txt"
    path.write_text(render(grid) + "\nrack: 16 48\n")
    best = json_of("solve", "mathable", "--position", str(path))["turns"][0]
    assert best["turn"] == "J8=16" and best["points"] == 16 and best["draws"] == 1
    piped = json_of("solve", "mathable", "--position", "-", stdin=path.read_text())
    assert piped["turns"][0] == best


def test_solve_with_nothing_to_place_says_so():
    result = run("solve", "mathable", "--cards", "90", "81")
    assert result.exit_code == 0
    assert "No token of this rack can be placed" in result.stdout


def test_solve_budget_of_sets_refuses_in_one_line_and_can_be_raised():
    """--max-sets: past the budget one line naming the option, exit 2; raised, the same
    answer as the default budget; meaningless with --by sim."""
    tight = run("solve", "mathable", *CARDS, "--max-sets", "3")
    assert tight.exit_code == 2 and tight.output.count("\n") == 1
    assert tight.output.startswith("error: more than 3 sets of placements")
    assert "--max-sets" in tight.output
    raised = run("solve", "mathable", *CARDS, "--limit", "3", "--max-sets", "1000000")
    assert raised.exit_code == 0
    assert raised.stdout == run("solve", "mathable", *CARDS, "--limit", "3").stdout
    sim = run("solve", "mathable", *CARDS, "--by", "sim", "--max-sets", "10")
    assert sim.exit_code == 2 and "--max-sets" in sim.output and "Traceback" not in \
        sim.output
    with pytest.raises(EurekaError, match="at least one set"):
        GAME.solve(GAME.position(), [1, 8, 2], max_sets=0)
    with pytest.raises(EurekaError, match="max_sets"):
        GAME.solve(GAME.position(), [1, 8, 2], by="sim", max_sets=10)


def test_solve_ascii_covers_every_line():
    result = run("solve", "mathable", *CARDS, "--moves", "--limit", "2", "--ascii")
    assert result.exit_code == 0 and result.stdout.isascii()
    assert "  3. F8=12     12  3 * 4 = 12 (G8, H8)" in result.stdout.splitlines()
    assert "−" in run("solve", "mathable", *CARDS).stdout


# --- check --------------------------------------------------------------------------------

def test_check_a_claimed_turn_and_a_better_one():
    result = run("check", "mathable", *CARDS, "I8=12 H6=8 G9=2 F7=1 J8=16")
    assert result.exit_code == 0
    assert result.stdout.startswith("valid: 39 points, 5 placements, may draw 1 token")
    assert "a better turn: 56 points" in result.stdout


def test_check_json_of_a_valid_claim_names_the_better_turn():
    data = json_of("check", "mathable", *CARDS, "I8=12 H6=8 G9=2 F7=1 J8=16")
    assert data["valid"] and data["problem"] is None
    assert data["reason"] == "valid: 39 points, 5 placements, may draw 1 token"
    assert data["turn"]["points"] == 39
    assert data["better"]["points"] == data["best"]["points"] == 56
    assert data["better_exists"]


def test_check_an_illegal_claim_names_the_square_and_operation():
    result = run("check", "mathable", *CARDS, "I8=12 J8=8")
    assert result.exit_code == 1
    assert result.stdout.startswith("invalid: placement 2, J8=8: J8 is a + square, so "
                                    "only addition counts")
    assert "12 + 4 = 16" in result.stdout
    data = json_of("check", "mathable", *CARDS, "I8=12 J8=8", code=1)
    assert (data["valid"], data["problem"], data["turn"]) == (False, "no-equation", None)
    assert data["better"] == data["best"]


def test_check_a_placement_on_a_taken_square():
    data = json_of("check", "mathable", *CARDS, "G7=2", code=1)
    assert data["problem"] == "occupied"


def test_check_the_best_claim_has_no_better():
    best = json_of("solve", "mathable", *CARDS)["turns"][0]
    data = json_of("check", "mathable", *CARDS, best["turn"])
    assert data["valid"] and not data["better_exists"] and data["better"] is None
    assert data["turn"]["points"] == best["points"]
    assert run("check", "mathable", *CARDS, best["turn"]).stdout.endswith(
        "  no turn scores more.\n")


def test_a_claim_the_rack_cannot_make_is_invalid_not_unreadable():
    """Two 21s claimed from a rack with one: the 126-token set has one 21 too, and that
    used to be refused as input (exit 2) where it is an invalid claim (exit 1)."""
    rack = ["--cards", "12", "17", "4", "5", "25", "21", "56"]
    result = run("check", "mathable", *rack, "--", "I8=21 J8=21")
    assert result.exit_code == 1, result.output
    assert result.stdout.startswith("invalid: the turn places 2 tokens of 21, but the "
                                    "rack (4 5 12 17 21 25 56) holds 1")
    data = json_of("check", "mathable", *rack, "--", "I8=21 J8=21", code=1)
    assert data["problem"] == "not-on-rack"
    several = json_of("check", "mathable", *rack, "I8=5 J8=5", code=1)
    assert several["problem"] == "not-on-rack"


def test_check_reads_the_claim_or_the_position_from_standard_input(tmp_path):
    piped = run("check", "mathable", *CARDS, "-", stdin="I8=12 H6=8\nG9=2\n")
    assert piped.exit_code == 0, piped.output
    assert piped.stdout.startswith("valid: 22 points, 3 placements")
    position = render(dict(Position().grid)) + "\nrack: 1 8 2 12 16 42 17\n"
    data = json_of("check", "mathable", "--position", "-", "I8=12", stdin=position)
    assert data["valid"] and data["rack"] == [1, 2, 8, 12, 16, 17, 42]


def test_check_answers_first_and_bounds_the_search_for_a_better_turn(monkeypatch):
    """A plainly wrong claim is judged before (and without) the search for the best
    turn; a search past its budget is skipped and said so, and the verdict stands."""
    judged = GAME.check(GAME.position(), "A1=1", [1, 8, 2], compare=False)
    assert (judged.valid, judged.searched, judged.best) == (False, None, None)
    skipped = judged.compared(budget=1)
    assert skipped.searched is False and skipped.verdict == judged.verdict
    assert assert_valid(skipped.to_json())["better_exists"] is None
    found = judged.compared()
    assert found.searched and found.best == found.verdict.better == \
        GAME.solve(GAME.position(), [1, 8, 2]).turns[0]
    monkeypatch.setattr(results, "MAX_STATES", 1)
    text = run("check", "mathable", *CARDS, "I8=12")
    assert text.exit_code == 0 and text.stdout.splitlines()[-1] == \
        "  (too large a search to look for the best turn: skipped)"
    data = json_of("check", "mathable", *CARDS, "A1=1", code=1)
    assert (data["best"], data["better"], data["better_exists"]) == (None, None, None)


def test_a_quiet_check_searches_nothing(monkeypatch):
    def no_search(*args):
        raise AssertionError("searched")
    monkeypatch.setattr(ranking, "best_turns", no_search)
    for claimed, code in (("I8=12", 0), ("A1=1", 1)):
        result = run("check", "mathable", *CARDS, claimed, "-q")
        assert result.exit_code == code and not isinstance(result.exception,
                                                           AssertionError)


def test_check_quiet_prints_nothing():
    valid = run("check", "mathable", *CARDS, "I8=12", "--quiet")
    invalid = run("check", "mathable", *CARDS, "I8=13", "-q", "--json")
    assert (valid.exit_code, valid.output) == (0, "")
    assert (invalid.exit_code, invalid.output) == (1, "")


def test_check_ascii_covers_every_line():
    for turn in ("I8=12 H6=8 G9=2 F7=1 J8=16", "G6=8"):
        result = run("check", "mathable", *CARDS, turn, "--ascii")
        assert result.output.isascii() and "*" in result.output, result.output


def test_one_placement_and_one_point_are_singular():
    result = run("check", "mathable", "--cards", "1", "9", "F7=1")
    assert result.stdout.startswith("valid: 1 point, 1 placement\n")


# --- score --------------------------------------------------------------------------------

def test_score_the_rulebook_record():
    result = run("score", "mathable", RULEBOOK)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].endswith(": 2 turns, 126 tokens, full-rack bonus on")
    assert lines[2].split()[:3] == ["1", "P1", "39"]
    assert lines[3].split()[:3] == ["2", "P2", "121"] and "(+50 full rack)" in lines[3]
    assert "totals: P1 39, P2 121" in lines


def test_score_a_record_as_json_with_its_draws():
    data = json_of("score", "mathable", RULEBOOK)
    assert data["schema"] == "eureka.mathable.score/1" and data["record"] == RULEBOOK
    assert [t["points"] for t in data["turns"]] == [39, 121]
    assert data["turns"][1]["placements"][2]["points"] == 16      # H9: two equations
    first, second = (t["placements"] for t in data["turns"])
    assert [p["drew"] for p in first] == [False] * 4 + [True]     # J8, a + square
    assert second[5]["may_draw"] and not second[5]["drew"]        # E8: declined


def test_score_a_cava_game_with_its_official_scores():
    data = json_of("score", "mathable", CAVA)
    assert data["valid"] and not data["bonus"] and data["mismatches"] == []
    assert all(t["official"] == t["points"] for t in data["turns"])
    text = run("score", "mathable", CAVA).stdout.splitlines()
    n = len(data["turns"])
    assert text[-1] == f"official scores: {n} of {n} turns agree"


def test_score_reads_standard_input():
    with open(RULEBOOK, encoding="utf-8") as f:
        text = f.read()
    data = json_of("score", "mathable", "-", stdin=text)
    assert data["record"] == "-" and [t["points"] for t in data["turns"]] == [39, 121]
    result = run("score", "mathable", "-", stdin=text)
    assert result.stdout.startswith("Mathable record (standard input): 2 turns")


def test_score_a_record_without_the_bonus():
    data = json_of("score", "mathable", RULEBOOK, "--no-bonus")
    assert [t["points"] for t in data["turns"]] == [39, 71] and not data["bonus"]


def test_score_an_illegal_record_exits_1(tmp_path):
    record = tmp_path / "game.txt"
    record.write_text("P1: I8=12\nP2: A1=5\nleft P1: 1 2 3 4 5 6 7\n"
                      "left P2: 1 2 3 4 5 6 7\n")
    result = run("score", "mathable", str(record), "--detail", "--ascii")
    assert result.exit_code == 1 and result.stdout.isascii()
    lines = result.stdout.splitlines()
    assert lines[0].endswith(": 2 turns, 126 tokens, full-rack bonus on")
    assert any(line.startswith("illegal: turn 2 (P2): A1=5") for line in lines)
    assert "tokens left: P1 -28, P2 -28" in lines
    assert "        1. I8=12     12  4 * 3 = 12 (H8, G8)" in lines
    data = json_of("score", "mathable", str(record), code=1)
    assert not data["valid"] and len(data["turns"]) == 1
    quiet = run("score", "mathable", str(record), "--quiet")
    assert (quiet.exit_code, quiet.output) == (1, "")
    assert run("score", "mathable", RULEBOOK, "-q").output == ""


def test_a_one_turn_record_says_1_turn(tmp_path):
    record = tmp_path / "one.txt"
    record.write_text("P1: I8=12\n")
    assert ": 1 turn, 126 tokens" in run("score", "mathable", str(record)).stdout


def test_record_header_and_options_must_agree(tmp_path):
    record = tmp_path / "game.txt"
    record.write_text("edition: 106\nP1: I8=12\n")
    assert run("score", "mathable", str(record), "--edition", "106").exit_code == 0
    result = run("score", "mathable", str(record), "--edition", "126")
    assert result.exit_code == 2 and "'edition: 106', but edition 126" in result.stderr


def test_the_record_example_of_the_docs_replays(tmp_path):
    guide = (DOCS / "MATHABLE.md").read_text()
    example = guide.split("```\n# the rulebook's example, then")[1].split("```")[0]
    record = tmp_path / "example.txt"
    record.write_text("# the rulebook's example, then" + example)
    data = json_of("score", "mathable", str(record))
    assert data["valid"] and [t["points"] for t in data["turns"]] == [39, 121, 0, 0]


# --- simulate -----------------------------------------------------------------------------

def test_simulate_is_reproducible_and_summarised():
    args = ("simulate", "mathable", "--games", "2", "--seed", "5", "--strategies",
            "greedy,random", "--json")
    first, second = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout and first.stderr == ""
    data = assert_valid(json.loads(first.stdout))
    assert data["games"] == 2 and [s["policy"] for s in data["seats"]] == ["greedy",
                                                                           "random"]
    assert sum(s["win_rate"] for s in data["seats"]) == pytest.approx(1)


def test_simulate_plays_the_same_games_on_any_number_of_threads():
    args = ("simulate", "mathable", "--games", "3", "--seed", "8", "--json")
    one, two = run(*args, "--threads", "1"), run(*args, "--threads", "2")
    assert one.exit_code == 0, one.output
    assert one.stdout == two.stdout


def test_simulate_text_in_ascii():
    result = run("simulate", "mathable", "--games", "1", "--policies", "random",
                 "--players", "3", "--ascii")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Mathable self-play: 1 game, 3 players, seed 0")
    assert result.stdout.isascii() and "* square" in result.stdout


def test_simulate_refuses_absurd_numbers_of_games_at_once():
    for games in ("10000001", str(10**30)):
        result = run("simulate", "mathable", "--games", games)
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr.count("\n") == 1 and "games" in result.stderr


@pytest.mark.parametrize("path, message", [
    ("", "cannot write the record to '': the file name is empty"),
    ("/no/such/folder/game.txt",
     "cannot write the record to /no/such/folder/game.txt: No such file or directory"),
])
def test_simulate_refuses_a_record_it_cannot_write_before_a_game(path, message,
                                                                  monkeypatch):
    def played(*args):
        raise AssertionError("a game was played")

    monkeypatch.setattr(type(GAME), "game_record", played)
    result = run("simulate", "mathable", "--games", "1", "--record", path)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"error: {message}\n"


# --- help and bad input -------------------------------------------------------------------

@pytest.mark.parametrize("verb, schema", [("solve", "solve"), ("check", "check"),
                                          ("score", "score"), ("simulate", "simulate")])
def test_help_has_an_example_and_the_schema(verb, schema):
    result = run(verb, "mathable", "--help")
    assert result.exit_code == 0
    assert "Example: " in result.stdout
    assert f"eureka schema eureka.mathable.{schema}/1" in result.stdout


@pytest.mark.parametrize("args, message", [
    (("solve", "mathable"), "a rack is needed"),
    (("solve", "mathable", "--cards", "91"), "rack: 91 is not a Mathable token"),
    (("solve", "mathable", "--cards", "90", "90"), "2 tokens of 90"),
    (("solve", "mathable", "--cards", "1", "--position", "/no/such/file"),
     "cannot read /no/such/file"),
    (("solve", "mathable", "--cards", "1", "--limit", "0"), "--limit"),
    (("solve", "mathable", "--cards", "1", "--limit", "3_4"), "not a whole number"),
    (("solve", "mathable", "--cards", "+5"), "not a whole number"),
    (("solve", "mathable", "--cards", "0x10"), "not a whole number"),
    (("solve", "mathable", "--cards", "1", "--top", "2"), "No such option"),
    (("check", "mathable"), "eureka score mathable RECORD"),
    (("check", "mathable", RULEBOOK), "eureka score mathable RECORD"),
    (("check", "mathable", "--cards", "1"), "the claimed turn is missing"),
    (("check", "mathable", "--cards", "1", "Z9=1"), "'Z9' is not a cell"),
    (("check", "mathable", "--cards", "1", "I8=x"), "is not a placement"),
    (("check", "mathable", "--cards", "1", "I8=91"), "not a token of the 126-token set"),
    (("check", "mathable", "--cards", "12", ""), "the claimed turn is empty"),
    (("check", "mathable", "--position", "-", "-"), "not both"),
    (("score", "mathable"), "Missing argument"),
    (("score", "mathable", ""), "cannot read '': the file name is empty"),
    (("solve", "mathable", "--position", "", "--cards", "1"), "the file name is empty"),
    (("check", "mathable", "--position", "", "I8=12"), "the file name is empty"),
    (("solve", "mathable", "--cards", "", "1"), "'' is not a whole number"),
    (("solve", "mathable", "--cards", "9" * 5000), "a number of 5,000 digits is not"),
    (("check", "mathable", "--cards", "12", "I٨=12"), "'I٨' is not a cell"),
    (("check", "mathable", "--cards", "12", "--", "I8=" + "9" * 5000), "is not a placement"),
    (("simulate", "mathable", "--games", "9" * 5000), "a number of 5,000 digits"),
    (("score", "mathable", "/no/such/record"), "cannot read /no/such/record"),
    (("simulate", "mathable", "--policies", "optimal,clever"), "unknown policy"),
    (("simulate", "mathable", "--players", "3", "--policies", "optimal,greedy"),
     "--players 3 but 2 names"),
    (("simulate", "mathable", "--policies", "optimal,,greedy"), "an empty name"),
    (("simulate", "mathable", "--policies", "optimal,optimal,optimal,optimal,optimal"),
     "2 to 4 players"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert message in result.stderr and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize("args", [("score", "mathable", "-"),
                                  ("solve", "mathable", "--position", "-", "--cards", "1"),
                                  ("check", "mathable", *CARDS, "-")])
def test_standard_input_is_utf8_text_or_one_line(args):
    """Standard input is read as files are: UTF-8, a byte-order mark dropped; bytes that
    are not UTF-8, or a closed standard input, get one line and exit 2."""
    bad = run(*args, stdin=b"\xff\xfeP1: I8=12\n")
    assert (bad.exit_code, bad.stderr) == (
        2, "error: cannot read standard input: not UTF-8 text\n")
    closed = subprocess.run([str(Path(sys.executable).parent / "eureka"), *args],
                            capture_output=True, text=True, preexec_fn=lambda: os.close(0))
    assert (closed.returncode, closed.stderr) == (
        2, "error: cannot read standard input: it is closed\n")


def test_standard_input_may_start_with_a_byte_order_mark():
    assert run("score", "mathable", "-", stdin="\ufeffP1: I8=12\n").exit_code == 0
    assert run("check", "mathable", *CARDS, "-", stdin="\ufeffI8=12\n").exit_code == 0


@pytest.mark.parametrize("text, message", [
    ("rack: 1\n", "the board needs 14 rows"),
    (render({**Position().grid, (7, 7): 5}) + "\n", "H8 must hold the printed 4"),
    (render({**Position().grid, (0, 0): 7}) + "\n", "no legal sequence"),
    (render({**Position().grid, (0, 0): "x"}) + "\n", "'x' is neither a token"),
    ('{"cells": {"A1": 90, "B1": 90}}', "tokens of 90"),
    ('{"cells": {"I8": 1%s}}' % ("0" * 5000), "a number with too many digits"),
    ("rack: 1%s\n" % ("0" * 5000), "expected token values"),
])
def test_bad_position_files(tmp_path, text, message):
    path = tmp_path / "pos.txt"
    path.write_text(text)
    result = run("solve", "mathable", "--position", str(path), "--cards", "1")
    assert result.exit_code == 2 and message in result.stderr


def test_bench_mathable_workloads_agree_with_the_oracle(tmp_path):
    out = tmp_path / "bench.json"
    result = run("bench", "--puzzles", "3", "--sample", "2", "--workload", "mathable4",
                 "--workload", "mathable-games", "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    rows = {(t["workload"], t["solver"]): t for t in data["timings"]}
    assert rows[("mathable4", "eureka")]["puzzles"] == 3
    assert rows[("mathable-games", "eureka")]["puzzles"] == 3
    assert data["agreement"]["mathable4/oracle"] == {"compared": "answer", "puzzles": 2,
                                                     "agree": 2}


BEYOND = DATA / "mathable" / "endgame_beyond_budget.txt"     # self-play, seed 49


def test_the_command_prints_the_value_and_the_line():
    result = run("endgame", "mathable", "--position", str(EXAMPLE), "--no-board")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1].startswith("Exact value: -373 (mover − opp at the end, -402 now)")
    assert lines[2].split() == ["1.", "mover", "28", "points", "H12=18", "F13=3",
                                "F14=7"]
    assert lines[-1] == "Final scores: mover 793, opp 1166"
    board = run("endgame", "mathable", "--position", str(EXAMPLE)).stdout
    assert board.split("([new] tokens):")[1].count("[") == 3


def test_the_command_json():
    result = run("endgame", "mathable", "--position", str(EXAMPLE), "--json")
    data = assert_valid(json.loads(result.stdout))
    assert data["endgame_value"] == -373 and data["line"][0]["turn"] == "H12=18 F13=3 F14=7"
    assert not any(p["may_draw"] for p in data["line"][0]["placements"])


@pytest.mark.parametrize("args, text, message", [
    (["--limit", "2"], None, "No such option '--limit'"),
    (["--by", "equity"], None, "No such option '--by'"),
    ([], NO_OPPONENT, "needs the opponent's holder"),
    ([], BAG_LEFT, "the bag is not empty"),
    ([], BEYOND.read_text(), "too large to solve exactly: the holders have 4,901 and 268"),
])
def test_the_command_refuses_in_one_line(args, text, message):
    position = ["--position", "-"] if text else ["--position", str(EXAMPLE)]
    result = run("endgame", "mathable", *position, *args, stdin=text)
    assert result.exit_code == 2
    assert message in result.output and len(result.output.strip().splitlines()) == 1


def test_cli_by_equity():
    rack = ["1", "8", "2", "12", "16", "42", "17"]
    out = run("solve", "mathable", "--cards", *rack, "--by", "equity", "--limit", "2",
              "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["by"] == "equity"
    equities = [t["equity"] for t in data["turns"]]
    assert equities == sorted(equities, reverse=True)
    for t in data["turns"]:
        placed = Counter(p["value"] for p in t["placements"])
        assert Counter(t["leave"]) == Counter(map(int, rack)) - placed
        assert t["equity"] == (leave.UNIT * t["points"] + leave.current().units(
            t["leave"])) / leave.UNIT
    text = run("solve", "mathable", "--cards", *rack, "--by", "equity", "--no-board")
    assert text.exit_code == 0
    assert "Best turn by equity:" in text.output and "; equity " in text.output
    score = json.loads(run("solve", "mathable", "--cards", *rack, "--json").output)
    assert score["by"] == "score" and "; equity" not in run(
        "solve", "mathable", "--cards", *rack, "--no-board").output
    bad = run("solve", "mathable", "--cards", *rack, "--by", "sum")
    assert bad.exit_code != 0 and "Traceback" not in bad.output


@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("review") / "game.txt"
    result = run("simulate", "mathable", "--games", "1", "--policies", "optimal,random",
                 "--seed", "3", "--record", str(path))
    assert result.exit_code == 0, result.output
    return path


def test_simulate_writes_a_record_that_review_reads(record_file):
    assert record_file.read_text() == write(game_record(("optimal", "random"), 3))
    result = run("review", "mathable", str(record_file))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"Review of {record_file}: 35 turns, 35 reviewed")
    p1 = next(line for line in lines if line.startswith("P1 "))
    assert p1.split()[1:4] == ["18/18", "0", "0.0"]


def test_review_json_from_standard_input(record_file):
    result = run("review", "mathable", "-", "--json", stdin=record_file.read_text())
    assert result.exit_code == 0, result.output
    data = assert_valid(json.loads(result.stdout))
    assert data == json.loads(json.dumps(reviewed(("optimal", "random"), 3).to_json()
                                         | {"record": "-"}))


@pytest.mark.parametrize("text, fragment", [
    ("P1 [1 2 99 12 16 17 42]: I8=12", "'99' is not a token"),
    ("P1 [1 2 8 12 16 17 42: I8=12", "is not a player's name and holder"),
    ("P1 [1 2 8] x: I8=12", "is not a player's name and holder"),
    ("P1 [1 2 8 12 16 17 42 3]: I8=12", "a holder holds at most 7"),
    ("P1 [1 2 8 12 16 17]: I8=12", "holds 6 tokens, but the replay has 7 on it"),
    ("P1 [1 2 8 13 16 17 42]: I8=12", "I8=12 is not on P1's holder"),
])
def test_bad_holders_are_one_line_and_exit_2(text, fragment):
    result = run("review", "mathable", "-", stdin=text)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and fragment in result.stderr


@pytest.mark.parametrize("args, fragment", [
    (("--cards", "1", "2", "x.txt"), "No such option '--cards'"),
    (("a.txt", "b.txt"), "Got unexpected extra argument (b.txt)"),
    ((), "Missing argument 'RECORD'"),
    (("no-such-file.txt",), "no-such-file.txt"),
])
def test_review_bad_arguments(args, fragment):
    result = run("review", "mathable", *args)
    assert result.exit_code == 2 and fragment in result.stderr
    assert result.stderr.count("\n") == 1


SIM = ["solve", "mathable", "--cards", *map(str, OPENING_RACK), "--by", "sim",
       "--candidates", "4", "--iterations", "16", "--plies", "1", "--seed", "2"]


def test_solve_by_sim_lists_each_candidate_with_its_interval():
    result = run(*SIM, "--no-board")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1].startswith("Best turn by sim: ")
    rows = lines[lines.index(next(x for x in lines if x.lstrip().startswith("#"))) + 1:]
    assert len(rows) == 4 and all(" to " in row for row in rows)


def test_solve_by_sim_json_repeats_and_follows_the_schema():
    first, again = (assert_valid(json.loads(run(*SIM, "--json").stdout)) for _ in range(2))
    assert first["by"] == "sim" and first["simulation"]["seed"] == 2
    for doc in (first, again):
        doc["simulation"].pop("elapsed")
    assert first == again
    sims = [t["simulation"] for t in first["turns"]]
    assert all(s["low"] <= s["mean"] <= s["high"] and s["win_probability"] is None
               for s in sims)
    assert sims[0]["mean"] == max(s["mean"] for s in sims if s["iterations"] == 16)
    assert first["simulation"]["rollout"] == Effort().rollout == "equity"
    optimal = assert_valid(json.loads(run(*SIM, "--rollout", "optimal", "--json").stdout))
    assert optimal["simulation"]["rollout"] == "optimal"
    assert [t["simulation"] for t in optimal["turns"]] != sims


def test_the_scores_of_a_position_give_the_win_probability(tmp_path):
    grid = tmp_path / "scored.txt"
    grid.write_text(render(oracle.start()) + "\nrack: " + " ".join(map(str, OPENING_RACK))
                    + "\nscore: 30\nscore P2: 40\n")
    doc = assert_valid(json.loads(run(*SIM, "--position", str(grid), "--json").stdout))
    assert all(0 <= t["simulation"]["win_probability"] <= 1 for t in doc["turns"])
    text = run(*SIM, "--position", str(grid), "--no-board").stdout
    assert " win " in text


@pytest.mark.parametrize("args, message", [
    (["--iterations", "0"], "between 1 and 100,000"),
    (["--candidates", "51"], "between 1 and 50"),
    (["--plies", "x"], "not a whole number"),
    (["--seconds", "-1"], "is not between 0.001 and"),
    (["--seconds", "nan"], "is not between 0.001 and"),
    (["--limit", "2"], "no --limit"),
    (["--moves"], "no --limit or --moves"),
    (["--rollout", "greedy"], "'greedy' is not one of 'equity', 'optimal'"),
])
def test_solve_by_sim_refuses_bad_options_in_one_line(args, message):
    result = run(*SIM, *args)
    assert result.exit_code == 2 and message in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_simulation_options_need_by_sim():
    result = run("solve", "mathable", "--cards", "1", "8", "--seed", "3")
    assert result.exit_code == 2 and "--seed is an option of --by sim" in result.output


def test_the_help_states_the_library_defaults():
    text = " ".join(run("solve", "mathable", "--help").stdout.split())
    effort = Effort()
    for option, value in (("candidates", effort.candidates),
                          ("iterations", effort.iterations), ("plies", effort.plies),
                          ("rollout", effort.rollout)):
        assert f"--{option}" in text and f"(default {value}" in text
    assert effort.seconds is None and "default: no time limit" in text


def test_each_deal_is_played_in_every_seat_order():
    run = SelfPlayRun(2, ("optimal", "greedy", "random"), seed=7)
    assert run.played == 6
    summary = run.run()
    assert (summary.games, summary.seat_orders, summary.played) == (2, 3, 6)
    for k, result in enumerate(summary.results):
        deal, r, seated = run.seated(k)
        assert seated == tuple(run.policies[(s + r) % 3] for s in range(3))
        played = play_game(seated, game_rng(7, deal))
        # Seat s played policy (s + r) % 3: put back in the order of the policies.
        assert result.scores == tuple(played.scores[(j - r) % 3] for j in range(3))
        assert result.starter == (played.starter + r) % 3
    alone = simulate(2, ("optimal", "greedy", "random"), seed=7, swap=False)
    assert alone.results == summary.results[::3] and alone.seat_orders == 1


def test_simulate_command_reports_the_policies():

    from tests.schema_check import assert_valid

    args = ["simulate", "mathable", "--games", "2", "--policies", "optimal,greedy",
            "--seed", "6", "--json"]
    swapped = assert_valid(json.loads(CliRunner().invoke(eureka, args).stdout))
    assert (swapped["games"], swapped["seat_orders"], swapped["played"]) == (2, 2, 4)
    assert [row["policy"] for row in swapped["by_policy"]] == ["optimal", "greedy"]
    assert swapped["by_policy"] == json.loads(json.dumps(
        simulate(2, ("optimal", "greedy"), seed=6).policy_rates))
    once = assert_valid(json.loads(CliRunner().invoke(eureka, [*args, "--no-swap"]).stdout))
    assert (once["seat_orders"], once["played"]) == (1, 2)
    text = CliRunner().invoke(eureka, args[:-1]).stdout.splitlines()
    assert text[0].startswith("Mathable self-play: 4 games (2 deals × 2 seat orders)")
    assert text[4].split()[:3] == ["policy", "seats", "wins"]
