"""A first call says once that it compiles, a warm one says nothing; `eureka warm`
compiles ahead what the commands then load."""

import io
import os
import subprocess
import sys
from pathlib import Path

from eureka.cli.notice import Notice, compiling

EUREKA = str(Path(sys.executable).with_name("eureka"))
SOLVE = ["solve", "game24", "--cards", "4", "7", "8", "8"]


def _run(cache, *args) -> subprocess.CompletedProcess:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    return subprocess.run([EUREKA, *args], capture_output=True, text=True, env=env,
                          timeout=600)


def test_a_cold_command_says_it_compiles_once_and_a_warm_one_says_nothing(tmp_path):
    cold = _run(tmp_path, *SOLVE)
    assert cold.returncode == 0, cold.stderr
    assert cold.stderr.count("compiling the 24 game kernels, once: up to about") == 1
    assert cold.stderr.count("\n") == 1                  # one line, not a terminal: no count
    warm = _run(tmp_path, *SOLVE)
    assert warm.returncode == 0 and warm.stderr == "" and warm.stdout == cold.stdout


def test_warm_compiles_what_the_game_commands_then_load(tmp_path):
    done = _run(tmp_path, "warm", "game24")
    assert done.returncode == 0, done.stderr
    assert "24 game: ready" in done.stdout and "kernels cached in" in done.stdout
    for command in (["solve", "game24", "--cards", "4", "7", "8", "8"],
                    ["check", "game24", "--cards", "4", "7", "8", "8", "(7-8/8)*4"],
                    ["hint", "game24", "--cards", "4", "7", "8", "8"]):
        run = _run(tmp_path, *command)
        assert run.returncode in (0, 1) and run.stderr == "", (command, run.stderr)


def test_warm_refuses_a_game_it_does_not_know(tmp_path):
    done = _run(tmp_path, "warm", "chess")
    assert done.returncode == 2 and done.stderr.startswith("error: no game 'chess'")
    assert "Traceback" not in done.stderr


def test_the_renderers_commands_are_wrapped_afresh_each_time_not_again_and_again():
    import click

    from eureka.cli.main import VerbGroup
    from eureka.cli.mathable_cmds import solve_mathable

    original = solve_mathable.callback
    group = VerbGroup("solve")
    ctx = click.Context(group)
    first, second = (group.get_command(ctx, "mathable") for _ in range(2))
    assert solve_mathable.callback is original
    assert first.callback.__wrapped__ is original and second.callback.__wrapped__ is original


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_on_a_terminal_the_count_is_cleared_when_a_compile_ends():
    stream = _Terminal()
    notice = Notice("compiling", stream)
    notice.started()
    notice.ended()
    notice.started()                                     # a second kernel: no new line
    notice.close()
    assert stream.getvalue() == "compiling\n\r\033[K\r\033[K"


def test_the_line_is_said_only_when_a_kernel_compiles_and_not_under_quiet(capsys):
    from eureka.jit import njit

    @njit()
    def plus_one(x):
        return x + 1

    with compiling("Test", 3, quiet=True):
        assert plus_one(1) == 2                          # compiles: said nothing
    assert capsys.readouterr().err == ""
    with compiling("Test", 3):
        assert plus_one(2) == 3                          # compiled already: nothing
    assert capsys.readouterr().err == ""
    with compiling("Test", 3):
        assert plus_one(2.5) == 3.5                      # a new signature compiles
    assert capsys.readouterr().err.startswith(
        "compiling the Test kernels, once: up to about 3 s")
