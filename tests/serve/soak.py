"""A soak of `eureka serve`: games played through its API by several clients at once
while others fuzz it, send what HTTP parsers refuse, trickle their requests and burst;
then every game is read back and replayed, the memory measured and the server stopped.

`python -m tests.serve.fuzz --soak MINUTES` runs one and prints its figures (docs/SERVE.md,
"Soak"); tests/serve/test_fuzz.py runs a short one. The server runs as a user starts it,
`eureka serve --workers 1 --timeout TIMEOUT --db FILE` (a scratch file), in a process
group of its own; each client connects from a loopback address of its own (127.0.0.N),
as different clients would. The clients:

- players: Mathable games (against the beginner and casual bots, a table of three among
  them) and Pitagoras races, most with a seed below 2**128, played by legal moves to
  their end, with hints played as given, refused moves (the game must not change) and
  wrong, late and mistyped answers between;
- fuzzers: the cases of tests.serve.fuzz (verbs, hostile records, the play API);
- protocol: requests HTTP parsers refuse (lines of 120-300 KB, Content-Length -1, two
  Host headers, a TLS hello...), each answered by one JSON eureka.error/1;
- slow clients: SLOW connections sending their headers a byte a second (and again
  when dropped), a few sending a body so, a few idle after a request;
- probes: a fresh connection every PROBE_EVERY seconds (/api/status, each answered 200,
  and a hint of the 24 game);
- bursts: BURST requests at once of a search that runs most of the time limit, each
  answered within the wait and the run the server allows (2 × TIMEOUT + MARGIN), each
  refused for want of a worker within the wait (TIMEOUT + MARGIN: from its arrival);
- a worker killed (SIGKILL) halfway.

Then every game is kept as its player last saw it, every finished Mathable game's record
replays to its final scores (/api/score/mathable), every finished race's piles are the
cards of its turns, the random seeds revealed have 128 bits, the memory of the server
and its children (RSS) is within MOST_GROWTH of what it was after the warm-up (a game of
each kind, every verb's examples), and SIGTERM to the group ends every process within
STOP_SECONDS. What breaks these is a finding, counted by kind.
"""

import contextlib
import json
import os
import random
import re
import select
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from pathlib import Path

from eureka.cli.serve.command import HEADER_SECONDS
from tests.serve import fuzz

TIMEOUT = 5.0
"""The server's time limit (--timeout): a request waits at most this for a worker, then
runs at most this."""
MARGIN = 2.0
"""Seconds allowed past the server's limits for the transport."""
WARM_SECONDS = 600.0
"""The longest the server may take to be ready (a fresh checkout compiles its kernels)."""
SLOW = 140
"""Connections trickling their headers at once: more than the server holds."""
SLOW_BODIES = 4
"""Connections trickling a body at once."""
IDLE = 4
"""Connections left idle after one request, at once."""
PROBE_EVERY = 0.5
"""Seconds between two fresh requests of the probes."""
BURST = 80
"""Requests sent at once in a burst: more than the server answers at once."""
BURST_EVERY = 60.0
"""Seconds between two bursts (the first at a quarter of the soak)."""
MOST_GROWTH = 50 * 2**20
"""The most the memory of the server and its children may grow over the soak, in bytes."""
STOP_SECONDS = 15.0
"""The longest every process of the server may take to end after SIGTERM (it promises
10 s)."""
SETTLE_SECONDS = HEADER_SECONDS + 2
"""Seconds left after the last request before the memory is measured: every connection
closed, and the server's timers on them run."""
PLAYERS = {"mathable": 2, "pitagoras": 2}
"""Players of each game at once."""
FUZZERS = 2
"""Fuzzing clients at once."""
ADDRESSES = {"mathable": 10, "pitagoras": 20, "fuzz": 30, "protocol": 40, "probe": 41,
             "burst": 42, "slow": 43, "check": 44}
"""The last number of each kind of client's loopback address (127.0.0.N; N + i for the
i-th player or fuzzer)."""
KILLED_WORKER = "its worker process stopped"
"""In the 500 answered for a request whose worker is killed (expected, just after the
kill)."""


