"""`eureka play mathable`: a game against eureka in the terminal, typed turn by turn.

The game is eureka.mathable.match's; this module reads your moves from standard input,
one a line, and writes what you may see after each: the bot's turns, the board, the
scores, your holder. At the end come the final scores and the review of your turns.
"""

import functools
import json
import sys

import click

from eureka.cli.ascii import ascii_lines
from eureka.cli.base import (
    ASCII,
    JSON,
    InputError,
    LineNotRead,
    TypedLines,
    command_help,
    interruptible,
    one_line,
    reports_errors,
    stack,
    writable,
)
from eureka.cli.games_cmd import DB, resume_option, resumed
from eureka.cli.mathable_text import review_lines
from eureka.cli.params import option
from eureka.deck import SEEDS
from eureka.errors import EurekaError
from eureka.mathable import params
from eureka.mathable.board import parse_cell
from eureka.mathable.options import LEVELS, PLAYERS
from eureka.mathable.position import render
from eureka.store import verdict
from eureka.text import plural

MOVES = ("Your move, one a line: placements in playing order (I8=12 H6=8; 'draw' or "
         "'nodraw' after a placement on a restriction square takes or declines its extra "
         "token), 'exchange 3 5', 'pass', 'hint' (or 'hint equity'), 'end' (an open "
         "turn), 'board', 'help', 'quit'.")
ABOUT = {"beginner": "the highest single placement, again and again",
         "casual": "the highest-scoring turn",
         "strong": "the best turn by equity: points and the tokens kept",
         "expert": "simulation of the best turns for the win, then the exact endgame"}


@click.command("mathable", help=command_help(
    "Play Mathable against eureka in the terminal: your moves typed one a line on "
    "standard input, the bot's turns, the board and the scores after each, then the final "
    "scores and the review of your turns.  Levels: " + "; ".join(
        f"{level} ({about})" for level, about in ABOUT.items()) + ".  With --json, the "
    "game's state after each move, one document a line (a refused move: an error "
    "document), for a program to play.",
    "eureka play mathable --against casual --seed 7", "eureka.mathable.play/1"))
@click.option("--against", type=click.Choice(list(LEVELS)), multiple=True,
              default=["casual"], show_default=True,
              help="The bot's level; given two or three times, a table of 3 or 4: you "
                   "against a bot of each level (eureka1, eureka2 ...).")
@click.option("--seed", type=click.IntRange(0, SEEDS - 1),
              help="Deal the bag from this seed (default: a random one, shown at the end).")
@click.option("--first", type=click.Choice(["you", "bot", "eureka1", "eureka2", "eureka3"]),
              help="Who moves first: you, bot (the first bot) or a bot's name (default: "
                   "the rulebook's draw).")
@click.option("--record", "record_file", type=click.Path(dir_okay=False),
              help="Write the game's record to this file when it ends (for eureka score "
                   "mathable and eureka review mathable).")
@resume_option("Mathable")
@DB
@stack(option(params.EDITION), option(params.NO_BONUS), JSON, ASCII)
@reports_errors
def play_mathable(against, seed, first, record_file, resume, db, edition, no_bonus, as_json,
                  as_ascii):
    """`eureka play mathable`: a game against the bot, read from standard input."""
    from eureka.mathable import GAME
    from eureka.store import Store

    if record_file is not None:
        writable(record_file, "the record")
    lines = TypedLines(sys.stdin)
    store = Store(db)                       # every move kept as it is played
    if resume is None:
        match = GAME.play(list(against), seed, first, params.edition_number(edition),
                          not no_bonus)
        key = store.add("mathable", match)
    else:
        key, match = resumed(store, "mathable", resume, ("resume", "db", "record_file"))
    view = _Json(match, key) if as_json else _Text(match, as_ascii)
    view.start()
    try:
        while not match.over:
            with interruptible():
                view.show()
                try:
                    line = lines.next()
                except LineNotRead as e:           # too long: say why, play on
                    view.refused(e.message)
                    continue
            if not line or line.strip() in ("quit", "q"):
                view.left(key)
                return
            try:
                hint = store.change(key, functools.partial(_move, line=line.strip(),
                                                           view=view),
                                    {"line": line.strip()}, "mathable")
            except (InputError, EurekaError) as e:     # a move the rules refuse: play on
                view.refused(e.message if isinstance(e, InputError) else str(e))
            else:
                if hint is not None:
                    view.hint(*hint)
            match = view.match = store.game(key, "mathable")    # as kept (another may play)
    except KeyboardInterrupt:               # Ctrl-C: every move is kept, as at 'quit'
        view.left(key)
        sys.exit(130)
    view.show()
    view.finish()                           # whatever happens to the record's file
    _keep(match, record_file)
    view.kept(record_file)


