"""`eureka bench` runs from an install without the tests: the oracles are timed only
from a source checkout (--oracles), and a bad --out fails before any work."""

import json
import subprocess
import sys
from pathlib import Path

from tests.paths import ROOT
from tests.schema_check import assert_valid

EUREKA = str(Path(sys.executable).parent / "eureka")
SMALL = ("bench", "--workload", "pitagoras", "--puzzles", "3", "--sample", "2", "--json")


def _eureka(*args, cwd):
    return subprocess.run([EUREKA, *args], capture_output=True, text=True, cwd=cwd)


def test_an_unwritable_out_is_one_error_line_before_any_work(tmp_path):
    for out in ("/proc/x.json", str(tmp_path / "missing" / "x.json"), str(tmp_path)):
        run = _eureka("bench", "--out", out, "--workload", "arquimedes-plays",
                      "--puzzles", "3", "--sample", "1", cwd=tmp_path)
        assert run.returncode == 2 and run.stdout == "", run.stderr
        lines = run.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), run.stderr
    assert not Path("/proc/x.json").exists()


def test_without_the_tests_the_oracles_are_skipped_with_a_note(tmp_path):
    # A console script run elsewhere cannot import tests/: as in a user's install.
    run = _eureka(*SMALL, "--out", str(tmp_path / "b.json"), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    data = assert_valid(json.loads(run.stdout))
    assert [t["solver"] for t in data["timings"]] == ["eureka"]
    assert len(data["notes"]) == 1 and "--oracles" in data["notes"][0]
    assert data == json.loads((tmp_path / "b.json").read_text())


def test_oracles_from_a_source_checkout(tmp_path):
    run = _eureka(*SMALL, "--out", str(tmp_path / "b.json"), "--oracles", str(ROOT),
                  cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    data = assert_valid(json.loads(run.stdout))
    assert [t["solver"] for t in data["timings"]] == ["eureka", "oracle"]
    assert data["notes"] == []
    assert data["agreement"]["pitagoras/oracle"]["agree"] == 2


def test_oracles_from_a_folder_without_tests(tmp_path):
    run = _eureka(*SMALL, "--oracles", str(tmp_path), cwd=tmp_path)
    assert run.returncode == 2 and "no tests/oracle there" in run.stderr


def test_ascii_text_and_no_progress_bars_off_a_terminal(tmp_path):
    run = _eureka(*SMALL[:-1], "--ascii", "--out", str(tmp_path / "b.json"), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.isascii() and "* eureka" in run.stdout.splitlines()[0]
    # stderr is a pipe here: the workload's heading, and no progress bar's label
    assert run.stderr.splitlines() == ["pitagoras: most cards of a 5-card Pitagoras deal"]


def test_the_compile_benchmark_times_a_cold_command_kernel_by_kernel(tmp_path):
    run = subprocess.run([sys.executable, "-m", "eureka.benchmarks.compile", "--only",
                          "solve arquimedes", "--kernels", "3"], capture_output=True,
                         text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    row, kernels, *slowest = run.stdout.splitlines()[1:5]
    assert row.startswith("solve arquimedes") and "failed" not in row
    count = int(kernels.split()[0])                    # "N kernels, M specialisations"
    assert count > 0 and "s compiling" in kernels
    assert any("arquimedes.kernels." in line for line in slowest)
