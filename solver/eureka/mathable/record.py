"""Mathable game records: read, checked and written (score.py replays them).

A text record has one turn a line, in playing order:

    # a comment: from '#' to the end of the line; blank lines are ignored
    edition: 126
    bonus: on
    P1 [1 2 8 12 16 17 42]: I8=12 H6=8 G9=2 F7=1 J8=16 draw=11
    P2: F8=7 F9=6 H9=8 G6=4 E9=3 E8=21 E10=7
    P1: exchange 3
    P2: exchange 7

The optional headers, before the first turn: `edition` (126 or 106 tokens) and `bonus`
('off' drops the 50-point bonus; default on).
A turn is the player's name (one word: P1, Player1, Anna ...), optionally the holder at
the start of the turn in brackets, a colon and one of:
  - placements CELL=VALUE in the order played, the cell written I8 or 8I; 'draw' right
    after a placement on a restriction square (+ − × ÷) records the extra token drawn
    there, 'draw=11' names it;
  - 'exchange N': N tokens (1 to 7) put back in the bag for as many new ones;
  - 'pass', which the replay (score.py) allows only where the rules do.
'left NAME: values' gives the tokens left on a holder at the end of the game (none after
the colon: an empty holder); they are deducted from that player's points.  The players
take turns in the order of the first round.

A holder written in brackets, `P1 [1 2 8 12 16 17 42]:`, is the tokens the player held
when the turn began (as a position file's `rack:` line gives them), in any order.  The
replay checks it: as many tokens as the replay leaves on that holder, no more of a value
than the set has besides those on the board, and every placement on it, or on a token
drawn earlier in the turn (an unnamed 'draw' stands for any token).  `write` gives the
text of a record, holders included; a self-play game comes out as one by
selfplay.game_record.

`read` also imports a game of the CAVA 2024 data set: given its N_turns.txt, it reads the
moves N_01.txt, N_02.txt ... and the official turn scores of N_scores.txt when present.

A record holds at most MOST_TURNS turns, each line at most MOST_LINE characters; an
error repeats at most text.QUOTED characters of what it quotes.
"""

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from eureka.errors import EurekaError
from eureka.mathable.board import SQUARES, PositionError, cell_name, parse_cell
from eureka.mathable.legality import Placement
from eureka.mathable.tokens import (
    HOLDERS,
    RACK_SIZE,
    TOKEN_SETS,
    points,
    token_set,
)
from eureka.text import lines, plural, quoted, read_text, whole_number

HEADERS = {"edition": tuple(str(e) for e in TOKEN_SETS), "bonus": ("on", "off")}
CAVA_TURNS = re.compile(r"^(\d+)_turns\.txt$")
MOST_TURNS = HOLDERS * max(sum(tokens.values()) for tokens in TOKEN_SETS.values())
"""The most turns a record holds: 504, a round of the four players for each token of the
largest set. A game places at most 126 tokens, so at most 126 of its turns place; the
rulebook does not bound exchanges (V.1) and a pass needs an empty bag. Self-play games
take 20–44 turns."""
MOST_LINE = 1_000
"""The most characters of a line of a record, a comment included: a turn's line needs
fewer than 600 (7 tokens and one drawn on each of the 32 restriction squares: 39
placements and 32 draws)."""


class RecordError(EurekaError):
    """A game record that cannot be read, or whose turns no game could have had."""


@dataclass(frozen=True)
class Play:
    """One turn of a record: placements, an exchange or a pass."""

    player: str
    action: str                 # "place", "exchange" or "pass"
    placements: tuple           # legality.Placement, in playing order
    draws: tuple                # indexes of the placements after which a token was drawn
    exchanged: int              # tokens exchanged
    line: int                   # line of the text record; the turn number in a CAVA game
    official: int | None = None  # the official turn score, when the record has one
    holder: tuple | None = None  # the holder at the start of the turn, when known
    drawn: tuple = ()           # per draw, the token drawn (None: not named)


