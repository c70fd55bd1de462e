"""A command's kernels compiled ahead, on two cores: its first call in seconds.

A first call compiles its kernels one after the other, on one core. Which kernels a
command compiles, and with which argument types, is known: data/kernels.json records
them for each game's verbs (`python -m eureka.benchmarks.compile --record` writes it).
So before the first kernel compiles, `ahead` shares them out by their compile times
between this process and a helper process, each compiling its share by signature into
the kernel cache; the command then finds them all there. A record gone stale costs
only time: a kernel it misses compiles when called, as without it.

With EUREKA_AHEAD=0 in the environment, or on one core, a command compiles as it goes.

    python -m eureka.ahead GAME VERB SHARE SHARES   # a helper: compiles one share
"""

import importlib
import json
import os
import subprocess
import sys
from functools import cache
from importlib.resources import files

from eureka import jit

PROCESSES = 2
"""Processes compiling at once: this one and a helper (memory grows with each)."""
WORTH = 3.0
"""Recorded seconds of compiling below which a helper is not worth starting (it takes
about a second to start)."""
WAIT = 600
"""Seconds the helper may take before it is left behind (its share then compiles here)."""


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

    A kernel the record no longer fits is left to compile when it is called.
    """
    from numba.core.errors import NumbaError

    for module, name, argument_types, _seconds in share:
        try:
            kernel = getattr(importlib.import_module(module), name)
            kernel.compile(tuple(numba_type(t) for t in argument_types))
        except (ImportError, AttributeError, ValueError, TypeError, NumbaError):
            continue


def ahead(game: str, verb: str) -> None:
    """Compiles the recorded kernels of the `verb` of `game` on two cores, once.

    Does nothing when they were compiled ahead before for these sources (or warmed by
    `eureka warm`), when they take under WORTH seconds or are one kernel, without a
    writable kernel cache, on one core, or with EUREKA_AHEAD=0.
    """
    folder = jit.cache()
    if folder is None or os.environ.get("EUREKA_AHEAD") == "0":
        return
    marker = folder / f"ahead-{game}-{verb}"
    if marker.exists() or (folder / f"warm-{game}").exists():
        return
    todo = kernels(game, verb)
    n = min(PROCESSES, os.cpu_count() or 1, len(todo))
    if n > 1 and sum(k[3] for k in todo) >= WORTH:
        helpers = [subprocess.Popen([sys.executable, "-m", "eureka.ahead", game, verb,
                                     str(i), str(n)],
                                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
                   for i in range(1, n)]
        compile_share(shares(todo, n)[0])
        for helper in helpers:
            try:
                helper.wait(WAIT)
            except subprocess.TimeoutExpired:
                helper.kill()
    marker.touch()


def main(argv: list) -> None:
    """A helper's work: `argv` is GAME VERB SHARE SHARES; compiles that share."""
    game, verb, share, count = argv
    compile_share(shares(kernels(game, verb), int(count))[int(share)])


if __name__ == "__main__":
    main(sys.argv[1:])
