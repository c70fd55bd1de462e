"""The JSON API answers with the library's result for the verb's declared parameters,
as the command line's --json does; it refuses bad input with one line (400, 413, 415),
other sites' pages (403, 421), and is busy (503), never a 500."""

import json
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from eureka.cli.main import eureka
from eureka.games import GAMES
from tests.serve.conftest import BASE, PORT, app_for, pool_of, ready

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
POSITION = (EXAMPLES / "mathable_position.txt").read_text()
RECORD = (EXAMPLES / "mathable_rulebook.txt").read_text()
REVIEW = (EXAMPLES / "mathable_review.txt").read_text()
JSON_POST = {"content-type": "application/json"}

SERVED = [   # (verb, game, parameters): requests besides every verb's own examples
    ("solve", "pitagoras", {"cards": "2 7 6 12 15", "target": "32", "limit": "3"}),
    ("solve", "pitagoras", {"cards": ["2", "7", "6"], "target": "31", "pow": "true"}),
    ("solve", "pitagoras", {"cards": [2, 7, 6, 12, 15], "dice": "30 2", "die": "blue"}),
    ("solve", "countdown", {"cards": "25 50 75 100 3 6", "target": "952", "simplest": "1"}),
    ("solve", "numbers", {"cards": "1 2 3", "target": "7", "ops": "+*"}),
    ("solve", "arithmetikus", {"cards": "3 5 7 9 J", "target": "24", "limit": "5"}),
    ("solve", "mathable", {"cards": "1 8 2 12 16 42 17", "limit": "2"}),
    ("solve", "mathable", {"position": POSITION, "by": "equity"}),
    ("solve", "arquimedes", {"top": "3", "hand": "2 5 7 12 K"}),
    ("check", "countdown", {"equation": "100*9", "cards": "25 50 75 100 3 6",
                            "target": "952"}),
    ("check", "mathable", {"claim": "I8=13", "rack": "1 8 2 12 16 42 17"}),
    ("review", "mathable", {"record": REVIEW}),
    ("check", "arquimedes", {"play": "3+2=7", "top": "3", "cards": "2 5 7 12 K"}),
    ("score", "mathable", {"record": RECORD}),
    ("score", "arithmetikus", {"record": (EXAMPLES / "arithmetikus_game.txt").read_text()}),
    ("score", "arquimedes", {"record": (EXAMPLES / "arquimedes_game.txt").read_text()}),
    ("score", "arvuutin", {"levels": "A=3 B=4 C=1 D=2 E=5", "won": ["A=2", "B=3"],
                           "hidden": "A B"}),
    ("hint", "game24", {"cards": "3 3 8 8", "level": "3"}),
] + [(verb, game, example) for game, entry in GAMES.items()
     for verb, declared in entry.declared().items() for example in declared.examples[:1]]


def library_document(verb: str, game: str, params: dict) -> dict:
    """The library's answer: the verb called with the request's values."""
    return GAMES[game].declared()[verb](params).to_json()


def command_line(verb: str, game: str, params: dict, folder: Path) -> list:
    """The command line of a request, from the verb's declaration: texts read from files
    are written to `folder`."""
    declared = GAMES[game].declared()[verb]
    options, arguments = [], []
    for name, value in declared.read(params).items():
        param = declared.param(name)
        if value is None or value is False or value == param.default:
            continue
        flag = f"--{param.name.replace('_', '-')}"
        if param.from_file:
            (folder / name).write_text(value)
            value = str(folder / name)
        if param.argument:
            arguments.append(value)
        elif value is True:
            options.append(flag)
        elif param.is_list:
            options += [flag, *map(str, value)]
        else:
            options += [flag, str(value)]
    return [verb, game, *options, "--json", "--", *arguments]


@pytest.mark.parametrize("verb, game, params", SERVED,
                         ids=[f"{v}-{g}-{i}" for i, (v, g, _) in enumerate(SERVED)])
