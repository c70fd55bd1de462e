"""`solve arvuutin`, `eureka check arvuutin` and `eureka score arvuutin`: options in,
the game's contract (eureka.arvuutin.GAME) called, its result rendered."""

import click

from eureka.cli.base import (ANY_VALUE, ASCII, JSON, QUIET, InputError, ListCommand,
                             ListOption, Whole, ascii_lines, command_help, emit,
                             reports_errors, stack, verdict_exit)
from eureka.ops import sign
from eureka.text import plural

OUTPUT = (JSON, ASCII)
ANSWER = Whole(1, 100)
PLUS = f" {sign('+')} "


def _values(*names, **kwargs):
    """A list option of a command without arguments: every word up to the next option
    is one of its values, to be checked by the game ('', '-1' and 'A' included)."""
    return click.option(*names, cls=ListOption, value_pattern=ANY_VALUE, **kwargs)


def _runs(values) -> str:
    """1 2 3 5 -> '1–3, 5'."""
    runs = []
    for v in values:
        if runs and v == runs[-1][1] + 1:
            runs[-1][1] = v
        else:
            runs.append([v, v])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in runs) or "none"


def _distance(d) -> str:
    return str(d) if d.denominator == 1 else f"{float(d):.2f}"


def _cards(cards) -> str:
    return " ".join(map(str, cards)) or "nothing"


@click.command("arvuutin", cls=ListCommand, help=command_help(
    "The answers an Arvuutin hand can give, and the cards to play for a guess (or a range "
    "the answer lies in).",
    "eureka solve arvuutin --cards 3 7 12 15 40 --guess 58",
    "eureka.arvuutin.solve/1"))
@_values("--cards", "--hand", "cards", type=Whole(1, 80), required=True, metavar="CARDS",
         help="The answer cards in hand, e.g. --cards 3 7 12 15 40 (--hand is the same).")
@click.option("--guess", type=ANSWER, metavar="N",
              help="The answer you believe is right (1–100).")
@click.option("--range", "span", type=ANSWER, nargs=2, metavar="LOW HIGH",
              help="Sure only that the answer lies in LOW..HIGH: the cards with the "
                   "smallest expected distance.")
@click.option("--limit", default=5, show_default=True, type=Whole(1, 100), metavar="K",
              help="Show the K best choices.")
@stack(OUTPUT)
@reports_errors
def solve_arvuutin(cards, guess, span, limit, as_json, as_ascii):
    from eureka.arvuutin import GAME
    if (guess is None) == (not span):
        raise InputError("give either --guess N or --range LOW HIGH")
    low, high = (guess, guess) if guess is not None else span
    emit(GAME.solve(cards, low, high, limit), as_json,
         lambda r: ascii_lines(_choices(r), as_ascii))


def _choices(r) -> list:
    can, cannot = r.answers, r.cannot_answer
    target = f"guess {r.low}" if r.guess else f"the answer somewhere in {r.low}–{r.high}"
    what = "distance" if r.guess else "expected distance"
    lines = [f"Arvuutin: hand {_cards(r.hand)}",
             f"answers it can give ({len(can)} of {len(can) + len(cannot)}): {_runs(can)}",
             f"answers it cannot give: {_runs(cannot)}",
             f"best cards for {target}:"]
    sums = [PLUS.join(map(str, c.cards)) for c in r.choices]
    width = max(map(len, sums), default=0)
    for played, c in zip(sums, r.choices):
        kept = ("keeps every card (an exact hit)" if c.exact else
                f"if it wins, keeps {_cards(c.left)} ({plural(c.left_answers, 'answer')})")
        lines.append(f"  {played:<{width}} = {c.total:<4} {what} "
                     f"{_distance(c.distance):<6} {kept}")
    return lines


@click.command("arvuutin", cls=ListCommand, help=command_help(
    "Resolve an Arvuutin question: the winners, the cards kept and lost, the question "
    "cards won.",
    "eureka check arvuutin --answer 63 --played P1=40,20 P2=30,9,20 P3=pass --marker x2",
    "eureka.arvuutin.check/1"))
@click.option("--answer", type=ANSWER, required=True, metavar="N",
              help="The correct answer (1–100).")
@_values("--played", required=True, metavar="NAME=CARDS",
         help='What each player played: "P1=40,20" "P2=30,9,20" "P3=pass".')
@click.option("--marker", type=click.Choice(["plain", "x2"]), default="plain",
              show_default=True, help="The category marker's space: plain or x2.")
@click.option("--final", is_flag=True, help="The game's last question (worth three cards).")
@stack(OUTPUT, QUIET)
@reports_errors
def check_arvuutin(answer, played, marker, final, as_json, as_ascii, quiet):
    from eureka.arvuutin import GAME
    result = GAME.check(answer, played, marker, final)
    if not quiet:
        emit(result, as_json, lambda r: ascii_lines(_resolution(r), as_ascii))
    verdict_exit(result.verdict.valid)


def _resolution(r) -> list:
    lines = [f"Correct answer {r.answer}" + (": the final question" if r.final else "")
             + (", x2 space" if r.marker == "x2" else "")]
    for o in r.outcomes:
        if o.answer is None:
            lines.append(f"  {o.player}: passed — takes back {_cards(o.keeps)} and picks "
                         f"{plural(o.draws, 'new answer card')}")
            continue
        result = (f"wins {plural(o.question_cards, 'question card')}" if o.won
                  else "does not win")
        cards = (f"keeps {_cards(o.keeps)} (exact)" if o.won and o.distance == 0 else
                 f"loses {_cards(o.loses)}" if o.won else f"takes back {_cards(o.keeps)}")
        lines.append(f"  {o.player}: {o.answer} (off by {o.distance}) — {result}; {cards}")
    if not r.winners:
        lines.append("Every player passed: nobody wins the question card.")
    return lines


@click.command("arvuutin", cls=ListCommand, help=command_help(
    "An Arvuutin player's final score: question cards and hidden cards, each worth its "
    "category's level.",
    "eureka score arvuutin --levels A=3 B=4 C=1 D=2 E=5 --won A=2 B=3 --hidden A B",
    "eureka.arvuutin.score/1"))
@_values("--levels", required=True, metavar="CATEGORY=N",
         help="Each category's level at the end: --levels A=3 B=4 C=1 D=2 E=5.")
@_values("--won", metavar="CATEGORY=N",
         help="Question cards won per category (at most 50): --won A=2 B=3.")
@_values("--hidden", metavar="CATEGORY",
         help="The hidden cards' categories (at most 20 cards): --hidden A B.")
@stack(OUTPUT)
@reports_errors
def score_arvuutin(levels, won, hidden, as_json, as_ascii):
    from eureka.arvuutin import GAME
    emit(GAME.score(levels, won or (), hidden or ()), as_json,
         lambda r: [f"question cards {r.from_questions} + hidden cards {r.from_hidden} = "
                    f"{plural(r.total, 'point')}"])


def command(verb: str, name: str) -> click.Command:
    """The command for `eureka VERB arvuutin` (the registry's renderer protocol)."""
    return {"solve": solve_arvuutin, "check": check_arvuutin, "score": score_arvuutin}[verb]
