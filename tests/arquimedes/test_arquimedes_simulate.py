"""Arquimedes simulations summarised in batches, against the whole arrays summarised at
once; options played out in batches, against one batch; and the bounds of a run."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka import parallel, stats
from eureka.arquimedes import kernels, options
from eureka.arquimedes import simulate as sim
from eureka.arquimedes.plays import plays
from eureka.arquimedes.state import make_state
from eureka.errors import EurekaError


@given(st.lists(st.integers(1, 90), min_size=1, max_size=300),
       st.sampled_from([0.0, 0.1, 0.5, 0.9, 0.95, 1.0]))
def test_quantiles_of_a_histogram_are_numpys(values, q):
    histogram = np.bincount(values)
    assert sim.quantile(histogram, q) == pytest.approx(np.percentile(values, q * 100),
                                                       abs=1e-9)


@pytest.mark.parametrize("threads, first, count", [(2, 0, 57), (3, 11, 40), (4, 5, 7)])
def test_games_played_on_threads_are_the_games_played_in_a_row(threads, first, count):
    codes = sim.strategy_codes(["greedy", "random", "tactician"])
    args = (len(codes), codes, kernels.deck_counts(True), kernels.ALL_OPS, 9)
    in_a_row = kernels.simulate(first, count, *args)
    on_threads = sim.played(first, count, *args, threads)
    assert [a.tolist() for a in on_threads] == [a.tolist() for a in in_a_row]


@pytest.mark.parametrize("strategies, joker, ops", [
    (["greedy", "random", "tactician"], True, "+-*/"),
    (["random", "random"], False, "+-"),
])
def test_the_summary_in_batches_is_the_summary_of_every_game(monkeypatch, strategies,
                                                            joker, ops):
    games, seed = 230, 5
    monkeypatch.setattr(sim, "CHUNK", 37)                 # several uneven batches
    steps = []
    s = sim.simulate(games, strategies, seed, joker, ops, progress=steps.append)
    assert sum(steps) == games and len(steps) == 7
    codes = sim.strategy_codes(strategies)
    winners, tokens, turns, all_pass, ties = kernels.simulate(
        0, games, len(codes), codes, kernels.deck_counts(joker), kernels.ALL_OPS if ops == "+-*/"
        else (1 << kernels.ADD) | (1 << kernels.SUB), seed)
    for p, seat in enumerate(s.seats):
        assert seat["wins"] == int((winners == p).sum())
        assert seat["tokens_per_round"] == pytest.approx(tokens[:, :, p].mean())
        assert seat["tokens_per_game"] == pytest.approx(tokens[:, :, p].sum(axis=1).mean())
        assert seat["ci95"] == list(stats.wilson(seat["wins"] / games, games))
    flat = turns.ravel()
    assert s.rounds["turns"] == pytest.approx({
        "mean": flat.mean(), "median": np.median(flat), "p90": np.percentile(flat, 90),
        "max": flat.max()})
    assert s.rounds["all_pass"] == pytest.approx(all_pass.mean())
    assert s.rounds["tie_draws"] == pytest.approx(ties.mean())


def test_options_played_out_in_batches_are_the_same_deals(monkeypatch):
    state = make_state("3", "2 5 7 12 K".split(), others=(5, 4))
    legal = plays(state)
    whole = sim.rank_options(state, legal, 60, seed=4)
    monkeypatch.setattr(sim, "ROLLOUTS_PER_CALL", 50)    # 13 options: 3 deals a call
    assert sim.rank_options(state, legal, 60, seed=4) == whole
    # The mean and standard error are those of every deal at once.
    rows = np.array([[p.first, p.first_value, p.second, p.second_value, p.op, p.top]
                     for p in legal] + [[0] * kernels.PLAY_COLUMNS], np.int64)
    tokens, totals, won = kernels.rollouts(
        kernels.counts(state.hand), 3, 0, rows, np.array(state.unseen_cards(), np.int64),
        np.array([3], np.int64), np.array([5, 4], np.int64), sim.assumed_draw_pile(state),
        kernels.GREEDY, kernels.deck_counts(True), state.ops_mask, 0, 60, 4)
    by_play = {e.play: e for e in whole}
    for play, t, c, w in zip(legal + [None], tokens, totals, won):
        e = by_play[play]
        assert e.tokens == pytest.approx(t.mean())
        assert e.stderr == pytest.approx(t.std(ddof=1) / np.sqrt(60))
        assert (e.cards_left, e.win) == pytest.approx((c.mean(), w.mean()))


def test_the_bounds():
    assert options.games_bound(10**30).startswith(
        "at most 100,000,000 games (about 42 minutes at 40,000 games a second); "
        "1,000,000,000,000,000,000,000,000,000,000 would take about ")
    assert options.games_bound(10**30).endswith(" years")
    assert options.games_bound(2 * 10**8).endswith("would take about 1 hour")
    with pytest.raises(EurekaError, match="at most 100,000,000 games"):
        sim.simulate(10**8 + 1, ["greedy", "greedy"])
    with pytest.raises(EurekaError, match="play at least one"):
        sim.simulate(0, ["greedy", "greedy"])
    state = make_state("3", ["2", "5"], others=(4,))
    for samples in (1, 10**6 + 1, 10**30):
        with pytest.raises(EurekaError, match="played out 2 to 1,000,000 times"):
            sim.rank_options(state, plays(state), samples)
    with pytest.raises(EurekaError, match="unknown strategy ''"):
        sim.strategy_codes(["greedy", "", "random"])


@pytest.mark.parametrize("digits, said", [
    (401, "1.0e+400 would take about 7.9e+387 years"),              # beyond a float
    (5001, "1.0e+5000 would take about 7.9e+4987 years"),           # beyond str(int)
    (40, "1,000,000,000,000,000,000,000,000,000,000,000,000,000 would take about "
         "7.9e+26 years"),
])
def test_the_bounds_of_numbers_of_any_size(digits, said):
    games = 10 ** (digits - 1)
    with pytest.raises(EurekaError) as error:
        sim.simulate(games, ["greedy", "greedy"])
    assert str(error.value).endswith(said)
    state = make_state("3", ["2", "5"], others=(4,))
    with pytest.raises(EurekaError, match="played out 2 to 1,000,000 times, not "):
        sim.rank_options(state, plays(state), games)
    with pytest.raises(EurekaError, match="unknown strategy 'clever'"):
        sim.rank_options(state, plays(state), 10, strategy="clever")


# Figures printed by the code before the batch summary (commit 7ea5d17): the same seed
# must play the same games, and the summary must say the same of them.
BEFORE = [
    (3000, ["greedy", "random", "random", "tactician"], 1, True, "+-*/",
     [855, 601, 616, 928], [32665, 35779, 35487, 31898],
     {"mean": 26.890333333333334, "median": 22.0, "p90": 55.0, "max": 81},
     0.055266666666666665, 0.2216),
    (500, ["random", "greedy"], 7, False, "+-", [233, 267], [2762, 2622],
     {"mean": 34.3056, "median": 28.0, "p90": 71.0, "max": 79}, 0.1536, 0.0088),
]


@pytest.mark.parametrize("games, strategies, seed, joker, ops, wins, tokens, turns, "
                         "all_pass, ties", BEFORE)
def test_the_same_seed_gives_the_figures_of_the_code_before(
        games, strategies, seed, joker, ops, wins, tokens, turns, all_pass, ties):
    s = sim.simulate(games, strategies, seed, joker, ops)
    assert [seat["wins"] for seat in s.seats] == wins
    assert [round(seat["tokens_per_game"] * games) for seat in s.seats] == tokens
    assert s.rounds["turns"] == pytest.approx(turns, rel=1e-12)
    assert (s.rounds["all_pass"], s.rounds["tie_draws"]) == pytest.approx((all_pass, ties))


def test_the_same_seed_gives_the_estimates_of_the_code_before():
    """Options played out 300 times each (tactician, seed 1) as the code before the
    batches (commit 7ea5d17) gave them: expected tokens, card totals and wins, × 300."""
    state = make_state("3", "2 5 7 12 K".split(), others=(5, 4, 3))
    ranked = sim.rank_options(state, plays(state), 300, "tactician", 1)
    got = [(e.play.text() if e.play else None, round(e.tokens * 300),
            round(e.cards_left * 300), round(e.win * 300)) for e in ranked]
    assert got == [
        ("3 + 2 = 5", 597, 3098, 93), ("3 = K(3)", 617, 3583, 96), (None, 623, 3299, 82),
        ("3 + K(4) = 7", 624, 3264, 85), ("3 + 7 = K(10)", 626, 3466, 88),
        ("3 + K(2) = 5", 630, 3517, 86), ("3 + K(9) = 12", 642, 3317, 83),
        ("3 × K(4) = 12", 642, 3317, 83), ("3 + 5 = K(8)", 644, 3712, 85),
        ("3 − K(1) = 2", 737, 4772, 68), ("3 × 2 = K(6)", 738, 4714, 64),
        ("3 − 2 = K(1)", 757, 4757, 62), ("3 + 2 = K(5)", 758, 4821, 60)]
    assert ranked[0].stderr == pytest.approx(0.08661669942825069, rel=1e-12)


@pytest.mark.parametrize("threads", [1, 2])
def test_the_games_are_the_same_on_any_number_of_threads(monkeypatch, threads):
    """The kernels play game g from (seed, g) alone: one thread or two, the same games,
    and the same played-out options."""
    monkeypatch.setattr(parallel, "_chosen", threads)
    s = sim.simulate(3000, ["greedy", "random", "tactician"], 7)
    assert parallel.threads() == min(threads, parallel.cores())
    monkeypatch.setattr(parallel, "_chosen", 1)
    assert s == sim.simulate(3000, ["greedy", "random", "tactician"], 7)
    state = make_state("3", "2 5 7 12 K".split(), others=(5, 4, 3))
    one = sim.rank_options(state, plays(state), 200, "greedy", 3)
    monkeypatch.setattr(parallel, "_chosen", threads)
    assert sim.rank_options(state, plays(state), 200, "greedy", 3) == one
