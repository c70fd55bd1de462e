"""The JSON API answers with the document the command prints with --json, and refuses
bad input with HTTP 400 and one line, never a 500."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from eureka.cli.main import eureka
from eureka.cli.serve.calls import RequestError, call

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
POSITION = (EXAMPLES / "mathable_position.txt").read_text()
RECORD = (EXAMPLES / "mathable_rulebook.txt").read_text()
REVIEW = (EXAMPLES / "mathable_review.txt").read_text()

SERVED = [   # (verb, game, parameters): a request for every command served
    ("solve", "pitagoras", {"cards": "2 7 6 12 15", "target": "32", "limit": "3"}),
    ("solve", "pitagoras", {"cards": ["2", "7", "6"], "target": "31", "pow": "true"}),
    ("solve", "countdown", {"cards": "25 50 75 100 3 6", "target": "952", "simplest": "1"}),
    ("solve", "game24", {"cards": "3 3 8 8"}),
    ("solve", "numbers", {"cards": "1 2 3", "target": "7", "ops": "+*"}),
    ("solve", "arithmetikus", {"cards": "3 5 7 9 J", "target": "24", "limit": "5"}),
    ("solve", "mathable", {"cards": "1 8 2 12 16 42 17", "limit": "2", "board": "false"}),
    ("solve", "mathable", {"position": "-", "input": POSITION, "by": "equity"}),
    ("solve", "arquimedes", {"top": "3", "hand": "2 5 7 12 K"}),
    ("solve", "arvuutin", {"cards": "2 3 5 7", "guess": "20"}),
    ("check", "pitagoras", {"equation": "7*6-12+2", "cards": "2 7 6 12 15", "target": "32"}),
    ("check", "countdown", {"equation": "100*9", "cards": "25 50 75 100 3 6",
                            "target": "952"}),
    ("check", "game24", {"equation": "8/(3-8/3)", "cards": "3 3 8 8"}),
    ("check", "numbers", {"equation": "1+2*3", "cards": "1 2 3", "target": "7"}),
    ("check", "arithmetikus", {"combination": "9+7+J(6)+5-3", "cards": "3 5 7 9 J",
                               "target": "24"}),
    ("check", "mathable", {"claim": "I8=12 H6=8 G9=2", "cards": "1 8 2 12 16 42 17"}),
    ("check", "mathable", {"claim": "I8=13", "cards": "1 8 2 12 16 42 17"}),
    ("check", "mathable", {"claim": "-", "review": "true", "input": REVIEW}),
    ("check", "arquimedes", {"play": "3+2=5", "top": "3", "cards": "2 5 7 12 K"}),
    ("check", "arquimedes", {"play": "3+2=7", "top": "3", "cards": "2 5 7 12 K"}),
    ("check", "arvuutin", {"answer": "63", "played": "P1=40,20 P2=30,9,20",
                           "marker": "x2"}),
    ("score", "mathable", {"record": "-", "input": RECORD}),
    ("score", "arithmetikus", {"record": "-",
                               "input": (EXAMPLES / "arithmetikus_game.txt").read_text()}),
    ("score", "arquimedes", {"record": "-",
                             "input": (EXAMPLES / "arquimedes_game.txt").read_text()}),
    ("score", "arvuutin", {"levels": "A=3 B=4 C=1 D=2 E=5", "won": ["A=2", "B=3"],
                           "hidden": "A B"}),
    ("hint", "pitagoras", {"cards": "2 7 6 12 15", "target": "32", "level": "2"}),
    ("hint", "countdown", {"cards": "25 50 75 100 3 6", "target": "952"}),
    ("hint", "game24", {"cards": "3 3 8 8", "level": "3"}),
    ("hint", "numbers", {"cards": "1 2 3", "target": "7"}),
    ("hint", "arithmetikus", {"cards": "3 5 7 9 J", "target": "24", "level": "3"}),
]


def _as_query(params: dict) -> dict:
    return {k: v if isinstance(v, list) else [v] for k, v in params.items()}


def _cli_document(verb, game, params):
    line = call(verb, game, _as_query(params))
    result = CliRunner().invoke(eureka, list(line.argv), input=line.stdin)
    return result.exit_code, result.stdout


@pytest.mark.parametrize("verb, game, params", SERVED,
                         ids=[f"{v}-{g}-{i}" for i, (v, g, _) in enumerate(SERVED)])
def test_the_api_answers_what_the_command_prints(client, verb, game, params):
    code, printed = _cli_document(verb, game, params)
    assert code in (0, 1), printed
    expected = json.loads(printed)
    by_post = client.post(f"/api/{verb}/{game}", json=params)
    assert by_post.status_code == 200, by_post.text
    assert by_post.json() == expected
    assert by_post.json()["schema"] == expected["schema"]
    if "input" not in params:                       # short enough for a query string
        by_get = client.get(f"/api/{verb}/{game}", params=_as_query(params))
        assert by_get.status_code == 200 and by_get.json() == expected


BAD = [   # (path, parameters, words the error must name)
    ("/api/solve/pitagoras", {"cards": "2 7 99", "target": "32"}, "99"),
    ("/api/solve/pitagoras", {"cards": "2 7", "target": "-5"}, "target"),
    ("/api/solve/pitagoras", {"cardz": "2 7", "target": "5"}, "cardz"),
    ("/api/solve/pitagoras", {"cards": "2 7", "target": "5", "pow": "maybe"}, "flag"),
    ("/api/solve/chess", {}, "chess"),
    ("/api/analyze/countdown", {}, "analyze"),
    ("/api/solve/mathable", {"position": "/etc/passwd"}, "file"),
    ("/api/solve/mathable", {"position": "-", "input": "not a board"}, ""),
    ("/api/solve/mathable", {"cards": "1 2 3 4 5 6 7 8 9 10 11 12 13"}, ""),
    ("/api/check/countdown", {"equation": "1+", "cards": "1 2", "target": "3"}, ""),
    ("/api/score/mathable", {"record": "-", "input": "P1: Z99=5"}, ""),
    ("/api/hint/game24", {"cards": "3 3 8 8", "level": "9"}, "level"),
    ("/api/solve/numbers", {"cards": "1 2", "target": "3", "batch": "x"}, "batch"),
    ("/api/solve/game24", {"cards": "--help"}, ""),
    ("/api/check/mathable", {"claim": str(EXAMPLES / "mathable_review.txt"),
                             "review": "true"}, "reads no files"),
]


@pytest.mark.parametrize("path, params, named", BAD, ids=[f"bad-{i}" for i in range(len(BAD))])
def test_bad_input_is_a_400_with_one_line(client, path, params, named):
    response = client.post(path, json=params)
    assert response.status_code == 400, response.text
    doc = response.json()
    assert doc["schema"] == "eureka.error/1" and named in doc["error"]
    assert "\n" not in doc["error"] and "Traceback" not in doc["error"]


def test_requests_that_cannot_be_read_are_refused(client):
    assert client.post("/api/solve/game24", content=b"{not json",
                       headers={"content-type": "application/json"}).status_code == 400
    assert client.post("/api/solve/game24", json=[1, 2]).status_code == 400
    big = client.post("/api/solve/game24", content=b"x" * (300 * 1024))
    assert big.status_code == 413 and "KB" in big.json()["error"]
    assert client.get("/api/nothing").status_code == 404
    assert client.delete("/api/solve/game24").status_code == 405


def test_a_request_past_the_time_limit_is_refused_and_the_worker_replaced():
    from starlette.testclient import TestClient

    from eureka.cli.serve.app import application
    from eureka.cli.serve.workers import Workers

    pool = Workers(1, 1.0)
    try:
        with TestClient(application(pool)) as client:
            slow = client.get("/api/solve/mathable", params={
                "cards": "1 8 2 12 16 42 17", "by": "sim", "iterations": "100000",
                "candidates": "20"})
            assert slow.status_code == 400 and "within 1 s" in slow.json()["error"]
            pool.seconds = 60.0
            after = client.get("/api/solve/game24", params={"cards": "3 3 8 8"})
            assert after.status_code == 200 and after.json()["reachable"]
    finally:
        pool.close()


def test_the_board_and_a_pasted_position(client):
    board = client.get("/api/board/mathable").json()
    assert board["size"] == 14 and len(board["squares"]) == 14
    assert board["start"] == {"G7": 1, "H7": 2, "G8": 3, "H8": 4}
    read = client.post("/api/position/mathable", content=POSITION.encode()).json()
    assert read["rack"] == [8, 42, 17, 11, 5, 9, 30]
    assert read["cells"]["E8"] == 21 and "G7" not in read["cells"]
    wrong = client.post("/api/position/mathable", content=b"rack: x")
    assert wrong.status_code == 400


def test_a_request_is_a_command_line():
    line = call("solve", "mathable", {"cards": ["1 8", "2"], "board": ["false"],
                                      "position": ["-"], "input": ["{}"]})
    assert line.argv == ("solve", "mathable", "--cards", "1", "--cards", "8", "--cards",
                         "2", "--no-board", "--position", "-", "--json", "--")
    assert line.stdin == "{}"
    assert call("check", "game24", {"equation": ["-3+27"], "cards": ["3"]}).argv[-1] == "-3+27"
    with pytest.raises(RequestError, match="no file names"):
        call("score", "mathable", {"record": ["game.txt"]})


def test_serve_without_its_extra_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "uvicorn", None)
    result = CliRunner().invoke(eureka, ["serve"])
    assert result.exit_code == 2
    assert "pip install 'eureka-solver[serve]'" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
