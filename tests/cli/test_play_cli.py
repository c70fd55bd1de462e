"""`eureka play mathable`: a whole game typed on standard input, its record kept."""

import json
import random

import pytest

from eureka.mathable import GAME
from eureka.mathable.board import SQUARES
from eureka.mathable.singles import single_placements
from tests.cli.invoke import run
from tests.schema_check import assert_valid

ARGS = ("play", "mathable", "--against", "beginner", "--seed", "21", "--first", "you")


def _typed_game(level: str = "beginner") -> tuple:
    """A whole game against `level` played through the Python API by a person who types
    random legal placements (restriction squares first, so that draws happen), exchanges
    when stuck and passes when nothing else is allowed: (the lines typed, the match at
    its end)."""
    match, rng, lines = GAME.play(level, seed=21, first="you"), random.Random(21), []
    while not match.over:
        if match.state()["turn_open"]:
            line = "end"
        else:
            options = single_placements(match.table.grid, match.holder())
            options = [o for o in options if SQUARES[o.placement.cell].op] or options
            line = (rng.choice(options).placement.text() if options
                    else "exchange " + " ".join(map(str, match.holder()[:match.state()["bag"]]))
                    if match.state()["bag"] else "pass")
        lines.append(line)
        if line == "end":
            match.end_turn()
        elif line == "pass":
            match.pass_turn()
        elif line.startswith("exchange"):
            match.exchange([int(v) for v in line.split()[1:]])
        else:
            match.play(line)
    return lines, match


@pytest.mark.parametrize("level", ["beginner", "casual", "strong"])    # expert: the API's
def test_a_whole_game_typed_on_standard_input_ends_with_its_scores_and_record(tmp_path,
                                                                             level):
    lines, match = _typed_game(level)
    assert "end" in lines                       # a draw kept a turn open at least once
    path = tmp_path / "game.txt"
    typed = "\n".join(["hint", "nonsense", *lines, "quit"]) + "\n"
    result = run("play", "mathable", "--against", level, *ARGS[4:], "--record", str(path),
                 stdin=typed)
    assert result.exit_code == 0, result.output
    final = match.state()["final"]
    assert f"Game over ({match.state()['end']}): you {final['you']}, eureka " \
           f"{final['eureka']}" in result.output
    assert "hint (score): " in result.output and "refused: " in result.output
    assert "Review of this game" in result.output
    kept, played = path.read_text(), match.state()["record"]
    assert "hints asked: 1\n" in kept.splitlines(keepends=True)[0]    # the one typed
    assert kept.split("\n", 1)[1] == played.split("\n", 1)[1]
    scored = run("score", "mathable", str(path))
    assert scored.exit_code == 0, scored.output
    assert f"you {final['you']}" in " ".join(scored.output.split())


def test_leaving_a_game_writes_nothing(tmp_path):
    path = tmp_path / "game.txt"
    result = run(*ARGS, "--record", str(path), stdin="exchange 1000\n")
    assert result.exit_code == 0, result.output
    assert "refused: you can only exchange tokens you hold" in result.output
    assert "Left unfinished after 0 turns; nothing written." in result.output
    assert not path.exists()


def test_a_record_that_cannot_be_written_is_refused_before_the_game(tmp_path):
    result = run(*ARGS, "--record", str(tmp_path / "no" / "game.txt"), stdin="")
    assert result.exit_code == 2 and "cannot write the record" in result.output
    assert "Traceback" not in result.output and "Mathable against" not in result.output


def test_an_unknown_level_is_one_line():
    result = run("play", "mathable", "--against", "grandmaster")
    assert result.exit_code == 2 and "grandmaster" in result.output


def test_with_json_every_line_is_a_state_or_a_refusal_and_the_last_holds_the_record():
    lines, match = _typed_game()
    result = run(*ARGS, "--json", stdin="\n".join(["hint equity", "A1=1000", *lines]) + "\n")
    assert result.exit_code == 0, result.output
    documents = [assert_valid(json.loads(line)) for line in result.stdout.splitlines()]
    assert documents[1]["hint"]["by"] == "equity"
    assert documents[2] == {"schema": "eureka.error/1",
                            "error": documents[2]["error"]} and "A1=1000" in documents[2]["error"]
    states = [d for d in documents if d["schema"] == "eureka.mathable.play/1"]
    assert all("record" not in d and "left" not in d for d in states[:-1])
    assert states[-1]["over"] and states[-1]["final"] == match.state()["final"]
