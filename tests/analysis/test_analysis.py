"""The analysis sweeps: the values kernel against the oracle, the Countdown table
against the engine, and resumable shards."""

import csv
import itertools
import json
import sys
from collections import Counter

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from eureka import deck, pitagoras
from eureka.analysis import countdown, plots, shards
from eureka.analysis import pitagoras as pitagoras_odds
from eureka.analysis.values import most_cards, sweep, sweep_fractions
from eureka.cli.main import eureka
from eureka.countdown import rules as countdown_rules
from eureka.errors import EurekaError
from eureka.numbers.engine import HandSearch
from eureka.numbers.rules import Rules
from eureka.numbers.solve import most_cards as engine_most_cards
from eureka.numbers.solve import search_for
from tests.oracle import fractions as fraction_oracle
from tests.oracle import numbers as oracle
from tests.schema_check import assert_valid


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


def test_analyze_countdown_tables_agree_and_resume(tmp_path):
    args = ["analyze", "countdown", "--out", str(tmp_path), "--json"]
    first = CliRunner().invoke(eureka, args)
    assert first.exit_code == 0, first.output
    assert first.stderr == ""                  # no progress bar off a terminal
    summary = assert_valid(json.loads(first.stdout))
    out = tmp_path / "countdown"
    assert json.loads((out / "summary.json").read_text()) == summary
    with open(out / "selections.csv") as f:
        rows = list(csv.DictReader(f))
    with open(out / "targets.csv") as f:
        targets = list(csv.DictReader(f))
    assert len(rows) == summary["selections"] == 13_243
    assert sum(int(r["targets_made"]) for r in rows) == summary["solvable"]
    assert sum(int(t["selections"]) for t in targets) == summary["solvable"]
    assert sum(int(r["targets_made"]) == 900 for r in rows) == summary["all_targets"]
    assert sum(b["selections"] for b in summary["by_large"]) == 13_243
    hardest = min(targets, key=lambda t: int(t["selections"]))
    assert summary["hardest"][0]["selections"] == int(hardest["selections"])
    # A lost shard is recomputed; the tables come out the same.
    (out / "shards" / "shard-00007.npy").unlink()
    again = CliRunner().invoke(eureka, args)
    assert json.loads(again.stdout) == summary
    assert (out / "shards" / "shard-00007.npy").exists()


def test_analyze_into_a_folder_that_cannot_be_written():
    result = CliRunner().invoke(eureka, ["analyze", "countdown", "--out",
                                         "/proc/no-such-folder"])
    assert result.exit_code == 2 and result.stderr.startswith("error: cannot write")