@dataclass
class Record:
    """The turns of a game, the tokens left on the holders at the end, and its settings.

    The settings are the edition and whether the 50-point full-holder bonus applies.
    """

    plays: list
    left: dict                  # player -> values left on the holder, deducted
    edition: int = 126
    bonus: bool = True
    source: str = field(default="", compare=False)   # where it was read from


class _Supply:
    """The edition's tokens, counted out as the record uses them.

    For a claimed turn they are only named, not counted: the rack it is checked against
    counts them.
    """

    def __init__(self, edition: int, counted: bool = True):
        self.edition, self.tokens, self.used = edition, token_set(edition), Counter()
        self.counted = counted

    def value(self, text: str, where: str, what: str) -> int:
        """The token `text` names; RecordError unless the edition has one."""
        if whole_number(text) not in self.tokens:
            raise RecordError(f"{where}: {quoted(what)}: {quoted(text)} is not a token "
                              f"of the {self.edition}-token set")
        return int(text)

    def take(self, text: str, where: str, what: str) -> int:
        """The token `text` names, counted; RecordError when the set has no more."""
        value = self.value(text, where, what)
        if self.counted:
            self.used[value] += 1
            if self.used[value] > self.tokens[value]:
                raise RecordError(f"{where}: {quoted(what)} makes {self.used[value]} tokens of "
                                  f"{value} in the record, but the {self.edition}-token "
                                  f"set has {self.tokens[value]}")
        return value


def parse(text: str, edition: int | None = None, bonus: bool | None = None,
          source: str = "") -> Record:
    """A record read from its `text` (the format is in the module docstring).

    `edition` and `bonus`, when given, are asked for: a header must not say otherwise.
    `source` names where the text came from.

    Raises RecordError for a text that is not a record, or whose turns no game could have had.
    """
    asked = {key: value for key, value in (("edition", edition and str(edition)),
                                           ("bonus", _on_off(bonus))) if value}
    settings, plays, left, left_lines, supply = {}, [], {}, {}, None
    for number, line in enumerate(lines(text), 1):
        if len(line) > MOST_LINE:
            raise RecordError(f"line {number}: {plural(len(line), 'character')}, but a "
                              f"line of a record holds at most {MOST_LINE:,}")
        line = line.split("#")[0].strip()
        if not line:
            continue
        where = f"line {number}"
        key, colon, rest = line.partition(":")
        words = key.split()
        if not colon or not words:
            raise RecordError(f"{where}: {quoted(line)} is not a turn ('P1: I8=12 ...', "
                              f"'P1: exchange 3', 'P1: pass'), a 'left P1: 3 5' line or "
                              f"a header")
        if len(words) == 1 and words[0].lower() in HEADERS:
            settings[words[0].lower()] = _header(words[0].lower(), rest.strip(), where,
                                                 settings, supply, asked)
            continue
        settings = {"edition": "126", "bonus": "on", **asked, **settings}
        supply = supply or _Supply(int(settings["edition"]))
        if len(words) == 2 and words[0].lower() == "left":
            player = words[1]
            if player in left:
                raise RecordError(f"{where}: a second 'left {player}' line")
            left[player] = [supply.take(v, where, f"left {player}") for v in rest.split()]
            left_lines[player] = number
        elif len(words) == 1 or "[" in key:
            if len(plays) == MOST_TURNS:
                raise RecordError(f"{where}: turn {MOST_TURNS + 1}, but a record holds at "
                                  f"most {MOST_TURNS} turns")
            player, holder = _player(key, where, supply)
            plays.append(_play(player, rest, number, supply, holder=holder))
        else:
            raise RecordError(f"{where}: {quoted(key.strip())} is not a player's name: "
                              f"a name is one word, e.g. P1 or Anna")
    if not plays:
        raise RecordError("the record has no turns: write one a line, e.g. 'P1: I8=12'")
    record = Record(plays, left, int(settings["edition"]), settings["bonus"] == "on",
                    source)
    return _validated(record, left_lines)


