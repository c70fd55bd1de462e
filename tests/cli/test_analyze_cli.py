"""The analyze command: tables written, resumed from their shards, refused with one line."""

import csv
import json
import sys

import numpy as np
import pytest
from click.testing import CliRunner

from eureka.analysis import pitagoras as pitagoras_odds
from eureka.analysis import plots
from eureka.cli.main import eureka
from eureka.numbers.rules import Rules
from eureka.numbers.solve import search_for
from tests.oracle import fractions as fraction_oracle
from tests.schema_check import assert_valid


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


def test_plot_without_matplotlib_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = CliRunner().invoke(eureka, ["analyze", "pitagoras", "--die", "red",
                                         "--easy", "--out", str(tmp_path), "--plot"])
    assert result.exit_code == 2
    assert result.stderr == ("error: --plot needs the plot extra: pip install "
                             "'eureka-solver[plot]'\n")
    assert not (tmp_path / "pitagoras-red-easy-deck-5-cards").exists()


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


@pytest.mark.parametrize("name", ["countdown", "pitagoras", "game24"])
def test_analysis_help_has_an_example_and_warns_of_the_first_run(name):
    result = CliRunner().invoke(eureka, ["analyze", name, "--help"])
    text = " ".join(result.stdout.split())
    assert f"Example: eureka analyze {name}" in text
    assert f"eureka schema eureka.analyze.{name}/1" in text
    assert "tens of seconds" in text


def test_tiny_probabilities_are_shown_as_the_docs_show_them():
    from eureka.cli.analyze_cmds import _share
    assert (_share(0), _share(8e-8), _share(0.011047)) == ("0.0000%", "8.0e-06%",
                                                           "1.1047%")
