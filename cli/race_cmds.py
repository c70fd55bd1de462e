"""`eureka play pitagoras`: a race against eureka in the terminal.

The race is eureka.race's; this module shows each deal, reads your equations from
standard input, one a line, and says when the bot shouts first. On a terminal (or any
standard input that can be waited on) the bot shouts while you think; from a file or a
pipe whose lines are all there, you answer each deal at once.
"""

import json
import select
import sys

import click

from eureka.cli.ascii import ascii_lines
from eureka.cli.base import ASCII, JSON, command_help, reports_errors, stack
from eureka.pitagoras import TENS_DICE
from eureka.race import LEVELS
from eureka.text import plural

ABOUT = {"beginner": "slower than most people", "casual": "about as fast as a person",
         "strong": "faster than most people", "expert": "much faster"}


@click.command("pitagoras", help=command_help(
    "Race eureka at Pitagoras in the terminal: five cards face up and the dice rolled; "
    "type an equation that makes the total from the cards, before eureka shouts "
    "\"Eureka!\", and take the cards it uses (a wrong one gives eureka a hidden card).  "
    "eureka's time for a deal follows the difficulty rating's prediction of a person's "
    "time, scaled by its level: " + "; ".join(
        f"{level} ({about})" for level, about in ABOUT.items()) + ".  With --json, the "
    "race's state after each change, one document a line.",
    "eureka play pitagoras --against casual --seed 7", "eureka.pitagoras.race/1"))
@click.option("--against", type=click.Choice(list(LEVELS)), default="casual",
              show_default=True, help="The bot's level.")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1),
              help="Shuffle the deck and roll from this seed (default: a random one, shown "
                   "at the end).")
@click.option("--die", type=click.Choice(sorted(TENS_DICE)), default="blue",
              show_default=True,
              help="The two-digit die: blue, red (easier) or black (harder).")
@stack(JSON, ASCII)
@reports_errors
def play_pitagoras(against, seed, die, as_json, as_ascii):
    """`eureka play pitagoras`: a race against the bot, read from standard input."""
    from eureka.race import Race

    race = Race(against, seed, die)

    def say(lines):
        for line in ascii_lines(lines, as_ascii):
            click.echo(line)

    if as_json:
        say = _json_lines(race)
    else:
        seed = f"; seed {race.seed}" if race.chosen else ""
        say([f"Pitagoras against eureka, {against} ({ABOUT[against]}){seed}.",
             "Type an equation from the cards on the table that makes the dice's total "
             "(20+11+1), then Enter; 'quit' to stop.", ""])
    seen = 0
    while not race.over:
        seen = _show(race, seen, say, as_json)
        line = _line_by(race)
        if line is None:                        # the bot's time came first
            race.poll()
            continue
        if not line or line.strip() in ("quit", "q"):
            say(["", f"Left with you {len(race.piles['you'])}, eureka "
                     f"{len(race.piles['eureka'])} cards."] if not as_json else [])
            return
        if line.strip():
            race.shout(line.strip())
    _show(race, seen, say, as_json)
    state = race.state()
    if not as_json:
        piles = state["piles"]
        winner = {"you": "you win", "eureka": "eureka wins"}.get(state["winner"],
                                                                "nobody wins")
        say(["", f"Game over: you {plural(piles['you'], 'card')}, eureka "
                 f"{plural(piles['eureka'], 'card')}: {winner}; seed {state['seed']}."])


def _json_lines(race):
    """A `say` for --json: the race's state, one document a line, when it changed."""
    last = [None]

    def say(_lines):
        state = race.state()
        shown = {k: v for k, v in state.items() if k != "elapsed"}
        if shown != last[0]:
            last[0] = shown
            click.echo(json.dumps(state, ensure_ascii=False))
    return say


def _show(race, seen: int, say, as_json: bool) -> int:
    """Says the turns of `race` after the first `seen`, then the table now.

    `say` writes lines (`as_json`: the state instead). Returns how many turns are said.
    """
    state = race.state()
    if as_json:
        say([])
        return len(state["turns"])
    lines = [_turn_line(t) for t in state["turns"][seen:]]
    if not state["over"]:
        ones, tens = state["dice"]
        lines.append(f"cards {' '.join(map(str, state['cards']))} · dice {ones} + {tens} = "
                     f"{state['target']} · deck {state['deck']} · you "
                     f"{state['piles']['you']}, eureka {state['piles']['eureka']}")
    say(lines)
    if not state["over"]:
        click.echo("> ", nl=False)
    return len(state["turns"])


def _turn_line(turn: dict) -> str:
    """A turn of the race as a line: who shouted, what, after how long."""
    who = "you" if turn["player"] == "you" else "eureka: Eureka!"
    if turn["right"]:
        return (f"{who} {turn['equation']} after {turn['seconds']:.1f} s: takes "
                f"{' '.join(map(str, turn['cards']))}")
    return (f"you: {turn['equation']}: wrong ({turn['why']}); eureka takes "
            f"{plural(turn['penalty'], 'hidden card')}")


def _line_by(race) -> str | None:
    """A line of standard input, or None when the bot's time comes first.

    Standard input that cannot be waited on (no file descriptor) is read at once.
    """
    try:
        stream = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return sys.stdin.readline()
    wait = max(0.0, race.due - race.clock())
    ready, _, _ = select.select([stream], [], [], wait)
    return sys.stdin.readline() if ready else None