def _header(key: str, value: str, where: str, settings: dict, supply, asked) -> str:
    """The value of an `edition` or `bonus` header line."""
    if supply or key in settings:
        raise RecordError(f"{where}: the {key!r} header must come once, before the "
                          f"turns")
    if value.lower() not in HEADERS[key]:
        raise RecordError(f"{where}: {key} is {' or '.join(HEADERS[key])}, not "
                          f"{quoted(value)}")
    if asked.get(key, value.lower()) != value.lower():
        raise RecordError(f"{where}: the record says '{key}: {value}', but {key} "
                          f"{asked[key]} was asked for")
    return value.lower()


def _on_off(flag: bool | None) -> str | None:
    return None if flag is None else "on" if flag else "off"


def claimed_turn(text: str, edition: int = 126) -> tuple:
    """The placements of a claimed turn, checked as a record's are.

    `text` lists them in playing order, 'I8=12 J8=16'; their values must be tokens of the
    `edition` set (how many of each is left to the rack the turn is checked against).

    Returns a tuple of legality.Placement. Raises RecordError for an empty claim, a word
    that is not a placement of a token of the set, or an exchange, pass or draw.
    """
    if not text.split():
        raise RecordError("the claimed turn is empty: write its placements, e.g. "
                          "I8=12 J8=16")
    try:
        play = _play("claim", text, 0, _Supply(edition, counted=False), "the claimed turn")
    except RecordError as e:
        raise RecordError(str(e).removeprefix("the claimed turn: ")) from None
    if play.action != "place" or play.draws:
        raise RecordError(f"a claimed turn lists its placements only (I8=12 J8=16), "
                          f"not {quoted(text.strip())}")
    return play.placements


def _player(key: str, where: str, supply: _Supply) -> tuple:
    """The player's name and the holder written after it in brackets, as in 'P1 [1 2 8]'.

    The holder is None when none is written.
    """
    name, bracket, rest = key.partition("[")
    inside, closed, after = rest.partition("]")
    words = name.split()
    if len(words) != 1 or (bracket and (not closed or after.strip())):
        raise RecordError(f"{where}: {quoted(key.strip())} is not a player's name and holder: "
                          f"a name is one word, the holder its tokens in brackets, e.g. "
                          f"P1 [1 2 8 12 16 17 42]")
    if not bracket:
        return words[0], None
    tokens = inside.split()
    if len(tokens) > RACK_SIZE:
        raise RecordError(f"{where}: {words[0]}'s holder holds {len(tokens)} tokens: a "
                          f"holder holds at most {RACK_SIZE}")
    return words[0], tuple(supply.value(v, where, key.strip()) for v in tokens)


def _play(player: str, text: str, line: int, supply: _Supply, where: str = "",
          holder: tuple | None = None) -> Play:
    """One turn: the player's placements (and draws), an exchange or a pass."""
    where = where or f"line {line}"
    words = text.split()
    verb = words[0].lower() if words else ""
    if verb == "pass" and len(words) == 1:
        return Play(player, "pass", (), (), 0, line, holder=holder)
    if verb == "exchange":
        count = whole_number(words[1]) if len(words) == 2 else None
        if not count or count > RACK_SIZE:
            raise RecordError(f"{where}: write 'exchange N', N the number of tokens "
                              f"exchanged (1 to {RACK_SIZE}), not {quoted(text.strip())}")
        return Play(player, "exchange", (), (), count, line, holder=holder)
    if not words or verb == "pass":
        raise RecordError(f"{where}: {player}'s turn needs placements (I8=12 ...), "
                          f"'exchange N' or 'pass' alone, not {quoted(text.strip())}")
    placements, draws, drawn = [], [], []
    for word in words:
        if word.lower().partition("=")[0] == "draw":
            draws.append(_draw(word, placements, draws, where, supply))
            drawn.append(supply.value(word.partition("=")[2], where, word)
                         if "=" in word else None)
            continue
        cell, equals, value = word.partition("=")
        if not equals or whole_number(value) is None:
            raise RecordError(f"{where}: {quoted(word)} is not a placement: write "
                              f"CELL=VALUE, e.g. I8=12")
        try:
            cell = parse_cell(cell)
        except PositionError as e:
            raise RecordError(f"{where}: {quoted(word)}: {e}") from None
        placements.append(Placement(cell, supply.take(value, where, word)))
    return Play(player, "place", tuple(placements), tuple(draws), 0, line,
                holder=holder, drawn=tuple(drawn))


