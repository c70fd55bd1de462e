"""The shared-parts kernel of the Countdown table (eureka.analysis.reach) against the
values kernel (itself checked against the oracle) and the engine, and the vectorised
table writing against the per-row functions it replaces."""

from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka import deck
from eureka.analysis import countdown, tables
from eureka.analysis.counting import hand_ways
from eureka.analysis.reach import prepare, reach_of
from eureka.analysis.values import most_cards
from eureka.countdown import rules as countdown_rules
from eureka.numbers.engine import HandSearch


@st.composite
def decks_and_hands(draw):
    """(values, copies, lo, hi, hands): a deck of small cards, a window of targets at
    or above every card, and some hands of six of its cards."""
    values = sorted(draw(st.sets(st.integers(1, 30), min_size=1, max_size=6)))
    copies = [draw(st.integers(1, 3)) for _ in values]
    if sum(copies) < 6:
        copies[-1] += 6 - sum(copies)
    lo = draw(st.integers(values[-1], 120))
    hi = lo + draw(st.integers(0, 400) | st.just(0))
    pile = [v for v, c in zip(values, copies) for _ in range(c)]
    picks = st.lists(st.integers(0, len(pile) - 1), min_size=6, max_size=6, unique=True)
    hands = [sorted(pile[i] for i in draw(picks)) for _ in range(draw(st.integers(1, 4)))]
    return (np.array(values), np.array(copies), lo, hi, np.array(hands, dtype=np.int64))


@given(decks_and_hands())
def test_reach_matches_the_values_kernel(case):
    values, copies, lo, hi, hands = case
    reach = reach_of(hands, values, copies, lo, hi, *prepare(values, copies, lo, hi))
    for hand, row in zip(hands, reach):
        assert np.array_equal(row, most_cards(hand, lo, hi, True, 10**18, False) > 0), hand


@given(st.integers(0, 13_242))
def test_countdown_reach_matches_the_engine(i):
    hand = countdown.selections()[i:i + 1]
    row = countdown.reach(hand)[0]
    search = HandSearch(hand[0].tolist(), countdown_rules())
    assert (100 + np.nonzero(row)[0]).tolist() == [t for t in range(100, 1000)
                                                  if search.reaches(t)]


def test_a_card_above_the_targets_is_refused():
    values, copies = np.array([1, 200]), np.array([5, 1])
    with pytest.raises(ValueError, match="cards above the lowest target"):
        prepare(values, copies, 100, 999)


@given(st.lists(st.lists(st.booleans(), min_size=5, max_size=5), min_size=1,
                max_size=6), st.integers(0, 200))
def test_runs_per_row_are_the_runs_of_each_row(rows, first):
    table = np.array(rows, dtype=np.bool_)
    expected = [deck.describe(Counter((first + np.nonzero(r)[0]).tolist())) if r.any()
                else "" for r in table]
    assert tables.runs_per_row(table, first) == expected


@given(st.dictionaries(st.integers(0, 9), st.integers(1, 3), min_size=1, max_size=5),
       st.integers(1, 6))
def test_ways_of_every_hand_at_once(counts, size):
    cards = Counter(counts)
    found = deck.hands(cards, size)
    if found:
        assert hand_ways(cards, np.array(found)).tolist() == [deck.ways(cards, h)
                                                               for h in found]