def test_the_api_answers_the_library_result_as_the_command_line_does(
        client, tmp_path, verb, game, params):
    expected = library_document(verb, game, params)
    by_post = client.post(f"/api/{verb}/{game}", json=params)
    assert by_post.status_code == 200, by_post.text
    assert by_post.json() == expected
    printed = CliRunner().invoke(eureka, command_line(verb, game, params, tmp_path))
    assert printed.exit_code in (0, 1), printed.output
    cli = json.loads(printed.stdout)
    for document in (cli, expected):       # a record read from a file is named by it
        if isinstance(document.get("record"), str):
            document["record"] = ""
    assert cli == expected
    if len(json.dumps(params)) < 2000:               # short enough for a query string
        query = {k: v if isinstance(v, list) else str(v).lower() if isinstance(v, bool)
                 else str(v) for k, v in params.items()}
        by_get = client.get(f"/api/{verb}/{game}", params=query)
        assert by_get.status_code == 200 and by_get.json() == by_post.json()


BAD = [   # (path, parameters, words the error must name)
    ("/api/solve/pitagoras", {"cards": "2 7 99", "target": "32"}, "99"),
    ("/api/solve/pitagoras", {"cards": "2 7", "target": "-5"}, "target"),
    ("/api/solve/pitagoras", {"cardz": "2 7", "target": "5"}, "cardz"),
    ("/api/solve/pitagoras", {"cards": "2 7", "target": "5", "pow": "maybe"}, "flag"),
    ("/api/solve/chess", {}, "chess"),
    ("/api/analyze/countdown", {}, "analyze"),
    ("/api/solve/mathable", {"position": "/etc/passwd"}, ""),
    ("/api/solve/mathable", {"position": "not a board"}, ""),
    ("/api/solve/mathable", {"cards": "1 2 3 4 5 6 7 8 9 10 11 12 13"}, "at most 12"),
    ("/api/check/countdown", {"equation": "1+", "cards": "1 2", "target": "3"}, ""),
    ("/api/score/mathable", {"record": "P1: Z99=5"}, ""),
    ("/api/hint/game24", {"cards": "3 3 8 8", "level": "9"}, "level"),
    ("/api/hint/game24", {"cards": "3 3 8 8", "level": "\u0662"}, "level"),
    ("/api/solve/numbers", {"cards": "1 2", "target": "3", "batch": "x"}, "batch"),
    ("/api/solve/pitagoras", {"cards": "2 7 6 12 15 --pow", "target": "32"}, "--pow"),
    ("/api/solve/pitagoras", {"cards": "2 7", "target": "9", "jsonl": True}, "jsonl"),
    ("/api/check/game24", {"equation": "1", "cards": "3 3 8 8", "workers": 64}, "workers"),
    ("/api/solve/game24", {"cards": "3 3 8 8", "help": True}, "help"),
    ("/api/solve/game24", {"cards": "3 3 8 8", "q": True}, "'q'"),
    ("/api/solve/game24", {"cards": [[3], 3, 8, 8]}, "cards"),
    ("/api/solve/game24", {"cards": {"a": 1}}, "cards"),
    ("/api/solve/game24", {"cards": "3 3 8 8", "limit": 10**30}, "limit"),
    ("/api/check/game24", {"equation": "--help", "cards": "3 3 8 8"}, "negative numbers"),
    ("/api/solve/mathable", {"cards": "1 8", "seconds": "nan", "by": "sim"}, "seconds"),
    ("/api/review/mathable", {"record": str(EXAMPLES / "mathable_review.txt")}, ""),
]


@pytest.mark.parametrize("path, params, named", BAD, ids=[f"bad-{i}" for i in range(len(BAD))])
def test_bad_input_is_a_400_with_one_line(client, path, params, named):
    response = client.post(path, json=params)
    assert response.status_code == 400, response.text
    doc = response.json()
    assert doc["schema"] == "eureka.error/1" and named in doc["error"]
    assert "\n" not in doc["error"] and "Traceback" not in doc["error"]


FILES = ["/proc/self/environ", "/dev/zero", "/etc/passwd", "~/.bashrc", "../../etc/passwd",
         "file:///etc/passwd", "-"]


def test_no_parameter_names_a_file(client, tmp_path):
    """Every text parameter given a file's name: the file is not opened (an audit hook
    in this process, around the very calls the workers make), and its text is not in
    the answer."""
    secret = tmp_path / "secret.txt"
    secret.write_text("P1 [1 2 3]: I8=12 # the-secret-text\n")
    names = [*FILES, str(secret)]
    opened = []

    def hook(event, args):
        if event == "open" and str(args[0]) in names and watching:
            opened.append(args[0])

    watching = True
    sys.addaudithook(hook)
    try:
        for game, entry in GAMES.items():
            for verb, declared in entry.declared().items():
                texts = [p for p in declared.params if p.kind == "text"]
                for param, name in ((p, n) for p in texts for n in names):
                    request = {**declared.examples[0], param.name: name}
                    try:
                        declared(request)
                    except ValueError:
                        pass
                    answer = client.post(f"/api/{verb}/{game}", json=request)
                    assert answer.status_code in (200, 400), answer.text
                    assert "the-secret-text" not in answer.text
    finally:
        watching = False
    assert opened == []