class Tally:
    """What a soak counted: requests by client, answers by status, errors by class, the
    findings by kind (each with its count and first example), figures."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests, self.statuses, self.errors = Counter(), Counter(), Counter()
        self.findings: dict = {}
        self.games, self.figures = Counter(), {}
        self.slowest: Counter = Counter()

    def answered(self, client: str, status: int | None, seconds: float = 0.0) -> None:
        """A request of `client` answered with `status` (0: dropped unanswered, as
        expected; None: not counted, a play case's several) after `seconds`."""
        with self.lock:
            self.requests[client] += 1
            if status is not None:
                self.statuses[status] += 1
            self.slowest[client] = max(self.slowest[client], seconds)

    def failed(self, client: str, error: str) -> None:
        """A request of `client` that got no answer, by the class of `error`."""
        with self.lock:
            self.requests[client] += 1
            self.errors[f"{client}: {error}"] += 1

    def finding(self, kind: str, example: str) -> None:
        """A finding of `kind` (counted; the first `example` kept)."""
        with self.lock:
            count, first = self.findings.get(kind, (0, example))
            self.findings[kind] = (count + 1, first)


def _address(kind: str, index: int = 0) -> str:
    """The loopback address of `kind`'s `index`-th client."""
    return f"127.0.0.{ADDRESSES[kind] + index}"


def _error_class(error: BaseException) -> str:
    """A request's failure, named: refused, reset, timed out, closed, not sent..."""
    name = type(error).__name__
    text = str(error).lower()
    if name == "LocalProtocolError":
        return "not sent (the client's HTTP refuses it)"
    if "refused" in text:
        return "connection refused"
    if "reset" in text or "broken pipe" in text:
        return "connection reset"
    if "timeout" in name.lower() or "timed out" in text:
        return "no answer in time"
    if "disconnected" in text or "closed" in text:
        return "connection closed unanswered"
    return name


# -- the server ------------------------------------------------------------------------

class Server:
    """`eureka serve` in a process group of its own, on a free loopback port, its games
    kept in `folder`."""

    def __init__(self, folder: Path):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.log = folder / "server.log"
        with open(self.log, "w") as log:
            self.process = subprocess.Popen(
                [Path(sys.executable).with_name("eureka"), "serve", "--port", str(self.port),
                 "--workers", "1", "--timeout", f"{TIMEOUT:g}",
                 "--db", str(folder / "games.db")],
                stdout=log, stderr=log, start_new_session=True)

    @property
    def base(self) -> str:
        """The server's address, http://127.0.0.1:PORT."""
        return f"http://127.0.0.1:{self.port}"

    def processes(self) -> list:
        """The live processes of the server's group (zombies aside)."""
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError, IndexError, ValueError):
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                    if int(fields[2]) == self.process.pid and fields[0] != "Z":
                        found.append(int(entry.name))
        return found

    def memory(self) -> dict:
        """The resident memory of the server and of its children, in bytes:
        {"server": ..., "children": ...}."""
        found = {"server": 0, "children": 0}
        for pid in self.processes():
            with contextlib.suppress(OSError):
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        role = "server" if pid == self.process.pid else "children"
                        found[role] += int(line.split()[1]) * 1024
        return found

    def workers(self) -> list:
        """The server's worker processes (and the warmer's, while it runs)."""
        found = []
        for pid in self.processes():
            with contextlib.suppress(OSError):
                if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    found.append(pid)
        return found

    def stop(self) -> float | None:
        """Sends SIGTERM to the group: the seconds until every process ended, None if
        some were left after STOP_SECONDS (they are then killed)."""
        started = time.monotonic()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(STOP_SECONDS)
        while self.processes() and time.monotonic() - started < STOP_SECONDS:
            time.sleep(0.1)
        ended = time.monotonic() - started
        if self.process.poll() is None or self.processes():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
            return None
        return ended


# -- the soak --------------------------------------------------------------------------

