"""eureka.text: users' files are read whole up to a cap, from a regular file or a pipe
only, and every command that reads one says what is wrong in one line."""

import os
import threading

import pytest
from click.testing import CliRunner

from eureka import text
from eureka.cli.main import eureka
from eureka.errors import EurekaError


def test_a_file_is_utf8_text_with_its_line_ends_as_open_gives_them(tmp_path):
    path = tmp_path / "game.txt"
    path.write_bytes(b"\xef\xbb\xbfP1: I8=12\r\nP2: pass\rP1: pass\n")
    assert text.read_text(path) == "P1: I8=12\nP2: pass\nP1: pass\n"


def test_a_file_past_the_cap_is_refused_unread(tmp_path):
    path = tmp_path / "huge.txt"
    with open(path, "wb") as f:
        f.truncate(text.MOST_BYTES + 1)            # sparse: nothing to read if it tried
    with pytest.raises(EurekaError, match=f"^cannot read {path}: larger than 16 MB$"):
        text.read_text(path)
    path.write_bytes(b"x" * text.MOST_BYTES)
    assert len(text.read_text(path)) == text.MOST_BYTES


def test_a_stream_is_read_no_further_than_the_cap(monkeypatch):
    monkeypatch.setattr(text, "MOST_BYTES", 4)

    class Endless:
        def read(self, size):
            return b"0" * size

    with pytest.raises(EurekaError, match="^cannot read standard input: larger than"):
        text.read_stream(Endless(), "standard input")


def test_a_pipe_is_read(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(b"P1: pass\n"))
    writer.start()
    assert text.read_text(fifo) == "P1: pass\n"
    writer.join()


@pytest.mark.parametrize("path, why", [
    ("/dev/zero", "not a regular file or a pipe"),
    ("/dev/null", "not a regular file or a pipe"),
    ("/proc/self/mem", "Input/output error"),
    (".", "Is a directory"),
])
def test_what_is_not_a_file_is_refused(path, why):
    if not os.path.exists(path):
        pytest.skip(f"no {path}")
    with pytest.raises(EurekaError, match=f"^cannot read {path}: {why}$"):
        text.read_text(path)


@pytest.mark.parametrize("args", [
    ["review", "mathable", "FILE"],
    ["score", "mathable", "FILE"],
    ["score", "arquimedes", "FILE"],
    ["score", "arithmetikus", "FILE"],
    ["solve", "mathable", "--position", "FILE", "--cards", "1"],
    ["check", "countdown", "--batch", "FILE"],
])
@pytest.mark.parametrize("path", ["/dev/zero", "/dev/urandom"])
def test_every_command_refuses_a_device_in_one_line(args, path):
    if not os.path.exists(path):
        pytest.skip(f"no {path}")
    run = CliRunner().invoke(eureka, [path if a == "FILE" else a for a in args])
    assert (run.exit_code, run.stdout) == (2, "")
    assert run.stderr == f"error: cannot read {path}: not a regular file or a pipe\n"


@pytest.mark.parametrize("args", [["score", "mathable", "-"], ["score", "arquimedes", "-"]])
def test_standard_input_past_the_cap_is_refused(args, monkeypatch):
    monkeypatch.setattr(text, "MOST_BYTES", 2**20)
    run = CliRunner().invoke(eureka, args, input=b"# a comment\n" * 100_000)
    assert (run.exit_code, run.stdout) == (2, "")
    assert run.stderr == "error: cannot read standard input: larger than 1 MB\n"
