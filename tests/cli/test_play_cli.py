"""`eureka play mathable`: a whole game typed on standard input, its record kept."""

import io
import json
import random

import pytest

from eureka.mathable import GAME
from eureka.mathable.board import SQUARES
from eureka.mathable.options import LEVELS
from eureka.mathable.singles import single_placements
from tests.cli.invoke import run
from tests.schema_check import assert_valid

ARGS = ("play", "mathable", "--against", "beginner", "--seed", "21", "--first", "you")


def _next_line(match, rng) -> str:
    """What a person watching `match` types next: random legal placements (restriction
    squares first, so that draws happen), 'end' for a turn left open, an exchange when
    stuck, a pass when nothing else is allowed."""
    state = match.state()
    if state["turn_open"]:
        return "end"
    options = single_placements(match.table.grid, match.holder())
    options = [o for o in options if SQUARES[o.placement.cell].op] or options
    if options:
        return rng.choice(options).placement.text()
    if state["bag"]:
        return "exchange " + " ".join(map(str, match.holder()[:state["bag"]]))
    return "pass"


class Person(io.RawIOBase):
    """Standard input typed line by line by a person who watches the game the command
    plays (caught as GAME.play starts it): the `first` lines, then _next_line's."""

    def __init__(self, monkeypatch, first=()):
        self.first, self.typed, self.pending = list(first), [], b""
        self.rng, self.match = random.Random(21), None
        play = GAME.play

        def caught(*args, **kwargs):
            self.match = play(*args, **kwargs)
            return self.match
        monkeypatch.setattr(GAME, "play", caught)

    def readable(self):
        return True

    def readinto(self, buffer):
        if not self.pending:
            line = self.first.pop(0) if self.first else _next_line(self.match, self.rng)
            self.typed.append(line)
            self.pending = (line + "\n").encode()
        n = min(len(buffer), len(self.pending))
        buffer[:n], self.pending = self.pending[:n], self.pending[n:]
        return n


@pytest.mark.parametrize("level", LEVELS)
def test_a_whole_game_typed_on_standard_input_ends_with_its_scores_and_record(tmp_path,
                                                                             monkeypatch,
                                                                             level):
    path = tmp_path / "game.txt"
    person = Person(monkeypatch, ["hint", "nonsense"])
    result = run("play", "mathable", "--against", level, *ARGS[4:], "--record", str(path),
                 stdin=person)
    assert result.exit_code == 0, result.output
    match = person.match
    assert match.over and "end" in person.typed    # a draw kept a turn open at least once
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


def test_leaving_a_game_writes_no_record_and_says_how_to_resume(tmp_path):
    path = tmp_path / "game.txt"
    result = run(*ARGS, "--record", str(path), stdin="exchange 1000\n")
    assert result.exit_code == 0, result.output
    assert "refused: you can only exchange tokens you hold" in result.output
    assert "Left unfinished after 0 turns, kept: eureka play mathable --resume " in \
        result.output
    assert not path.exists()


def test_a_record_that_cannot_be_written_is_refused_before_the_game(tmp_path):
    result = run(*ARGS, "--record", str(tmp_path / "no" / "game.txt"), stdin="")
    assert result.exit_code == 2 and "cannot write the record" in result.output
    assert "Traceback" not in result.output and "Mathable against" not in result.output


def test_an_unknown_level_is_one_line():
    result = run("play", "mathable", "--against", "grandmaster")
    assert result.exit_code == 2 and "grandmaster" in result.output


def test_with_json_every_line_is_a_state_or_a_refusal_and_the_last_holds_the_record(
        monkeypatch):
    person = Person(monkeypatch, ["hint equity", "A1=1000"])
    result = run(*ARGS, "--json", stdin=person)
    assert result.exit_code == 0, result.output
    match = person.match
    documents = [assert_valid(json.loads(line)) for line in result.stdout.splitlines()]
    assert documents[1]["hint"]["by"] == "equity"
    assert documents[2] == {"schema": "eureka.error/1",
                            "error": documents[2]["error"]} and "A1=1000" in documents[2]["error"]
    states = [d for d in documents if d["schema"] == "eureka.mathable.play/1"]
    assert all("record" not in d and "left" not in d for d in states[:-1])
    assert states[-1]["over"] and states[-1]["final"] == match.state()["final"]
