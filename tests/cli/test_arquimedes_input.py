"""Bad input to the Arquimedes commands, as a fuzzer writes it (issue 11): one `error:`
line and exit code 2, or exit code 1 for a claim that is read but breaks a rule; never a
traceback, whatever the numbers, the digits, the files or the terminal's encoding."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.invoke import run
from tests.paths import EXAMPLES, ROOT
from tests.schema_check import assert_valid

EUREKA = str(Path(sys.executable).parent / "eureka")
EXAMPLE = str(EXAMPLES / "arquimedes_game.txt")
STATE = ["--top", "3", "--cards", "2", "5", "7", "12", "K"]
HUGE = "9" * 5000                          # more digits than Python's int() reads
CUT = "'99999999999999999999…'"            # how a card that long is quoted back


def assert_one_line(result, message: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], lines


@pytest.mark.parametrize("args, message", [
    # numbers too long for int(), in every option and argument that takes one
    (["solve", "arquimedes", "--top", HUGE, "--cards", "2"], f"{CUT} is not an Arquimedes"),
    (["solve", "arquimedes", "--top", "3", "--cards", "2", HUGE], f"{CUT} is not an"),
    (["solve", "arquimedes", "--top", "K=" + HUGE, "--cards", "2"], f"{CUT} is not an"),
    (["solve", "arquimedes", *STATE, "--seen", HUGE], f"{CUT} is not an Arquimedes card"),
    (["solve", "arquimedes", *STATE, "--draw-pile", HUGE],
     "a number of 5,000 digits is not between 0 and"),
    (["solve", "arquimedes", *STATE, "--others", "4", HUGE], "a number of 5,000 digits"),
    (["solve", "arquimedes", *STATE, "--others", "4", "--simulate", HUGE],
     "a number of 5,000 digits is not between 2 and 1,000,000"),
    (["solve", "arquimedes", *STATE, "--others", "4", "--simulate", "2", "--seed", HUGE],
     "a number of 5,000 digits is not between 0 and"),
    (["check", "arquimedes", *STATE, "--draw-pile", HUGE, "3+2=5"],
     "a number of 5,000 digits"),
    (["simulate", "arquimedes", "--games", HUGE],
     "a number of 5,000 digits is not between 1 and 100,000,000"),
    (["simulate", "arquimedes", "--games", "1" + "0" * 400],
     "at most 100,000,000 games (about 42 minutes at 40,000 games a second); 1.0e+400 "
     "would take about 7.9e+387 years"),
    (["simulate", "arquimedes", "--players", HUGE], "a number of 5,000 digits"),
    (["simulate", "arquimedes", "--seed", HUGE], "a number of 5,000 digits"),
    # digits other than 0-9 are refused in a claim as they are in the options
    (["check", "arquimedes", *STATE, "3+٢=5"], "'٢' is not a card at position 3"),
    (["check", "arquimedes", *STATE, "3+K(١)=4"], "'K(١)' is not a card at position 3"),
    (["check", "arquimedes", *STATE, "3+2=５"], "'５' is not a card at position 5"),
    # a blank value is named, not taken for a missing option or a stray argument
    (["solve", "arquimedes", "--top", "3", "--cards", ""], "'' is not an Arquimedes card"),
    (["solve", "arquimedes", "--top", "3", "--hand", " "], "' ' is not an Arquimedes card"),
    (["solve", "arquimedes", "--top", "", "--cards", "2"], "'' is not an Arquimedes card"),
    (["solve", "arquimedes", *STATE, "--seen", ""], "'' is not an Arquimedes card"),
    (["solve", "arquimedes", *STATE, "--others", ""], "'' is not a whole number"),
    (["check", "arquimedes", "--top", "3", "--cards", "", "3+2=5"],
     "'' is not an Arquimedes card"),
    # top cards and jokers as people might write them
    (["solve", "arquimedes", "--top", "K=", "--cards", "2"], "'' is not an Arquimedes"),
    (["solve", "arquimedes", "--top", "K=K", "--cards", "2"],
     "the joker must stand for a value 1–13"),
    (["solve", "arquimedes", "--top", "K(7)", "--cards", "2"], "'K(7)' is not an"),
    (["solve", "arquimedes", "--top", "joker", "--cards", "2"], "'JOKER' is not an"),
    (["solve", "arquimedes", "--top", "0x3", "--cards", "2"], "'0X3' is not an"),
    (["solve", "arquimedes", "--top", "3", "--cards", "J", "k"], "2 cards of K, but the "
                                                                "deck has only 1 copy"),
    (["check", "arquimedes", *STATE, "3+K()=12"], "'K()' is not a card at position 3"),
    (["check", "arquimedes", *STATE, "3+2=5", "3+5=8"], "unexpected extra argument"),
])
def test_bad_input_is_one_line(args, message):
    assert_one_line(run(*args), message)


@pytest.mark.parametrize("claim, code, reason", [
    ("3+2=" + HUGE, 1, "invalid: 99999999999999999999… (5,000 digits) is not a card "
                       "value (1–13)"),
    ("3+K(" + HUGE + ")=5", 1, "invalid: 99999999999999999999… (5,000 digits) is not"),
    ("3+2=" + "9" * 20, 1, "invalid: 3 + 2 makes 5, not 99999999999999999999"),
    ("0" * 5000 + "3+2=5", 0, "valid: 3 + 2 = 5"),
])
def test_a_claim_with_a_huge_number_is_read(claim, code, reason):
    result = run("check", "arquimedes", *STATE, claim)
    assert result.exit_code == code and result.stdout.startswith(reason), result.output
    data = json.loads(run("check", "arquimedes", *STATE, claim, "--json").stdout)
    assert assert_valid(data)["valid"] == (code == 0)


@pytest.mark.parametrize("record, message", [
    (b"players: A B\nround 1\nA: out\nB: 5 \xe9\n",
     "cannot read standard input: not UTF-8 text"),
    (f"players: A B\nround 1\nA: out\nB: {HUGE}\n".encode(), f"line 4: {CUT} is not an"),
    (b"players: A B\nround 1\nA: out\nB: 5 draws\n", "line 4: 'draws' needs the cards"),
    (b"", "name the players first"),
])
def test_bad_records_on_standard_input(record, message):
    assert_one_line(run("score", "arquimedes", "-", stdin=record), message)


def test_a_record_file_that_cannot_be_read(tmp_path):
    latin = tmp_path / "latin.txt"
    latin.write_bytes(b"players: A B\nround 1\nA: out\nB: 5 \xe9\n")
    assert_one_line(run("score", "arquimedes", str(latin)), "not UTF-8 text")
    assert_one_line(run("score", "arquimedes", str(tmp_path)), "is a directory")
    assert_one_line(run("score", "arquimedes", str(tmp_path / "none.txt")),
                    "No such file or directory")


def test_a_record_on_standard_input_reads_as_a_file():
    """A byte-order mark is dropped from standard input too."""
    text = Path(EXAMPLE).read_bytes()
    from_file = run("score", "arquimedes", EXAMPLE)
    assert run("score", "arquimedes", "-", stdin=b"\xef\xbb\xbf" + text).stdout == \
        from_file.stdout
    assert from_file.exit_code == 0 and from_file.stdout.endswith("Winner: Ana\n")


def _eureka(args: tuple, encoding: str, stdin: bytes = b""):
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    env.pop("PYTHONUTF8", None)
    return subprocess.run([EUREKA, *args], input=stdin, capture_output=True, env=env,
                          cwd=ROOT, timeout=300)


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_a_terminal_that_cannot_show_every_sign(encoding):
    """Every command runs to its exit code; a sign the terminal cannot show is written
    in ASCII, and JSON escapes what the terminal cannot show, keeping the data exact."""
    cases = [
        (("solve", "arquimedes", *STATE, "--others", "4", "--simulate", "5"), 0),
        (("check", "arquimedes", *STATE, "3-5=K"), 1),
        (("check", "arquimedes", *STATE, "3−2=1", "--json"), 0),
        (("score", "arquimedes", EXAMPLE), 0),
        (("simulate", "arquimedes", "--games", "20", "--compare"), 0),
        (("solve", "arquimedes", "--top", "١٢", "--cards", "2"), 2),
    ]
    for args, code in cases:
        got, want = _eureka(args, encoding), run(*args)
        assert (got.returncode, want.exit_code) == (code, code), got.stderr
        assert b"Traceback" not in got.stderr
        if "--json" in args:
            assert got.stdout.isascii() and json.loads(got.stdout) == json.loads(want.stdout)
            continue
        for stream, shown in ((got.stdout, want.stdout), (got.stderr, want.stderr)):
            assert stream == shown.encode(encoding, "eureka-ascii")
    record = "players: Ä B\nround 1\nÄ: out\nB: 5\n".encode()
    scored = _eureka(("score", "arquimedes", "-"), encoding, record)
    assert scored.returncode == 0 and b"Tokens so far" in scored.stdout


def test_commands_that_need_no_kernel_import_no_numba():
    """Scoring a record, a valid claim, a bad top card and every --help: no Numba, no
    NumPy."""
    code = ("import sys\n"
            "import click\n"
            "from eureka.cli.main import eureka\n"
            "for args in sys.argv[1:]:\n"
            "    try:\n"
            "        eureka.main(args.split('|'), standalone_mode=False)\n"
            "    except (SystemExit, click.ClickException):\n"
            "        pass\n"
            "print(sorted({'numba', 'numpy'} & set(sys.modules)))")
    runs = [f"score|arquimedes|{EXAMPLE}", "check|arquimedes|--top|3|--cards|2|5|3+2=5",
            "solve|arquimedes|--top|14|--cards|2",
            *(f"{verb}|arquimedes|--help" for verb in ("solve", "check", "score",
                                                       "simulate"))]
    out = subprocess.run([sys.executable, "-c", code, *runs], capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout
    assert out.splitlines()[-1] == "[]"
    assert "Winner: Ana" in out and "valid: 3 + 2 = 5" in out
