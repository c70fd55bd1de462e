"""The compiled Mathable search against the brute force of tests/oracle/mathable.py."""

from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from eureka.mathable import arrays, legality, lines, ranking, singles
from eureka.mathable.legality import Placement
from tests.oracle import mathable as oracle

MAX_VALUE = 90


def legal_moves(grid: dict) -> list:
    """Every legal (cell, value) with a value 0–90: candidates are what the pairs next
    to a square make, kept when the oracle says the placement is legal."""
    moves = set()
    for r, c in oracle.frontier(grid):
        for dr, dc in oracle.DIRECTIONS:
            a, b = grid.get((r + dr, c + dc)), grid.get((r + 2 * dr, c + 2 * dc))
            if a is None or b is None:
                continue
            for op in "+-*/":
                for v in oracle.made(a, b, op):
                    if v <= MAX_VALUE and oracle.legal(grid, (r, c), v):
                        moves.add(((r, c), v))
    return sorted(moves)


RESTRICTED = sorted(cell for cell, square in oracle.SQUARES.items() if square.op)


@st.composite
def seeds(draw):
    """START, and sometimes a few pairs of tokens in a line next to a square anywhere
    on the board (often a restriction square, or the edge), zeros common."""
    grid = oracle.start()
    if draw(st.integers(0, 2)) == 0:
        for _ in range(draw(st.integers(1, 3))):
            r, c = draw(st.sampled_from(RESTRICTED) | st.sampled_from(oracle.CELLS))
            dr, dc = draw(st.sampled_from(oracle.DIRECTIONS))
            for cell in ((r + dr, c + dc), (r + 2 * dr, c + 2 * dc)):
                if cell in oracle.SQUARES and cell not in grid:
                    grid[cell] = draw(st.just(0) | st.integers(0, 12))
    return grid


@st.composite
def played(draw, max_placed=12):
    """A seed board and a sequence of random legal placements made on it."""
    grid = draw(seeds())
    seed, sequence = dict(grid), []
    for _ in range(draw(st.integers(0, max_placed))):
        moves = legal_moves(grid)
        if not moves:
            break
        cell, v = draw(st.sampled_from(moves))
        grid[cell] = v
        sequence.append((cell, v))
    return seed, sequence


@st.composite
def positions(draw, max_rack=4):
    """A board and a rack of 1–max_rack tokens: mostly values legal somewhere on the
    board, sometimes any 0–90, repeats allowed."""
    seed, sequence = draw(played())
    grid = {**seed, **dict(sequence)}
    values = sorted({v for _, v in legal_moves(grid)})
    rack = []
    for _ in range(draw(st.integers(1, max_rack))):
        kind = draw(st.integers(0, 5))
        if kind == 0 or not values:
            rack.append(draw(st.integers(0, MAX_VALUE)))
        elif kind == 1 and rack:
            rack.append(draw(st.sampled_from(rack)))
        else:
            rack.append(draw(st.sampled_from(values)))
    return grid, rack


def every_set(grid: dict, rack, bonus=0) -> dict:
    """Every set of placements the search finds when asked for more turns than exist
    (nothing can then be pruned), with its score: {frozenset: score}."""
    found = {}
    for turn in ranking.best_turns(grid, rack, limit=10**6, bonus=bonus):
        key = frozenset((s.placement.cell, s.placement.value) for s in turn.placements)
        assert key not in found, key
        found[key] = turn.points - turn.bonus
    return found


def check_turn(grid, rack, turn, sets, bonus):
    """A returned turn: its tokens come from the rack, every placement is legal in
    order, the order scores the set's best, and legality.score_turn agrees."""
    placed = [(s.placement.cell, s.placement.value) for s in turn.placements]
    key = frozenset(placed)
    assert not Counter(v for _, v in placed) - Counter(rack)
    assert key in sets
    assert oracle.score_sequence(grid, placed) == sets[key]
    assert turn.bonus == (bonus if len(placed) == len(rack) else 0)
    rescored = legality.score_turn(dict(grid), [Placement(c, v) for c, v in placed])
    assert [s.points for s in rescored] == [s.points for s in turn.placements]
    assert sum(s.points for s in rescored) + turn.bonus == turn.points
    return key