def _draw(word: str, placements: list, draws: list, where: str, supply: _Supply) -> int:
    """The index of the placement a 'draw' (or 'draw=V') follows."""
    if not placements:
        raise RecordError(f"{where}: {quoted(word)} before any placement: a token is drawn "
                          f"right after a placement on a restriction square")
    after = placements[-1]
    if not SQUARES[after.cell].op:
        raise RecordError(f"{where}: {quoted(word)} after {after.text()}, but "
                          f"{cell_name(after.cell)} is not a restriction square")
    if draws and draws[-1] == len(placements) - 1:
        raise RecordError(f"{where}: a second draw after {after.text()}: one extra "
                          f"token per restriction square")
    return len(placements) - 1


def players_of(plays) -> list:
    """The players of `plays` in the order of the first round, up to the first who plays again."""
    players = []
    for play in plays:
        if play.player in players:
            break
        players.append(play.player)
    return players


def holder_sizes(record: Record):
    """Follow the holders and the bag through the turns of `record`.

    Raises RecordError where the turns do not fit the holders and the bag. Returns, for
    each turn, the size of the mover's holder at its start and after its placements and
    the tokens in the bag at its start; then every holder's size at the end.
    """
    players = players_of(record.plays)
    if len(players) > HOLDERS:
        line = next(p.line for p in record.plays if p.player == players[HOLDERS])
        raise RecordError(f"line {line}: a fifth player, {players[HOLDERS]}, but the "
                          f"game has {HOLDERS} token holders")
    holder = dict.fromkeys(players, RACK_SIZE)
    bag = sum(token_set(record.edition).values()) - RACK_SIZE * len(players)
    sizes, on_board = [], Counter()
    for number, play in enumerate(record.plays, 1):
        where = f"line {play.line}: turn {number} ({play.player})"
        due = players[(number - 1) % len(players)]
        if play.player != due:
            why = (f"out of turn: {due} is next" if play.player in players
                   else "joins after the first round")
            raise RecordError(f"{where}: {why} (the players take turns in the order "
                              f"of the first round)")
        start, bag_at_start = holder[play.player], bag
        if play.holder is not None:
            _check_holder(play, start, on_board, record.edition, where)
        on_board.update(p.value for p in play.placements)
        if play.exchanged > min(start, bag):
            raise RecordError(f"{where}: exchanges {plural(play.exchanged, 'token')}, but "
                              f"the holder holds {start} and the bag {bag}")
        for index, placement in enumerate(play.placements):
            if not holder[play.player]:
                raise RecordError(f"{where}: {placement.text()} from an empty holder (it "
                                  f"held {start} at the start of the turn)")
            holder[play.player] -= 1
            if index in play.draws:
                if not bag:
                    raise RecordError(f"{where}: a draw after {placement.text()}, but "
                                      f"the bag is empty")
                bag -= 1
                holder[play.player] += 1
        sizes.append((start, holder[play.player], bag_at_start))
        refill = min(RACK_SIZE - holder[play.player], bag)
        holder[play.player] += refill
        bag -= refill
    return sizes, holder