class Soak:
    """A soak of `server` for `seconds`, seeded by `seed`: its clients, what they saw
    (the games by ID, their last states), and its tally."""

    def __init__(self, server: Server, seconds: float, seed: str, folder: Path):
        self.server, self.seconds, self.seed = server, seconds, seed
        self.folder = folder
        self.tally = Tally()
        self.stopping = threading.Event()
        self.seen: dict = {}                 # game's ID -> (game, its last state seen)
        self.random_seeds: list = []
        self.killed_at: float | None = None

    def client(self, kind: str, index: int = 0):
        """An HTTP client of the server from the address of `kind`'s `index`-th client,
        a fresh connection for each request (the server may close one kept idle)."""
        import httpx2

        limits = httpx2.Limits(max_keepalive_connections=0)
        transport = httpx2.HTTPTransport(local_address=_address(kind, index), limits=limits)
        return httpx2.Client(base_url=self.server.base, transport=transport,
                             timeout=2 * TIMEOUT + 30)

    def call(self, client, who: str, method: str, path: str, body=None, tries: int = 30):
        """The answer to a request of `who` (asked again, after Retry-After, while the
        server is busy or the start is refused for too many); None if it was not
        answered. An answer outside the API's contract is a finding."""
        for _ in range(tries):
            started = time.monotonic()
            try:
                answer = client.request(method, path, json=body)
            except Exception as e:                     # noqa: BLE001 - counted by class
                self.tally.failed(who, _error_class(e))
                if self.stopping.wait(1):
                    return None
                continue
            self.tally.answered(who, answer.status_code, time.monotonic() - started)
            self.contract(who, answer)
            if answer.status_code not in (429, 503):
                return answer
            wait = min(float(answer.headers.get("retry-after", "1") or 1), 10)
            if self.stopping.wait(wait):
                return None
        return None

    def contract(self, who: str, answer) -> None:
        """Findings for an answer outside the API's contract (fuzz.api_problems)."""
        for problem in fuzz.api_problems(answer, None, ()):
            if answer.status_code == 500 and self.killed_worker(answer.text):
                continue
            self.tally.finding(f"an answer outside the contract ({problem[:60]})",
                               f"{who}: {answer.request.method} {answer.url.path}: "
                               f"{answer.status_code} {answer.text[:200]}")

    def killed_worker(self, text: str) -> bool:
        """Whether `text` is the error of a request whose worker `chaos` killed: it says
        so, within 2 × TIMEOUT + MARGIN of the kill (counted as such)."""
        if KILLED_WORKER not in text or self.killed_at is None or \
                time.monotonic() - self.killed_at > 2 * TIMEOUT + MARGIN:
            return False
        with self.tally.lock:
            self.tally.figures["killed requests"] = \
                self.tally.figures.get("killed requests", 0) + 1
        return True

    def run(self) -> None:
        """Warms up, runs the clients for the soak's seconds, then checks what was kept,
        the memory and the stop; the figures and findings are in the tally."""
        self.wait_until_ready()
        self.warm_up()
        start = self.server.memory()
        threads = [threading.Thread(target=self.player, args=(game, i), daemon=True)
                   for game, count in PLAYERS.items() for i in range(count)]
        threads += [threading.Thread(target=self.fuzzer, args=(i,), daemon=True)
                    for i in range(FUZZERS)]
        threads += [threading.Thread(target=target, daemon=True)
                    for target in (self.protocol, self.slow, self.probe, self.bursts,
                                   self.chaos)]
        for thread in threads:
            thread.start()
        self.stopping.wait(self.seconds)
        self.stopping.set()
        for thread in threads:
            thread.join(4 * TIMEOUT + 60)
        self.check_kept()
        time.sleep(SETTLE_SECONDS)
        end = self.server.memory()
        self.tally.figures.update(start=start, end=end)
        if sum(end.values()) - sum(start.values()) > MOST_GROWTH:
            self.tally.finding("the memory grew past the bound", _memory(start, end))
        stopped = self.server.stop()
        self.tally.figures["stop"] = stopped
        if stopped is None:
            self.tally.finding("the stop did not end", f"processes left {STOP_SECONDS:g} s "
                                                       f"after SIGTERM to the group")
        for error, where in tracebacks(self.server.log.read_text(errors="replace")):
            self.tally.finding("a traceback on the server's terminal", f"{error} ({where})")

    def wait_until_ready(self) -> None:
        """Waits for the server to listen and its kernels to be ready (WARM_SECONDS at
        most; RuntimeError past it, or if the server ends)."""
        client = self.client("check")
        deadline = time.monotonic() + WARM_SECONDS
        while time.monotonic() < deadline and self.server.process.poll() is None:
            with contextlib.suppress(Exception):
                if client.get("/api/status").json()["ready"]:
                    return
            time.sleep(0.2)
        raise RuntimeError(f"eureka serve is not ready: "
                           f"{self.server.log.read_text(errors='replace')[-500:]}")

    def warm_up(self) -> None:
        """A game of each kind played to its end (the bots' code loaded), so the memory
        is measured from a server that has done everything once."""
        rng = random.Random(f"{self.seed}/warm-up")
        for game in PLAYERS:
            self.play_one(game, self.client("check"), "warm-up", rng, quick=True)

    # -- players ---------------------------------------------------------------------

    def player(self, game: str, index: int) -> None:
        """Plays games of `game` one after the other until the soak ends."""
        client = self.client(game, index)
        rng = random.Random(f"{self.seed}/{game}/{index}")
        while not self.stopping.is_set():
            self.play_one(game, client, f"{game} player", rng)

    def play_one(self, game: str, client, who: str, rng: random.Random,
                 quick: bool = False) -> None:
        """A game of `game` started and played to its end (or the soak's); `quick`: no
        time taken to think."""
        against = rng.choice(["beginner", "casual", ["beginner", "casual"]])
        fields = ({"against": against, "first": rng.choice(
                       ["you", "eureka" if isinstance(against, str) else "eureka2"])}
                  if game == "mathable" else
                  {"against": rng.choice(["beginner", "casual", "strong", "expert"]),
                   "die": rng.choice(["blue", "red", "black"])})
        if rng.random() < 0.75:
            fields["seed"] = rng.randrange(2**128)
        answer = self.call(client, who, "POST", f"/api/play/{game}", fields)
        if answer is not None and answer.status_code == 400 and "seed" in answer.text:
            self.tally.finding("a seed below 2**128 refused", answer.text[:200])
            del fields["seed"]
            answer = self.call(client, who, "POST", f"/api/play/{game}", fields)
        if answer is None or answer.status_code != 200:
            if answer is not None:
                self.tally.finding("a game not started", f"{fields}: {answer.text[:200]}")
                self.stopping.wait(1)
            return
        state = answer.json()
        self.seen[state["id"]] = (game, state)
        turn = self.mathable_turn if game == "mathable" else self.race_turn
        while not state["over"] and not self.stopping.is_set():
            state = turn(client, who, rng, state, 0 if quick else 1)
            if state is None:
                return
            self.seen[state["id"]] = (game, state)
        if state["over"]:
            self.tally.games[f"{game} finished"] += 1
            if "seed" not in fields:
                self.random_seeds.append(state["seed"])

    def move(self, client, who: str, game: str, state: dict, move: dict):
        """The state after `move` in the game of `state`; None if the game is lost or
        the move cannot be played (a finding)."""
        path = f"/api/play/{game}/{state['id']}"
        answer = self.call(client, who, "POST", path, move)
        if answer is None:
            return self.look(client, who, game, state)
        if answer.status_code == 200:
            return answer.json()
        if answer.status_code == 404:
            self.tally.finding("a game in play lost", f"{game} {state['id']}: "
                                                      f"{answer.text[:200]}")
            return None
        self.tally.finding(f"a legal {game} move refused",
                           f"{json.dumps(move)[:200]}: {answer.text[:200]}")
        return None

    def look(self, client, who: str, game: str, state: dict):
        """The game's state as the server has it now; None if lost (a finding)."""
        answer = self.call(client, who, "GET", f"/api/play/{game}/{state['id']}")
        if answer is not None and answer.status_code == 200:
            return answer.json()
        if answer is not None and answer.status_code == 404:
            self.tally.finding("a game in play lost", f"{game} {state['id']}: "
                                                      f"{answer.text[:200]}")
        return None

    def refused(self, client, who: str, game: str, state: dict, move: dict):
        """Sends a move the game refuses: the state after, which must be `state`."""
        answer = self.call(client, who, "POST", f"/api/play/{game}/{state['id']}", move)
        if answer is not None and answer.status_code == 200:
            self.tally.finding(f"a wrong {game} move accepted",
                               f"{json.dumps(move)[:200]}: {answer.text[:200]}")
            return answer.json()
        after = self.look(client, who, game, state)
        if after is not None and not fuzz.unchanged(game, state, after):
            changed = sorted(k for k in {*state, *after} if state.get(k) != after.get(k))
            self.tally.finding("a refused move changed the game",
                               f"{json.dumps(move)[:200]}: {', '.join(changed)}")
        return after

    def mathable_turn(self, client, who: str, rng: random.Random, state: dict,
                      think: float):
        """One move in a Mathable game, after `think` × up to 0.3 s: a legal one, a hint
        played as given, or one the game refuses."""
        self.stopping.wait(think * rng.uniform(0, 0.3))
        roll = rng.random()
        if roll < 0.08:
            wrong = rng.choice([{"hint": 1}, {"pass": 1}, {"end": 1}, {"turn": "A1=1000"},
                                {"exchange": [1000]}, {"turn": "I8=1", "pass": True}])
            return self.refused(client, who, "mathable", state, wrong)
        if roll < 0.2 and not state["turn_open"]:
            hinted = self.move(client, who, "mathable", state, {"hint": "score"})
            hint = hinted.pop("hint", None) if hinted is not None else None
            if hint is None:
                return hinted
            return self.move(client, who, "mathable", hinted,
                             {"turn": hint["placements"], "draw": hint["draw"]})
        return self.move(client, who, "mathable", state, fuzz.legal_move(rng, state))

    def race_turn(self, client, who: str, rng: random.Random, state: dict,
                  think: float):
        """One answer in a race, after `think` × 0.2 to 2.5 s (the bot may shout first):
        right mostly, else wrong, late or mistyped (refused)."""
        if self.stopping.wait(think * rng.uniform(0.2, 2.5)):
            return None
        state = self.look(client, who, "pitagoras", state)
        if state is None or state["over"]:
            return state
        roll, deal = rng.random(), state["deal"]
        if roll < 0.08:
            return self.refused(client, who, "pitagoras", state, {"shout": "abc"})
        if roll < 0.16:
            shout = {"shout": "+".join(map(str, state["cards"][:2])), "deal": deal}
        elif roll < 0.2 and deal > 1:
            shout = {"shout": "1+1", "deal": deal - 1}
        else:
            shout = {"shout": fuzz.race_answer(state), "deal": deal}
        return self.move(client, who, "pitagoras", state, shout)

    # -- the others ------------------------------------------------------------------

    def fuzzer(self, index: int) -> None:
        """Sends the fuzzer's cases of seed `seed`/`index` until the soak ends."""
        client = self.client("fuzz", index)
        secret = f"eureka-soak-secret-{uuid.uuid4().hex}"
        sentinel = self.folder / f"sentinel{index}.txt"
        sentinel.write_text(secret + "\n")
        fuzzer = None
        while fuzzer is None and not self.stopping.is_set():
            try:
                fuzzer = fuzz.Fuzzer(client, f"{self.seed}/soak{index}", sentinel, secret)
            except Exception as e:                     # noqa: BLE001 - counted by class
                self.tally.failed("fuzz", _error_class(e))
                self.stopping.wait(1)
        number = 0
        while not self.stopping.is_set():
            started = time.monotonic()
            try:
                failures, _, answer = fuzzer.api(number)
            except Exception as e:                     # noqa: BLE001 - counted by class
                self.tally.failed("fuzz", _error_class(e))
                if "reset" in _error_class(e) or "closed" in _error_class(e):
                    self.tally.finding(f"fuzz: {_error_class(e)}",
                                       f"{fuzzer.last.shown()[:300]}: {e}")
                failures, answer = [], None
            if answer is not None:
                self.tally.answered("fuzz", answer.status_code, time.monotonic() - started)
            else:
                self.tally.answered("fuzz (play)", None)
            for failure in failures:
                if self.killed_worker(failure):
                    continue
                problem = failure.partition(": ")[2].split("\n")[0]
                self.tally.finding(f"fuzz: {re.sub(r'[0-9][0-9,.]*', 'N', problem)[:70]}",
                                   failure[:700])
            number += 1

    def protocol(self) -> None:
        """Sends the requests of `protocol_cases` in turn until the soak ends, each on a
        fresh connection: each must be answered by one JSON eureka.error/1 (or a 200)."""
        rng = random.Random(f"{self.seed}/protocol")
        cases = protocol_cases(self.server.port)
        while not self.stopping.is_set():
            name, request = rng.choice(cases)
            try:
                with socket.create_connection(("127.0.0.1", self.server.port), timeout=15,
                                              source_address=(_address("protocol"), 0)) as s:
                    s.sendall(request)
                    status, headers, body = read_response(s)
            except ValueError:
                self.tally.answered("protocol", None)
                self.tally.finding(f"a request HTTP refuses answered outside HTTP ({name})",
                                   "")
                continue
            except OSError as e:
                self.tally.failed("protocol", _error_class(e))
                self.tally.finding(f"a request HTTP refuses not answered ({name})",
                                   _error_class(e))
                continue
            self.tally.answered("protocol", status)
            problems = raw_problems(status, headers, body)
            for problem in problems:
                self.tally.finding(f"a request HTTP refuses answered outside the contract "
                                   f"({name})", f"{problem}: {status} {body[:200]!r}")
            self.stopping.wait(0.05)

    def slow(self) -> None:
        """Holds SLOW connections trickling their headers, SLOW_BODIES a body, IDLE
        idle, a byte a second each, opening new ones as the server drops them."""
        port, source = self.server.port, (_address("slow"), 0)
        host = f"Host: 127.0.0.1:{port}\r\n".encode()
        scripts = {
            "headers": (b"GET /api/status HTTP/1.1\r\n" + host + b"X-Slow: ", b"a"),
            "body": (b"POST /api/solve/game24 HTTP/1.1\r\n" + host +
                     b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n", b" "),
            "idle": (b"GET /api/status HTTP/1.1\r\n" + host + b"\r\n", b"")}
        wanted = {"headers": SLOW, "body": SLOW_BODIES, "idle": IDLE}
        open_: dict = {}                                  # socket -> [kind, what it got]
        opened = Counter()
        while not self.stopping.is_set():
            for kind, count in wanted.items():
                while sum(k == kind for k, _ in open_.values()) < count:
                    try:
                        s = socket.create_connection(("127.0.0.1", port), timeout=5,
                                                     source_address=source)
                        s.sendall(scripts[kind][0])
                        s.setblocking(False)
                    except OSError as e:
                        self.tally.failed("slow", _error_class(e))
                        break
                    opened[kind] += 1
                    open_[s] = [kind, b""]
            tick = time.monotonic() + 1
            while time.monotonic() < tick:
                readable, _, _ = select.select(list(open_), [], [], max(0, tick - time.monotonic()))
                for s in readable:
                    try:
                        chunk = s.recv(65536)
                    except OSError:
                        chunk = b""
                    if chunk:
                        open_[s][1] += chunk
                        if open_[s][0] == "idle" or not _complete(open_[s][1]):
                            continue                      # idle after its answer
                    self._slow_ended(s, *open_.pop(s))
            for s, (kind, _) in list(open_.items()):
                try:
                    s.send(scripts[kind][1])
                except OSError:
                    self._slow_ended(s, *open_.pop(s))
        for s in open_:
            s.close()
        self.tally.figures["slow"] = dict(opened)

    def _slow_ended(self, s: socket.socket, kind: str, got: bytes) -> None:
        """A slow connection closed: what it was answered, if anything, must be JSON."""
        s.close()
        if not got:
            self.tally.answered(f"slow {kind}", 0)          # dropped unanswered
            return
        try:
            status, headers, body = parse_response(got)
        except ValueError:
            self.tally.finding("a slow connection answered outside HTTP", repr(got[:200]))
            return
        self.tally.answered(f"slow {kind}", status)
        for problem in raw_problems(status, headers, body):
            self.tally.finding("a slow connection answered outside the contract",
                               f"{kind}: {problem}: {status} {body[:200]!r}")

    def probe(self) -> None:
        """A fresh connection every PROBE_EVERY seconds, while the others load the
        server: /api/status answered 200 within 10 s, and every fourth a hint of the 24
        game answered (200, or 503 while busy) within the server's limits."""
        client = self.client("probe")
        bound = 2 * TIMEOUT + MARGIN
        number = 0
        while not self.stopping.wait(PROBE_EVERY):
            path = "/api/hint/game24?cards=3+3+8+8&level=1" if number % 4 == 3 \
                else "/api/status"
            number += 1
            started = time.monotonic()
            try:
                answer = client.get(path, timeout=bound)
            except Exception as e:                     # noqa: BLE001 - counted by class
                self.tally.failed("probe", _error_class(e))
                self.tally.finding("a fresh request not answered", f"{path}: "
                                                                    f"{_error_class(e)}")
                continue
            seconds = time.monotonic() - started
            self.tally.answered("probe", answer.status_code, seconds)
            self.contract("probe", answer)
            if path == "/api/status" and answer.status_code != 200:
                self.tally.finding("a fresh request refused",
                                   f"{path}: {answer.status_code} {answer.text[:200]}")

    def bursts(self) -> None:
        """A burst at a quarter of the soak, then every BURST_EVERY seconds."""
        wait = self.seconds / 4
        while not self.stopping.wait(wait):
            self.burst()
            wait = BURST_EVERY

    def burst(self) -> None:
        """BURST searches of 0.6 × TIMEOUT sent at once: each answered within the wait
        for a worker and the run the server allows (2 × TIMEOUT) and MARGIN, or refused
        (503) within the wait (TIMEOUT) and MARGIN."""
        body = {"cards": [1, 8, 2, 12, 16, 42, 17], "by": "sim", "seconds": 0.6 * TIMEOUT,
                "iterations": 100_000, "candidates": 50, "plies": 8}
        bound = 2 * TIMEOUT + MARGIN
        client = self.client("burst")

        def ask():
            """One search of the burst, its answer and time checked."""
            started = time.monotonic()
            try:
                answer = client.post("/api/solve/mathable", json=body, timeout=bound + 60)
            except Exception as e:                     # noqa: BLE001 - counted by class
                self.tally.failed("burst", _error_class(e))
                self.tally.finding("a request of a burst not answered", _error_class(e))
                return
            seconds = time.monotonic() - started
            self.tally.answered("burst", answer.status_code, seconds)
            self.contract("burst", answer)
            most = TIMEOUT + MARGIN if answer.status_code == 503 else bound
            if seconds > most:
                self.tally.finding("an answer later than the server's limits",
                                   f"{answer.status_code} after {seconds:.1f} s (at most "
                                   f"{most - MARGIN:g} s from its arrival): "
                                   f"{answer.text[:120]}")

        asking = [threading.Thread(target=ask, daemon=True) for _ in range(BURST)]
        for thread in asking:
            thread.start()
        for thread in asking:
            thread.join()
        self.tally.figures["bursts"] = self.tally.figures.get("bursts", 0) + 1

    def chaos(self) -> None:
        """Kills a worker with SIGKILL halfway through the soak."""
        if self.stopping.wait(self.seconds / 2):
            return
        workers = self.server.workers()
        if workers:
            self.killed_at = time.monotonic()
            os.kill(max(workers), signal.SIGKILL)
            self.tally.figures["killed"] = 1

    # -- the end ---------------------------------------------------------------------

    def check_kept(self) -> None:
        """Every game as its player last saw it, every finished one replayed, the random
        seeds' size."""
        client = self.client("check")
        for key, (game, seen) in list(self.seen.items()):
            answer = self.call(client, "check", "GET", f"/api/games/{key}")
            if answer is None or answer.status_code != 200:
                self.tally.finding("a game lost", f"{game} {key}: "
                                   f"{answer.text[:200] if answer is not None else 'none'}")
                continue
            kept = answer.json()
            if not fuzz.unchanged(game, seen, kept):
                changed = sorted(k for k in {*seen, *kept} if seen.get(k) != kept.get(k))
                self.tally.finding("a game kept otherwise than last seen",
                                   f"{game} {key}: {', '.join(changed)}")
            if not kept["over"]:
                self.tally.games[f"{game} unfinished"] += 1
            elif game == "mathable":
                self.replay(client, key, kept)
            else:
                for problem in race_problems(kept):
                    self.tally.finding("a race's piles are not its turns'", f"{key}: {problem}")
        bits = max((seed.bit_length() for seed in self.random_seeds), default=None)
        self.tally.figures["seed bits"] = (len(self.random_seeds), bits)
        if bits is not None and bits <= 96:
            self.tally.finding("random seeds of too few bits",
                               f"the largest of {len(self.random_seeds)} has {bits} bits "
                               f"(128 from secrets expected)")

    def replay(self, client, key: str, kept: dict) -> None:
        """The finished game's record scored by the API: valid, with its final scores."""
        answer = self.call(client, "check", "POST", "/api/score/mathable",
                           {"record": kept["record"]})
        if answer is None or answer.status_code != 200:
            self.tally.finding("a game's record not scored",
                               f"{key}: {answer.text[:200] if answer is not None else ''}")
            return
        scored = answer.json()
        final = {name: scored["final"].get(name) for name in kept["final"]}
        if not scored["valid"] or final != kept["final"]:
            self.tally.finding("a game's record replays to other scores",
                               f"{key}: {final} replayed, {kept['final']} kept")
        else:
            self.tally.games["mathable replayed"] += 1


def tracebacks(log: str) -> list:
    """(the error, the last frame of eureka's or the first) of each traceback in `log`."""
    found = []
    for block in log.split("Traceback (most recent call last):")[1:]:
        lines = block.splitlines()
        frames = [line.strip() for line in lines if line.strip().startswith("File ")]
        error = next((line for line in lines[1:] if line and not line.startswith(" ")), "")
        ours = [frame for frame in frames if "/eureka/" in frame] or frames[:1]
        found.append((error[:200], ours[-1] if ours else ""))
    return found


def race_problems(state: dict) -> list:
    """How a finished race's piles differ from its turns' cards (its right answers', and
    the bot's penalty cards for your wrong ones), and its winner from theirs."""
    turns = state["turns"]
    mine = sum(len(t["cards"]) for t in turns if t["player"] == "you" and t.get("right"))
    bots = sum(len(t["cards"]) for t in turns if t["player"] == "eureka" and t.get("right"))
    bots += sum(t.get("penalty", 0) for t in turns if t.get("right") is False)
    problems = []
    if state["piles"] != {"you": mine, "eureka": bots}:
        problems.append(f"piles {state['piles']}, turns {{'you': {mine}, 'eureka': {bots}}}")
    if mine != bots and state.get("winner") != ("you" if mine > bots else "eureka"):
        problems.append(f"winner {state.get('winner')!r} with piles {mine} and {bots}")
    return problems


# -- HTTP as the parsers refuse it -----------------------------------------------------

def protocol_cases(port: int) -> list:
    """(name, the bytes of a request) that HTTP parsers refuse or read oddly."""
    host = f"Host: 127.0.0.1:{port}\r\n".encode()
    post = b"POST /api/solve/game24 HTTP/1.1\r\n" + host + b"Content-Type: application/json\r\n"
    body = b'{"cards": [3, 3, 8, 8]}'
    cases = [(f"a query of {size} KB", b"GET /api/solve/game24?cards=3+3+8+8&x=" +
              b"a" * (size * 1024) + b" HTTP/1.1\r\n" + host + b"\r\n")
             for size in (120, 200, 256, 300)]
    cases += [
        ("a path of 200 KB", b"GET /api/" + b"a" * 200_000 + b" HTTP/1.1\r\n" + host + b"\r\n"),
        ("Content-Length -1", post + b"Content-Length: -1\r\n\r\n" + body),
        ("two Content-Lengths", post + b"Content-Length: 1\r\nContent-Length: 2\r\n\r\n" + body),
        ("Content-Length and chunked", post + b"Content-Length: 23\r\n"
         b"Transfer-Encoding: chunked\r\n\r\n" + body),
        ("Transfer-Encoding gzip", post + b"Transfer-Encoding: gzip\r\n\r\n" + body),
        ("a chunk size not hex", post + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n" + body),
        ("two Host headers", b"GET /api/status HTTP/1.1\r\n" + host + host + b"\r\n"),
        ("a control character in a header", b"GET /api/status HTTP/1.1\r\n" + host +
         b"X-A: a\x01b\r\n\r\n"),
        ("a NUL in a header", b"GET /api/status HTTP/1.1\r\n" + host + b"X-A: a\x00b\r\n\r\n"),
        ("a space in a header's name", b"GET /api/status HTTP/1.1\r\n" + host +
         b"X A: 1\r\n\r\n"),
        ("a header without a colon", b"GET /api/status HTTP/1.1\r\n" + host + b"X-A\r\n\r\n"),
        ("a folded header", b"GET /api/status HTTP/1.1\r\n" + host + b"X-A: a\r\n b\r\n\r\n"),
        ("a header of 100 KB", b"GET /api/status HTTP/1.1\r\n" + host + b"X-A: " +
         b"a" * 100_000 + b"\r\n\r\n"),
        ("1,000 headers", b"GET /api/status HTTP/1.1\r\n" + host +
         b"".join(b"X-%d: 1\r\n" % n for n in range(1000)) + b"\r\n"),
        ("HTTP/1.0 without Host", b"GET /api/status HTTP/1.0\r\n\r\n"),
        ("HTTP/2.0 in a request line", b"GET /api/status HTTP/2.0\r\n" + host + b"\r\n"),
        ("HTTP/9.9", b"GET /api/status HTTP/9.9\r\n" + host + b"\r\n"),
        ("a lower-case method", b"get /api/status HTTP/1.1\r\n" + host + b"\r\n"),
        ("a method of 10 KB", b"G" * 10_000 + b" /api/status HTTP/1.1\r\n" + host + b"\r\n"),
        ("an absolute URL", f"GET http://127.0.0.1:{port}/api/status HTTP/1.1\r\n".encode()
         + host + b"\r\n"),
        ("a TLS hello", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 60),
        ("HTTP/2's preface", b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"),
        ("bare line feeds", b"GET /api/status HTTP/1.1\n" + host.replace(b"\r", b"") + b"\n"),
        ("two spaces in the request line", b"GET  /api/status HTTP/1.1\r\n" + host + b"\r\n"),
        ("a NUL in the path", b"GET /api/\x00status HTTP/1.1\r\n" + host + b"\r\n"),
        ("a body with Expect: 100-continue", post + b"Expect: 100-continue\r\n"
         b"Content-Length: 23\r\n\r\n" + body)]
    return cases


def read_response(s: socket.socket) -> tuple:
    """(status, headers, body) of the first response read from `s` (an interim 100
    skipped); raises OSError if the connection ends or times out before it."""
    got = b""
    while True:
        try:
            return parse_response(got, complete=True)
        except ValueError:
            pass
        chunk = s.recv(65536)
        if not chunk:
            if got:
                return parse_response(got)
            raise ConnectionResetError("closed unanswered")
        got += chunk


def parse_response(got: bytes, complete: bool = False) -> tuple:
    """(status, headers in lower case, body) of the first response in `got` (an interim
    100 skipped); ValueError if it holds none (`complete`: or not its whole body)."""
    while True:
        head, found, rest = got.partition(b"\r\n\r\n")
        if not found or not head.startswith(b"HTTP/"):
            raise ValueError("no response")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {k.strip().lower(): v.strip() for k, _, v in
                   (line.partition(":") for line in lines[1:])}
        if status != 100:
            break
        got = rest
    length = int(headers.get("content-length", len(rest)))
    if complete and len(rest) < length:
        raise ValueError("the body is not all there")
    return status, headers, rest[:length]


def _complete(got: bytes) -> bool:
    """Whether `got` holds a whole response."""
    try:
        parse_response(got, complete=True)
    except ValueError:
        return False
    return True


def raw_problems(status: int, headers: dict, body: bytes) -> list:
    """What is wrong with a raw answer: a status outside fuzz.STATUSES, or a refusal
    that is not one line of JSON eureka.error/1."""
    problems = [] if status in fuzz.STATUSES else [f"status {status}"]
    if status == 200:
        return problems
    try:
        doc = json.loads(body)
    except ValueError:
        return problems + [f"not JSON ({headers.get('content-type', 'no type')})"]
    if not (isinstance(doc, dict) and doc.get("schema") == "eureka.error/1"
            and isinstance(doc.get("error"), str) and "\n" not in doc["error"]):
        problems.append("not eureka.error/1")
    return problems


# -- the figures -----------------------------------------------------------------------

def _memory(start: dict, end: dict) -> str:
    """The memory after the warm-up and at the end, in all and by process, in MB."""
    def mb(found: dict) -> str:
        """`found` in MB: in all, the server's, its children's."""
        return (f"{sum(found.values()) / 2**20:.0f} MB (server {found['server'] / 2**20:.0f}, "
                f"children {found['children'] / 2**20:.0f})")
    growth = (sum(end.values()) - sum(start.values())) / 2**20
    return f"{mb(start)} after the warm-up, {mb(end)} at the end ({growth:+.0f} MB)"


def report(soak: Soak) -> str:
    """The soak's figures and findings, as text."""
    tally, figures = soak.tally, soak.tally.figures
    lines = [f"eureka serve soaked {soak.seconds / 60:g} min (--workers 1 --timeout "
             f"{TIMEOUT:g}; seed {soak.seed}): {len(PLAYERS)} kinds of players "
             f"({sum(PLAYERS.values())}), {FUZZERS} fuzzers, HTTP that parsers refuse, "
             f"{SLOW} slow connections, probes, {figures.get('bursts', 0)} bursts of "
             f"{BURST}, {figures.get('killed', 0)} worker killed (its requests refused: "
             f"{figures.get('killed requests', 0)})"]
    games = ", ".join(f"{name} {count}" for name, count in sorted(tally.games.items()))
    lines.append(f"games: {games or 'none'}")
    seeds, bits = figures.get("seed bits", (0, None))
    if seeds:
        lines.append(f"random seeds revealed: {seeds}, the largest of {bits} bits")
    lines.append(f"requests: {sum(tally.requests.values()):,} (" + ", ".join(
        f"{name} {count:,}" for name, count in sorted(tally.requests.items())) + ")")
    slow = figures.get("slow", {})
    if slow:
        lines.append("slow connections opened: " + ", ".join(
            f"{kind} {count:,}" for kind, count in sorted(slow.items())))
    lines.append("answers by status: " + ", ".join(
        f"{'none (dropped)' if status == 0 else status} {count:,}"
        for status, count in sorted(tally.statuses.items())))
    lines.append("errors by class: " + (", ".join(
        f"{name} {count:,}" for name, count in sorted(tally.errors.items())) or "none"))
    lines.append("slowest answer: " + ", ".join(
        f"{name} {seconds:.1f} s" for name, seconds in sorted(tally.slowest.items())
        if name in ("probe", "burst", "mathable player", "pitagoras player")))
    if "start" in figures:
        lines.append(f"memory: {_memory(figures['start'], figures['end'])} (at most "
                     f"+{MOST_GROWTH / 2**20:.0f} MB)")
    stop = figures.get("stop")
    lines.append("stop: " + (f"every process ended {stop:.1f} s after SIGTERM"
                             if stop is not None else f"processes left after "
                                                      f"{STOP_SECONDS:g} s"))
    lines.append(f"findings: {sum(count for count, _ in tally.findings.values()) or 'none'}")
    for kind, (count, example) in sorted(tally.findings.items()):
        lines.append(f"- {kind} ×{count}: {example[:600]}")
    return "\n".join(lines)


def soak(seconds: float, seed: str = "0") -> Soak:
    """A soak of a fresh `eureka serve` for `seconds`, run: its tally holds the figures
    and findings."""
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp))
        run = Soak(server, seconds, str(seed), Path(tmp))
        try:
            run.run()
        finally:
            if server.process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(server.process.pid, signal.SIGKILL)
                server.process.wait()
    return run


def main(seconds: float, seed: str = "0") -> int:
    """Soaks `eureka serve` for `seconds`; prints the figures and findings."""
    done = soak(seconds, seed)
    print(report(done))
    return 1 if done.tally.findings else 0
