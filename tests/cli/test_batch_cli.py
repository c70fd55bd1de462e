"""check --batch: claims checked from a file of JSON lines, an answer line for every line."""

import io
import json
import os

import pytest
from click.testing import CliRunner

from eureka.cli.main import eureka
from eureka.countdown import GAME as COUNTDOWN
from eureka.numbers.claim import batch
from tests.numbers.test_batch import single
from tests.schema_check import assert_valid


@pytest.mark.parametrize("workers", [1, 2])
def test_the_command_keeps_input_order_across_chunks_and_workers(tmp_path, monkeypatch,
                                                                   workers):
    monkeypatch.setattr(batch, "CHUNK", 7)
    rows = [{"cards": [100, 75, 50, 25, 6, 3], "target": 100 + k,
             "answer": f"100+{k}" if k % 3 else "100+3+3"} for k in range(60)]
    path = tmp_path / "claims.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    run = CliRunner().invoke(eureka, ["check", "countdown", "--batch", str(path),
                                      "--workers", str(workers)])
    assert run.exit_code == 0, run.output
    out = [json.loads(t) for t in run.stdout.splitlines()]
    assert [d["line"] for d in out] == list(range(1, 61))
    expected = [single(COUNTDOWN, r["cards"], r["target"], r["answer"]) for r in rows]
    assert [(d["valid"], d["problem"], d["reason"]) for d in out] == \
        [e[:3] for e in expected]


@pytest.mark.parametrize("args, message", [
    (["--batch", "/nonexistent/claims.jsonl"], "cannot read /nonexistent/claims.jsonl"),
    (["--batch", "-", "--cards", "1", "2"], "--batch reads the cards"),
    (["--batch", ""], "the file name is empty"),
    (["--cards", "1", "2", "--target", "3"], "a claim and --cards are needed"),
])
def test_bad_batch_input_is_one_line(args, message):
    run = CliRunner().invoke(eureka, ["check", "countdown", *args], input="")
    assert run.exit_code == 2 and run.stdout == ""
    assert len(run.stderr.splitlines()) == 1 and message in run.stderr


def _run_batch(tmp_path, text, *args):
    path = tmp_path / "claims.jsonl"
    path.write_bytes(text.encode("utf-8", "surrogatepass") if isinstance(text, str)
                     else text)
    return CliRunner().invoke(eureka, ["check", "countdown", "--batch", str(path), *args])


def test_lines_that_crashed_the_reading_get_an_answer_line(tmp_path):
    lines = ['{"cards": [[1], 2], "target": 5, "answer": "1+2"}',      # TypeError
             "[" * 100_000,                                               # RecursionError
             '{"cards": [1, 2], "target": 3, "answer": "\\ud800"}',      # UnicodeEncodeError
             '{"cards": [1, 2], "target": 3, "answer": "1+2"}']
    run = _run_batch(tmp_path, "\n".join(lines) + "\n")
    assert run.exit_code == 0 and run.stderr == "", run.output
    out = [json.loads(t) for t in run.stdout.splitlines()]
    for doc in out:
        assert_valid(doc)
    assert [d["line"] for d in out] == [1, 2, 3, 4]
    assert out[0]["error"] == "the cards must be a list of whole numbers, got [[1], 2]"
    assert "error" in out[1]
    assert out[2]["problem"] == "malformed" and "'\ufffd' at position 1" in out[2]["reason"]
    assert out[3]["valid"]


def test_a_long_answer_is_refused_unread_and_a_long_line_unkept(tmp_path):
    long_answer = "1+" * 3000 + "1"
    lines = [json.dumps({"cards": [1, 2], "target": 3, "answer": long_answer}),
             json.dumps({"cards": [1, 2], "target": 3, "answer": "1+" * 5_000_000 + "1"}),
             " " * batch.LONGEST_LINE + '{"cards": [1, 2], "target": 3, "answer": "1+2"}',
             '{"cards": [1, 2], "target": 3, "answer": "1+2"}']
    run = _run_batch(tmp_path, "\n".join(lines) + "\n")
    assert run.exit_code == 0, run.output
    out = [json.loads(t) for t in run.stdout.splitlines()]
    assert out[0]["problem"] == "malformed" and "longer than 4,096 characters" in \
        out[0]["reason"]
    assert out[1]["error"] == out[2]["error"] == "a line longer than 65,536 bytes"
    assert out[3]["valid"] and [d["line"] for d in out] == [1, 2, 3, 4]
    assert single(COUNTDOWN, [1, 2], 3, long_answer)[:2] == (False, "malformed")
    kept = list(batch.read_lines(io.BytesIO(b"x" * 10**7 + b"\nnext\n"), "f"))
    assert [len(k) for k in kept] == [batch.LONGEST_LINE + 1, 5]


def test_a_line_without_end_ends_the_run_in_one_line():
    class Zeros(io.RawIOBase):                         # /dev/zero on standard input
        def readable(self):
            return True

        def readinto(self, buffer):
            buffer[:] = bytes(len(buffer))
            return len(buffer)

    run = CliRunner().invoke(eureka, ["check", "countdown", "--batch", "-"],
                             input=io.BufferedReader(Zeros()))
    assert (run.exit_code, run.stdout) == (2, "")
    assert run.stderr == "error: cannot read standard input: a line longer than 16 MB\n"


@pytest.mark.parametrize("path, message", [
    ("/dev/zero", "cannot read /dev/zero: not a regular file or a pipe"),
    ("/proc/self/mem", "cannot read /proc/self/mem: Input/output error"),
    (".", "cannot read .: Is a directory"),
])
def test_what_is_not_a_file_is_refused_in_one_line(path, message):
    if not os.path.exists(path):
        pytest.skip(f"no {path}")
    run = CliRunner().invoke(eureka, ["check", "countdown", "--batch", path])
    assert run.exit_code == 2 and run.stdout == "" and run.stderr == f"error: {message}\n"


def test_workers_beyond_the_cores_are_started_with_a_warning(tmp_path, monkeypatch):
    from eureka import parallel

    monkeypatch.setattr(parallel, "cores", lambda: 2)
    run = _run_batch(tmp_path, '{"cards": [1, 2], "target": 3, "answer": "1+2"}\n',
                     "--workers", "64")
    assert run.exit_code == 0 and json.loads(run.stdout)["valid"]
    assert run.stderr == ("warning: --workers 64 is more than the cores (2): the "
                          "processes will share them, each with its own memory\n")
