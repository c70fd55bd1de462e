"""The games the server keeps (eureka.store): /api/games (to this machine only) and
/api/games/ID, a game that outlives its app and its server killed with SIGKILL, two
moves sent at once judged one after the other, and the file's errors told without its
path."""

import http.client
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from eureka.errors import EurekaError
from eureka.mathable.board import parse_cell
from eureka.mathable.singles import single_placements
from eureka.store import Store
from tests.schema_check import assert_valid
from tests.serve.conftest import BASE, PORT

pytest.importorskip("starlette")

JSON_POST = {"content-type": "application/json"}
START = {"against": "beginner", "seed": 21, "first": "you"}


def _client(workers, path, address: str = "127.0.0.1"):
    """A client at `address` (default: this machine's) of a new app over the games kept
    in `path` (a server started again)."""
    from starlette.testclient import TestClient

    from eureka.cli.serve.app import application
    from eureka.cli.serve.guard import hosts

    return TestClient(application(workers, hosts("127.0.0.1", PORT), Store(path)),
                      base_url=BASE, client=(address, 50000))


def _post(client, path, body, status=200):
    answer = client.post(path, json=body, headers=JSON_POST)
    assert answer.status_code == status, answer.text
    return assert_valid(answer.json())


def _a_move(state) -> dict:
    """A legal move for the person to move in the Mathable `state`: the open turn ended,
    else one placement, else an exchange, else a pass."""
    if state["turn_open"]:
        return {"end": True}
    grid = {parse_cell(cell): value for cell, value in state["cells"].items()}
    options = single_placements(grid, state["rack"])
    if options:
        return {"turn": options[0].placement.text()}
    return {"exchange": state["rack"][:state["bag"]]} if state["bag"] else {"pass": True}


def test_a_game_outlives_its_app_and_is_listed(workers, tmp_path):
    path = tmp_path / "games.db"
    first = _client(workers, path)
    state = _post(first, "/api/play/mathable", START)
    key = state["id"]
    moved = _post(first, f"/api/play/mathable/{key}", _a_move(state))
    race = _post(first, "/api/play/pitagoras", {"against": "beginner", "seed": 4})

    again = _client(workers, path)                  # a server started again on the file
    assert again.get(f"/api/play/mathable/{key}").json() == moved
    assert again.get(f"/api/games/{key}").json() == moved
    listed = assert_valid(again.get("/api/games").json())["games"]
    assert [g["id"] for g in listed] == [race["id"], key]        # the last played first
    assert listed[1] == {**listed[1], "game": "mathable", "opponent": "beginner",
                         "moves": 1, "over": False, "result": None}
    later = _post(again, f"/api/play/mathable/{key}", _a_move(moved))
    assert len(later["turns"]) > len(moved["turns"])
    assert first.get(f"/api/play/mathable/{key}").json() == later  # the first sees it


def test_a_race_to_its_end_is_listed_with_its_result(workers, tmp_path):
    from eureka.pitagoras import GAME as PITAGORAS

    client = _client(workers, tmp_path / "games.db")
    race = _post(client, "/api/play/pitagoras", {"against": "beginner", "seed": 4})
    path = f"/api/play/pitagoras/{race['id']}"
    while not race["over"]:
        answer = PITAGORAS.solve(race["cards"], race["target"], best=True).best[0].text
        race = _post(client, path, {"shout": answer})
    listed, = assert_valid(client.get("/api/games").json())["games"]
    piles = race["piles"]
    winner = {"you": "you win", "eureka": "eureka wins"}[race["winner"]]
    assert listed["over"] and listed["moves"] == len(race["turns"])
    assert listed["result"] == f"you {piles['you']}, eureka {piles['eureka']} cards: {winner}"
    kept = client.get(f"/api/games/{race['id']}").json()
    assert kept == {**race, "elapsed": kept["elapsed"]}           # its clock aside


def test_unknown_games_and_other_sites_are_refused(workers, tmp_path):
    client = _client(workers, tmp_path / "games.db")
    for path in ("/api/games/nothing-here", "/api/play/pitagoras/nothing-here"):
        answer = client.get(path)
        assert answer.status_code == 404
        assert answer.json()["error"] == ("no game 'nothing-here' is kept here: Your games "
                                          "(/games) lists them")     # not the file's path
    key = _post(client, "/api/play/mathable", START)["id"]
    assert client.get(f"/api/play/pitagoras/{key}").status_code == 404     # another game's
    for headers in ({"origin": "http://evil.example"}, {"sec-fetch-site": "cross-site"}):
        assert client.get("/api/games", headers=headers).status_code == 403
        assert client.get(f"/api/games/{key}", headers=headers).status_code == 403