def test_requests_that_cannot_be_read_are_refused_in_json(client):
    def post(body: bytes, headers=JSON_POST):
        response = client.post("/api/solve/game24", content=body, headers=headers)
        assert response.json()["schema"] == "eureka.error/1"
        return response.status_code, response.json()["error"]

    assert post(b"{not json")[0] == 400
    assert post(b"[1, 2]") == (400, "the body is not a JSON object of parameters")
    assert post(b"\xff\xfe{}") == (400, "the body is not UTF-8 text")
    assert post('{"cards": "3 3 8 8"}'.encode("utf-16"))[0] == 400
    assert "nested too deeply" in post(b"[" * 100_000)[1]
    assert post(b'{"cards": "\\ud800"}')[0] == 400
    assert post(b"x" * (300 * 1024))[0] == 413
    assert post(b"cards=3+3+8+8", {"content-type": "text/plain"})[0] == 415
    assert post(b"cards=3+3+8+8", {"content-type": "application/x-www-form-urlencoded"}
                )[0] == 415
    assert client.get("/api/solve/game24?cards=%ff").status_code == 400
    assert client.get("/api/nothing").status_code == 404
    assert client.delete("/api/solve/game24").status_code == 405


def test_a_query_string_past_the_limit_is_refused_unread(workers):
    import asyncio

    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": "/api/solve/game24",
             "raw_path": b"/api/solve/game24", "query_string": b"cards=3+" * 40_000,
             "headers": [(b"host", f"127.0.0.1:{PORT}".encode())], "root_path": "",
             "scheme": "http", "server": ("127.0.0.1", PORT), "http_version": "1.1"}
    asyncio.run(app_for(workers)(scope, receive, send))
    assert sent[0]["status"] == 413


def test_only_this_servers_own_pages_may_call_it(client):
    def status(method="get", headers=None, **kwargs):
        response = getattr(client, method)("/api/solve/game24?cards=3+3+8+8",
                                            headers=headers or {}, **kwargs)
        if response.status_code != 200:
            assert response.json()["schema"] == "eureka.error/1"
        return response.status_code

    assert status() == 200
    assert status(headers={"Host": f"localhost:{PORT}"}) == 200
    assert status(headers={"Host": f"rebound.example:{PORT}"}) == 421   # DNS rebinding
    assert status(headers={"Host": "127.0.0.1:9999"}) == 421
    assert status(headers={"Origin": "http://evil.example"}) == 403
    assert status(headers={"Origin": BASE}) == 200
    assert status(headers={"Sec-Fetch-Site": "cross-site"}) == 403       # an <img> GET
    assert status(headers={"Sec-Fetch-Site": "same-site"}) == 403
    assert status("post", {"Origin": "http://evil.example"}, json={}) == 403
    assert status("post", {"Origin": "null"}, json={}) == 403
    assert status("post", {"content-type": "text/plain"}, content=b"{}") == 415
    assert status("post", {"Origin": BASE}, json={}) == 200
    page = client.get("/mathable", headers={"Sec-Fetch-Site": "cross-site"})
    assert page.status_code == 200                 # a link to the page still opens it


LONG = {"cards": "1 8 2 12 16 42 17", "by": "sim", "iterations": "100000",
        "candidates": "50", "plies": "8"}
"""A simulation that runs until its `seconds`, or the time limit."""


def test_a_run_past_the_time_limit_is_refused_and_the_worker_replaced():
    from starlette.testclient import TestClient

    pool = ready(pool_of(1, 1.0, ("mathable", "game24")))
    try:
        with TestClient(app_for(pool), base_url=BASE) as client:
            slow = client.get("/api/solve/mathable", params=LONG)
            assert slow.status_code == 400 and "within 1 s" in slow.json()["error"]
            pool.seconds = 60.0
            after = client.get("/api/solve/game24", params={"cards": "3 3 8 8"})
            assert after.status_code == 200 and after.json()["reachable"]
    finally:
        pool.close()