@given(positions(), st.integers(1, 6), st.sampled_from([0, 0, 50, 7]), st.booleans())
def test_best_turns_match_oracle(position, limit, bonus, bound_now):
    grid, rack = position
    sets = oracle.all_turns(grid, rack)
    assert sets[frozenset()] == 0
    totals = {s: v + (bonus if len(s) == len(rack) else 0) for s, v in sets.items() if s}

    # Bounding from the first set on, or as the search does by default.
    turns = ranking.best_turns(grid, rack, limit=limit, bonus=bonus,
                               **({"bound_after": 0} if bound_now else {}))
    assert [t.points for t in turns] == sorted(totals.values(), reverse=True)[:limit]
    keys = [check_turn(grid, rack, t, sets, bonus) for t in turns]
    assert len(set(keys)) == len(keys)
    for key, turn in zip(keys, turns):
        assert totals[key] == turn.points
    # Equal totals: fewer placements first, then the placements in reading order.
    ranks = [(-t.points, len(t.placements), sorted((arrays.index(c), v) for c, v in key))
             for t, key in zip(turns, keys)]
    assert ranks == sorted(ranks)

    # Asked for every turn, the search finds every set with its best score.
    assert every_set(grid, rack) == {s: v for s, v in sets.items() if s}


@given(positions(max_rack=6))
def test_single_placements_match_oracle(position):
    grid, rack = position
    got = singles.single_placements(grid, rack)
    triples = [(s.placement.cell, s.placement.value, s.points) for s in got]
    assert len(set(triples)) == len(triples)
    assert set(triples) == oracle.singles(grid, rack)
    assert [s.points for s in got] == sorted((s.points for s in got), reverse=True)


@given(played(max_placed=20), st.data())
def test_refresh_around_matches_fill_cand(game, data):
    seed, sequence = game
    split = data.draw(st.integers(0, len(sequence)))
    board = arrays.board_array({**seed, **dict(sequence[:split])})
    cand = lines.fill_cand(board, arrays.SQ_OP)
    for cell, v in sequence[split:]:
        p = arrays.index(cell)
        assert board[p] == lines.EMPTY
        board[p] = v
        lines.refresh_around(board, arrays.SQ_OP, cand, p)
        fresh = lines.fill_cand(board, arrays.SQ_OP)
        empty = board == lines.EMPTY
        assert np.array_equal(cand[empty], fresh[empty])


FIRST_RACK = [1, 8, 2, 12, 16, 42, 17]
FIRST_TURN = [((7, 8), 12), ((5, 7), 8), ((8, 6), 2), ((6, 5), 1), ((7, 9), 16)]
SECOND_RACK = [7, 6, 8, 21, 3, 7, 4]
SECOND_TURN = [((7, 5), 7), ((8, 5), 6), ((8, 7), 8), ((5, 6), 4), ((8, 4), 3),
               ((7, 4), 21), ((9, 4), 7)]


def rulebook_turn(grid, rack, turn, points):
    """The rulebook's own turn scores `points` under both scorers; the search's top turns
    are the oracle's, and every set the search finds has the oracle's score."""
    assert oracle.score_sequence(grid, turn) == points
    assert sum(s.points for s in legality.score_turn(
        dict(grid), [Placement(c, v) for c, v in turn])) == points
    sets = oracle.all_turns(grid, rack)
    assert frozenset(turn) in sets
    totals = sorted((v + (50 if len(s) == len(rack) else 0)
                     for s, v in sets.items() if s), reverse=True)
    best = ranking.best_turns(grid, rack, limit=3, bonus=50)
    assert [t.points for t in best] == totals[:3]
    for t in best:
        check_turn(grid, rack, t, sets, 50)
    assert every_set(grid, rack) == {s: v for s, v in sets.items() if s}
    return best[0].points


def test_rulebook_first_turn():
    # I8=12 H6=8 G9=2 F7=1 J8=16 scores 39; the best turn does better.
    best = rulebook_turn(oracle.start(), FIRST_RACK, FIRST_TURN, 39)
    assert best >= 39


def test_rulebook_second_turn():
    # F8=7 F9=6 H9=8 G6=4 E9=3 E8=21 E10=7 scores 71 and places the whole rack (+50).
    # Its ~2000 sets also make the search grow its table.
    grid = {**oracle.start(), **dict(FIRST_TURN)}
    best = rulebook_turn(grid, SECOND_RACK, SECOND_TURN, 71)
    assert best >= 121
