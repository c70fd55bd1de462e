"""Positions: the text grid and JSON, drawing and reading back, and validation."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eureka.mathable.board import START, PositionError, cell_name, parse_cell
from eureka.mathable.position import Position, parse_json, parse_text, render, unreachable
from eureka.mathable.singles import single_placements
from eureka.mathable.tokens import token_set
from eureka.ops import to_ascii
from tests.oracle import mathable as oracle


def played(seed: int, turns: int) -> dict:
    """A board reached by random legal placements of the set's tokens (chosen with the
    oracle's rules)."""
    rng, grid, bag = random.Random(seed), dict(START), token_set(126).copy()
    for _ in range(turns):
        moves = [(c, v) for c in oracle.frontier(grid) for v in +bag
                 if oracle.legal(grid, c, v)]
        if not moves:
            break
        cell, value = rng.choice(moves)
        grid[cell] = value
        bag[value] -= 1
    return grid


@settings(max_examples=max(1, settings.default.max_examples // 4))   # whole games
@given(st.integers(0, 10**6), st.integers(0, 25), st.booleans())
def test_drawn_board_reads_back(seed, turns, ascii):
    grid = played(seed, turns)
    new = set(list(grid)[-3:])
    rack = sorted(Position(grid).unseen().elements())[-2:]
    board = to_ascii(render(grid, new)) if ascii else render(grid, new)
    pos = parse_text(board + f"\nrack P2: {rack[0]} {rack[1]}\n")
    assert pos.grid == grid and pos.others == {"P2": rack}
    assert unreachable(grid) == []


@settings(max_examples=max(1, settings.default.max_examples // 4))   # whole games
@given(st.integers(0, 10**6), st.integers(0, 25))
def test_a_token_out_of_reach_is_found(seed, turns):
    grid = played(seed, turns)
    empty = [c for c in oracle.CELLS if c not in grid]
    cell = random.Random(seed).choice(empty)
    # A value no pair next to that square can make, so it could never have gone there.
    value = next(v for v in range(91) if not oracle.completed(grid, cell, v))
    assert unreachable({**grid, cell: value}) == [cell]


def test_json_forms_agree_with_the_grid():
    grid = played(7, 12)
    cells = {cell_name(c): v for c, v in grid.items() if c not in START}
    rows = [[grid.get((r, c)) for c in range(14)] for r in range(14)]
    by_cells = parse_json(json.dumps({"cells": cells, "rack": [3], "bag": [5],
                                      "others": {"P2": [6, 7]}}))
    by_grid = parse_json(json.dumps({"grid": rows, "rack": [3]}))
    assert by_cells.grid == by_grid.grid == grid
    assert by_cells.others == {"P2": [6, 7]} and by_cells.bag == [5]
    assert sum(by_cells.unseen().values()) == 126 - (len(grid) - 4) - 1 - 2


def test_other_racks_and_bag_lines():
    text = render(dict(START)) + "\nrack: 1 2\nrack P2: 3 4\nbag: 5\nedition: 106\n"
    pos = parse_text(text)
    assert (pos.rack, pos.others, pos.bag, pos.edition) == ([1, 2], {"P2": [3, 4]}, [5],
                                                            106)


def test_score_lines_and_the_opponents_rack():
    text = render(dict(START)) + "\nrack: 1 2\nrack opp: 3 4\nscore: 120\nscore opp: 98\n"
    pos = parse_text(text)
    assert (pos.others, pos.score, pos.other_scores) == ({"opp": [3, 4]}, 120,
                                                         {"opp": 98})
    assert (parse_text(render(dict(START))).score,
            parse_text(render(dict(START))).other_scores) == (0, {})
    data = {"cells": {}, "rack": [1, 2], "others": {"opp": [3, 4]}, "score": 120,
            "other_scores": {"opp": 98}}
    assert parse_json(json.dumps(data)) == pos


def test_a_score_past_any_game_is_refused():
    pos = parse_text(render(dict(START)) + "\nscore: 1000000\n")
    assert pos.score == 1_000_000
    with pytest.raises(PositionError, match=r"^line 16: a score is at most 1,000,000 "
                                            r"\(no game of Mathable scores more\), not "
                                            r"a number of 31 digits$"):
        parse_text(render(dict(START)) + f"\nscore: {10**30}\n")
    with pytest.raises(PositionError, match=r"^line 16: .* not 2,000,000$"):
        parse_text(render(dict(START)) + "\nscore opp: 2000000\n")


@pytest.mark.parametrize("extra, message", [
    ({"score": -1}, '"score" must be a whole number'),
    ({"score": 10**30}, '"score": a score is at most 1,000,000'),
    ({"other_scores": {"opp": 1_000_001}}, '"other_scores" opp: .* not 1,000,001$'),
    ({"score": True}, '"score" must be a whole number'),
    ({"other_scores": [1]}, '"other_scores" must map'),
    ({"other_scores": {"opp": "9"}}, '"other_scores" opp must be a whole number'),
])
def test_bad_json_scores(extra, message):
    with pytest.raises(PositionError, match=message):
        parse_json(json.dumps({"cells": {}, **extra}))


def test_cells_both_ways():
    assert parse_cell("I8") == parse_cell("8I") == parse_cell("i8") == (7, 8)
    assert cell_name((13, 0)) == "A14"


@pytest.mark.parametrize("text", ["", "Z8", "I15", "I0", "8", "II8", "I8I"])
def test_bad_cells(text):
    with pytest.raises(PositionError, match="is not a cell"):
        parse_cell(text)


BOARD = render(dict(START))


@pytest.mark.parametrize("text, message", [
    (BOARD + "\nrack: 1 x", "expected token values"),
    (BOARD + "\nrack P2: 1 2 3 4 5 6 7 8", "a holder has 7 between turns"),
    (BOARD + "\nrack: " + " ".join(["1"] * 13), "a rack of 13 tokens"),
    (BOARD + "\nrack: 90\nbag: 90", "2 tokens of 90"),
    (BOARD + "\nrack: 0 0\nedition: 106", "106-token set has 1"),
    (BOARD + "\nrack: 91", "rack: 91 is not a Mathable token"),
    (BOARD + "\nturn: 3", "unknown entry 'turn'"),
    (BOARD + "\nscore P2 P3: 3", "unknown entry 'score P2 P3'"),
    (BOARD + "\nscore: 3 4", "a score is one whole number"),
    (BOARD + "\nscore: -3", "expected a whole number"),
    (BOARD + "\nedition: 100", "no Mathable edition has 100 tokens"),
    (BOARD.replace(" 1 ", " 1 . ", 1), "a board row needs 14 squares"),
])
def test_bad_positions(text, message):
    with pytest.raises(Exception, match=message) as e:
        parse_text(text)
    assert isinstance(e.value, ValueError) and "\n" not in str(e.value)


@pytest.mark.parametrize("data, message", [
    ("[", "not valid JSON"),
    ('{"rack": [1]}', 'with "grid" or "cells"'),
    ('{"grid": [[1]]}', "14 rows of 14"),
    ('{"cells": {"I8": 12}, "rack": 5}', '"rack" must be a list'),
    ('{"cells": {"I8": 12}, "others": {"P2": "x"}}', "must be a list"),
    ('{"cells": {"A1": 5}}', "no legal sequence"),
])
def test_bad_json_positions(data, message):
    with pytest.raises(PositionError, match=message):
        parse_json(data)


def test_single_placements_on_a_played_board_are_legal_for_the_oracle():
    grid = played(3, 20)
    rack = [0, 1, 2, 3, 4, 5, 6]
    for s in single_placements(grid, rack):
        cell, value = s.placement.cell, s.placement.value
        assert oracle.legal(grid, cell, value)
        assert s.points == oracle.points(grid, cell, value)
    assert Position(grid, rack).validate().rack == rack
