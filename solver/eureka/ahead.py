"""A command's kernels compiled ahead, on two cores: its first call in seconds.

A first call compiles its kernels one after the other, on one core. Which kernels a
command compiles, with which argument types, how long each takes and which it calls,
is known: data/kernels.json records them for each game's verbs (`python -m
eureka.benchmarks.compile --record` writes it). So before the first kernel compiles,
`ahead` shares them out between this process and a helper process, each compiling its
share by signature into the kernel cache, a kernel only once those it calls are done
(by either: the other's are read from the cache); the command then finds them all
compiled. A record gone stale costs only time: a kernel it misses compiles when
called, as without it.

With EUREKA_AHEAD=0 in the environment, or on one core, a command compiles as it goes.

    python -m eureka.ahead GAME VERB DEADLINE INDEX...   # a helper: compiles those kernels
"""

import hashlib
import importlib
import json
import os
import subprocess
import sys
import time
from collections import namedtuple
from functools import cache
from importlib.resources import files

from eureka import jit, parallel, signatures

PROCESSES = 2
"""Processes compiling at once: this one and a helper (memory grows with each)."""
WORTH = 3.0
"""Recorded seconds of compiling below which a helper is not worth starting (it takes
about a second to start)."""
PATIENCE = 3
"""How many times the plan's recorded seconds (plus a start-up allowance, STARTING) the
processes wait for each other before going on alone: what is not compiled then
compiles when called."""
STARTING = 10
POLL = 0.02
"""Seconds between two looks for a kernel the other process compiles."""

Kernel = namedtuple("Kernel", "module name types seconds calls")
"""A recorded compile: the kernel's module and name, its argument types (in
eureka.signatures' form; None: not written, so not compiled ahead), its own seconds
(the kernels it calls taken out), and the kernels it calls (their places in the
record)."""


@cache
def _recorded() -> dict:
    """{"GAME VERB": [[module, name, types, seconds, calls], ...]} from data/kernels.json."""
    return json.loads(files("eureka").joinpath("data/kernels.json").read_text())


def kernels(game: str, verb: str) -> list:
    """The Kernels the `verb` of `game` was recorded compiling, in order ([] when none)."""
    return [Kernel(*k) for k in _recorded().get(f"{game} {verb}", ())]


def schedule(record: list, todo: list, n: int) -> list:
    """The kernels `todo` (places in the Kernels `record`) ordered for `n` processes.

    Returns n lists of places; list 0 is this process's. A kernel starts once those
    it calls are done, and the first process free takes the kernel that can start
    soonest, the one with the longest chain of callers after it first (list
    scheduling by the recorded seconds). Kernels outside `todo` count as done.
    """
    chosen = set(todo)
    callers = {i: [] for i in chosen}
    for i in chosen:
        for c in record[i].calls:
            if c in chosen:
                callers[c].append(i)
    chain = {}
    for i in sorted(chosen, reverse=True):      # a kernel is recorded after its callees
        chain[i] = record[i].seconds + max((chain[j] for j in callers[i]), default=0.0)
    finish: dict = {}
    clocks = [0.0] * n
    orders = [[] for _ in range(n)]
    left = sorted(chosen)
    while left:
        free = clocks.index(min(clocks))
        ready = [i for i in left if all(c in finish or c not in chosen
                                        for c in record[i].calls)]

        def start(i, free=free):
            return max([clocks[free]] + [finish[c] for c in record[i].calls if c in finish])

        pick = min(ready, key=lambda i: (start(i), -chain[i], i))
        finish[pick] = start(pick) + record[pick].seconds
        clocks[free] = finish[pick]
        orders[free].append(pick)
        left.remove(pick)
    return orders


