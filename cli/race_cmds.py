"""`eureka play pitagoras`: a race against eureka in the terminal.

The race is eureka.race's; this module shows each deal, reads your equations from
standard input, one a line, and says when the bot shouts first. On a terminal (or any
standard input that can be waited on) the bot shouts while you think; from a file or a
pipe whose lines are all there, you answer each deal at once. A line names no deal: it
answers the deal on the table, or the one eureka took less than eureka.race.REACTION
seconds before it came (typed before the next deal could be seen: too late).
"""

import functools
import json
import sys

import click

from eureka.cli.ascii import ascii_lines
from eureka.cli.base import (
    ASCII,
    JSON,
    LineNotRead,
    TypedLines,
    command_help,
    interruptible,
    one_line,
    reports_errors,
    stack,
)
from eureka.cli.games_cmd import DB, resume_option, resumed
from eureka.deck import SEEDS
from eureka.errors import EurekaError
from eureka.pitagoras import TENS_DICE
from eureka.race import LEVELS, REACTION
from eureka.text import plural

ABOUT = {"beginner": "slower than most people", "casual": "about as fast as a person",
         "strong": "faster than most people", "expert": "much faster"}


@click.command("pitagoras", help=command_help(
    "Race eureka at Pitagoras in the terminal: five cards face up and the dice rolled; "
    "type an equation that makes the total from the cards, before eureka shouts "
    "\"Eureka!\", and take the cards it uses (a wrong one gives eureka a hidden card; a "
    "line that is not an equation is only refused).  "
    "eureka's time for a deal follows the difficulty rating's prediction of a person's "
    "time, scaled by its level: " + "; ".join(
        f"{level} ({about})" for level, about in ABOUT.items()) + ".  A line that comes "
    f"less than {REACTION:g} s after eureka's shout answers the deal eureka took: too "
    "late, neither judged nor penalised.  With --json, the race's state after each "
    "change, one document a line (a refused line: an error document).",
    "eureka play pitagoras --against casual --seed 7", "eureka.pitagoras.race/1"))
@click.option("--against", type=click.Choice(list(LEVELS)), default="casual",
              show_default=True, help="The bot's level.")
@click.option("--seed", type=click.IntRange(0, SEEDS - 1),
              help="Shuffle the deck and roll from this seed (default: a random one, shown "
                   "at the end).")
@click.option("--die", type=click.Choice(sorted(TENS_DICE)), default="blue",
              show_default=True,
              help="The two-digit die: blue, red (easier) or black (harder).")
@resume_option("Pitagoras")
@DB
@stack(JSON, ASCII)
@reports_errors
def play_pitagoras(against, seed, die, resume, db, as_json, as_ascii):
    """`eureka play pitagoras`: a race against the bot, read from standard input."""
    from eureka.race import Race
    from eureka.store import Store

    lines = TypedLines(sys.stdin)
    store = Store(db)                       # every shout kept as it is made
    if resume is None:
        race = Race(against, seed, die)
        key = store.add("pitagoras", race)
    else:
        key, race = resumed(store, "pitagoras", resume)
        against = race.against

    def say(lines):
        for line in ascii_lines(lines, as_ascii):
            click.echo(line)

    if as_json:
        say = _json_lines(key)
    else:
        seed = f"; seed {race.seed}" if race.chosen else ""
        say([f"Pitagoras against eureka, {against} ({ABOUT[against]}){seed}.",
             "Type an equation from the cards on the table that makes the dice's total "
             "(20+11+1), then Enter; 'quit' to stop.", ""])
    try:
        _race(race, key, store, lines, say, as_json)
    except KeyboardInterrupt:               # Ctrl-C: every shout is kept, as at 'quit'
        if not as_json:                     # (with --json, the last state was written)
            say(["", _stopped(store.game(key, "pitagoras"), key)])
        sys.exit(130)