def _move(match, line: str, view):
    """Plays the move typed as `line` in `match`; a hint asked for: (by, best), else None.

    `view` answers 'help' and 'board'. Raises InputError for a line that is not a move;
    the match's own errors for a move it refuses.
    """
    word, _, rest = line.partition(" ")
    if not line:
        return None
    if word == "help":
        view.say([MOVES])
    elif word == "board":
        view.say([render(match.table.grid)])
    elif word == "hint":
        by = rest.strip() or "score"
        if by not in ("score", "equity"):
            raise InputError(f"hint by score or equity, not {by!r}")
        return by, match.hint(by)
    elif word == "end":
        match.end_turn()
    elif word == "pass":
        match.pass_turn()
    elif word == "exchange":
        values = rest.split()
        if not values or not all(v.isdigit() for v in values):
            raise InputError("name the tokens to exchange by value, e.g. exchange 3 5")
        match.exchange([int(v) for v in values])
    else:
        match.play(line)
    return None


def _keep(match, record_file) -> None:
    """Writes the record of `match` to `record_file`, when given.

    Raises InputError when it cannot be written.
    """
    if record_file is None:
        return
    try:
        with open(record_file, "w", encoding="utf-8") as f:
            f.write(match.state()["record"])
    except OSError as e:
        raise InputError(f"cannot write the record to {record_file}: {e.strerror}") from None


class _Json:
    """The game as JSON lines: the state after each change, a refusal as an error."""

    def __init__(self, match, key):
        """The view of `match`, kept as `key`: its states carry it as "id"."""
        self.match, self.key, self.seen = match, key, None

    def start(self):
        """Nothing before the first state."""

    def say(self, lines):
        """Nothing: the text answers ('help', 'board') are the text view's (`lines`)."""

    def show(self):
        """The state, when it changed since it was last written."""
        state = self.match.state()
        if state != self.seen:
            self.seen = state
            click.echo(json.dumps({**state, "id": self.key}, ensure_ascii=False))

    def hint(self, by, best):
        """The state with the hint `best` ranked `by` score or equity."""
        self.seen = self.match.state()
        click.echo(json.dumps({**self.seen, "hint": self.match.hint_json(best, by),
                               "id": self.key}, ensure_ascii=False))

    def refused(self, message):
        """The error document of the refused move, `message` (base.one_line)."""
        click.echo(json.dumps({"schema": "eureka.error/1", "error": one_line(message)},
                              ensure_ascii=False))

    def left(self, key):
        """Nothing more: the last state was written (the game is kept as `key`)."""

    def finish(self):
        """Nothing more: the last state holds the scores and the record."""

    def kept(self, record_file):
        """Nothing: the last state holds the record (`record_file` is not read)."""


