"""`eureka games` and `eureka play mathable|pitagoras --resume`: a game left (quit, or
its process killed) is kept as it stood, listed as unfinished, and goes on where it
stopped."""

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from eureka.cli.mathable_play import _move
from eureka.mathable import GAME
from eureka.pitagoras import GAME as PITAGORAS
from eureka.race import Race
from eureka.store import Store
from tests.cli.invoke import run
from tests.cli.test_play_cli import _next_line
from tests.schema_check import assert_valid

SETTINGS = ("--against", "beginner", "--seed", "21", "--first", "you")
EUREKA = str(Path(sys.executable).parent / "eureka")


def _twin(turns: int):
    """The game the tests play, dealt alike in this process, after the `turns` lines
    (placements, 'end' for an open turn...) that played it; and those lines."""
    match, rng, lines = GAME.play("beginner", 21, "you"), random.Random(3), []
    for _ in range(turns):
        lines.append(_next_line(match, rng))
        _move(match, lines[-1], None)
    return match, lines


def _states(output: str) -> list:
    return [json.loads(line) for line in output.splitlines()]


def _kept(game, key: str) -> dict:
    """The state of `game` as --json writes it, kept as `key`."""
    return {**game.state(), "id": key}


def _games(db) -> list:
    result = run("games", "--db", str(db), "--json")
    assert result.exit_code == 0, result.output
    return assert_valid(json.loads(result.output))["games"]


def test_a_game_quit_is_listed_unfinished_and_resumes_where_it_stood(tmp_path):
    db = tmp_path / "games.db"
    (stood, _), (twin, lines) = _twin(3), _twin(4)
    left = run("play", "mathable", *SETTINGS, "--db", str(db),
               stdin="\n".join([*lines[:3], "quit"]) + "\n")
    assert left.exit_code == 0, left.output
    key = _games(db)[0]["id"]
    assert f"kept: eureka play mathable --resume {key} goes on with it." in left.output
    listed = run("games", "--db", str(db))
    assert listed.exit_code == 0
    assert "mathable  beginner  unfinished  " + key in listed.output
    assert _games(db)[0] == {**_games(db)[0], "game": "mathable", "opponent": "beginner",
                             "over": False, "result": None}

    looked = run("play", "mathable", "--resume", key, "--db", str(db), "--json", stdin="")
    assert _states(looked.output) == [_kept(stood, key)]
    resumed = run("play", "mathable", "--resume", "--db", str(db), "--json",
                  stdin=lines[3] + "\n")
    assert resumed.exit_code == 0, resumed.output
    assert _states(resumed.output) == [_kept(stood, key), _kept(twin, key)]
    assert stood.state() != twin.state()
    again = run("play", "mathable", "--resume", key, "--db", str(db), "--json", stdin="")
    assert _states(again.output) == [_kept(twin, key)]


def test_resume_refuses_other_settings_unknown_games_and_unusable_files(tmp_path):
    db = str(tmp_path / "games.db")
    Store(db)                                       # a file of games, none kept
    for args in (("--resume", "--seed", "3"), ("--resume", "nothing-here"), ("--resume",)):
        result = run("play", "mathable", *args, "--db", db, stdin="")
        assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
        assert "Traceback" not in result.output
    assert "leave out --seed" in run("play", "mathable", "--resume", "--seed", "3",
                                     "--db", db).output
    assert "no unfinished mathable game" in run("play", "mathable", "--resume",
                                                "--db", db).output
    (tmp_path / "file").write_text("")
    for game in ("mathable", "pitagoras"):
        result = run("play", game, "--db", str(tmp_path / "file" / "games.db"), stdin="")
        assert result.exit_code == 2 and "cannot keep games in" in result.output
        assert "against eureka" not in result.output      # refused before the game


def test_no_games_listed_from_a_file_not_made(tmp_path):
    result = run("games", "--db", str(tmp_path / "none.db"))
    assert result.exit_code == 0 and "No game is kept in" in result.output
    assert not (tmp_path / "none.db").exists() and _games(tmp_path / "none.db") == []


def test_resume_in_a_file_not_made_makes_none(tmp_path, monkeypatch):
    none = tmp_path / "none.db"
    monkeypatch.setenv("EUREKA_DB", str(none))
    for game in ("mathable", "pitagoras"):
        for args in (("--db", str(none), "--resume"), ("--resume", "x", "--db", str(none)),
                     ("--resume",)):
            result = run("play", game, *args, stdin="")
            assert result.exit_code == 2 and result.output.strip().splitlines() == [
                f"error: no game is kept in {none}: there is no such file (--db names "
                f"another)"]
    assert not none.exists()


