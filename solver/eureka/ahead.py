"""A command's kernels compiled ahead, on two cores: its first call in seconds.

A first call compiles its kernels one after the other, on one core. Which kernels a
command compiles, and with which argument types, is known: data/kernels.json records
them for each game's verbs (`python -m eureka.benchmarks.compile --record` writes it).
So before the first kernel compiles, `ahead` shares them out by their compile times
between this process and a helper process, each compiling its share by signature into
the kernel cache; the command then finds them all there. A record gone stale costs
only time: a kernel it misses compiles when called, as without it.

With EUREKA_AHEAD=0 in the environment, or on one core, a command compiles as it goes.

    python -m eureka.ahead GAME VERB INDEX...   # a helper: compiles those kernels
"""

import hashlib
import importlib
import json
import os
import subprocess
import sys
from functools import cache
from importlib.resources import files

from eureka import jit, parallel

PROCESSES = 2
"""Processes compiling at once: this one and a helper (memory grows with each)."""
WORTH = 3.0
"""Recorded seconds of compiling below which a helper is not worth starting (it takes
about a second to start)."""
PATIENCE = 3
"""How many times its recorded seconds (plus a start-up allowance, STARTING) a helper is
waited for before it is stopped; what it has not compiled then compiles when called."""
STARTING = 10


@cache
def _recorded() -> dict:
    """{"GAME VERB": [[module, name, [argument types], seconds], ...]} from data/kernels.json."""
    return json.loads(files("eureka").joinpath("data/kernels.json").read_text())


def kernels(game: str, verb: str) -> list:
    """The kernels the `verb` of `game` was recorded compiling ([] when none are).

    Each is a tuple (module, name, argument types, seconds).
    """
    return [tuple(k) for k in _recorded().get(f"{game} {verb}", ())]


def shares(todo: list, n: int) -> list:
    """The kernels `todo` shared out among `n` processes; share 0 is this process's.

    The longest first, each to the share with the fewest seconds so far.
    """
    parts = [[] for _ in range(n)]
    load = [0.0] * n
    for kernel in sorted(todo, key=lambda k: -k[3]):
        least = load.index(min(load))
        parts[least].append(kernel)
        load[least] += kernel[3]
    return parts


def numba_type(text: str):
    """The Numba type written `text`, as str() of the type writes it.

    A scalar such as 'int64' or 'bool', or a NumPy array such as 'array(int64, 2d, C)'.
    Raises ValueError for any other text.
    """
    from numba.core import types

    def scalar(name):
        found = getattr(types, "boolean" if name == "bool" else name, None)
        if not isinstance(found, types.Type):
            raise ValueError(f"not a Numba type: {text!r}")
        return found

    if text.startswith("array(") and text.endswith(")"):
        dtype, ndim, layout = (part.strip() for part in text[6:-1].split(","))
        if not ndim.endswith("d") or layout not in ("C", "F", "A"):
            raise ValueError(f"not a Numba array type: {text!r}")
        return types.Array(scalar(dtype), int(ndim[:-1]), layout)
    return scalar(text)


def compile_share(share: list) -> None:
    """Compiles each kernel of `share` for its recorded argument types, or loads it.

    A kernel the record no longer fits (gone, renamed, or typed otherwise) is left to
    compile when it is called: whatever goes wrong here costs time, never an answer.
    """
    for recorded in share:
        module, name, argument_types, _ = recorded
        try:
            kernel = getattr(importlib.import_module(module), name)
            kernel.compile(tuple(numba_type(t) for t in argument_types))
        except Exception:           # a stale record: the kernel compiles when called
            continue
        _mark(jit.cache(), recorded)


def _marker(folder, kernel):
    """The file in the kernel cache `folder` that says `kernel` was compiled ahead there."""
    module, name, argument_types, _ = kernel
    text = json.dumps([module, name, list(argument_types)])
    return folder / f"ahead-{hashlib.sha256(text.encode()).hexdigest()[:16]}"


def _mark(folder, kernel) -> None:
    """Notes in `folder` that `kernel` is compiled there (nothing without a folder)."""
    if folder is not None:
        try:
            _marker(folder, kernel).touch()
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
        recorded = kernels(game, verb)
        todo = [(*k, i) for i, k in enumerate(recorded) if not _marker(folder, k).exists()]
        n = min(PROCESSES, parallel.cores(), len(todo))
        seconds = sum(k[3] for k in todo)
    except (OSError, ValueError, TypeError, IndexError):    # an unreadable record: none
        return
    if n < 2 or seconds < WORTH:
        return
    parts = shares(todo, n)             # (module, name, types, seconds, index in the record)
    env = {k: v for k, v in os.environ.items() if k != "EUREKA_COMPILE_LOG"}
    if "EUREKA_COMPILE_LOG" in os.environ:      # a helper's compiles, logged apart
        env["EUREKA_COMPILE_LOG"] = os.environ["EUREKA_COMPILE_LOG"] + ".helper"
    helpers = []
    try:
        for part in parts[1:]:      # -P: the helper imports nothing from the folder it runs in
            helpers.append(subprocess.Popen(
                [sys.executable, "-P", "-m", "eureka.ahead", game, verb,
                 *(str(k[4]) for k in part)],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, env=env))
        compile_share([k[:4] for k in parts[0]])
        for helper, part in zip(helpers, parts[1:]):
            helper.wait(PATIENCE * sum(k[3] for k in part) + STARTING)
    except (OSError, subprocess.SubprocessError):
        pass                        # no helper, or a late one: the rest compiles when called
    finally:
        for helper in helpers:
            if helper.poll() is None:
                helper.kill()
                helper.wait()


def main(argv: list) -> None:
    """A helper's work: `argv` is GAME VERB INDEX...; compiles those kernels of the record."""
    game, verb, *indices = argv
    recorded = kernels(game, verb)
    compile_share([recorded[int(i)] for i in indices])


if __name__ == "__main__":
    main(sys.argv[1:])
