"""The server under abuse (issue 49): new games bounded per client and none evicted, a
thread for every counted request at once, slow connections that cannot lock others out,
every HTTP error a JSON eureka.error/1, and a stop that always ends."""

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

from tests.serve.test_server import _alive, _free_port, _spawned  # noqa: E402

JSON_POST = {"content-type": "application/json"}


class Gate:
    """Workers that hold every run until `open` is set, counting the runs held."""

    seconds = 30.0

    def __init__(self):
        self.held, self.arrivals = 0, []
        self.lock, self.open = threading.Lock(), threading.Event()

    def warming(self) -> list:
        return []

    def run(self, game, verb, values, arrived=None) -> dict:
        with self.lock:
            self.held += 1
            self.arrivals.append(arrived)
        self.open.wait(60)
        return {"schema": "eureka.test/1"}


def _app(workers, port: int, path: Path):
    from eureka.cli.serve.app import application
    from eureka.cli.serve.guard import hosts
    from eureka.store import Store

    return application(workers, hosts("127.0.0.1", port), Store(path))


@pytest.fixture
def serve(tmp_path):
    """start(workers): the app on a free port with `eureka serve`'s uvicorn configuration
    (its protocol and limits), served in a thread; returns the port."""
    import uvicorn

    from eureka.cli.serve.command import server_config

    running = []

    def start(workers) -> int:
        listening = socket.socket()
        listening.bind(("127.0.0.1", 0))
        listening.listen(256)
        port = listening.getsockname()[1]
        server = uvicorn.Server(server_config(_app(workers, port, tmp_path / "games.db")))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]},
                                  daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.02)
        running.append((server, thread))
        return port

    yield start
    for server, thread in running:
        server.should_exit = True
        thread.join(15)


def _request(port: int, method: str, path: bytes, extra: bytes = b"") -> bytes:
    """The raw bytes of a request to `port`, the connection closed after the answer."""
    return (method.encode() + b" " + path + b" HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
            b"Connection: close\r\n" % port + extra + b"\r\n")


