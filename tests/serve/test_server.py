"""`eureka serve` as a user starts it, in its own process: its memory under a huge body,
a client too slow to send its headers, and a clean stop on Ctrl-C or SIGTERM."""

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def _children(pid: int) -> set:
    """The processes whose parent is `pid`."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


class Server:
    """`eureka serve --port P --workers 1` in a process of its own."""

    def __init__(self):
        self.port = _free_port()
        self.process = subprocess.Popen(
            [Path(sys.executable).with_name("eureka"), "serve", "--port", str(self.port),
             "--workers", "1"], stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 600                 # a fresh checkout compiles
        while time.monotonic() < deadline:
            try:
                if json.loads(self.get("/api/status")[1])["ready"]:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise AssertionError("the server did not start")

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def get(self, path: str):
        connection = self.connection()
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()

    def stop(self, sig) -> tuple:
        """(exit code, what it wrote on stderr) after `sig`."""
        self.process.send_signal(sig)
        try:
            _, err = self.process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError("the server did not stop") from None
        return self.process.returncode, err


@pytest.fixture
def server():
    running = Server()
    yield running
    if running.process.poll() is None:
        running.process.kill()
        running.process.wait()


def test_a_huge_body_is_refused_without_being_held(server):
    before = _rss_kb(server.process.pid)
    for chunked in (False, True):
        connection = server.connection()
        connection.putrequest("POST", "/api/solve/game24")
        connection.putheader("Content-Type", "application/json")
        if chunked:
            connection.putheader("Transfer-Encoding", "chunked")
        else:
            connection.putheader("Content-Length", str(300 * 2**20))
        connection.endheaders()
        block = b"x" * 2**20
        try:
            for _ in range(300):                       # 300 MB, until refused
                connection.send(b"%x\r\n%s\r\n" % (len(block), block) if chunked
                                else block)
        except OSError:
            pass                                       # refused: the server hung up
        status = connection.getresponse().status
        assert status == 413
    assert _rss_kb(server.process.pid) - before < 150 * 1024


def test_a_client_too_slow_to_send_its_headers_is_dropped(server):
    from eureka.cli.serve.command import HEADER_SECONDS

    with socket.create_connection(("127.0.0.1", server.port)) as slow:
        slow.sendall(b"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        slow.settimeout(HEADER_SECONDS + 10)
        start = time.monotonic()
        assert slow.recv(100) == b""                   # closed, never answered
        assert time.monotonic() - start < HEADER_SECONDS + 5


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "term"])
def test_ctrl_c_or_sigterm_stops_the_server_and_its_workers_cleanly(server, sig):
    assert server.get("/api/solve/game24?cards=3+3+8+8")[0] == 200
    children = _children(server.process.pid)
    assert children                                    # the workers and the warmer
    if sig == signal.SIGINT:                           # Ctrl-C reaches the whole group
        for pid in children:
            os.kill(pid, signal.SIGINT)
    code, err = server.stop(sig)
    assert code == 0 and "Traceback" not in err, err
    deadline = time.monotonic() + 10
    while any(map(_alive, children)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(map(_alive, children))


def test_a_stop_during_a_long_request_ends_it_at_once(server):
    import threading

    answers = []

    def ask():
        try:
            answers.append(server.get("/api/solve/mathable?cards=1+8+2+12+16+42+17&by=sim"
                                      "&iterations=100000&candidates=50&plies=8&seconds=25"))
        except OSError as e:
            answers.append(e)

    asking = threading.Thread(target=ask)
    asking.start()
    time.sleep(2)
    start = time.monotonic()
    code, err = server.stop(signal.SIGTERM)
    asking.join()
    assert time.monotonic() - start < 10
    assert code == 0 and "Traceback" not in err and "ERROR" not in err, err
    status, body = answers[0]
    assert status == 503 and json.loads(body)["error"] == "the server is stopping"


def _spawned(pid: int) -> set:
    """The live processes that `pid` started to run Python code (not the resource
    tracker of multiprocessing)."""
    found = set()
    for child in _children(pid):
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if _alive(child) and b"spawn_main" in command:
            found.add(child)
    return found


def test_the_warmer_ends_once_the_kernels_are_ready(server):
    """Only the workers stay: the warm-up's processes end and give their memory back."""
    deadline = time.monotonic() + 10
    while len(_spawned(server.process.pid)) > 1 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert len(_spawned(server.process.pid)) == 1           # --workers 1