def compile_share(record: list, order: list, deadline: float = 0.0,
                  alone=lambda: True) -> None:
    """Compiles the kernels at the places `order` of the Kernels `record`, or loads them.

    Before each, it waits until the kernels it calls are done: compiled here, or marked
    in the cache by the other process; until `deadline` (a time.time()) at most, or
    until `alone`, called, says the other process is gone: then it compiles
    them itself. A kernel the record
    no longer fits (gone, renamed, or typed otherwise) is left to compile when called:
    whatever goes wrong here costs time, never an answer.
    """
    folder = jit.cache()
    done = set()

    def ready(c):
        return c in done or record[c].types is None or folder is None \
            or _marker(folder, record[c]).exists() \
            or _marker(folder, record[c], failed=True).exists()

    for i in order:
        kernel = record[i]
        while not all(ready(c) for c in kernel.calls) and time.time() < deadline \
                and not alone():
            time.sleep(POLL)
        try:
            dispatcher = getattr(importlib.import_module(kernel.module), kernel.name)
            dispatcher.compile(tuple(signatures.read(t) for t in kernel.types))
        except Exception:           # a stale record: the kernel compiles when called,
            _mark(folder, kernel, failed=True)      # and no one waits for it
            continue
        done.add(i)
        _mark(folder, kernel)


def _marker(folder, kernel, failed: bool = False):
    """The file in the kernel cache `folder` that says the Kernel `kernel` was compiled there.

    With `failed`, the file that says it could not be compiled for its record.
    """
    text = json.dumps([kernel.module, kernel.name, kernel.types])
    name = f"ahead-{hashlib.sha256(text.encode()).hexdigest()[:16]}"
    return folder / (f"{name}-failed" if failed else name)


def _mark(folder, kernel, failed: bool = False) -> None:
    """Notes in `folder` that `kernel` is compiled there (`failed`: could not be).

    Nothing without a folder.
    """
    if folder is not None:
        try:
            _marker(folder, kernel, failed).touch()
        except OSError:
            pass


def ahead(game: str, verb: str) -> None:
    """Compiles the recorded kernels of the `verb` of `game` on two cores, once.

    Kernels compiled ahead before for these sources (by any command) are left out, and
    nothing is done when the rest take under WORTH seconds or are one kernel, when the
    game was warmed (`eureka warm`), without a writable kernel cache, on one core, or
    with EUREKA_AHEAD=0. Nothing raised here reaches the command: at worst its kernels
    compile as it goes.
    """
    folder = jit.cache()
    if folder is None or os.environ.get("EUREKA_AHEAD") == "0" \
            or (folder / f"warm-{game}").exists():
        return
    try:
        record = kernels(game, verb)
        todo = [i for i, k in enumerate(record)
                if k.types is not None and not _marker(folder, k).exists()]
        n = min(PROCESSES, parallel.cores(), len(todo))
        orders = schedule(record, todo, n)
        seconds = sum(record[i].seconds for i in todo)
    except (OSError, ValueError, TypeError, IndexError, KeyError):  # unreadable: none
        return
    if n < 2 or seconds < WORTH:
        return
    deadline = time.time() + PATIENCE * seconds / n + STARTING
    env = {k: v for k, v in os.environ.items() if k != "EUREKA_COMPILE_LOG"}
    if "EUREKA_COMPILE_LOG" in os.environ:      # a helper's compiles, logged apart
        env["EUREKA_COMPILE_LOG"] = os.environ["EUREKA_COMPILE_LOG"] + ".helper"
    helpers = []
    try:
        for order in orders[1:]:    # -P: the helper imports nothing from the folder it runs in
            helpers.append(subprocess.Popen(
                [sys.executable, "-P", "-m", "eureka.ahead", game, verb, repr(deadline),
                 *map(str, order)],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, env=env))
        compile_share(record, orders[0], deadline,
                      lambda: all(h.poll() is not None for h in helpers))
        for helper in helpers:
            helper.wait(max(0.0, deadline - time.time()))
    except (OSError, subprocess.SubprocessError):
        pass                        # no helper, or a late one: the rest compiles when called
    finally:
        for helper in helpers:
            if helper.poll() is None:
                helper.kill()
                helper.wait()


def main(argv: list) -> None:
    """A helper's work: `argv` is GAME VERB DEADLINE INDEX...; compiles those kernels.

    It waits for the command's kernels until DEADLINE (a time.time()) or until the
    command is gone.
    """
    game, verb, deadline, *indices = argv
    parent = os.getppid()
    compile_share(kernels(game, verb), [int(i) for i in indices], float(deadline),
                  lambda: os.getppid() != parent)


if __name__ == "__main__":
    main(sys.argv[1:])
