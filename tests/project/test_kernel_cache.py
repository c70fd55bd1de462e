"""The kernel cache cannot run stale code: a changed callee in another file makes its
caller compile again (Numba alone would load the caller's old code from its cache)."""

import os
import shutil
import subprocess
import sys

from tests.paths import PACKAGE

MADE = ("import numpy as np\n"
        "from eureka.analysis.values import most_cards\n"
        "print(most_cards(np.array([2, 3]), 1, 10, True, 10**6, True)[8 - 1])\n")
"""The most cards that make 8 of {2, 3} with powers: 2 (2 ^ 3), from numbers.power."""


def _made(package, cache) -> int:
    env = {**os.environ, "PYTHONPATH": str(package), "NUMBA_CACHE_DIR": str(cache)}
    run = subprocess.run([sys.executable, "-c", MADE], env=env, cwd=package,
                         capture_output=True, text=True, check=True)
    return int(run.stdout)


def test_a_changed_callee_recompiles_its_caller(tmp_path):
    package, cache = tmp_path / "package", tmp_path / "cache"
    shutil.copytree(PACKAGE, package / "eureka", symlinks=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    assert _made(package, cache) == 2
    callee = package / "eureka" / "numbers" / "kernels.py"
    source = callee.read_text()
    assert source.count("        acc *= b\n") == 1
    callee.write_text(source.replace("        acc *= b\n", "        acc *= b + 1\n"))
    assert _made(package, cache) == 0                  # 3 ** 3 = 27, 4 ** 2 = 16
    assert len(list(cache.glob("kernels-*"))) == 2     # a new folder for the new sources


def test_a_compile_collects_its_garbage_and_leaves_the_collector_as_it_was():
    import gc

    from eureka.jit import COLLECTING, njit, watched

    @njit()
    def twice(x):
        return 2 * x

    seen = []
    threshold = gc.get_threshold()
    gc.disable()                                       # as the console scripts run
    try:
        with watched(lambda: seen.append((gc.isenabled(), gc.get_threshold())),
                     lambda: None):
            assert twice(3) == 6
        assert seen == [(True, COLLECTING)]
        assert not gc.isenabled() and gc.get_threshold() == threshold
    finally:
        gc.enable()


LEVEL = ("import numba\n"
         "from eureka import jit\n"
         "from eureka.mathable import search\n"
         "print(int(numba.config.OPT), jit.key())\n")


def _level(opt: str | None) -> tuple:
    env = {name: value for name, value in os.environ.items() if name != "NUMBA_OPT"}
    if opt is not None:
        env["NUMBA_OPT"] = opt
    run = subprocess.run([sys.executable, "-c", LEVEL], env=env, capture_output=True,
                         text=True, check=True)
    level, key = run.stdout.split()
    return int(level), key


def test_the_kernels_compile_at_their_level_unless_numba_opt_says_otherwise():
    (ours, key), (asked, other) = _level(None), _level("1")
    assert (ours, asked) == (2, 1)
    assert key != other                 # kernels of another level live in another folder
