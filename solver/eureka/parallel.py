"""How many threads the parallel kernels use, and how many worker processes a pool starts.

`applied` sets the thread count around a call (for prange loops, and for shares of work
on a pool of threads, `in_shares`); `processes` gives the count of worker processes (the
CLI's --workers).

The user's count comes first: `choose(n)` (the CLI's --threads), else EUREKA_THREADS,
else NUMBA_NUM_THREADS.  Without one, the count is chosen by measurement:

- on a machine that other programs leave idle (/proc/stat since the last look, this
  process's own time taken out), every core this process may run on;
- on a busy one, each kernel is timed per unit of work (a hand, a game) on every core
  and on one thread, the faster is used, and every EXPLORE-th call tries the other
  again, as the load changes.  Busy cores are shared fairly between threads, so many
  threads usually still win, but a kernel split evenly over a core that another
  program keeps busy waits for that slower half: then one thread is faster.

    with parallel.applied(kernel="sweep", units=len(hands)):
        result = sweep(hands, ...)

Numba is imported only when a kernel runs, never by importing this module.
"""

import functools
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

from eureka.errors import EurekaError

ENV = ("EUREKA_THREADS", "NUMBA_NUM_THREADS")
SAMPLE = 0.05         # seconds of /proc/stat, at least, to judge whether others are busy
IDLE = 0.5            # the others' load, in cores, below which the machine is idle
EXPLORE = 8           # on a busy machine, every EXPLORE-th call tries the slower count
SMOOTHING = 0.5       # weight of the newest time per unit

_chosen: int | None = None
_lock = threading.Lock()
_rates: dict = {}     # (kernel, threads) -> seconds per unit, smoothed
_calls: dict = {}     # kernel -> calls timed so far


def choose(count: int | None) -> None:
    """Uses `count` threads in this process (None: the environment, else measure).

    Raises EurekaError for a count below 1.
    """
    global _chosen
    if count is not None and count < 1:
        raise EurekaError(f"the thread count must be at least 1, not {count}")
    _chosen = count


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def processes(asked: int | None) -> tuple:
    """The count of worker processes for a pool, and a warning to show: (count, warning).

    `asked` is the count asked for (--workers), None for one per core. A count beyond
    the cores is kept, with a warning (else the warning is None), as each process holds
    its own copy of the kernels and the data. The pools start no more processes than
    they have work for.
    """
    if asked is None:
        return cores(), None
    if asked <= cores():
        return asked, None
    return asked, (f"--workers {asked} is more than the cores ({cores()}): the "
                   f"processes will share them, each with its own memory")


def threads(kernel=None) -> int:
    """The threads a parallel kernel should use now, at most cores().

    The user's count, else the measured choice for `kernel` (see the module's
    docstring). Raises EurekaError for a count in the environment that is not a whole
    number of at least 1.
    """
    most = cores()
    requested = _requested()
    if requested is not None:
        return min(requested, most)
    if most == 1:
        return 1
    candidates = (most, 1)
    with _lock:
        known = {n: _rates[kernel, n] for n in candidates if (kernel, n) in _rates}
        calls = _calls.get(kernel, 0)
    if len(known) < len(candidates):         # one thread is tried on a busy machine
        return 1 if most in known and others() >= IDLE else most
    fastest = min(candidates, key=known.get)
    if calls % EXPLORE == EXPLORE - 1:
        return candidates[candidates.index(fastest) - 1]
    return fastest


def _requested() -> int | None:
    """The user's count: choose(), else the environment; None when not given."""
    if _chosen is not None:
        return _chosen
    for name in ENV:
        text = os.environ.get(name, "").strip()
        if text:
            if not (text.isascii() and text.isdigit()) or int(text) < 1:
                raise EurekaError(f"{name}={text!r}: give a whole number of threads, "
                                  f"at least 1")
            return int(text)
    return None


def _snapshot() -> tuple | None:
    """The machine's time and ticks now, or None where /proc/stat cannot be read.

    (wall time, busy ticks of the cores we may run on, this process's ticks).
    """
    mine = {f"cpu{c}" for c in os.sched_getaffinity(0)} \
        if hasattr(os, "sched_getaffinity") else set()
    try:
        with open("/proc/stat") as f:
            lines = f.read().splitlines()
        with open("/proc/self/stat") as f:
            own = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    busy = 0
    for line in lines:
        name, *ticks = line.split()
        if name in mine:
            values = list(map(int, ticks[:8]))
            busy += sum(values) - values[3] - values[4]      # all but idle and iowait
    return time.monotonic(), busy, int(own[11]) + int(own[12])   # utime + stime


_last = _snapshot()
_others = 0.0         # the last measure of others(), kept while _last is too recent


def others() -> float:
    """The cores other processes kept busy since the last look (never waits).

    When that look is under SAMPLE seconds old, the last measure; 0.0 where /proc/stat
    cannot be read.
    """
    global _last, _others
    now = _snapshot()
    if now is None or _last is None:
        return 0.0
    if now[0] - _last[0] < SAMPLE:
        return _others
    before, _last = _last, now
    ticks = (now[1] - before[1]) - (now[2] - before[2])
    _others = max(0.0, ticks / os.sysconf("SC_CLK_TCK") / (now[0] - before[0]))
    return _others


def _learn(kernel, count: int, per_unit: float) -> None:
    with _lock:
        old = _rates.get((kernel, count))
        _rates[kernel, count] = per_unit if old is None else \
            SMOOTHING * per_unit + (1 - SMOOTHING) * old
        _calls[kernel] = _calls.get(kernel, 0) + 1


@contextmanager
def applied(count: int | None = None, kernel=None, units: int = 1):
    """A block within which Numba's prange kernels run on `count` threads; yields the count.

    `count` defaults to threads(`kernel`) and is at most NUMBA_NUM_THREADS; after the
    block the kernels run on as many threads as before. Naming the `kernel` (any
    hashable) and the `units` of work the block does lets the choice learn from the time
    it takes.
    """
    import numba

    count = min(count or threads(kernel), numba.config.NUMBA_NUM_THREADS)
    before = numba.get_num_threads()
    numba.set_num_threads(count)
    start = time.perf_counter()
    try:
        yield count
    finally:
        numba.set_num_threads(before)
    if kernel is not None:
        _learn(kernel, count, (time.perf_counter() - start) / max(units, 1))


def in_shares(run, count: int, threads: int | None = None) -> list:
    """The results of `run` over shares of range(`count`), in order, run at once.

    `run(first, last)` does the share first..last-1. There is one share per thread
    (`threads`, default: the count applied() set in this thread), run on a pool of
    threads kept for the process; with one thread, or fewer than two units per thread,
    `run(0, count)` alone runs here. For kernels that release the GIL: a thread pool
    compiles much faster than a prange loop. Returns the list of the shares' results.
    """
    if threads is None:
        import numba

        threads = numba.get_num_threads()
    if threads <= 1 or count < 2 * threads:
        return [run(0, count)]
    bounds = [count * i // threads for i in range(threads + 1)]
    return list(_pool(threads).map(run, bounds[:-1], bounds[1:]))


@functools.cache
def _pool(threads: int) -> ThreadPoolExecutor:
    """The pool of `threads` threads, kept for the process.

    Starting threads costs about as much as a small share of work.
    """
    return ThreadPoolExecutor(threads, thread_name_prefix="eureka")
