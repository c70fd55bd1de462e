"""`/api/play/mathable`: a game against the bot through the API, as the Play page plays
it: started, moved, refused, looked at; hidden information absent until the end (the
games kept: tests/serve/test_store_api.py)."""

import random

import pytest

from eureka.mathable.board import SQUARES, parse_cell
from eureka.mathable.singles import single_placements
from tests.schema_check import assert_valid

pytest.importorskip("starlette")

JSON_POST = {"content-type": "application/json"}


def _post(client, path, body, status=200):
    answer = client.post(path, json=body, headers=JSON_POST)
    assert answer.status_code == status, answer.text
    return assert_valid(answer.json())


def _grid(state):
    return {parse_cell(cell): value for cell, value in state["cells"].items()}


@pytest.mark.parametrize("level", ["beginner", "casual", "strong", "expert"])
def test_a_whole_game_plays_through_the_api(client, level):
    state = _post(client, "/api/play/mathable",
                  {"against": level, "seed": 12, "first": "you"})
    key, rng = state["id"], random.Random(12)
    assert client.get(f"/api/play/mathable/{key}").json() == state
    while not state["over"]:
        assert "record" not in state and "left" not in state
        assert all(isinstance(t["drawn"], int) for t in state["turns"]
                   if t["player"] == "eureka")
        options = single_placements(_grid(state), state["rack"])
        options = [o for o in options if SQUARES[o.placement.cell].op] or options
        if state["turn_open"]:
            move = {"end": True}
        elif options:
            move = {"turn": rng.choice(options).placement.text()}
        elif state["bag"]:
            move = {"exchange": state["rack"][:state["bag"]]}
        else:
            move = {"pass": True}
        state = _post(client, f"/api/play/mathable/{key}", move)
    scored = _post(client, "/api/score/mathable", {"record": state["record"]})
    assert scored["valid"]
    assert {p: scored["final"][p] for p in ("you", "eureka")} == state["final"]


def test_a_refused_move_is_one_line_and_changes_nothing(client):
    state = _post(client, "/api/play/mathable", {"against": "casual", "seed": 3,
                                                 "first": "you"})
    path = f"/api/play/mathable/{state['id']}"
    for body in ({"turn": "A1=1000"}, {"exchange": [1000]}, {"pass": True}, {"end": True},
                 {"turn": 5}, {"hint": "luck"}, {"turn": "I8=1", "pass": True}, {}):
        refused = _post(client, path, body, 400)
        assert refused["schema"] == "eureka.error/1" and "\n" not in refused["error"]
    for text in ('{"turn": "I8=1\\ud800"}', '{"\\udfff": true}'):    # JSON, not text
        refused = client.post(path, content=text, headers=JSON_POST)
        assert refused.status_code == 400 and "lone surrogate" in refused.json()["error"]
    assert client.get(path).json() == state
    hinted = _post(client, path, {"hint": "equity"})
    assert hinted["hint"]["by"] == "equity" and hinted["hints"] == 1


def test_bad_starts_and_unknown_games_are_refused(client):
    for body in ({"against": "grandmaster"}, {"seed": -1}, {"seed": True},
                 {"first": "them"}, {"colour": "red"}):
        _post(client, "/api/play/mathable", body, 400)
    assert client.get("/api/play/mathable/nothing-here").status_code == 404
    _post(client, "/api/play/mathable/nothing-here", {"pass": True}, 404)


def test_a_race_plays_through_the_api(client):
    from eureka.pitagoras import GAME as PITAGORAS

    state = _post(client, "/api/play/pitagoras", {"against": "beginner", "seed": 4})
    path = f"/api/play/pitagoras/{state['id']}"
    assert state["schema"] == "eureka.pitagoras.race/1" and not state["turns"]
    wrong = _post(client, path, {"shout": "1000+1"})
    assert wrong["turns"][-1]["right"] is False and wrong["piles"]["eureka"] == 1
    answer = PITAGORAS.solve(state["cards"], state["target"], best=True).best[0]
    right = _post(client, path, {"shout": answer.text})
    assert right["turns"][-1] == {**right["turns"][-1], "player": "you", "right": True}
    assert right["piles"]["you"] == len(answer.cards)
    assert client.get(path).json()["piles"] == right["piles"]
    for body in ({"shout": 5}, {"answer": "1+2"}, {}):
        _post(client, path, body, 400)
    for body in ({"against": "grandmaster"}, {"die": "green"}, {"first": "you"}):
        _post(client, "/api/play/pitagoras", body, 400)