def test_another_programs_file_is_refused_and_left_as_it_was(tmp_path):
    import sqlite3

    other = tmp_path / "notes.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    db.close()
    before = other.read_bytes()
    for args in (("games",), ("play", "mathable"), ("play", "pitagoras")):
        result = run(*args, "--db", str(other), stdin="")
        assert result.exit_code == 2 and "is another program's database" in result.output
        assert len(result.output.strip().splitlines()) == 1
    assert other.read_bytes() == before


def test_a_game_whose_process_is_killed_loses_no_move(tmp_path):
    db = tmp_path / "games.db"
    twin, lines = _twin(2)
    env = {**os.environ, "EUREKA_DB": str(db)}
    process = subprocess.Popen([EUREKA, "play", "mathable", *SETTINGS, "--json"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                               env=env)
    states = [json.loads(process.stdout.readline())]
    for line in lines:
        process.stdin.write(line + "\n")
        process.stdin.flush()
        states.append(json.loads(process.stdout.readline()))
    process.send_signal(signal.SIGKILL)
    process.wait(30)
    key = _games(db)[0]["id"]
    assert states[-1] == _kept(twin, key) and {s["id"] for s in states} == {key}
    resumed = run("play", "mathable", "--resume", "--json", "--db", str(db), stdin="")
    assert _states(resumed.output) == [_kept(twin, key)]


def _interrupted(db, lines: list, *options, game="mathable", prompt="your holder:") -> tuple:
    """`eureka play GAME` given `lines`, then Ctrl-C once it answered them (with --json,
    a state a line; else the line starting with `prompt`); its exit code and output."""
    env = {**os.environ, "EUREKA_DB": str(db)}
    settings = SETTINGS if game == "mathable" else ("--seed", "4")
    process = subprocess.Popen([EUREKA, "play", game, *settings, *options],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                               env=env)
    process.stdin.write("".join(line + "\n" for line in lines))
    process.stdin.flush()
    shown = []
    if "--json" in options:
        shown = [process.stdout.readline() for _ in range(len(lines) + 1)]
    else:
        while not shown or not shown[-1].removeprefix("> ").startswith(prompt):
            shown.append(process.stdout.readline())
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=30)
    return process.returncode, "".join(shown) + out


def test_ctrl_c_keeps_the_game_and_says_how_to_go_on(tmp_path):
    db = tmp_path / "games.db"
    code, out = _interrupted(db, [])
    key = _games(db)[0]["id"]
    assert code == 130 and f"eureka play mathable --resume {key}" in out
    assert "Traceback" not in out
    twin, lines = _twin(2)
    code, out = _interrupted(db, lines, "--json")
    assert code == 130 and "Traceback" not in out
    resumed = run("play", "mathable", "--resume", "--json", "--db", str(db), stdin="")
    assert _states(resumed.output) == [_kept(twin, _games(db)[0]["id"])]
    code, out = _interrupted(db, [], game="pitagoras", prompt="deal ")
    key = _games(db)[0]["id"]
    assert code == 130 and f"eureka play pitagoras --resume {key}" in out


def _timeless(state: dict) -> dict:
    """A race's state without its clock: the seconds since the deal and of each shout."""
    return {**{k: v for k, v in state.items() if k != "elapsed"},
            "turns": [{k: v for k, v in t.items() if k != "seconds"} for t in state["turns"]]}


def test_a_race_quit_is_listed_unfinished_and_resumes_where_it_stood(tmp_path):
    db = tmp_path / "games.db"
    twin, lines = Race("beginner", seed=4, clock=lambda: 0.0), []
    for _ in range(3):
        lines.append(PITAGORAS.solve(twin.table, twin.target, best=True).best[0].text)
        twin.shout(lines[-1])
    stood = _timeless(twin.state())
    twin.shout("1000+1")
    left = run("play", "pitagoras", "--against", "beginner", "--seed", "4", "--db", str(db),
               stdin="\n".join([*lines, "quit"]) + "\n")
    assert left.exit_code == 0, left.output
    kept, = _games(db)
    assert kept == {**kept, "game": "pitagoras", "opponent": "beginner", "moves": 3,
                    "over": False, "result": None}
    assert f"Kept: eureka play pitagoras --resume {kept['id']} goes on with it." in left.output
    resumed = run("play", "pitagoras", "--resume", "--db", str(db), "--json",
                  stdin="1000+1\n")
    assert resumed.exit_code == 0, resumed.output
    assert [_timeless(s) for s in _states(resumed.output)] == [
        {**stood, "id": kept["id"]}, _timeless(_kept(twin, kept["id"]))]
    assert _games(db)[0]["moves"] == 4
