"""Game records under abuse (issue 49): bounded in turns and line length, passes only where
the rules allow them, and errors (of records, positions and other games' records) that
repeat only a little of what they quote."""

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka.arithmetikus import record as arithmetikus
from eureka.arquimedes import record as arquimedes
from eureka.errors import EurekaError
from eureka.mathable import record as records
from eureka.mathable.position import parse_text
from eureka.mathable.record import Record, RecordError, parse, read
from eureka.mathable.score import replay
from eureka.mathable.selfplay import game_record
from eureka.mathable.tokens import RACK_SIZE
from eureka.text import QUOTED, lines

EXCHANGES = "P1: exchange 1\nP2: exchange 1\n"


def test_the_issues_record_of_passes_is_refused_at_once():
    text = "P1: pass\nP2: pass\n" * (16 * 2**20 // 18)            # 16 MB, as in the issue
    with pytest.raises(RecordError) as caught:
        parse(text)
    most = records.MOST_TURNS
    assert str(caught.value) == (f"line {most + 1}: turn {most + 1}, but a record holds "
                                 f"at most {most} turns")
    assert len(parse(EXCHANGES * (most // 2)).plays) == most


def test_a_pass_needs_an_empty_bag():
    game = replay(parse("P1: pass\nP2: pass\n"))
    assert game.turns == [] and game.illegal == (
        "turn 1 (P1): a pass, but the bag holds 112 tokens, and while it holds any a "
        "player places or exchanges")


def test_a_pass_needs_nothing_to_place():
    record = game_record(("optimal", "random"), 4)          # a pass at its end, allowed
    assert replay(record).valid and "pass" in [p.action for p in record.plays]
    # A holder short of 7 at the start of a turn: the bag was empty at its refill.
    turn = next(k for k, play in enumerate(record.plays)
                if play.placements and len(play.holder) < RACK_SIZE)
    passed = replace(record.plays[turn], action="pass", placements=(), draws=(), drawn=())
    game = replay(Record([*record.plays[:turn], passed], {}, record.edition))
    assert game.illegal == (f"turn {turn + 1} ({passed.player}): a pass, but a token of "
                            f"the holder can be placed, and a player who can place must")


def test_a_line_is_bounded():
    line = "P1: I8=12  # " + "a comment " * 100
    with pytest.raises(RecordError, match=rf"^line 2: {len(line):,} characters, but a "
                                          rf"line of a record holds at most 1,000$"):
        parse(f"edition: 126\n{line}")


@pytest.mark.parametrize("text", [
    "x" * 900,                                   # not a turn
    "P1 " + "x" * 900 + ": pass",                # not a name
    "P1: A1=" + "1" * 900,                       # not a token
    "P1: " + "A" * 900 + "=1",                   # not a cell
    "P1: exchange " + "9" * 900,                 # not a count
    "P1: pass " + "x" * 900,                     # not a pass alone
    "P1 [" + "7" * 900 + "]: pass",              # not a token on a holder
    "edition: " + "1" * 900,                     # not an edition
])
def test_an_error_quotes_little_of_the_record(text):
    with pytest.raises(RecordError) as caught:
        parse(text)
    message = str(caught.value)
    assert "…" in message and len(message) < 3 * QUOTED + 120, message


def test_an_error_quotes_little_of_a_cava_game(tmp_path):
    (tmp_path / "1_turns.txt").write_text("Player1 1\n")
    (tmp_path / "1_01.txt").write_text("9H " + "x" * 100_000)
    with pytest.raises(RecordError, match=r"^1_01.txt line 1: expected '<cell> <value>', "
                                          r"found '9H xxx+…'$") as caught:
        read(tmp_path / "1_turns.txt")
    assert len(str(caught.value)) < QUOTED + 80


@pytest.mark.parametrize("reader, text", [
    (parse_text, "rack: " + "x" * 900),                          # a Mathable position
    (parse_text, "x" * 900 + ": 1"),
    (arquimedes.parse, "players: A B\nround 1\n" + "x" * 900),     # other games' records
    (arquimedes.parse, "players: A B\nround 1\n" + "x" * 900 + ": out"),
    (arquimedes.parse, "players: A B\ndecider: " + "x" * 900),
    (arithmetikus.parse, "Spielzahl: " + "x" * 900),
])
def test_other_readers_quote_little_of_their_input(reader, text):
    with pytest.raises(EurekaError) as caught:
        reader(text)
    assert "…" in str(caught.value) and len(str(caught.value)) < QUOTED + 120


@given(st.text("ab \r\n\v\f\x1c\x85\u2028", max_size=40), st.integers(1, 5))
def test_a_record_splits_into_the_lines_splitlines_gives(text, piece):
    assert list(lines(text, piece)) == text.splitlines()     # pieces end on a line end