def test_only_this_machine_is_given_the_list(workers, tmp_path):
    path = tmp_path / "games.db"
    key = _post(_client(workers, path), "/api/play/mathable", START)["id"]
    for address in ("127.0.0.1", "::1", "::ffff:127.0.0.1"):
        listed = _client(workers, path, address).get("/api/games")
        assert listed.status_code == 200 and listed.json()["games"][0]["id"] == key
    for address in ("192.0.2.7", "::ffff:192.0.2.7", "testclient"):   # --host 0.0.0.0
        refused = _client(workers, path, address).get("/api/games")
        assert refused.status_code == 403 and refused.json() == {
            "schema": "eureka.error/1",
            "error": "the kept games are listed only to this machine"}
    other = _client(workers, path, "192.0.2.7")
    assert other.get(f"/api/games/{key}").json()["id"] == key      # read by its id


def test_a_file_that_fails_is_told_on_the_servers_terminal_only(workers, tmp_path, capsys):
    path = tmp_path / "games.db"
    key = _post(_client(workers, path), "/api/play/mathable", START)["id"]
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET snapshot = '[1, 2]' WHERE id = ?", (key,))
    db.close()
    client = _client(workers, path)                 # a server started again on the file
    for answer in (client.get(f"/api/games/{key}"),
                   client.post(f"/api/play/mathable/{key}", json={"pass": True},
                               headers=JSON_POST)):
        assert answer.status_code == 500 and str(tmp_path) not in answer.text
        assert answer.json()["error"] == ("the kept games cannot be read or written now: "
                                          "the server's terminal says why")
    told = capsys.readouterr().err
    assert f"eureka serve: the game {key} kept in {path} cannot be read" in told


def test_the_same_move_sent_twice_at_once_is_played_once(tmp_path):
    from eureka.cli.serve.play import Games, Mathable

    path = tmp_path / "games.db"
    servers = [Games(Mathable(), Store(path), "mathable") for _ in range(2)]   # two servers
    state = servers[0].start(START)
    move, both, answers = _a_move(state), threading.Barrier(2), []

    def send(games):
        both.wait()
        try:
            answers.append(games.move(state["id"], move))
        except EurekaError as e:
            answers.append(e)

    threads = [threading.Thread(target=send, args=(games,)) for games in servers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    played = [a for a in answers if isinstance(a, dict)]
    assert len(played) == 1 and len(answers) == 2   # the other: the square is taken
    assert Store(path).entry(state["id"]).moves == 1
    assert servers[1].state(state["id"]) == servers[0].state(state["id"]) == played[0]


class Server:
    """`eureka serve --db PATH` in a session of its own (its workers with it), on `port`
    (default: a free one)."""

    def __init__(self, db, port: int | None = None):
        if port is None:
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = s.getsockname()[1]
        self.port, self.address = port, f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [Path(sys.executable).with_name("eureka"), "serve", "--port", str(self.port),
             "--workers", "1", "--db", str(db)], stderr=subprocess.DEVNULL,
            start_new_session=True)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                self.ask("GET", "/api/status")
                return
            except OSError:
                time.sleep(0.2)
        raise AssertionError("the server did not start")

    def ask(self, method: str, path: str, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        connection.request(method, path, None if body is None else json.dumps(body),
                           JSON_POST if body is not None else {})
        response = connection.getresponse()
        assert response.status == 200, response.read()
        return json.loads(response.read())

    def kill(self):
        """SIGKILL to the server and its workers."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(30)


def test_a_server_killed_goes_on_with_its_games(tmp_path):
    db = tmp_path / "games.db"
    server = Server(db)
    try:
        state = server.ask("POST", "/api/play/mathable", START)
        moved = server.ask("POST", f"/api/play/mathable/{state['id']}", _a_move(state))
    finally:
        server.kill()
    again = Server(db)
    try:
        assert again.ask("GET", f"/api/play/mathable/{state['id']}") == moved
        later = again.ask("POST", f"/api/play/mathable/{state['id']}", _a_move(moved))
        assert len(later["turns"]) > len(moved["turns"])
    finally:
        again.kill()
