"""The analysis sweeps: the values kernel against the oracle, the Countdown table
against the engine, and resumable shards."""

import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka import deck, pitagoras
from eureka.analysis import countdown, plots, shards
from eureka.analysis import pitagoras as pitagoras_odds
from eureka.analysis.values import most_cards, sweep, sweep_fractions
from eureka.countdown import rules as countdown_rules
from eureka.errors import EurekaError
from eureka.numbers.engine import HandSearch
from eureka.numbers.rules import Rules
from eureka.numbers.solve import most_cards as engine_most_cards
from tests.oracle import fractions as fraction_oracle
from tests.oracle import numbers as oracle


def oracle_most_cards(cards, rules, lo, hi) -> dict:
    """{target: the most cards of any admitted form making it}, by brute force."""
    most = {}
    for mask, forms in oracle.all_forms(cards, rules).items():
        for form, value in forms.items():
            if lo <= value <= hi and oracle.admitted_value(form, rules) == value:
                most[value] = max(most.get(value, 0), bin(mask).count("1"))
    return most


@given(st.sampled_from(["whole", "positive"]), st.sampled_from(["+-*/", "+-*/^"]),
       st.data())
def test_most_cards_per_target_match_the_oracle(domain, ops, data):
    low = 0 if domain == "whole" else 1
    card = st.integers(low, 30) | st.sampled_from([low, 1, 2])   # zeros and ones often
    cards = data.draw(st.lists(card, min_size=1, max_size=5))
    lo = data.draw(st.integers(0, 150) | st.just(0))
    hi = lo + data.draw(st.integers(0, 200) | st.just(0))          # windows of one target
    rules = Rules(ops=ops, domain=domain)
    most = most_cards(np.array(cards, dtype=np.int64), lo, hi, domain == "positive",
                      rules.cap, "^" in ops)
    found = {lo + t: int(m) for t, m in enumerate(most) if m}
    assert found == oracle_most_cards(cards, rules, lo, hi)


def test_sweep_rows_are_the_single_hands():
    hands = countdown.selections()[::997]
    table = sweep(hands, 100, 999, True, 10**18)
    for hand, row in zip(hands, table):
        assert np.array_equal(row, most_cards(hand, 100, 999, True, 10**18, False))


def test_countdown_slice_matches_the_engine():
    hands = countdown.selections()[::1301]          # 11 selections across the table
    table = countdown.reach(hands)
    for hand, row in zip(hands, table):
        search = HandSearch(hand.tolist(), countdown_rules())
        made = [t for t in range(100, 1000) if search.reaches(t)]
        assert (100 + np.nonzero(row)[0]).tolist() == made


def test_selections_and_their_tile_sets():
    hands = countdown.selections()
    assert len(hands) == len({tuple(h) for h in hands})
    assert countdown.ways(hands).sum() == 134_596                  # C(24, 6)
    assert countdown.ways(np.array([[1, 1, 2, 3, 4, 100]]))[0] == 1 * 2 * 2 * 2 * 1


def test_shards_resume_and_never_recompute(tmp_path):
    calls = []
    work = [np.array([u]) for u in range(4)]           # each shard: its rows

    def compute(rows):
        calls.append(int(rows[0]))
        if len(calls) == 3 and rows[0] == 2:
            raise KeyboardInterrupt            # the run is stopped half-way
        return rows * 10

    with pytest.raises(KeyboardInterrupt):
        shards.run(work, compute, tmp_path, {"sweep": "test"})
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "manifest.json", "shard-00000.npy", "shard-00001.npy"]       # nothing half-written
    calls.clear()
    parts = shards.run(work, compute, tmp_path, {"sweep": "test"})
    assert calls == [2, 3] and [p.tolist() for p in parts] == [[0], [10], [20], [30]]


