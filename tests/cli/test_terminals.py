"""A terminal that cannot show − × ÷ (PYTHONIOENCODING=latin-1 or ascii) gets ASCII
signs, never a traceback, and JSON whose non-ASCII characters are escaped, not lost."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SOLVE = str(Path(sys.executable).with_name("solve"))
DEAL = ["pitagoras", "--cards", "2", "7", "6", "12", "15", "--target", "32"]


def _run(encoding: str, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    env.pop("PYTHONUTF8", None)
    return subprocess.run([SOLVE, *args], capture_output=True, env=env, timeout=300)


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_text_falls_back_to_ascii_signs(encoding):
    done = _run(encoding, *DEAL, "--limit", "2")
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode(encoding)
    assert "15 + 12 + 6 × 2 - 7 = 32" in text or "15 + 12 + 6 * 2 - 7 = 32" in text
    assert "\u2212" not in text and "Traceback" not in done.stderr.decode(encoding)
    if encoding == "ascii":
        assert done.stdout.isascii() and "6 * 2 - 7" in text and ">= 0" in text


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_json_keeps_every_character(encoding):
    done = _run(encoding, *DEAL, "--json")
    assert done.returncode == 0 and done.stdout.isascii()
    first = json.loads(done.stdout)["equations"][0]
    assert first["equation"] == "15 + 12 + 6 × 2 − 7"


def test_errors_are_one_line_in_ascii():
    done = _run("ascii", "pitagoras", "--cards", "2", "99", "--target", "32")
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.isascii() and done.stderr.count(b"\n") == 1
    assert done.stderr.startswith(b"error: ")


def test_ascii_writes_every_operator_sign_as_its_code():
    # The signs come from the one operator table (eureka.ops), not a copy of it.
    from eureka.cli.base import ascii_lines
    from eureka.ops import OPERATORS

    signs = " ".join(op.sign for op in OPERATORS.values())
    assert ascii_lines([signs, "≥ —"], True) == [" ".join(OPERATORS), ">= -"]
    assert ascii_lines([signs], False) == [signs]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_a_full_output_is_one_line_not_a_traceback(json_flag):
    with open("/dev/full", "w") as full:
        done = subprocess.run([SOLVE, "game24", "--cards", "3", "3", "8", "8", *json_flag],
                              stdout=full, stderr=subprocess.PIPE, timeout=300)
    assert done.returncode == 2 and done.stderr.count(b"\n") == 1, done.stderr
    assert b"cannot write the output: No space left on device" in done.stderr


def test_a_closed_pipe_ends_quietly():
    reader, writer = os.pipe()
    os.close(reader)                                    # as `| head` does once it is done
    done = subprocess.run([SOLVE, *DEAL], stdout=writer, stderr=subprocess.PIPE,
                          timeout=300)
    os.close(writer)
    assert done.returncode != 0 and done.stderr == b""
