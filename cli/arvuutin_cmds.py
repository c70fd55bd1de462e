"""The Arvuutin commands: `solve arvuutin`, `eureka check arvuutin`, `eureka score arvuutin`.

Options in, the game's contract (eureka.arvuutin.GAME) called, its result rendered.
"""

import click

from eureka.arvuutin import VERBS
from eureka.cli.ascii import ascii_lines
from eureka.cli.base import (
    ASCII,
    JSON,
    QUIET,
    ListCommand,
    command_help,
    emit,
    reports_errors,
    stack,
    verdict_exit,
)
from eureka.cli.params import declared
from eureka.ops import sign
from eureka.text import plural

OUTPUT = (JSON, ASCII)
PLUS = f" {sign('+')} "


def _runs(values) -> str:
    """The ascending values as runs: 1 2 3 5 as '1–3, 5', none as 'none'."""
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
@declared(VERBS["solve"])
@stack(OUTPUT)
@reports_errors
def solve_arvuutin(values, as_json, as_ascii):
    """`eureka solve arvuutin`: the answers a hand can give and the cards to play."""
    emit(VERBS["solve"].run(**values), as_json, lambda r: ascii_lines(_choices(r), as_ascii))


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
@declared(VERBS["check"])
@stack(OUTPUT, QUIET)
@reports_errors
def check_arvuutin(values, as_json, as_ascii, quiet):
    """`eureka check arvuutin`: a question resolved."""
    result = VERBS["check"].run(**values)
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
@declared(VERBS["score"])
@stack(OUTPUT)
@reports_errors
def score_arvuutin(values, as_json, as_ascii):
    """`eureka score arvuutin`: a player's final score."""
    emit(VERBS["score"].run(**values), as_json,
         lambda r: [f"question cards {r.from_questions} + hidden cards {r.from_hidden} = "
                    f"{plural(r.total, 'point')}"])


def command(verb: str, name: str) -> click.Command:
    """The command for `eureka VERB arvuutin` (the registry's renderer protocol).

    `verb` picks the command; `name`, the game's name, is not read.
    """
    return {"solve": solve_arvuutin, "check": check_arvuutin, "score": score_arvuutin}[verb]