def test_shards_of_another_sweep_are_refused(tmp_path):
    one = [np.array([0])]
    shards.run(one, lambda rows: rows, tmp_path, {"sweep": "a"})
    with pytest.raises(EurekaError, match="holds the shards of another sweep"):
        shards.run(one, lambda rows: rows, tmp_path, {"sweep": "b"})


def test_pitagoras_deals_and_dice():
    hands, weights = pitagoras_odds.deals(pitagoras_odds.Variant())
    assert len(hands) == 33_969 and weights.sum() == pytest.approx(1)
    assert len({tuple(h) for h in hands}) == len(hands)
    blue = pitagoras_odds.totals("blue")
    assert min(blue) == 20 and max(blue) == 78 and sum(blue.values()) == pytest.approx(1)
    assert pitagoras_odds.totals("red")[0] == pytest.approx(1 / 18)   # 0 + 0, or 0 + 0
    with pytest.raises(EurekaError, match="no Pitagoras die"):
        pitagoras_odds.totals("green")


@pytest.mark.parametrize("variant", [pitagoras_odds.Variant(),
                                     pitagoras_odds.Variant("red", easy=True),
                                     pitagoras_odds.Variant("black", power=True)])
def test_pitagoras_slice_matches_the_engine(variant):
    hands, _ = pitagoras_odds.deals(variant)
    dice = pitagoras_odds.totals(variant.die)
    lo, hi = min(dice), max(dice)
    sample = hands[::4001]
    rules = pitagoras.rules(variant.power)
    table = sweep(sample, lo, hi, False, rules.cap, variant.power)
    for hand, row in zip(sample, table):
        for total in dice:
            best = engine_most_cards(hand.tolist(), total, rules)
            assert row[total - lo] == (len(best.cards) if best else 0), (hand, total)


@given(st.dictionaries(st.integers(0, 9), st.integers(1, 3), min_size=1, max_size=5),
       st.integers(0, 6))
def test_deck_hands_are_the_distinct_combinations(counts, size):
    cards = Counter(counts)
    brute = Counter(itertools.combinations(sorted(cards.elements()), size))
    assert deck.hands(cards, size) == sorted(brute)
    assert all(deck.ways(cards, h) == n for h, n in brute.items())


def test_pairs_of_the_24_game_picture():
    cards = np.array([[1, 1, 2, 3], [1, 2, 3, 4]])
    held, chosen = plots._pair_counts(cards, np.array([True, False]), 4)
    assert held[0, 0] == 1 and chosen[0, 0] == 1          # two aces: the first hand only
    assert held[0, 1] == held[1, 0] == 2 and chosen[0, 1] == 1
    assert held[3, 3] == 0 and held[2, 3] == 1 and chosen[2, 3] == 0


@given(st.lists(st.integers(0, 13), min_size=1, max_size=4), st.integers(0, 40))
def test_fractions_and_whole_numbers_match_the_oracle(cards, target):
    hand = np.array([cards], dtype=np.int64)
    assert sweep_fractions(hand, target)[0] == fraction_oracle.makes(cards, target)
    whole = sweep(hand, target, target, False, 10**18)[0, 0] == len(cards)
    assert whole == fraction_oracle.makes(cards, target, fractions=False)


def test_a_shard_that_cannot_be_read_is_done_again(tmp_path):
    work = [np.array([0]), np.array([1])]
    shards.run(work, lambda rows: rows, tmp_path, {"sweep": "t"})
    (tmp_path / "shard-00001.npy").write_bytes(b"")               # cut off on disk
    parts = shards.run(work, lambda rows: rows + 5, tmp_path, {"sweep": "t"})
    assert [p.tolist() for p in parts] == [[0], [6]]
    (tmp_path / "manifest.json").write_text("{broken")
    with pytest.raises(EurekaError, match="holds the shards of another sweep"):
        shards.run(work, lambda rows: rows, tmp_path, {"sweep": "t"})


def test_a_variant_with_too_few_cards_is_refused():
    with pytest.raises(EurekaError, match="not 4"):
        pitagoras_odds.Variant(cards=4)
