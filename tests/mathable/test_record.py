"""Mathable game records: the rulebook's game example, the five CAVA 2024 games with their
official turn scores, illegal placements explained, malformed records, the holders and
the bag."""

import dataclasses
import shutil
from collections import Counter
from pathlib import Path

import pytest

from eureka.errors import EurekaError
from eureka.mathable.board import SQUARES, START, cell_name
from eureka.mathable.legality import Placement, equations
from eureka.mathable.record import Play, Record, RecordError, parse, read, write
from eureka.mathable.score import replay
from eureka.mathable.tokens import token_set
from tests.paths import DATA

CAVA = DATA / "mathable" / "cava2024"
GAMES = [("train", 1), ("train", 2), ("train", 3), ("train", 4), ("fake_test", 1)]

# The rulebook's game example (section VI): player 1 draws token 11 after J8.
FIRST = "P1: I8=12 H6=8 G9=2 F7=1 J8=16 draw=11"
SECOND = "P2: F8=7 F9=6 H9=8 G6=4 E9=3 E8=21 E10=7"


def cava(folder: str, game: int) -> Path:
    return CAVA / folder / f"{game}_turns.txt"


def raises(text: str) -> str:
    """The message of the RecordError that parsing `text` raises, checked: one line."""
    with pytest.raises(RecordError) as caught:
        parse(text)
    message = str(caught.value)
    assert isinstance(caught.value, EurekaError) and "\n" not in message
    return message


# --- the rulebook's game example --------------------------------------------------------

def test_rulebook_first_turn():
    turn, = replay(parse(FIRST)).turns
    # 1c: 3 × 4 = 12; 2b: 2 × 4 = 8; 3b: 3 − 1 = 2; 4b: 2 − 1 = 1; 5c: 12 + 4 = 16
    assert [s.points for s in turn.scored] == [12, 8, 2, 1, 16]
    assert [s.equations[0].op for s in turn.scored] == ["*", "*", "-", "-", "+"]
    assert turn.scored[4].restriction == "+" and turn.play.draws == (4,)
    assert (turn.bonus, turn.points) == (0, 39)                   # 6a: 39


def test_rulebook_second_turn():
    game = replay(parse(f"{FIRST}\n{SECOND}"))
    turn = game.turns[1]
    # 1b: 7; 2b: 6; 3c: 8 twice (6 + 2 and 2 × 4); 4b: 4; 5b: 3; 6b: 21 on ×; 7 on 2X
    assert [s.points for s in turn.scored] == [7, 6, 16, 4, 3, 21, 14]
    assert sorted(e.op for e in turn.scored[2].equations) == ["*", "+"]
    assert turn.scored[5].restriction == "*" and turn.scored[6].award == 2
    assert (turn.bonus, turn.points) == (50, 121)                 # 7e: 71 + 50
    assert (turn.number, turn.play.player) == (2, "P2")
    assert game.totals == {"P1": 39, "P2": 121} == game.final
    assert game.illegal is None and game.mismatches == []


@pytest.mark.parametrize("text, points", [
    ("P1: F8=12", 12),                        # 1b: 12 could go left of the 3
    ("P1: I8=12 H6=8 G6=2", 2),               # 3a: the 2 could go above the 1
    (f"{FIRST}\nP2: F8=7 F9=6 E9=8", 8),      # 3b: the 8 left of the 6 gives 8 points
])
def test_rulebook_alternatives(text, points):
    assert replay(parse(text)).turns[-1].scored[-1].points == points


def test_rulebook_forbidden_division_on_addition_square():
    # 7b: the 7 cannot go above the 21 (E7), a + square that does not allow dividing
    game = replay(parse(f"{FIRST}\n{SECOND.replace('E10=7', 'E7=7')}"))
    assert game.illegal.startswith("turn 2 (P2): E7=7: ")
    assert "addition" in game.illegal and "E8 21 and E9 3" in game.illegal
    assert [t.number for t in game.turns] == [1]
    assert game.totals == {"P1": 39, "P2": 0}


def test_bonus_off():
    turn = replay(parse(f"bonus: off\n{FIRST}\n{SECOND}")).turns[1]
    assert (turn.bonus, turn.points) == (0, 71)