def _race(race, key: str, store, lines, say, as_json: bool) -> None:
    """Plays `race` (kept as `key` in `store`) from `lines` until its end, or you stop.

    You stop with 'quit', or when standard input ends. After each change the race is
    read again as kept (another process may play it too). `say` writes lines
    (`as_json`: states).
    """
    from eureka.race import Race
    from eureka.store import LOOK

    seen = 0
    while not race.over:
        with interruptible():
            seen = _show(race, seen, say, as_json)
            try:
                line = lines.next(race.seconds_left)
            except LineNotRead as e:                # too long: say why, play on
                _refused(e.message, say, as_json)
                continue
        if line is None:                        # the bot's time came first
            store.change(key, Race.poll, LOOK, "pitagoras")
        elif not line or line.strip() in ("quit", "q"):
            if not as_json:
                say(["", _stopped(race, key)])
            return
        elif line.strip():
            try:
                store.change(key, functools.partial(Race.shout, equation=line.strip()),
                             {"shout": line.strip()}, "pitagoras")
            except EurekaError as e:            # refused (the race's, the store's): play on
                _refused(str(e), say, as_json, line.strip())
        race = store.game(key, "pitagoras")
    _show(race, seen, say, as_json)
    if not as_json:
        say(_end(race.state()))


def _refused(why: str, say, as_json: bool, line: str = "") -> None:
    """Says `why` a `line` typed (a shout, or none read) was refused; the race goes on.

    Under `as_json` an error document; else `say` writes "line: why". Either is one
    readable line (base.one_line).
    """
    if as_json:
        click.echo(json.dumps({"schema": "eureka.error/1", "error": one_line(why)},
                              ensure_ascii=False))
    else:
        say([one_line(f"{line}: {why}" if line else why)])


def _stopped(race, key: str) -> str:
    """The line for a race stopped before its end, kept as `key`: how to go on."""
    return (f"Stopped: {_piles(race.state())}. Kept: eureka play pitagoras --resume {key} "
            f"goes on with it.")


def _end(state: dict) -> list:
    """The end of the race `state` as lines: the piles, the winner, the cards left."""
    from eureka.store import verdict

    piles, winner = state["piles"], state["winner"]
    said = verdict([winner] if winner else [])
    if piles["you"] == piles["eureka"] and winner:
        said += " (a tie goes to the last right answer)"
    left = (f"Left over: {plural(len(state['cards']), 'card')} on the table"
            f"{': ' if state['cards'] else ''}{' '.join(map(str, state['cards']))}, "
            f"{state['deck']} in the deck.")
    return ["", f"Game over: {_piles(state)}: {said}; seed {state['seed']}.", left]


def _piles(state: dict) -> str:
    """The piles of `state`: "you 3 cards, eureka 1 card"."""
    piles = state["piles"]
    return f"you {plural(piles['you'], 'card')}, eureka {plural(piles['eureka'], 'card')}"


def _json_lines(key: str):
    """A `say` for --json: a race's state with its id `key`, one document a line.

    A state is written when it changed (its clock aside).
    """
    last = [None]

    def say(state: dict):
        shown = {k: v for k, v in state.items() if k != "elapsed"}
        if shown != last[0]:
            last[0] = shown
            click.echo(json.dumps({**state, "id": key}, ensure_ascii=False))
    return say


def _show(race, seen: int, say, as_json: bool) -> int:
    """Says the turns of `race` after the first `seen`, then the table now.

    `say` writes lines (`as_json`: the state instead). Returns how many turns are said.
    """
    state = race.state()
    if as_json:
        say(state)
        return len(state["turns"])
    lines = [_turn_line(t) for t in state["turns"][seen:]]
    if not state["over"]:
        ones, tens = state["dice"]
        lines.append(f"deal {state['deal']}: cards {' '.join(map(str, state['cards']))} · "
                     f"dice {ones} + {tens} = {state['target']} · deck {state['deck']} · "
                     f"you {state['piles']['you']}, eureka {state['piles']['eureka']}")
    say(lines)
    if not state["over"]:
        click.echo("> ", nl=False)
    return len(state["turns"])


def _turn_line(turn: dict) -> str:
    """A turn of the race as a line: who shouted, what, after how long."""
    if turn.get("late"):
        taker = "you" if turn["taken_by"] == "you" else "eureka"
        return (f"you: {turn['equation']}: too late, {taker} took deal {turn['deal']} "
                f"first (not judged)")
    who = "you" if turn["player"] == "you" else "eureka: Eureka!"
    if turn["right"]:
        return (f"{who} {turn['equation']} after {turn['seconds']:.1f} s: takes "
                f"{' '.join(map(str, turn['cards']))}")
    return (f"you: {turn['equation']}: wrong ({turn['why']}); eureka takes "
            f"{plural(turn['penalty'], 'hidden card')}")

