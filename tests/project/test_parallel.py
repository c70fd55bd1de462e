"""eureka.parallel: the user's thread count first, else a choice learnt from the kernels'
own times; and applying it around a kernel call."""

import threading

import numba
import pytest
from click.testing import CliRunner

from eureka import parallel
from eureka.cli.main import eureka
from eureka.errors import EurekaError


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    """No user count, no environment, nothing learnt; two cores."""
    for name in parallel.ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(parallel, "_chosen", None)
    monkeypatch.setattr(parallel, "_rates", {})
    monkeypatch.setattr(parallel, "_calls", {})
    monkeypatch.setattr(parallel, "cores", lambda: 2)


def test_the_users_count_comes_first(monkeypatch):
    monkeypatch.setenv("NUMBA_NUM_THREADS", "2")
    monkeypatch.setenv("EUREKA_THREADS", "1")
    assert parallel.threads("k") == 1
    parallel.choose(2)
    assert parallel.threads("k") == 2
    parallel.choose(64)
    assert parallel.threads("k") == 2                      # at most the cores
    parallel.choose(None)
    monkeypatch.delenv("EUREKA_THREADS")
    assert parallel.threads("k") == 2


@pytest.mark.parametrize("text", ["0", "two", "-1", "1.5", "٢"])
def test_a_bad_count_in_the_environment_is_refused(monkeypatch, text):
    monkeypatch.setenv("EUREKA_THREADS", text)
    with pytest.raises(EurekaError, match="EUREKA_THREADS"):
        parallel.threads()


def test_an_idle_machine_uses_every_core(monkeypatch):
    monkeypatch.setattr(parallel, "others", lambda: 0.1)
    for _ in range(3 * parallel.EXPLORE):
        assert parallel.threads("k") == 2
        parallel._learn("k", 2, 1.0)


def test_a_busy_machine_measures_both_and_keeps_the_faster(monkeypatch):
    monkeypatch.setattr(parallel, "others", lambda: 1.0)
    per_unit = {1: 1.0, 2: 1.5}                   # one thread is faster here
    used = []
    for _ in range(4 * parallel.EXPLORE):
        n = parallel.threads("k")
        used.append(n)
        parallel._learn("k", n, per_unit[n])
    assert used[:2] == [2, 1]                     # every core first, then one thread
    assert used.count(2) == 1 + 4                 # then only to look again, now and then
    per_unit = {1: 1.0, 2: 0.4}                   # the load changed: parallel wins again
    for _ in range(2 * parallel.EXPLORE):
        parallel._learn("k", n := parallel.threads("k"), per_unit[n])
    assert parallel.threads("k") == 2


def test_applied_sets_numbas_count_in_the_block_only():
    before = numba.get_num_threads()
    with parallel.applied(1, kernel="k", units=10) as n:
        assert n == 1 and numba.get_num_threads() == 1
    assert numba.get_num_threads() == before
    assert ("k", 1) in parallel._rates


def test_a_failed_call_teaches_nothing():
    with pytest.raises(ZeroDivisionError), parallel.applied(1, kernel="k"):
        1 // int("0")
    assert parallel._rates == {}


def test_others_load_is_measured_from_proc_stat():
    assert 0.0 <= parallel.others() <= parallel.cores() + 1


@pytest.mark.parametrize("args", [["simulate", "arquimedes", "--games", "10"],
                                  ["analyze", "game24"]])
def test_the_threads_option(tmp_path, args):
    result = CliRunner().invoke(eureka, [*args, "--threads", "0", "--out", str(tmp_path)]
                                if args[0] == "analyze" else [*args, "--threads", "0"])
    assert result.exit_code == 2 and "'--threads': 0 is not between 1" in result.output
    result = CliRunner().invoke(eureka, [*args, "--threads", "1", "--json"]
                                + (["--out", str(tmp_path)] if args[0] == "analyze" else []))
    assert result.exit_code == 0, result.output
    assert parallel._chosen == 1


def test_worker_processes_are_one_per_core_unless_asked_beyond_with_a_warning():
    assert parallel.processes(None) == (2, None)
    assert parallel.processes(1) == (1, None)
    assert parallel.processes(2) == (2, None)
    count, warning = parallel.processes(64)
    assert count == 64 and warning.startswith("--workers 64 is more than the cores (2)")


def test_generate_warns_of_workers_beyond_the_cores():
    run = CliRunner().invoke(eureka, ["generate", "game24", "--count", "2", "--seed", "1",
                                      "--workers", "64", "--no-rating"])
    assert run.exit_code == 0 and len(run.stdout.splitlines()) == 3
    assert run.stderr.startswith("warning: --workers 64 is more than the cores (2)")
    assert len(run.stderr.splitlines()) == 1


@pytest.mark.parametrize("count", [0, 1, 3, 4, 101])
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_in_shares_covers_the_range_once_in_order(count, threads):
    seen = []
    parts = parallel.in_shares(lambda first, last: seen.append((first, last)) or
                               list(range(first, last)), count, threads)
    assert [i for part in parts for i in part] == list(range(count))
    assert len(seen) == (threads if count >= 2 * threads else 1)


def test_in_shares_runs_on_the_threads_applied():
    with parallel.applied(2):
        names = parallel.in_shares(lambda *_: threading.current_thread().name, 10)
    assert len(names) == 2 and all(n.startswith("eureka") for n in names)
    with parallel.applied(1):
        assert parallel.in_shares(lambda *_: threading.current_thread().name, 10) == \
            [threading.current_thread().name]