@pytest.mark.parametrize("name", ["countdown", "pitagoras", "game24"])
def test_analyze_refuses_an_empty_folder_name(name, tmp_path, monkeypatch):
    """--out '' (an unset shell variable, say) would write into the current folder."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(eureka, ["analyze", name, "--out", ""])
    assert result.exit_code == 2
    assert result.stderr == "error: Invalid value for '--out': the folder name is empty\n"
    assert not list(tmp_path.iterdir())


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


def test_analyze_pitagoras_odds_are_consistent(tmp_path):
    result = CliRunner().invoke(eureka, ["analyze", "pitagoras", "--die", "red",
                                         "--easy", "--face-up", "5", "--out", str(tmp_path),
                                         "--json"])
    assert result.exit_code == 0, result.output
    odds = assert_valid(json.loads(result.stdout))
    dice = pitagoras_odds.totals("red")
    overall = np.zeros(6)
    for row in odds["per_total"]:
        assert sum(row["most_cards"]) == pytest.approx(1)
        assert row["solvable"] == pytest.approx(1 - row["most_cards"][0])
        overall += dice[row["total"]] * np.array(row["most_cards"])
    assert odds["most_cards"] == pytest.approx(overall.tolist())
    assert odds["solvable"] == pytest.approx(1 - overall[0])
    with open(tmp_path / "pitagoras-red-easy-deck-5-cards" / "deals.csv") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == odds["deals"]
    solvable_at_0 = sum(float(r["probability"]) for r in rows if r["0"] != "0")
    assert solvable_at_0 == pytest.approx(odds["per_total"][0]["solvable"])


@given(st.dictionaries(st.integers(0, 9), st.integers(1, 3), min_size=1, max_size=5),
       st.integers(0, 6))
def test_deck_hands_are_the_distinct_combinations(counts, size):
    cards = Counter(counts)
    brute = Counter(itertools.combinations(sorted(cards.elements()), size))
    assert deck.hands(cards, size) == sorted(brute)
    assert all(deck.ways(cards, h) == n for h, n in brute.items())


def test_a_sweep_on_a_local_dask_cluster_gives_the_same_tables(tmp_path):
    distributed = pytest.importorskip("distributed")
    variant = pitagoras_odds.Variant("red", easy=True)
    here = pitagoras_odds.table(variant, tmp_path / "here")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        args = ["analyze", "pitagoras", "--die", "red", "--easy", "--out",
                str(tmp_path / "cluster"), "--dask", cluster.scheduler_address, "--json"]
        result = CliRunner().invoke(eureka, args)
    assert result.exit_code == 0, result.output
    shards_dir = tmp_path / "cluster" / "pitagoras-red-easy-deck-5-cards" / "shards"
    there = np.concatenate([np.load(p) for p in sorted(shards_dir.glob("shard-*.npy"))])
    assert np.array_equal(here, there)
    assert json.loads(result.stdout)["deals"] == len(here)


def test_an_unreachable_dask_scheduler_is_one_line(tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr("eureka.cli.analyze_cmds.DASK_TIMEOUT", "1s")
    result = CliRunner().invoke(eureka, ["analyze", "countdown", "--out", str(tmp_path),
                                         "--dask", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot reach the Dask scheduler")
    assert not any(tmp_path.iterdir())                 # nothing created


def test_plots_are_drawn(tmp_path):
    pytest.importorskip("matplotlib")
    result = CliRunner().invoke(eureka, ["analyze", "pitagoras", "--die", "red",
                                         "--easy", "--out", str(tmp_path), "--plot"])
    assert result.exit_code == 0, result.output
    picture = tmp_path / "pitagoras-red-easy-deck-5-cards" / "totals.png"
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    made = np.arange(900) % 50 + 1
    plots.countdown_heatmap(made, 50, tmp_path / "targets.png")
    assert (tmp_path / "targets.png").read_bytes()[:4] == b"\x89PNG"
    result = CliRunner().invoke(eureka, ["analyze", "game24", "--out", str(tmp_path),
                                         "--plot"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "game24" / "pairs.png").read_bytes()[:4] == b"\x89PNG"


def test_pairs_of_the_24_game_picture():
    cards = np.array([[1, 1, 2, 3], [1, 2, 3, 4]])
    held, chosen = plots._pair_counts(cards, np.array([True, False]), 4)
    assert held[0, 0] == 1 and chosen[0, 0] == 1          # two aces: the first hand only
    assert held[0, 1] == held[1, 0] == 2 and chosen[0, 1] == 1
    assert held[3, 3] == 0 and held[2, 3] == 1 and chosen[2, 3] == 0


def test_plot_without_matplotlib_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = CliRunner().invoke(eureka, ["analyze", "pitagoras", "--die", "red",
                                         "--easy", "--out", str(tmp_path), "--plot"])
    assert result.exit_code == 2
    assert result.stderr == ("error: --plot needs the plot extra: pip install "
                             "'eureka-solver[plot]'\n")
    assert not (tmp_path / "pitagoras-red-easy-deck-5-cards").exists()


@given(st.lists(st.integers(0, 13), min_size=1, max_size=4), st.integers(0, 40))
def test_fractions_and_whole_numbers_match_the_oracle(cards, target):
    hand = np.array([cards], dtype=np.int64)
    assert sweep_fractions(hand, target)[0] == fraction_oracle.makes(cards, target)
    whole = sweep(hand, target, target, False, 10**18)[0, 0] == len(cards)
    assert whole == fraction_oracle.makes(cards, target, fractions=False)


def test_game24_table(tmp_path):
    result = CliRunner().invoke(eureka, ["analyze", "game24", "--out", str(tmp_path),
                                         "--json"])
    assert result.exit_code == 0, result.output
    summary = assert_valid(json.loads(result.stdout))
    with open(tmp_path / "game24" / "hands.csv") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == summary["hands"] == 1820                  # C(16, 4)
    assert sum(r["with_fractions"] == "1" for r in rows) == summary["with_fractions"]
    assert sum(r["whole_numbers"] == "1" for r in rows) == summary["whole_numbers"]
    for hand in summary["need_fractions"]:
        assert fraction_oracle.makes(hand, 24)
        assert not fraction_oracle.makes(hand, 24, fractions=False)
    for row in rows[::60]:                       # a slice, by the oracle and the engine
        hand = [int(v) for v in row["hand"].split()]
        assert row["with_fractions"] == str(int(fraction_oracle.makes(hand, 24)))
        for domain, column in (("fraction", "with_fractions"), ("whole", "whole_numbers")):
            search = search_for(hand, Rules(domain=domain))
            assert row[column] == str(int(search.reaches(24, search.hand.full)))


def test_a_shard_that_cannot_be_read_is_done_again(tmp_path):
    work = [np.array([0]), np.array([1])]
    shards.run(work, lambda rows: rows, tmp_path, {"sweep": "t"})
    (tmp_path / "shard-00001.npy").write_bytes(b"")               # cut off on disk
    parts = shards.run(work, lambda rows: rows + 5, tmp_path, {"sweep": "t"})
    assert [p.tolist() for p in parts] == [[0], [6]]
    (tmp_path / "manifest.json").write_text("{broken")
    with pytest.raises(EurekaError, match="holds the shards of another sweep"):
        shards.run(work, lambda rows: rows, tmp_path, {"sweep": "t"})


@pytest.mark.parametrize("setup, args, message", [
    (lambda d: (d / "game24" / "hands.csv").mkdir(parents=True),
     ["game24"], "cannot write"),
    (lambda d: (d / "countdown").mkdir() or (d / "countdown" / "shards").write_text(""),
     ["countdown", "--fresh"], "cannot discard the shards"),
    (lambda d: None, ["countdown", "--dask", ""], "--dask needs the scheduler's address"),
    (lambda d: None, ["pitagoras", "--face-up", "9"], "9 is not between 5 and 8"),
    (lambda d: None, ["pitagoras", "--face-up", "+6"], "'+6' is not a whole number"),
])
def test_bad_analysis_runs_are_one_line(tmp_path, setup, args, message):
    setup(tmp_path)
    result = CliRunner().invoke(eureka, ["analyze", *args, "--out", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert message in result.stderr and result.stderr.count("\n") == 1


def test_analysis_text_quiet_and_ascii(tmp_path):
    args = ["analyze", "pitagoras", "--die", "red", "--easy", "--out", str(tmp_path)]
    text = CliRunner().invoke(eureka, args)
    assert text.exit_code == 0 and text.stderr == ""
    lines = text.stdout.splitlines()
    assert lines[0] == ("Pitagoras, red-easy-deck-5-cards: 10,462 deals × 18 dice totals, "
                        "exact odds")
    assert lines[-1].startswith(f"tables written to {tmp_path}/pitagoras-red-easy-deck")
    ascii_text = CliRunner().invoke(eureka, [*args, "--ascii"])
    assert ascii_text.stdout.isascii()
    assert ascii_text.stdout.splitlines()[0].endswith("10,462 deals * 18 dice totals, "
                                                      "exact odds")
    quiet = CliRunner().invoke(eureka, [*args, "--quiet"])
    assert (quiet.exit_code, quiet.output) == (0, "")
    summary = json.loads((tmp_path / "pitagoras-red-easy-deck-5-cards" / "summary.json")
                         .read_text())
    assert assert_valid(summary)["deals"] == 10_462


def test_tiny_probabilities_are_shown_as_the_docs_show_them():
    from eureka.cli.analyze_cmds import _share
    assert (_share(0), _share(8e-8), _share(0.011047)) == ("0.0000%", "8.0e-06%",
                                                           "1.1047%")


@pytest.mark.parametrize("name", ["countdown", "pitagoras", "game24"])
def test_analysis_help_has_an_example_and_warns_of_the_first_run(name):
    result = CliRunner().invoke(eureka, ["analyze", name, "--help"])
    text = " ".join(result.stdout.split())
    assert f"Example: eureka analyze {name}" in text
    assert f"eureka schema eureka.analyze.{name}/1" in text
    assert "tens of seconds" in text


def test_a_variant_with_too_few_cards_is_refused():
    with pytest.raises(EurekaError, match="not 4"):
        pitagoras_odds.Variant(cards=4)