def _client(pool):
    """A test client whose requests each run in an event loop of their own (no shared
    portal), as requests from several threads at once need."""
    from starlette.testclient import TestClient

    return TestClient(app_for(pool), base_url=BASE)


def _in_background(client, params: dict) -> threading.Thread:
    thread = threading.Thread(target=client.get, args=("/api/solve/mathable",),
                              kwargs={"params": params})
    thread.start()
    time.sleep(0.3)
    return thread


def test_cheap_requests_are_answered_while_an_expensive_one_runs():
    pool = ready(pool_of(2, 30.0, ("mathable", "game24")))
    try:
        client = _client(pool)
        expensive = _in_background(client, {**LONG, "seconds": "4"})
        start = time.monotonic()
        cheap = client.get("/api/solve/game24", params={"cards": "3 3 8 8"})
        assert cheap.status_code == 200 and time.monotonic() - start < 2
        assert expensive.is_alive()
        expensive.join()
    finally:
        pool.close()


def test_a_request_that_waits_past_the_limit_is_told_the_server_is_busy():
    pool = ready(pool_of(1, 3.0, ("mathable", "game24")))
    try:
        client = _client(pool)
        running = _in_background(client, {**LONG, "seconds": "2.5"})
        waiting = _in_background(client, {**LONG, "seconds": "2.5"})
        busy = client.get("/api/solve/game24", params={"cards": "3 3 8 8"})
        assert busy.status_code == 503 and int(busy.headers["retry-after"]) > 0
        assert busy.json()["error"].startswith("busy")
        running.join()
        waiting.join()
    finally:
        pool.close()


def test_a_cold_kernel_cache_is_compiled_before_the_first_request_not_during_it(
        tmp_path, monkeypatch):
    """With an empty kernel cache and a one-second limit, the first request waits for
    the warm-up and is answered: no worker compiles on a request's time."""
    from starlette.testclient import TestClient

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    pool = pool_of(1, 1.0, ("game24",))
    try:
        assert pool.warming() == ["game24"]
        with TestClient(app_for(pool), base_url=BASE) as client:
            assert client.get("/api/status").json() == {"ready": False,
                                                        "warming": ["game24"]}
            first = client.get("/api/solve/game24", params={"cards": "3 3 8 8"})
            assert first.status_code == 200, first.text
            assert client.get("/api/status").json()["ready"]
    finally:
        pool.close()
    assert any(tmp_path.rglob("*.nbi"))                     # the kernels were cached


def test_the_board_and_a_pasted_position(client):
    board = client.get("/api/board/mathable").json()
    assert board["size"] == 14 and len(board["squares"]) == 14
    assert board["start"] == {"G7": 1, "H7": 2, "G8": 3, "H8": 4}
    read = client.post("/api/position/mathable", json={"text": POSITION}).json()
    assert read["rack"] == [8, 42, 17, 11, 5, 9, 30]
    assert read["cells"]["E8"] == 21 and "G7" not in read["cells"]
    assert client.post("/api/position/mathable", json={"text": "rack: x"}).status_code == 400
    assert client.post("/api/position/mathable", json={"txt": "x"}).status_code == 400


def test_serve_without_its_extra_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    result = CliRunner().invoke(eureka, ["serve"])
    assert result.exit_code == 2
    assert "pip install 'eureka-solver[serve]'" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("args, message", [
    (["--workers", "64"], "more than the"),
    (["--timeout", "nan"], "timeout"),
    (["--timeout", "inf"], "timeout"),
    (["--timeout", "0"], "timeout"),
    (["--workers", "0"], "workers"),
])
def test_serve_refuses_bad_options_in_one_line(args, message):
    result = CliRunner().invoke(eureka, ["serve", *args])
    assert result.exit_code == 2, result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_the_hosts_a_server_answers_for():
    from eureka.cli.serve.guard import hosts

    loopback = {"127.0.0.1:8765", "localhost:8765", "[::1]:8765"}
    assert hosts("127.0.0.1", 8765) == hosts("localhost", 8765) == loopback
    assert hosts("10.1.2.3", 8765) == {"10.1.2.3:8765"}
    everywhere = hosts("0.0.0.0", 8765)
    assert loopback < everywhere and "0.0.0.0:8765" not in everywhere
    assert "localhost" in hosts("127.0.0.1", 80)          # port 80 may go unwritten