def _check_holder(play: Play, size: int, on_board: Counter, edition: int, where: str):
    """Raise RecordError unless the holder written for the turn is one the replay allows.

    It must hold `size` tokens, none the set cannot supply besides those `on_board`, and
    every placement must be on it or on a token drawn before it in the turn.
    """
    what = f"{play.player}'s holder [{' '.join(map(str, play.holder))}]"
    if len(play.holder) != size:
        raise RecordError(f"{where}: {what} holds {plural(len(play.holder), 'token')}, "
                          f"but the replay has {size} on it")
    tokens, held = token_set(edition), Counter(play.holder)
    for value in sorted(held):
        if held[value] + on_board[value] > tokens[value]:
            raise RecordError(f"{where}: {what} holds {held[value]} of {value} with "
                              f"{on_board[value]} on the board, but the {edition}-token "
                              f"set has {tokens[value]}")
    drawn = draws_of(play)
    unnamed = 0
    for index, placement in enumerate(play.placements):
        if held[placement.value] > 0:
            held[placement.value] -= 1
        elif unnamed:
            unnamed -= 1
        else:
            earlier = " nor drawn before it" if play.draws else ""
            raise RecordError(f"{where}: {placement.text()} is not on {what}{earlier}")
        if index in drawn:
            if drawn[index] is None:
                unnamed += 1
            else:
                held[drawn[index]] += 1


def _validated(record: Record, left_lines: dict) -> Record:
    """The record, once its holders, bag and 'left' lines agree."""
    _, final = holder_sizes(record)
    for player, line in left_lines.items():
        if player not in final:
            raise RecordError(f"line {line}: 'left {player}', but {player} plays no turn")
        if len(record.left[player]) != final[player]:
            listed, due = len(record.left[player]), final[player]
            raise RecordError(f"line {line}: 'left {player}' lists "
                              f"{plural(listed, 'token')}, but the turns leave "
                              f"{plural(due, 'token')} on {player}'s holder")
    return record


def write(record: Record) -> str:
    """The text of `record`, which `parse` reads back.

    The headers, one turn a line (holders and named draws as known), then the 'left' lines.
    """
    lines = [f"edition: {record.edition}", f"bonus: {_on_off(record.bonus)}"]
    for play in record.plays:
        name = play.player
        if play.holder is not None:
            name += f" [{' '.join(map(str, play.holder))}]"
        lines.append(f"{name}: {action_text(play)}")
    players = players_of(record.plays)
    lines += [f"left {p}: {' '.join(map(str, record.left[p]))}".rstrip()
              for p in players if p in record.left]
    return "\n".join(lines) + "\n"


def draws_of(play: Play) -> dict:
    """The draws of `play`: {index of the placement a draw follows: the token drawn, or None}.

    None stands for a token the record does not name.
    """
    return {index: play.drawn[k] if k < len(play.drawn) else None
            for k, index in enumerate(play.draws)}


def action_text(play: Play) -> str:
    """What `play` did, as a record writes it: placements and draws, exchange N, or pass."""
    if play.action != "place":
        return "pass" if play.action == "pass" else f"exchange {play.exchanged}"
    drawn = draws_of(play)
    words = []
    for index, placement in enumerate(play.placements):
        words.append(placement.text())
        if index in drawn:
            words.append("draw" if drawn[index] is None else f"draw={drawn[index]}")
    return " ".join(words)


def read(path: str, edition: int | None = None, bonus: bool | None = None) -> Record:
    """A record read from the text file `path`, or CAVA 2024 game N when it is its N_turns.txt.

    `edition` and `bonus`, when given, must agree with the record's headers; a CAVA game is
    always scored with the 126-token set and no bonus, as the course scored them, and asking
    for otherwise raises RecordError, as does a record that cannot be read.
    """
    game = CAVA_TURNS.match(Path(path).name)
    if game:
        if edition not in (None, 126) or bonus:
            raise RecordError(f"{Path(path).name}: a CAVA 2024 game is scored with the "
                              f"126-token set and no bonus")
        return _cava(Path(path), game.group(1))
    return parse(read_text(path, RecordError), edition, bonus, str(path))