def _exchange(port: int, data: bytes) -> tuple:
    """(status, headers in lower case, body) of the answer to the raw bytes `data`,
    read to the end of the connection (a reset raises)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(data)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value for name, value in (line.split(": ", 1)
                                                       for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def _refusal(answer: tuple, status: int) -> str:
    """The error line of `answer`, a JSON eureka.error/1 of `status`."""
    got, headers, body = answer
    assert (got, headers["content-type"]) == (status, "application/json"), answer
    document = json.loads(body)
    assert document["schema"] == "eureka.error/1"
    return document["error"]


def test_new_games_are_bounded_per_client_and_none_is_evicted(tmp_path):
    from starlette.testclient import TestClient

    from eureka.cli.serve.app import MOST_NEW_GAMES

    app = _app(Gate(), 8765, tmp_path / "games.db")
    one, other = (TestClient(app, base_url="http://127.0.0.1:8765", client=(address, 5000))
                  for address in ("127.0.0.2", "127.0.0.3"))

    def start(client, game="mathable", body=None):
        return client.post(f"/api/play/{game}", json=body or {}, headers=JSON_POST)

    assert start(one, body={"against": "nobody"}).status_code == 400   # spends nothing
    first = start(one).json()
    for _ in range(MOST_NEW_GAMES - 1):
        assert start(one).status_code == 200
    refused = start(one, "pitagoras")
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
    assert refused.json()["schema"] == "eureka.error/1"
    assert "new games" in refused.json()["error"]
    assert start(other).status_code == 200 and start(other).status_code == 200
    path = f"/api/play/mathable/{first['id']}"                    # 32 games later
    assert one.get(path).json() == first
    moved = one.post(path, json={"exchange": first["rack"][:1]}, headers=JSON_POST)
    assert moved.status_code == 200 and moved.json()["moves"] > first["moves"]


def test_every_counted_request_has_a_thread_at_once(serve):
    """No request waits for a thread: the most requests answered at once all reach the
    workers together, each with the time it arrived."""
    from eureka.cli.serve.app import MOST_REQUESTS

    gate = Gate()
    port = serve(gate)
    answers = []
    asking = [threading.Thread(target=lambda: answers.append(_exchange(
        port, _request(port, "GET", b"/api/solve/game24?cards=3+3+8+8"))))
        for _ in range(MOST_REQUESTS)]
    for thread in asking:
        thread.start()
    deadline = time.monotonic() + 20
    while gate.held < MOST_REQUESTS and time.monotonic() < deadline:
        time.sleep(0.05)
    held = gate.held
    gate.open.set()
    for thread in asking:
        thread.join(30)
    assert held == MOST_REQUESTS
    assert [status for status, _, _ in answers] == [200] * MOST_REQUESTS
    assert all(isinstance(arrived, float) for arrived in gate.arrivals)


def test_the_wait_for_a_worker_counts_from_the_arrival(workers):
    from eureka.cli.serve.workers import Busy

    taken = workers._idle.get()                     # the one worker, busy elsewhere
    try:
        with pytest.raises(Busy, match="busy"):
            workers.run("game24", "solve", {}, arrived=time.monotonic() - workers.seconds)
    finally:
        workers._idle.put(taken)


def _trickling(port: int) -> socket.socket:
    """A connection that has sent part of its headers, and sends no more."""
    connection = socket.create_connection(("127.0.0.1", port))
    connection.sendall(b"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port)
    return connection


def test_slow_connections_cannot_lock_others_out(serve):
    port = serve(Gate())
    slow = [_trickling(port) for _ in range(140)]
    try:
        for _ in range(20):
            slow.append(_trickling(port))             # they come back as they are dropped
            status, _, body = _exchange(port, _request(port, "GET", b"/api/status"))
            assert (status, json.loads(body)["ready"]) == (200, True)
    finally:
        for connection in slow:
            connection.close()


def test_when_every_connection_is_answering_a_new_one_gets_a_json_503(serve, monkeypatch):
    from eureka.cli.serve import command

    monkeypatch.setattr(command, "MOST_CONNECTIONS", 2)
    gate = Gate()
    port = serve(gate)
    answers = []
    asking = [threading.Thread(target=lambda: answers.append(_exchange(
        port, _request(port, "GET", b"/api/solve/game24?cards=3+3+8+8"))))
        for _ in range(2)]
    for thread in asking:
        thread.start()
    deadline = time.monotonic() + 20
    while gate.held < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        refused = _exchange(port, _request(port, "GET", b"/api/status"))
    finally:
        gate.open.set()
        for thread in asking:
            thread.join(30)
    assert "connections" in _refusal(refused, 503) and refused[1]["retry-after"]
    assert [status for status, _, _ in answers] == [200, 200]


def test_a_fresh_connection_is_not_closed_for_a_newer_one(serve, monkeypatch):
    """Past the limit, a connection part-way through its headers goes first; one that
    has sent nothing yet (its request on the way) is kept."""
    from eureka.cli.serve import command

    monkeypatch.setattr(command, "MOST_CONNECTIONS", 2)
    port = serve(Gate())
    fresh = socket.create_connection(("127.0.0.1", port), timeout=30)
    time.sleep(0.2)
    slow = _trickling(port)
    time.sleep(0.2)
    try:
        status, _, _ = _exchange(port, _request(port, "GET", b"/api/status"))
        fresh.sendall(_request(port, "GET", b"/api/status"))
        answer = b""
        while chunk := fresh.recv(65536):
            answer += chunk
    finally:
        fresh.close()
        slow.close()
    assert status == 200 and answer.startswith(b"HTTP/1.1 200")


QUERY = b"/api/solve/game24?cards=3+3+8+8&x="


@pytest.mark.parametrize("method, path, extra, status, words", [
    ("GET", QUERY + b"a" * 200_000, b"", 400, "x"),
    ("GET", QUERY + b"a" * 300_000, b"", 413, "KB"),
    ("GET", QUERY + b"a" * 2_000_000, b"", 413, "KB"),
    ("GET", b"/api/status", b"X: " + b"a" * 280_000 + b"\r\n", 413, "KB"),
    ("POST", b"/api/position/mathable", b"Content-Type: application/json\r\n"
     b"Content-Length: -1\r\n", 400, "HTTP"),
    ("GET", b"/api/status", b"Host: 127.0.0.1\r\n", 400, "Host"),
    ("GET", b"/api/status", b"X: a\x00b\r\n", 400, "header"),
    ("GET", b"/api/play/chess", b"", 404, "no game 'chess' to play"),
    ("GET", b"/api/play/mathable", b"", 405, "POST starts"),
    ("PUT", b"/api/play/pitagoras/abc", b"", 405, "GET"),
], ids=["query-200k", "query-300k", "query-2m", "header-280k", "length-1", "two-hosts",
        "control", "no-game", "get-a-start", "put-a-move"])
def test_every_http_error_is_a_json_refusal(serve, method, path, extra, status, words):
    port = serve(Gate())
    assert words in _refusal(_exchange(port, _request(port, method, path, extra)), status)


def test_head_on_a_start_is_405(serve):
    port = serve(Gate())
    status, headers, body = _exchange(port, _request(port, "HEAD", b"/api/play/mathable"))
    assert (status, headers["allow"], body) == (405, "POST", b"")


def _group(pgid: int) -> set:
    """The live processes of the process group `pgid`."""
    found = set()
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[2]) == pgid and _alive(int(entry.name)):
            found.add(int(entry.name))
    return found


def test_a_stop_after_real_use_ends_every_process(tmp_path):
    """SIGTERM to the process group, as a terminal or a container stop sends it, during
    real use: a game and a hint, one child killed, the others stopped (as a child stuck
    would be): every process is gone within a bound."""
    import http.client

    port = _free_port()
    server = subprocess.Popen([Path(sys.executable).with_name("eureka"), "serve", "--port",
                               str(port), "--workers", "1", "--db", str(tmp_path / "g.db")],
                              stderr=subprocess.DEVNULL, start_new_session=True)

    def ask(method, path, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request(method, path, body and json.dumps(body), JSON_POST)
        return json.loads(connection.getresponse().read())

    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                ask("GET", "/api/status")
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        first, *others = sorted(_spawned(server.pid))        # the warmers and the worker
        os.kill(first, signal.SIGKILL)
        for pid in others:
            os.kill(pid, signal.SIGSTOP)
        key = ask("POST", "/api/play/mathable", {"seed": 7})["id"]
        assert "hint" in ask("POST", f"/api/play/mathable/{key}", {"hint": "score"})
        os.killpg(server.pid, signal.SIGTERM)
        deadline = time.monotonic() + 30
        while _group(server.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _group(server.pid)
    finally:
        try:
            os.killpg(server.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        server.wait()
