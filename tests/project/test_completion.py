"""Shell completion (README): click completes the verbs, the games and the options of
both commands."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent


def _complete(program, words):
    env = {**os.environ, f"_{program.upper()}_COMPLETE": "bash_complete",
           "COMP_WORDS": " ".join(words), "COMP_CWORD": str(len(words) - 1)}
    run = subprocess.run([str(BIN / program)], env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return [line.split(",", 1)[1] for line in run.stdout.splitlines()]


@pytest.mark.parametrize("program, words, expected", [
    ("eureka", ["eureka", "sc"], ["score", "schema"]),
    ("eureka", ["eureka", "solve", "pi"], ["pitagoras"]),
    ("solve", ["solve", "arv"], ["arvuutin"]),
    ("solve", ["solve", "arvuutin", "--ca"], ["--cards"]),
])
def test_completion(program, words, expected):
    assert _complete(program, words) == expected


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts(shell):
    env = {**os.environ, "_EUREKA_COMPLETE": f"{shell}_source"}
    run = subprocess.run([str(BIN / "eureka")], env=env, capture_output=True, text=True)
    assert run.returncode == 0 and "_EUREKA_COMPLETE" in run.stdout
