"""A command's first call compiles its recorded kernels ahead on two cores (eureka.ahead),
and the record is what the commands compile."""

import json
import os
import subprocess
import threading
import time

from hypothesis import given
from hypothesis import strategies as st

from eureka import ahead, jit, parallel, signatures
from eureka.benchmarks.startup import program
from tests.paths import ROOT


def _compiled(log) -> list:
    """The compiles of eureka's kernels a compile log holds, as (module, name, types)."""
    if not log.exists():
        return []
    return [(m, n, json.dumps(t)) for m, n, t, _, _ in json.loads(log.read_text())["compiled"]]


def _cold(command: list, cache, ahead_on: bool) -> tuple:
    """`eureka COMMAND` run on the empty kernel cache `cache`, compiling ahead or not:
    (stdout, its compiles as (module, name, types), its helper's, the folder the kernels
    went to)."""
    log = cache / "log.json"
    run = subprocess.run([program("eureka"), *command], cwd=ROOT, capture_output=True,
                         text=True, env={**os.environ, "NUMBA_CACHE_DIR": str(cache),
                                         "EUREKA_COMPILE_LOG": str(log),
                                         "EUREKA_AHEAD": "1" if ahead_on else "0"})
    assert run.returncode == 0, run.stderr[-2000:]
    return (run.stdout, _compiled(log), _compiled(cache / "log.json.helper"),
            next(cache.glob("kernels-*")))


def _recorded(game: str, verb: str) -> list:
    return [(k.module, k.name, json.dumps(k.types)) for k in ahead.kernels(game, verb)]


def _record(seconds: list, calls: list) -> list:
    """Kernels k0, k1, ... taking `seconds`, kernel i calling calls[i] (earlier ones)."""
    return [ahead.Kernel("m", f"k{i}", [], s, sorted(c)) for i, (s, c) in
            enumerate(zip(seconds, calls))]


@st.composite
def records(draw):
    seconds = draw(st.lists(st.floats(0, 20), max_size=12))
    calls = [draw(st.sets(st.integers(0, i - 1), max_size=3)) if i else set()
             for i in range(len(seconds))]
    return _record(seconds, calls)


@given(records(), st.integers(1, 4), st.data())
def test_a_schedule_holds_every_kernel_once_after_what_it_calls(record, n, data):
    todo = data.draw(st.sets(st.sampled_from(range(len(record))) if record else st.nothing()))
    orders = ahead.schedule(record, sorted(todo), n)
    assert len(orders) == n and sorted(i for o in orders for i in o) == sorted(todo)
    for order in orders:                # within a process, callees come first
        for at, i in enumerate(order):
            assert not set(record[i].calls) & set(order[at + 1:])


def test_a_schedule_shares_out_independent_kernels_evenly():
    record = _record([5, 4, 3, 3, 2, 2, 1], [()] * 7)
    loads = [sum(record[i].seconds for i in o) for o in ahead.schedule(record, range(7), 2)]
    assert sorted(loads) == [10, 10]


def test_a_schedule_puts_the_longest_chain_first():
    # k3 calls k2, which calls k0; k1 stands alone: k0 starts first, k1 beside it.
    record = _record([1, 2, 1, 1], [(), (), (0,), (2,)])
    assert ahead.schedule(record, range(4), 2) == [[0, 2, 3], [1]]


def test_every_recorded_kernel_and_type_is_read_back():
    from numba.core.registry import CPUDispatcher

    for key in ahead._recorded():
        game, verb = key.split()
        record = ahead.kernels(game, verb)
        for kernel in record:
            dispatcher = getattr(__import__(kernel.module, fromlist=[kernel.name]),
                                 kernel.name)
            assert isinstance(dispatcher, CPUDispatcher), (key, kernel.name)
            assert all(c < len(record) for c in kernel.calls)
            if kernel.types is not None:
                read = [signatures.read(t) for t in kernel.types]
                assert [signatures.written(t) for t in read] == kernel.types


def test_a_stale_record_is_left_to_compile_when_called():
    from eureka import heaps

    before = list(heaps.heapsort.signatures)
    stale = [ahead.Kernel("eureka.heaps", "heapsort", ["nonsense"], 1.0, []),
             ahead.Kernel("eureka.heaps", "heapsort", ["int64", "bool"], 1.0, []),  # mistyped
             ahead.Kernel("eureka.no_such_module", "kernel", ["int64"], 1.0, []),
             ahead.Kernel("eureka.heaps", "no_such_kernel", ["int64"], 1.0, [])]
    ahead.compile_share(stale, range(len(stale)))
    assert heaps.heapsort.signatures == before


def test_saves_into_the_cache_take_the_folders_lock(monkeypatch):
    taken = []
    monkeypatch.setattr(jit.fcntl, "flock", lambda f, how: taken.append((f.name, how)))

    from numba.core import types

    @jit.njit(cache=True)
    def triple(x):
        return 3 * x

    save = triple._cache.save_overload      # the lock taken around Numba's own save
    monkeypatch.setattr(triple._cache, "_save_overload",
                        lambda sig, data: taken.append(("saved", sig)))
    save((types.float64,), None)
    lock = str(jit.cache() / ".lock")
    assert taken == [(lock, jit.fcntl.LOCK_EX), ("saved", (types.float64,)),
                     (lock, jit.fcntl.LOCK_UN)]


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


def test_other_threads_wait_for_the_plan():
    @jit.njit()
    def double(x):
        return 2 * x

    @jit.njit()
    def triple(x):
        return 3 * x

    events, begun = [], threading.Event()

    def plan():
        begun.set()
        time.sleep(0.5)             # long enough for triple to compile meanwhile
        events.append("plan ended")

    other = threading.Thread(target=lambda: begun.wait() and events.append(triple(1)))
    with jit.before_compiling(plan):
        other.start()
        assert double(2) == 4
        other.join()
    assert events == ["plan ended", 3]


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
    assert sorted(set(here + helped)) == sorted(set(recorded))
    if parallel.cores() > 1:            # the helper's share came through the cache
        assert here and helped
        assert all(ahead._marker(folder, k).exists()
                   for k in ahead.kernels("arithmetikus", "solve") if k.types is not None)


def test_no_one_waits_for_a_kernel_that_could_not_be_compiled(tmp_path, monkeypatch):
    monkeypatch.setattr(jit, "cache", lambda: tmp_path)
    stale = ahead.Kernel("eureka.heaps", "heapsort", ["nonsense"], 1.0, [])
    caller = ahead.Kernel("eureka.heaps", "no_such_kernel", ["int64"], 1.0, [0])
    ahead.compile_share([stale, caller], [0])           # "the other process": it fails
    assert ahead._marker(tmp_path, stale, failed=True).exists()
    assert not ahead._marker(tmp_path, stale).exists()
    waited = []
    ahead.compile_share([stale, caller], [1], deadline=float("inf"),
                        alone=lambda: waited.append(1) or True)
    assert waited == []                 # its callee was known failed: no wait at all
