"""The branch and bound on real boards: bounding from the first set on gives the same best
turns as the search that prunes nothing (asked for every turn), on positions of the five
CAVA 2024 games with racks of their unseen tokens, small ones favoured (they fit almost
anywhere, so they make the largest searches)."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka.benchmarks.mathable_bound import fresh_caps
from eureka.errors import SearchTooLarge
from eureka.mathable import arrays, bound, caps, lines, moves, ranking, search, singles
from eureka.mathable.board import START
from eureka.mathable.bound import SCRATCH
from eureka.mathable.position import Position
from eureka.mathable.record import read
from tests.paths import DATA, EXAMPLES

CAVA = DATA / "mathable" / "cava2024"
GAMES = [read(CAVA / folder / f"{game}_turns.txt")
         for folder, game in (("train", 1), ("train", 2), ("train", 3), ("train", 4),
                              ("fake_test", 1))]


@st.composite
def real_boards(draw, first: int = 0):
    """The board before some turn (the first turn or later) of a CAVA game."""
    record = draw(st.sampled_from(GAMES))
    grid = dict(START)
    for play in record.plays[:draw(st.integers(first, len(record.plays)))]:
        grid.update((p.cell, p.value) for p in play.placements)
    return grid


@st.composite
def real_positions(draw):
    """The board before some turn of a CAVA game, and a rack of 2–5 unseen tokens."""
    grid = draw(real_boards())
    unseen = sorted(Position(dict(grid)).unseen().elements())
    small = [v for v in unseen if v <= 10]
    rack = draw(st.lists(st.sampled_from(small) | st.sampled_from(unseen), min_size=2,
                         max_size=5))
    return grid, rack


def every_turn(board, rack, bonus):
    """Every turn, unpruned: asked for more turns than exist, nothing bounds."""
    return ranking.ranked(board, rack, 10**6, bonus, bound_after=10**9)


@given(real_positions(), st.integers(1, 4), st.sampled_from([0, 50]))
def test_bounded_search_keeps_the_best_turns(position, limit, bonus):
    grid, rack = position
    board = arrays.board_array(grid)
    everything = every_turn(board, rack, bonus)
    bounded = ranking.ranked(board, rack, limit, bonus, bound_after=0)
    assert bounded == everything[:limit]
    # The verified turns agree too (re-scored by the plain-Python scorer).
    turns = ranking.best_turns(grid, rack, limit, bonus, bound_after=0)
    assert [t.points for t in turns] == [r.total for r in everything[:limit]]


@given(real_positions(), st.data())
def test_caps_kept_up_to_date_bound_the_fresh_ones(position, data):
    """A set's caps taken from its parent's and raised around the new placement
    (caps_around) are at least the caps computed afresh on its board."""
    grid, rack = position
    board = arrays.board_array(grid)
    vals, counts = arrays.rack_arrays(rack)
    cand = lines.fill_cand(board, arrays.SQ_OP)
    cells, idx, _ = moves.single_moves(board, arrays.SQ_OP, arrays.AWARD, cand, vals)
    if cells.size == 0:
        return
    i = data.draw(st.integers(0, cells.size - 1))
    one = np.zeros((lines.MAX_TOKEN + 1, 5, vals.size), dtype=bool)
    two = np.zeros((5, vals.size), dtype=bool)
    caps.fill_tables(vals, counts.copy(), one, two)
    r = len(rack)
    parent = fresh_caps(board, vals, counts, (), (one, two))
    left = counts.copy()
    left[idx[i]] -= 1
    board[cells[i]] = vals[idx[i]]
    lines.refresh_around(board, arrays.SQ_OP, cand, cells[i])
    kept = parent.copy()
    slot = np.full(lines.MAX_TOKEN + 1, -1, dtype=np.int64)
    slot[vals] = np.arange(vals.size)
    n0, n1 = np.zeros(vals.size, dtype=np.int64), np.zeros(vals.size, dtype=np.int64)
    caps.caps_around(board, arrays.SQ_OP, arrays.AWARD, cand, left, slot, r - 1, one,
                        two, kept, cells[i], n0, n1)
    fresh = fresh_caps(board, vals, left, (cells[i] * 16 + idx[i],), (one, two))
    assert (kept[:, :r - 1] >= fresh[:, :r - 1])[left > 0].all()


def test_bound_never_below_what_the_tokens_add():
    """order_bound with a set's own caps is at least what its best turn scores."""
    grid = dict(START)
    for play in GAMES[2].plays[:12]:
        grid.update((p.cell, p.value) for p in play.placements)
    board = arrays.board_array(grid)
    rack = [1, 2, 3, 4, 5]
    vals, counts = arrays.rack_arrays(rack)
    cap = fresh_caps(board, vals, counts, ())
    most = bound.order_bound(vals, counts, cap, 0, 0, np.zeros(SCRATCH, dtype=np.int64))
    best = every_turn(board, rack, 0)[0]
    assert best.total <= most


def test_a_search_past_its_budget_is_refused_in_one_line():
    """Twelve small tokens on the rulebook game's board: far more sets than the budget,
    so the search stops at the budget and says what to do."""
    grid = dict(START)
    for play in read(EXAMPLES / "mathable_rulebook.txt").plays:
        grid.update((p.cell, p.value) for p in play.placements)
    rack = [*range(1, 11), 1, 2]
    with pytest.raises(SearchTooLarge) as refused:
        ranking.best_turns(grid, rack, max_states=20_000)
    message = str(refused.value)
    assert "\n" not in message and "more than 20,000 sets" in message
    assert "search fewer tokens" in message
    assert ranking.best_turns(grid, rack[:5], max_states=20_000)     # a smaller rack fits


def test_the_bound_prunes():
    """On a busy board the bounded search stores far fewer sets, with the same answer."""
    grid = dict(START)
    for play in GAMES[2].plays[:12]:
        grid.update((p.cell, p.value) for p in play.placements)
    vals, counts = arrays.rack_arrays([1, 2, 3, 4, 5, 6, 7])
    runs = [search.best_sets(arrays.board_array(grid), arrays.SQ_OP, arrays.AWARD, vals,
                              counts, 50, 1, 10**7, after) for after in (0, 10**9)]
    (bounded, best), (unbounded, everything) = runs
    assert 0 < 2 * bounded < unbounded
    assert best[:, :3].tolist() == everything[:, :3].tolist() == [[107, 57, 7]]


def test_the_work_counts_every_placement_tried():
    """A one-token search tries each legal placement once; a refused search still
    reports its work; a bounded search tries fewer placements than the full one."""
    board = arrays.board_array(dict(START))
    work = []
    ranking.ranked(board, [12], work=work)
    assert work == [len(singles.single_placements(dict(START), [12]))] and work[0] > 0
    grid = dict(START)
    for play in GAMES[2].plays[:12]:
        grid.update((p.cell, p.value) for p in play.placements)
    board, rack = arrays.board_array(grid), [1, 2, 3, 4, 5, 6, 7]
    with pytest.raises(SearchTooLarge):
        ranking.ranked(board, rack, max_states=1_000, work=work)
    ranking.ranked(board, rack, bound_after=0, work=work)
    ranking.ranked(board, rack, max_states=10**7, bound_after=10**9, work=work)
    refused, bounded, full = work[1:]
    assert 1_000 <= refused < full and 0 < 2 * bounded < full