def _rows(path: Path, shape: str, most: int = MOST_TURNS,
          holds: str = f"a game holds at most {MOST_TURNS} turns") -> list:
    """The lines of a CAVA file as (line number, word, numbers...), each line `shape`.

    RecordError for another line (one longer than MOST_LINE is not read) and past
    `most` lines, saying what the file `holds`.
    """
    rows = []
    for number, line in enumerate(lines(read_text(path, RecordError).rstrip()), 1):
        if number > most:
            raise RecordError(f"{path.name}: {holds}")
        fields = line.split() if len(line) <= MOST_LINE else ()
        if len(fields) != shape.count("<") or None in map(whole_number, fields[1:]):
            raise RecordError(f"{path.name} line {number}: expected {shape!r}, found "
                              f"{quoted(line.strip())}")
        rows.append((number, fields[0], *map(int, fields[1:])))
    return rows


def _cava(turns: Path, game: str) -> Record:
    """Game `game` of the CAVA 2024 data: its turns, moves and official scores."""
    rows = _rows(turns, "<player> <first move>")
    if not rows:
        raise RecordError(f"{turns.name}: no turns")
    previous = 0
    for number, _, start in rows:
        if start <= previous or (previous == 0 and start != 1):
            raise RecordError(f"{turns.name} line {number}: the first turn starts at "
                              f"move 1, each other after the one before, not at {start}")
        previous = start
    supply, moves = _Supply(126), []
    while (turns.parent / f"{game}_{len(moves) + 1:02d}.txt").exists():
        moves.append(_move(turns.parent / f"{game}_{len(moves) + 1:02d}.txt", supply))
    ends = [start for _, _, start in rows[1:]] + [len(moves) + 1]
    for (number, _, start), end in zip(rows, ends):
        if max(start, end - 1) > len(moves):
            missing = len(moves) + 1
            raise RecordError(f"{turns.name} line {number}: the turn's move {missing} "
                              f"has no file {game}_{missing:02d}.txt")
    official = _official(turns.parent / f"{game}_scores.txt", rows, turns.name)
    plays = [Play(player, "place", tuple(moves[start - 1:end - 1]), (), 0, number, points)
             for (number, player, start), end, points in zip(rows, ends, official)]
    try:
        return _validated(Record(plays, {}, 126, False, str(turns)), {})
    except RecordError as e:
        raise RecordError(f"{turns.name} {e}") from None


def _move(path: Path, supply: _Supply) -> Placement:
    """The placement of a CAVA move file: one line '<cell> <value>'."""
    holds = "a move file holds one line '<cell> <value>'"
    rows = _rows(path, "<cell> <value>", 1, holds)
    if not rows:
        raise RecordError(f"{path.name}: {holds}, and it is empty")
    number, cell, value = rows[0]
    where, what = f"{path.name} line {number}", f"{cell} {value}"
    try:
        return Placement(parse_cell(cell), supply.take(str(value), where, what))
    except PositionError as e:
        raise RecordError(f"{where}: {e}") from None


def _official(path: Path, rows: list, turns_name: str) -> list:
    """The official score of every turn from N_scores.txt, or None for each without it."""
    if not path.exists():
        return [None] * len(rows)
    scores = _rows(path, "<player> <first move> <points>")
    if len(scores) != len(rows):
        raise RecordError(f"{path.name} has {len(scores)} lines and {turns_name} "
                          f"{len(rows)}: one a turn in both")
    for (number, player, start, _), (_, turn_player, turn_start) in zip(scores, rows):
        if (player, start) != (turn_player, turn_start):
            raise RecordError(f"{path.name} line {number}: {player} {start}, but "
                              f"{turns_name} has {turn_player} {turn_start}")
    return [points(value, f"{path.name} line {number}", RecordError)
            for number, *_, value in scores]