class _Text:
    """The game as text: the bot's turns, the board, the scores, your holder."""

    def __init__(self, match, as_ascii):
        self.match, self.as_ascii = match, as_ascii
        self.shown, self.seen = 0, None

    def say(self, lines):
        """Writes `lines`, signs in ASCII when asked."""
        for line in ascii_lines(lines, self.as_ascii):
            click.echo(line)

    def start(self):
        """Who plays whom, and how to move."""
        match = self.match
        seed = f"; seed {match.seed}" if match.chosen else ""
        seats = match.state()["seats"]
        people = [s["name"] for s in seats if not s["level"]]
        bots = [f"{s['level']} ({ABOUT[s['level']]})" if len(seats) == 2
                else f"{s['name']}, {s['level']} ({ABOUT[s['level']]})"
                for s in seats if s["level"]]
        against = ("Mathable at one screen: " + ", ".join(people) if not bots else
                   f"Mathable against {'eureka, ' if len(bots) == 1 else ''}"
                   f"{'; '.join(bots)}")
        self.say([f"{against}{seed}.", MOVES, ""])

    def show(self):
        """The table when something changed, then the prompt.

        The table: the turns since the last look, the board, the scores, your holder.
        """
        match = self.match
        if self.seen != (len(match.turns), match.holder(), match.over):
            self.seen = (len(match.turns), match.holder(), match.over)
            self.say(self._table())
        if not match.over:
            click.echo("> ", nl=False)

    def _table(self) -> list:
        """The lines of the table now (see show)."""
        state = self.match.state()
        lines, new = [], set()
        for turn in state["turns"][self.shown:]:
            lines.append(_turn_line(turn))
            new.update(parse_cell(p.split("=")[0]) for p in turn["placements"].split())
        self.shown = len(state["turns"])
        lines.append(render(self.match.table.grid, new))
        scores = " · ".join(f"{name} {score}" for name, score in state["scores"].items())
        holds = " · ".join(f"{s['name']} holds {s['holder']}" for s in state["seats"]
                           if s["name"] != state["viewer"])
        lines.append(f"{scores} · bag {state['bag']} · {holds}")
        if state["turn_open"]:
            lines.append(f"you drew {' '.join(map(str, state['drawn']))}: place more, "
                         f"or 'end'")
        if not state["over"]:
            whose = ("your" if state["viewer"] == PLAYERS[0]
                     else f"{state['viewer']}'s")
            lines.append(f"{whose} holder: {' '.join(map(str, state['rack']))}")
        return lines

    def hint(self, by, best):
        """The hint `best`, ranked `by` score or equity, with its choice of draws."""
        found = self.match.hint_json(best, by)
        if found is None:
            self.say(["hint: no placement is possible"])
            return
        self.say([f"hint ({by}): {found['text']} ({plural(found['points'], 'point')})"])

    def refused(self, message):
        """Why the move was refused (`message`), one line (base.one_line)."""
        self.say([f"refused: {one_line(message)}"])

    def left(self, key):
        """A game left before its end, kept as `key`: how to go on with it."""
        self.say(["", f"Left unfinished after {plural(len(self.match.turns), 'turn')}, "
                      f"kept: eureka play mathable --resume {key} goes on with it."])

    def finish(self):
        """The final scores and the review of your turns."""
        state = self.match.state()
        final = state["final"]
        scores = ", ".join(f"{name} {points}" for name, points in final.items())
        left = "; ".join(f"{name} deducts {sum(state['left'][name])}" for name in final)
        self.say(["", f"Game over ({state['end']}): {scores}: {verdict(state['winners'])} "
                      f"({left}); seed {state['seed']}.", ""])
        self.say(review_lines(self.match.review()))

    def kept(self, record_file):
        """Where the record went: `record_file`, the file it was written to, or None."""
        self.say(["", "The game is kept (eureka games); --record FILE also writes the "
                  "next one's record to a file." if record_file is None else
                  f"Record written to {record_file} (eureka score mathable {record_file})."])


def _turn_line(turn: dict) -> str:
    """One turn of the state's list as a line: who, what, the points."""
    who = turn["player"]
    if turn["placements"]:
        bonus = f", +{turn['bonus']} for the full holder" if turn["bonus"] else ""
        drawn = turn["drawn"]
        draws = (f", drew {' '.join(map(str, drawn))}" if isinstance(drawn, list) and drawn
                 else f", drew {plural(drawn, 'token')}" if drawn else "")
        return f"{who}: {turn['placements']} ({plural(turn['points'], 'point')}{bonus}{draws})"
    if turn.get("exchanged"):
        exchanged = turn["exchanged"]
        what = (" ".join(map(str, exchanged)) if isinstance(exchanged, list)
                else plural(exchanged, "token"))
        return f"{who}: exchanged {what}"
    return f"{who}: passed"
