"""`/api/play/mathable` as the rulebook plays it: the draw on a restriction square is the
mover's choice, a hint sent back as given scores its points, and 3 or 4 seats (bots of
several levels, friends at one screen) play to the end."""

import random

import pytest

from eureka.mathable.board import SQUARES, parse_cell
from eureka.mathable.singles import single_placements
from tests.serve.test_play_api import _post

pytest.importorskip("starlette")


def _options(state, restricted=False):
    grid = {parse_cell(cell): value for cell, value in state["cells"].items()}
    options = single_placements(grid, state["rack"])
    return [o for o in options if SQUARES[o.placement.cell].op] if restricted else options


def _simple_move(state, rng):
    options = _options(state)
    if state["turn_open"]:
        return {"end": True}
    if options:
        return {"turn": rng.choice(options).placement.text(), "draw": rng.random() < 0.5}
    if state["can_exchange"]:
        return {"exchange": state["rack"][:1]}
    assert state["can_pass"]
    return {"pass": True}


def test_the_draw_is_yours_and_a_hint_played_as_given_scores_its_points(client):
    rng = random.Random(5)
    state = _post(client, "/api/play/mathable", {"against": "beginner", "seed": 5,
                                                 "first": "you"})
    path = f"/api/play/mathable/{state['id']}"
    declined = hinted = 0
    while not state["over"]:
        restricted = _options(state, restricted=True)
        if restricted and state["bag"] and not state["turn_open"] and declined < 2:
            mine = len([t for t in state["turns"] if t["player"] == "you"])
            state = _post(client, path, {"turn": restricted[0].placement.text(),
                                         "draw": False})
            turns = [t for t in state["turns"] if t["player"] == "you"]
            assert len(turns) == mine + 1 and turns[-1]["drawn"] == []
            declined += 1
        elif rng.random() < 0.5:
            state = _post(client, path, {"hint": "score"})
            hint = state["hint"]
            if hint is None:
                state = _post(client, path, _simple_move(state, rng))
                continue
            assert len(hint["draw"]) == len(hint["placements"].split())
            mine = [t["points"] for t in state["turns"] if t["player"] == "you"]
            was_open = state["turn_open"]
            state = _post(client, path, {"turn": hint["placements"], "draw": hint["draw"]})
            if not state["turn_open"]:
                hinted += 1
                turns = [t["points"] for t in state["turns"] if t["player"] == "you"]
                assert len(turns) == len(mine) + 1
                if not was_open:
                    assert turns[-1] == hint["points"]
        else:
            state = _post(client, path, _simple_move(state, rng))
    assert declined == 2 and hinted > 3
    scored = _post(client, "/api/score/mathable", {"record": state["record"]})
    assert scored["valid"] and {p: scored["final"][p] for p in state["final"]} == state["final"]


def test_a_bad_draw_choice_is_one_line_and_changes_nothing(client):
    state = _post(client, "/api/play/mathable", {"against": "casual", "seed": 3,
                                                 "first": "you"})
    path = f"/api/play/mathable/{state['id']}"
    for body in ({"turn": "I8=12", "draw": "yes"}, {"turn": "I8=12", "draw": [True, 1]},
                 {"pass": True, "draw": False}, {"hint": 1}, {"exchange": True}):
        refused = _post(client, path, body, 400)
        assert "\n" not in refused["error"]
    assert client.get(path).json() == state


@pytest.mark.parametrize("start", [{"against": ["beginner", "casual"], "seed": 8},
                                   {"against": [], "people": 2, "names": ["Ann", "Bo"],
                                    "seed": 8, "first": "Bo"}])
def test_three_seats_and_friends_at_one_screen_play_to_the_end(client, start):
    rng = random.Random(8)
    state = _post(client, "/api/play/mathable", start)
    path = f"/api/play/mathable/{state['id']}"
    people = [s["name"] for s in state["seats"] if s["kind"] == "person"]
    assert len(state["seats"]) == len(people) + len(start["against"])
    if "first" in start:
        assert state["to_move"] == start["first"]
    while not state["over"]:
        assert state["to_move"] == state["viewer"] in people
        assert "record" not in state
        state = _post(client, path, _simple_move(state, rng))
    assert set(state["final"]) == {s["name"] for s in state["seats"]}
    scored = _post(client, "/api/score/mathable", {"record": state["record"]})
    assert scored["valid"] and scored["final"] == state["final"]


def test_tables_the_rules_do_not_allow_are_refused(client):
    for body in ({"against": ["casual"] * 4}, {"against": [], "people": 1},
                 {"against": "casual", "people": 5}, {"against": [1]},
                 {"against": [], "people": 2, "names": ["A b", "C"]},
                 {"against": [], "people": 2, "names": "Ann"}, {"first": 3}):
        refused = _post(client, "/api/play/mathable", body, 400)
        assert "\n" not in refused["error"]
