"""The search by connected sets (components.py) against the plain search over every set:
the same best turns, by score and by equity, on positions of the five CAVA 2024 games
with racks of their unseen tokens, small ones favoured (they fit almost anywhere)."""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from eureka.errors import SearchTooLarge
from eureka.mathable import arrays, components, ranking
from eureka.mathable.board import START
from eureka.mathable.legality import Placement
from eureka.mathable.lines import N_CELLS
from eureka.mathable.position import Position
from eureka.mathable.record import read
from tests.mathable.test_bound import real_boards
from tests.paths import EXAMPLES


@st.composite
def real_positions(draw, most: int = 8):
    """The board before some turn of a CAVA game, and a rack of 3–`most` unseen tokens,
    only small ones (up to 10) half the time."""
    grid = draw(real_boards())
    unseen = sorted(Position(dict(grid)).unseen().elements())
    small = [v for v in unseen if v <= 10]
    size = draw(st.integers(3, most))          # every size as often: large ones matter
    tokens = st.sampled_from(small)             # small ones fit almost anywhere
    if draw(st.booleans()):
        tokens |= st.sampled_from(unseen)
    rack = draw(st.lists(tokens, min_size=size, max_size=size))
    return grid, rack


def _as_sets(found):
    """Ranked turns with their placements as sets: two searches may write a turn's
    independent placements in different orders."""
    return [(r.total, r.score, sorted(r.placements), r.equity) for r in found]


def _both(board, rack, limit, bonus, by, bound_after):
    try:
        plain = ranking.ranked(board, rack, limit, bonus, by=by, connected=False,
                               bound_after=bound_after, max_states=10**6)
    except SearchTooLarge:
        assume(False)
    return plain, ranking.ranked(board, rack, limit, bonus, by=by, connected=True,
                                 bound_after=bound_after, max_states=10**7)


@given(real_positions(), st.integers(1, 3), st.sampled_from([0, 50]),
       st.sampled_from(["score", "equity"]), st.sampled_from([0, 10_000]))
def test_connected_search_finds_the_same_best_turns(position, limit, bonus, by, after):
    grid, rack = position
    plain, connected = _both(arrays.board_array(grid), rack, limit, bonus, by, after)
    assert _as_sets(connected) == _as_sets(plain)


@st.composite
def crowded_positions(draw):
    """The board after 8 or more turns of a CAVA game and 7–9 tokens from 1–10 (the
    hardest racks: they fit almost anywhere), whether unseen or not."""
    grid = draw(real_boards(first=8))
    size = draw(st.integers(7, 9))
    return grid, draw(st.lists(st.integers(1, 10), min_size=size, max_size=size))


@settings(max_examples=25)
@given(crowded_positions(), st.sampled_from(["score", "equity"]))
def test_connected_search_on_crowded_boards(position, by):
    grid, rack = position
    plain, connected = _both(arrays.board_array(grid), rack, 2, 50, by, 10_000)
    assert _as_sets(connected) == _as_sets(plain)


@given(real_positions(most=6), st.sampled_from([0, 50]))
def test_every_connected_turn_is_written_in_an_order_that_scores_it(position, bonus):
    """Asked for every turn (nothing bounds), each one the connected search finds is
    legal in the order it gives and scores what it says (best_turns re-scores it)."""
    grid, rack = position
    found = ranking.ranked(arrays.board_array(grid), rack, 10**6, bonus, connected=True,
                           max_states=10**7)
    plain = ranking.ranked(arrays.board_array(grid), rack, 10**6, bonus, connected=False,
                           bound_after=10**9, max_states=10**7)
    assert _as_sets(found) == _as_sets(plain)
    for r in found:
        turn = ranking._verified(grid, [Placement(*p) for p in r.placements],
                                 r.total - r.score, r.score)
        assert turn.points == r.total


def test_a_turn_whose_last_placement_joins_two_parts():
    """(4, 8)=7 joins (4, 6)=3 and the pair (5, 8)=5, (6, 8)=2, put down before it, and
    makes 7 both ways (10 − 3, 5 + 2): growing connected sets one placement at a time
    never reaches that turn in that order, the joins do.  It ties at 24 with another
    turn and comes first in reading order.  (Without joins this test fails.)"""
    grid = dict(START) | {(8, 7): 8, (9, 7): 32, (10, 7): 40, (11, 7): 72, (5, 7): 8,
                          (4, 7): 10, (3, 7): 80, (2, 7): 8, (1, 7): 10, (0, 7): 18,
                          (5, 6): 3, (5, 5): 11, (5, 4): 14}
    board = arrays.board_array(grid)
    for limit in (1, 10):
        plain, connected = _both(board, [2, 3, 5, 7], limit, 0, "score", 0)
        assert _as_sets(connected) == _as_sets(plain)
    assert sorted(plain[0].placements) == [((4, 6), 3), ((4, 8), 7), ((5, 8), 5),
                                           ((6, 8), 2)]


@given(st.dictionaries(st.integers(0, N_CELLS - 1),
                       st.lists(st.integers(1, 255), min_size=1, max_size=6), max_size=4))
def test_fits_says_whether_a_set_around_a_square_keeps_clear_of_its_blocked_squares(around):
    """components._fits against its definition, on lists of sets around a few squares
    (their arms, split between two token multisets)."""
    subsets = 2
    count = np.zeros(N_CELLS * subsets + 1, dtype=np.int64)
    arms = []
    for q, held in sorted(around.items()):
        count[q * subsets + 1] = len(held) // 2
        count[q * subsets + 2] = len(held) - len(held) // 2
        arms += held
    fits = components._fits(np.cumsum(count), np.array(arms, dtype=np.int64), subsets)
    assert not fits[[q for q in range(N_CELLS) if q not in around]].any()
    for q, held in around.items():
        assert list(fits[q]) == [any(v & b == 0 for v in held) for b in range(256)]


def test_twelve_tokens_by_connected_sets_on_the_rulebook_board():
    """Twelve tokens are searched by connected sets by default, within a budget the
    plain search overruns fifteenfold, and the answer is verified."""
    grid = dict(START)
    for play in read(EXAMPLES / "mathable_rulebook.txt").plays:
        grid.update((p.cell, p.value) for p in play.placements)
    rack = [*range(1, 11), 1, 2]
    with pytest.raises(SearchTooLarge):
        ranking.best_turns(grid, rack, max_states=200_000, connected=False)
    best = ranking.best_turns(grid, rack, max_states=200_000)
    assert len(best) == 1 and best[0].points == 103