# --- the CAVA 2024 games ----------------------------------------------------------------

@pytest.mark.parametrize("folder, game", GAMES)
def test_cava_official_scores(folder, game):
    record = read(cava(folder, game))
    assert not record.bonus and record.edition == 126
    assert sum(len(p.placements) for p in record.plays) == 50
    result = replay(record)
    assert result.illegal is None and result.mismatches == []
    assert [t.points for t in result.turns] == [p.official for p in record.plays]


def test_cava_all_63_turns_checked():
    checked = 0
    for folder, game in GAMES:
        record = read(cava(folder, game))
        result = replay(record)
        assert result.mismatches == [] and result.illegal is None
        checked += sum(t.play.official is not None for t in result.turns)
    assert checked == 63


def test_cava_bonus_would_break_the_official_scores():
    record = read(cava("train", 3))
    full = [n for n, p in enumerate(record.plays, 1) if len(p.placements) == 7]
    mismatches = replay(dataclasses.replace(record, bonus=True)).mismatches
    assert full and [t.number for t in mismatches] == full
    assert all(t.points == t.play.official + 50 for t in mismatches)


@pytest.fixture
def game_copy(tmp_path):
    """Game 1 of the CAVA training data, copied to be spoiled."""
    source = cava("train", 1).parent
    for path in source.glob("1_*.txt"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def test_cava_wrong_official_score(game_copy):
    scores = game_copy / "1_scores.txt"
    lines = scores.read_text().splitlines()
    lines[2] = "Player1 11 29"                                     # officially 28
    scores.write_text("\n".join(lines))
    result = replay(read(game_copy / "1_turns.txt"))
    assert [(t.number, t.points, t.play.official) for t in result.mismatches] == \
        [(3, 28, 29)]


def test_cava_without_scores(game_copy):
    (game_copy / "1_scores.txt").unlink()
    result = replay(read(str(game_copy / "1_turns.txt")))
    assert len(result.turns) == 14 and result.mismatches == []
    assert all(t.play.official is None for t in result.turns)


@pytest.mark.parametrize("name, text, fragment", [
    ("1_01.txt", "9H", "1_01.txt line 1: expected '<cell> <value>'"),
    ("1_01.txt", "9Z 8", "1_01.txt line 1: '9Z' is not a cell"),
    ("1_01.txt", "9H 91", "1_01.txt line 1: '9H 91': '91' is not a token"),
    ("1_01.txt", "9H 8\n9I 8", "1_01.txt: a move file holds one line"),
    ("1_20.txt", None, "1_turns.txt line 5: the turn's move 20 has no file 1_20.txt"),
    ("1_turns.txt", "Player1 2\nPlayer2 5", "1_turns.txt line 1: the first turn starts"),
    ("1_turns.txt", "Player1 1\nPlayer2 x", "1_turns.txt line 2: expected"),
    ("1_turns.txt", "", "1_turns.txt: no turns"),
    ("1_scores.txt", "Player1 1 152", "1_scores.txt has 1 lines and 1_turns.txt 14"),
])
def test_cava_spoiled(game_copy, name, text, fragment):
    if text is None:
        (game_copy / name).unlink()
    else:
        (game_copy / name).write_text(text)
    with pytest.raises(RecordError) as caught:
        read(game_copy / "1_turns.txt")
    assert fragment in str(caught.value) and "\n" not in str(caught.value)


def test_cava_scores_of_another_turn(game_copy):
    scores = game_copy / "1_scores.txt"
    scores.write_text(scores.read_text().replace("Player2 5 170", "Player1 5 170"))
    with pytest.raises(RecordError, match=r"^1_scores.txt line 2: Player1 5, but "
                                          r"1_turns.txt has Player2 5$"):
        read(game_copy / "1_turns.txt")


def test_cava_official_scores_are_bounded(game_copy):
    scores = game_copy / "1_scores.txt"
    scores.write_text(scores.read_text().replace("Player2 5 170", "Player2 5 " + "9" * 30))
    with pytest.raises(RecordError, match=r"^1_scores.txt line 2: a score is at most "
                                          r"1,000,000 \(no game of Mathable scores more\), "
                                          r"not a number of 30 digits$"):
        read(game_copy / "1_turns.txt")


# --- illegal placements -----------------------------------------------------------------

@pytest.mark.parametrize("text, start, fragments", [
    ("P1: I8=12 J8=48", "turn 1 (P1): J8=48: ", ["J8", "addition", "12 + 4 = 16"]),
    ("P1: I8=12\nP2: A1=5", "turn 2 (P2): A1=5: ", ["no line from A1"]),
    ("P1: I8=12\nP2: exchange 1\nP1: G7=1", "turn 3 (P1): G7=1: ", ["G7 already holds 1"]),
    ("P1: F8=8", "turn 1 (P1): F8=8: ", ["G8 3 and H8 4", "3 + 4 = 7", "3 × 4 = 12"]),
])
def test_illegal_placement_explained(text, start, fragments):
    game = replay(parse(text))
    assert game.illegal.startswith(start)
    assert all(f in game.illegal for f in fragments), game.illegal
    assert len(game.turns) == int(start.split()[1]) - 1


# --- the text format --------------------------------------------------------------------

def test_format():
    record = parse("""
        # a game with every kind of line
        edition: 126
        bonus: on
        Anna: 8I=12 # cells written row first, as in the CAVA data
        Ben: exchange 3

        Anna: J8=16 DRAW
        Ben: Pass
        left Anna: 3 5 9 9 1 1 0
        left Ben: 80 81 1 2 3 4 5
    """)
    assert record.edition == 126 and record.bonus
    assert record.plays == [
        Play("Anna", "place", (Placement((7, 8), 12),), (), 0, 5),
        Play("Ben", "exchange", (), (), 3, 6),
        Play("Anna", "place", (Placement((7, 9), 16),), (0,), 0, 8, drawn=(None,)),
        Play("Ben", "pass", (), (), 0, 9),
    ]
    game = replay(record)
    assert [t.points for t in game.turns] == [12, 0, 16]       # Ben may not pass yet
    assert game.illegal.startswith("turn 4 (Ben): a pass, but the bag holds")
    assert game.totals == {"Anna": 28, "Ben": 0}
    assert game.deductions == {"Anna": 28, "Ben": 176}
    assert game.final == {"Anna": 0, "Ben": -176}


def test_read_text_file(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(f"{FIRST}\n{SECOND}")                  # no trailing newline
    assert read(str(path)) == parse(f"{FIRST}\n{SECOND}\n")
    with pytest.raises(RecordError, match="cannot read"):
        read(str(tmp_path / "missing.txt"))


BAD = [
    ("", None, "no turns"),
    ("# only a comment\n\n", None, "no turns"),
    ("edition: 106\nbonus: off", None, "no turns"),
    ("P1: Q8=12", 1, "'Q8' is not a cell"),
    ("P1: I8=12\nP2: I15=7", 2, "'I15' is not a cell"),
    ("P1: I8=91", 1, "'91' is not a token of the 126-token set"),
    ("P1: I8=12\n\nP2: F8=-7", 3, "'F8=-7' is not a placement"),
    ("P1: I8=twelve", 1, "is not a placement"),
    ("P1: I8", 1, "'I8' is not a placement"),
    ("P1: I8:12", 1, "is not a placement"),
    ("P1 I8=12", 1, "is not a turn"),
    ("I8=12", 1, "is not a turn"),
    (": I8=12", 1, "is not a turn"),
    ("P1:", 1, "needs placements"),
    ("P1: pass now", 1, "'pass' alone"),
    ("P1: exchange", 1, "exchange N"),
    ("P1: exchange 0", 1, "exchange N"),
    ("P1: exchange three", 1, "exchange N"),
    ("P1: exchange 3 5 9", 1, "exchange N"),
    ("P1: draw I8=12", 1, "before any placement"),
    ("P1: I8=12 draw", 1, "I8 is not a restriction square"),
    ("P1: I8=12 J8=16 draw draw", 1, "a second draw after J8=16"),
    ("P1: I8=12 J8=16 draw=91", 1, "'91' is not a token"),
    ("P1: I8=12 J8=16 draw=", 1, "'' is not a token"),
    ("P1: A1=90 B1=90", 1, "'B1=90' makes 2 tokens of 90 in the record, but the "
                           "126-token set has 1"),
    ("P1: A1=11 B1=11\nP2: C1=11", 2, "3 tokens of 11"),
    ("edition: 106\nP1: A1=11 B1=11", 2, "2 tokens of 11 in the record, but the "
                                         "106-token set has 1"),
    ("edition: 106\nP1: A1=0\nP2: B1=0", 3, "106-token set has 1"),
    ("edition: 100\nP1: pass", 1, "edition is 126 or 106"),
    ("bonus: maybe\nP1: pass", 1, "bonus is on or off"),
    ("edition: 126\nedition: 106\nP1: pass", 2, "once, before the turns"),
    ("P1: pass\nbonus: off", 2, "once, before the turns"),
    ("Player 1: I8=12", 1, "a name is one word"),
    ("P1: pass\nleft P1: 3 x", 2, "'x' is not a token"),
    ("P1: pass\nleft P3: 1 2 3 4 5 6 7", 2, "P3 plays no turn"),
    ("P1: pass\nleft P1: 1 2 3 4 5 6 7\nleft P1: 1", 3, "a second 'left P1'"),
    ("P1: pass\nleft P1: 3 5", 2, "lists 2 tokens, but the turns leave 7 tokens"),
    ("P1: A1=90\nleft P1: 90 1 2 3 4 5 6", 2, "2 tokens of 90"),
    ("P1: exchange 8", 1, "(1 to 7), not 'exchange 8'"),
    ("P1: pass\nP2: A1=1 A2=2 A3=3 A4=4 A5=5 A6=6 A7=7 A8=8", 2,
     "turn 2 (P2): A8=8 from an empty holder"),
    ("P1: I8=12 J8=16 draw A1=1 A2=2 A3=3 A4=4 A5=5 A6=6 A7=7", 1,
     "turn 1 (P1): A7=7 from an empty holder"),
    ("A: pass\nB: pass\nC: pass\nD: pass\nE: pass", 5, "a fifth player, E"),
    ("P1: pass\nP2: pass\nP2: pass", 3, "turn 3 (P2): out of turn: P1 is next"),
    ("P1: pass\nP2: pass\nP1: pass\nP3: pass", 4,
     "turn 4 (P3): joins after the first round"),
    ("P1: I8=١٢", 1, "is not a placement"),
    ("P1: exchange ²", 1, "exchange N"),
]


@pytest.mark.parametrize("header, asked, fragment", [
    ("edition: 106", {"edition": 126}, "'edition: 106', but edition 126 was asked for"),
    ("bonus: on", {"bonus": False}, "'bonus: on', but bonus off was asked for"),
])
def test_headers_must_agree_with_what_is_asked(header, asked, fragment):
    with pytest.raises(RecordError, match=fragment):
        parse(f"{header}\nP1: pass", **asked)


def test_asked_settings_apply_without_headers():
    record = parse("P1: pass", edition=106, bonus=False)
    assert (record.edition, record.bonus) == (106, False)


@pytest.mark.parametrize("text, line, fragment", BAD)
def test_malformed(text, line, fragment):
    message = raises(text)
    assert fragment in message, message
    if line:
        assert message.startswith(f"line {line}: "), message


# --- the holders and the bag ------------------------------------------------------------

@pytest.mark.parametrize("text, bonus", [
    (f"{FIRST} F8=7 F9=6 H9=8", 50),          # 7 on the holder + 1 drawn, all placed
    (f"{FIRST} F8=7 F9=6", 0),                # 7 placed, the drawn token still held
    (f"{FIRST.replace(' draw=11', '')} F8=7 F9=6", 50),
])
def test_full_holder_bonus(text, bonus):
    turn, = replay(parse(text)).turns
    assert turn.bonus == bonus
    assert turn.points == sum(s.points for s in turn.scored) + bonus


def drained(last: str) -> str:
    """One player empties the bag (126 - 7 = 119 tokens) in 17 turns of 7 placements, the
    last turn with a draw after J8 (a + square) and a refill of 6; then `last`."""
    values = sorted(token_set(126).elements())
    turns = [" ".join(f"A1={v}" for v in values[i:i + 7]) for i in range(0, 119, 7)]
    turns[-1] = turns[-1].replace("A1", "J8", 1).replace(" ", " draw ", 1)
    return "\n".join(f"P1: {t}" for t in [*turns, last.format(values[119])])


@pytest.mark.parametrize("last, fragment", [
    ("J8={} draw", "line 18: turn 18 (P1): a draw after J8={}, but the bag is empty"),
    ("exchange 1", "line 18: turn 18 (P1): exchanges 1 token, but the holder holds 7 "
                   "and the bag 0"),
])
def test_empty_bag(last, fragment):
    last_value = sorted(token_set(126).elements())[119]
    assert raises(drained(last)) == fragment.format(last_value)
    parse(drained("J8={}"))                    # the same turn without the draw is fine


def legal_sequence(edition: int, count: int) -> list:
    """`count` placements, each legal after those before: the first empty cell in
    reading order that takes a token still in the set, with the largest such token."""
    grid, supply, found = dict(START), Counter(token_set(edition)), []
    while len(found) < count:
        cell, value = next((cell, value) for cell in sorted(SQUARES) if cell not in grid
                           for value in sorted(+supply, reverse=True)
                           if equations(grid, cell, value))
        grid[cell] = value
        supply[value] -= 1
        found.append(Placement(cell, value))
    return found


PLAYERS = ["Anna", "Ben", "Cleo", "Dan"]


def four_player_game(dan_first: int) -> str:
    """A 106-token game of four: the bag (106 - 28 = 78) holds 1 token after 11 turns of
    7; Dan then places `dan_first` tokens and gets the last one, Anna places 3, Ben and
    Cleo pass, and Dan empties his holder."""
    counts = [7] * 11 + [dan_first, 3, 0, 0, 8 - dan_first]
    sequence = legal_sequence(106, sum(counts))
    lines, used = ["edition: 106"], 0
    for number, count in enumerate(counts):
        moves = " ".join(f"{cell_name(p.cell)}={p.value}"
                         for p in sequence[used:used + count]) or "pass"
        lines.append(f"{PLAYERS[number % 4]}: {moves}")
        used += count
    rest = sorted((token_set(106) - Counter(p.value for p in sequence)).elements())
    left = {"Anna": rest[:4], "Ben": rest[4:11], "Cleo": rest[11:], "Dan": []}
    lines += [f"left {p}: {' '.join(map(str, values))}" for p, values in left.items()]
    return "\n".join(lines)


@pytest.mark.parametrize("dan_first, last_bonus", [
    (2, 0),       # Dan's refill finds 1 token: 6 on the holder, no bonus for emptying it
    (1, 50),      # Dan's refill finds 1 token: 7 on the holder, all placed
])
def test_four_player_game_to_the_end(dan_first, last_bonus):
    record = parse(four_player_game(dan_first))
    game = replay(record)
    assert record.edition == 106 and game.illegal is None
    assert [t.bonus for t in game.turns] == [50] * 11 + [0, 0, 0, 0, last_bonus]
    assert [t.play.action for t in game.turns[13:15]] == ["pass", "pass"]
    for player in PLAYERS:
        mine = [t.points for t in game.turns if t.play.player == player]
        assert game.totals[player] == sum(mine)
        assert game.deductions[player] == sum(record.left[player])
        assert game.final[player] == game.totals[player] - game.deductions[player]
    assert game.deductions["Dan"] == 0 and game.deductions["Cleo"] > 0


def test_four_player_game_left_lists_checked():
    lines = four_player_game(2).splitlines()
    anna = lines.index(next(line for line in lines if line.startswith("left Anna:")))
    moved = lines[anna + 1].split()[2]                   # one of Ben's tokens to Anna
    lines[anna] += f" {moved}"
    lines[anna + 1] = lines[anna + 1].replace(f" {moved}", "", 1)
    assert raises("\n".join(lines)) == (f"line {anna + 1}: 'left Anna' lists 5 tokens, "
                                        f"but the turns leave 4 tokens on Anna's holder")


def test_four_player_game_exchange_from_empty_bag():
    text = four_player_game(2).replace("Cleo: pass", "Cleo: exchange 1")
    assert raises(text) == ("line 16: turn 15 (Cleo): exchanges 1 token, but the holder "
                            "holds 7 and the bag 0")


def test_replay_checks_records_built_in_code():
    placements = tuple(Placement((0, c), 1) for c in range(8))
    record = Record([Play("P1", "place", placements, (), 0, 4)], {})
    with pytest.raises(RecordError, match=r"^line 4: turn 1 \(P1\): H1=1 from an empty"):
        replay(record)


# --- holders written in the record --------------------------------------------------------

CANONICAL = """edition: 126
bonus: on
P1 [1 2 8 12 16 17 42]: I8=12 H6=8 G9=2 F7=1 J8=16 draw=11
P2 [3 4 6 7 7 8 21]: F8=7 F9=6 H9=8 G6=4 E9=3 E8=21 E10=7
P1 [5 9 11 17 42 60 70]: exchange 3
P2: exchange 2
left P1: 5 9 11 17 42 60 70
left P2: 1 2 3 4 5 6 7
"""


def test_holders_round_trip():
    record = parse(CANONICAL)
    assert [p.holder for p in record.plays] == [
        (1, 2, 8, 12, 16, 17, 42), (3, 4, 6, 7, 7, 8, 21), (5, 9, 11, 17, 42, 60, 70), None]
    assert record.plays[0].drawn == (11,)
    assert write(record) == CANONICAL
    assert parse(write(record)) == record
    assert replay(record).valid


def test_write_keeps_unnamed_draws_and_adds_the_headers():
    record = parse("Anna: I8=12 J8=16 draw\nBen: pass\nleft Ben: 1 2 3 4 5 6 7")
    assert write(record) == ("edition: 126\nbonus: on\nAnna: I8=12 J8=16 draw\n"
                             "Ben: pass\nleft Ben: 1 2 3 4 5 6 7\n")


@pytest.mark.parametrize("text, fragment", [
    ("P1 [1 2 8 12 16 17]: I8=12", "holds 6 tokens, but the replay has 7 on it"),
    ("P1: I8=12 H6=8\nP2: pass\nP1 [1 2 3 5 6 7]: pass", "holds 6 tokens"),
    ("P1 [1 2 8 12 16 17 42]: I8=12 K8=11 J8=16 draw=11",
     "K8=11 is not on P1's holder [1 2 8 12 16 17 42] nor drawn before it"),
    ("P1 [1 2 8 12 16 17 42]: I8=12 J8=16 draw K8=9 L8=9",      # draw: any one token
     "L8=9 is not on P1's holder"),
    ("P1: I8=18\nP2 [18 18 1 2 3 4 5]: pass", "holds 2 of 18 with 1 on the board, but "
                                               "the 126-token set has 2"),
    ("P1 [1 2 8 12 16 17 4 2]: pass", "a holder holds at most 7"),
    ("P1 [1 2 x]: pass", "'x' is not a token"),
    ("P1 [1 2 8 12 16 17 42]] : pass", "is not a player's name and holder"),
    ("P1 x [1 2 8 12 16 17 42]: pass", "is not a player's name and holder"),
])
def test_holder_checked_against_the_replay(text, fragment):
    assert fragment in raises(text)


def test_tokens_drawn_in_the_turn_may_be_placed_after_the_draw():
    for text in ("P1 [1 2 8 12 16 17 42]: I8=12 J8=16 draw=11 K8=11",
                 "P1 [1 2 8 12 16 17 42]: I8=12 J8=16 draw K8=11"):
        assert parse(text).plays[0].placements[-1].value == 11   # the replay judges K8


def test_draws_without_their_tokens_are_written_unnamed():
    play = Play("P1", "place", (Placement((7, 8), 12), Placement((7, 9), 16)), (1,), 0, 1,
                holder=(1, 2, 8, 12, 16, 17, 42))
    text = write(Record([play], {}))
    assert text.endswith("P1 [1 2 8 12 16 17 42]: I8=12 J8=16 draw\n")
    assert parse(text).plays[0].draws == (1,)


def test_a_record_asked_for_without_a_text_or_a_file_is_refused():
    from eureka.mathable import GAME

    with pytest.raises(RecordError, match="needs its text or the path of its file"):
        GAME.record()
