"""A command's first call compiles its recorded kernels ahead on two cores (eureka.ahead),
and the record is what the commands compile."""

import json
import os
import subprocess

from hypothesis import given
from hypothesis import strategies as st

from eureka import ahead, jit, parallel
from eureka.benchmarks.startup import program
from tests.paths import ROOT


def _outermost(log) -> list:
    """The outermost compiles a compile log holds, as (module, name, types); [] without it."""
    if not log.exists():
        return []
    return [(m, n, tuple(t)) for m, n, t, _ in json.loads(log.read_text())["outermost"]]


def _cold(command: list, cache, ahead_on: bool) -> tuple:
    """`eureka COMMAND` run on the empty kernel cache `cache`, compiling ahead or not:
    (stdout, its outermost compiles as (module, name, types), its helper's, the folder
    the kernels went to)."""
    log = cache / "log.json"
    run = subprocess.run([program("eureka"), *command], cwd=ROOT, capture_output=True,
                         text=True, env={**os.environ, "NUMBA_CACHE_DIR": str(cache),
                                         "EUREKA_COMPILE_LOG": str(log),
                                         "EUREKA_AHEAD": "1" if ahead_on else "0"})
    assert run.returncode == 0, run.stderr[-2000:]
    return (run.stdout, _outermost(log), _outermost(cache / "log.json.helper"),
            next(cache.glob("kernels-*")))


def _recorded(game: str, verb: str) -> list:
    return [(m, n, tuple(t)) for m, n, t, _ in ahead.kernels(game, verb)]


@given(st.lists(st.floats(0, 20), max_size=12), st.integers(1, 4))
def test_shares_hold_every_kernel_once_longest_first(seconds, n):
    todo = [("m", f"k{i}", (), s) for i, s in enumerate(seconds)]
    parts = ahead.shares(todo, n)
    assert len(parts) == n and sorted(k for p in parts for k in p) == sorted(todo)
    loads = [sum(k[3] for k in p) for p in parts]
    assert max(loads) <= sum(seconds) / n + max(seconds, default=0) + 1e-9


def test_every_recorded_kernel_and_type_is_read_back():
    from numba.core.registry import CPUDispatcher

    for key in ahead._recorded():
        game, verb = key.split()
        for module, name, types, _ in ahead.kernels(game, verb):
            kernel = getattr(__import__(module, fromlist=[name]), name)
            assert isinstance(kernel, CPUDispatcher), (key, name)
            assert [str(ahead.numba_type(t)) for t in types] == list(types)


def test_a_type_outside_the_record_is_refused():
    for text in ("list(int64)", "array(int64, 1d, Q)", "nonsense", "array(int64)"):
        try:
            ahead.numba_type(text)
        except ValueError:
            continue
        raise AssertionError(f"{text!r} was read")


def test_a_stale_record_is_left_to_compile_when_called():
    from eureka import heaps

    before = list(heaps.heapsort.signatures)
    ahead.compile_share([("eureka.heaps", "heapsort", ["nonsense"], 1.0),
                         ("eureka.heaps", "heapsort", ["int64", "bool"], 1.0),   # mistyped
                         ("eureka.no_such_module", "kernel", ["int64"], 1.0),
                         ("eureka.heaps", "no_such_kernel", ["int64"], 1.0)])
    assert heaps.heapsort.signatures == before


def test_saves_into_the_cache_take_the_folders_lock(monkeypatch):
    taken = []
    monkeypatch.setattr(jit.fcntl, "flock", lambda f, how: taken.append((f.name, how)))

    @jit.njit(cache=True)
    def triple(x):
        return 3 * x

    assert triple(2.5) == 7.5
    lock = str(jit.cache() / ".lock")
    assert taken == [(lock, jit.fcntl.LOCK_EX), (lock, jit.fcntl.LOCK_UN)]


def test_a_plan_runs_once_before_the_first_compile():
    @jit.njit()
    def double(x):
        return 2 * x

    ran = []
    with jit.before_compiling(lambda: ran.append(len(double.signatures))):
        assert double(2) == 4 and double(3) == 6
    assert ran == [0]
    with jit.before_compiling(lambda: ran.append("again")):
        assert double(5) == 10              # compiled already: nothing to plan
    assert ran == [0]


def test_the_record_is_what_a_command_compiles(tmp_path):
    _, compiled, helped, _ = _cold(["solve", "game24", "--cards", "4", "7", "8", "8"],
                                   tmp_path, ahead_on=False)
    assert compiled == _recorded("game24", "solve") and helped == []


def test_a_first_call_shares_its_kernels_with_a_helper(tmp_path):
    command = ["solve", "arithmetikus", "--cards", "2", "3", "7", "9", "--target", "20"]
    warm = subprocess.run([program("eureka"), *command], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    two, here, helped, folder = _cold(command, tmp_path, ahead_on=True)
    recorded = _recorded("arithmetikus", "solve")
    assert two == warm.stdout
    assert sorted(here + helped) == sorted(recorded)
    if parallel.cores() > 1:            # the helper's share came through the cache
        assert here and helped
        assert all(ahead._marker(folder, k).exists()
                   for k in ahead.kernels("arithmetikus", "solve"))
