"""The games in the terminal under abuse: overlong and endless input, a typo through a
pipe, a record that cannot be written, an error that repeats a huge input."""

import json
import os

import pytest

from eureka.cli.base import LONGEST_ERROR, LONGEST_MOVE
from tests.cli.invoke import run
from tests.cli.test_play_cli import ARGS, Person

GAMES = {"mathable": ("play", "mathable", "--against", "beginner", "--seed", "2"),
         "pitagoras": ("play", "pitagoras", "--against", "beginner", "--seed", "1")}


@pytest.mark.parametrize("game", GAMES)
def test_an_overlong_line_is_refused_in_a_line_and_the_game_goes_on(game):
    result = run(*GAMES[game], stdin="9" * 100 * LONGEST_MOVE + "\nquit\n")
    assert result.exit_code == 0, result.output[-500:]
    assert f"a line longer than {LONGEST_MOVE:,} bytes is not read" in result.output
    assert f"eureka play {game} --resume " in result.output      # went on, to 'quit'
    assert len(result.output) < 10 * LONGEST_MOVE                # the line not repeated


@pytest.mark.parametrize("game", GAMES)
def test_a_line_the_store_refuses_is_a_message_and_the_game_goes_on(game):
    result = run(*GAMES[game], stdin="\x01" * LONGEST_MOVE + "\nquit\n")  # 6 KB of JSON
    assert result.exit_code == 0, result.output[-500:]
    assert f"eureka play {game} --resume " in result.output


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
@pytest.mark.parametrize("game", GAMES)
def test_endless_standard_input_ends_the_game_cleanly(game):
    with open("/dev/zero", "rb") as zeros:
        result = run(*GAMES[game], stdin=zeros)
    assert result.exit_code == 0 and result.exception is None, result.output[-500:]
    assert "no line end in the first " in result.output
    assert f"eureka play {game} --resume " in result.output


def test_a_typo_through_a_pipe_is_a_message_and_the_race_goes_on():
    read, write = os.pipe()
    os.write(write, b"abc\n1+1\n")
    os.close(write)
    with os.fdopen(read, "rb") as typed:
        result = run("play", "pitagoras", "--seed", "1", stdin=typed)
    assert result.exit_code == 0, result.output
    assert "abc: not an equation (unknown character 'a' at position 1)" in result.output
    assert "you: 1+1: wrong" in result.output and "Stopped: you 0 cards" in result.output


@pytest.mark.parametrize("name", ["", "."])
def test_a_record_name_that_cannot_be_a_file_is_refused_before_the_game(name):
    result = run(*GAMES["mathable"], "--record", name, stdin="")
    assert result.exit_code == 2 and "Mathable against" not in result.output
    assert len(result.stderr.splitlines()) == 1 and isinstance(result.exception, SystemExit)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_record_the_disk_cannot_take_comes_after_the_scores_and_the_review(monkeypatch):
    result = run(*ARGS, "--record", "/dev/full", stdin=Person(monkeypatch, ["board"]))
    assert result.exit_code == 2, result.output[-500:]
    assert "Game over (" in result.stdout and "Review of this game" in result.stdout
    assert "Record written" not in result.stdout
    assert result.stderr.splitlines()[-1] == "error: cannot write the record to /dev/full: " \
                                            "No space left on device"


@pytest.mark.parametrize("as_json", [False, True])
def test_an_error_that_repeats_a_huge_input_is_cut_to_a_readable_line(as_json):
    result = run("play", "mathable", *["--json"] * as_json, "--against", "x" * 10**6)
    assert result.exit_code == 2
    line, = result.stderr.splitlines()
    message = json.loads(line)["error"] if as_json else line.removeprefix("error: ")
    assert len(message) == LONGEST_ERROR and "x…x" in message        # the middle cut out
    assert message.endswith("' is not one of 'beginner', 'casual', 'strong', 'expert'.")


@pytest.mark.parametrize("game, typed", [("pitagoras", "1" * LONGEST_MOVE),
                                         ("mathable", "hint " + "x" * (LONGEST_MOVE - 5))])
@pytest.mark.parametrize("as_json", [False, True])
def test_a_refusal_that_repeats_a_long_move_is_cut_to_a_readable_line(game, typed, as_json):
    result = run(*GAMES[game], *["--json"] * as_json, stdin=f"{typed}\nquit\n")
    assert result.exit_code == 0, result.output[-500:]
    if as_json:
        error, = (json.loads(line)["error"] for line in result.stdout.splitlines()
                  if '"eureka.error/1"' in line)
        assert len(error) <= LONGEST_ERROR
    else:
        assert "…" in result.stdout
        assert max(map(len, result.stdout.splitlines())) <= len("> refused: ") + LONGEST_ERROR
