"""The Arithmetikus commands: `solve`, `eureka check`, `eureka hint` and `eureka score`.

Options in, the game's contract (eureka.arithmetikus.GAME) called, its result rendered.
"""

import click

from eureka.arithmetikus import VERBS
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
from eureka.cli.listing import hint_body, listing_lines
from eureka.cli.params import declared, read_files
from eureka.ops import sign
from eureka.text import plural

OUTPUT = (JSON, ASCII)
MINUS = sign("-")


@click.command("arithmetikus", cls=ListCommand, help=command_help(
    "Every Arithmetikus combination making the Spielzahl, the most cards first; "
    "--duell: who can call Stop with the four shared cards.",
    "eureka solve arithmetikus --target 17 --cards 20 7 2 3",
    "eureka.arithmetikus.solve/1"))
@declared(VERBS["solve"])
@stack(OUTPUT)
@reports_errors
def solve_arithmetikus(values, as_json, as_ascii):
    """`eureka solve arithmetikus`: the combinations making the Spielzahl."""
    emit(VERBS["solve"].run(**values), as_json, lambda r: ascii_lines(
        _simplest(r) if values["simplest"] else _solution(r), as_ascii))


def _heading(r) -> str:
    what = "Duell, shared cards" if r.duell else "hand"
    return f"Arithmetikus: {what} {' '.join(r.hand.names())}, Spielzahl {r.spielzahl}"


def _simplest(r) -> list:
    if r.simplest is None:
        return [_heading(r), r.none_found]
    return [_heading(r), f"Simplest with {plural(len(r.simplest.cards), 'card')}: "
                         f"{r.simplest.text} = {r.spielzahl}"]


def _solution(r) -> list:
    lines = [_heading(r)]
    found = r.combinations
    if not found:
        return lines + [r.none_found]
    if r.duell:
        lines.append(f"Stop! Either player can call it with any of "
                     f"{plural(len(found), 'combination')}:")
    return [*lines, *listing_lines(r.by_cards(), len(r.shown), r.limit,
                                   lambda c: f"{c.text} = {r.spielzahl}")]


@click.command("arithmetikus", cls=ListCommand, help=command_help(
    "Check a claimed Arithmetikus combination: valid, or exactly why not, and a "
    "combination with more cards when there is one. Exit code 1: invalid.",
    "eureka check arithmetikus --target 17 --cards 20 7 2 3 \"20-(7+2)/3\"",
    "eureka.arithmetikus.check/1"))
@declared(VERBS["check"])
@stack(OUTPUT, QUIET)
@reports_errors
def check_arithmetikus(values, as_json, as_ascii, quiet):
    """`eureka check arithmetikus`: a claimed combination judged."""
    result = VERBS["check"].run(**values)
    if not quiet:
        emit(result, as_json, lambda r: ascii_lines(_verdict(r), as_ascii))
    verdict_exit(result.verdict.valid)


@click.command("arithmetikus", cls=ListCommand, help=command_help(
    "A hint towards the simplest combination with the most cards: level 1 whether one "
    "makes the Spielzahl and with how many cards, 2 its first step, 3 the whole "
    "combination.",
    "eureka hint arithmetikus --target 17 --cards 20 7 2 3 --level 2",
    "eureka.arithmetikus.hint/1"))
@declared(VERBS["hint"])
@stack(OUTPUT)
@reports_errors
def hint_arithmetikus(values, as_json, as_ascii):
    """`eureka hint arithmetikus`: a hint towards the simplest combination."""
    emit(VERBS["hint"].run(**values), as_json,
         lambda h: ascii_lines(_hint(h, as_ascii), as_ascii))


def _hint(h, as_ascii: bool) -> list:
    answer = h.answer and f"{h.answer.ascii if as_ascii else h.answer.text} = {h.spielzahl}"
    return [f"Arithmetikus: hand {' '.join(h.hand.names())}, Spielzahl {h.spielzahl}",
            *hint_body(h, answer, as_ascii)]


def _verdict(r) -> list:
    v = r.verdict
    lines = [v.reason if v.valid else f"invalid: {v.reason}"]
    if v.better is not None:
        b = v.better
        lines.append(f"  a better combination uses {plural(len(b.cards), 'card')}: "
                     f"{b.text} = {r.spielzahl}")
    return lines


@click.command("arithmetikus", help=command_help(
    "Score a finished Arithmetikus game: every combination explained and checked, the "
    "deductions in the rulebook's order, the winner. GAME_FILE ('-': standard input) "
    "holds 'spielzahl: N', then for each of the two players 'player: NAME', one line per "
    "pile 'CARDS = EXPLANATION' (no '=': forgotten) and 'extra cards: N'; '#' starts a "
    "comment.",
    "eureka score arithmetikus game.txt", "eureka.arithmetikus.score/1"))
@declared(VERBS["score"])
@stack(OUTPUT)
@reports_errors
def score_arithmetikus(values, as_json, as_ascii):
    """`eureka score arithmetikus`: a finished game scored from its record."""
    emit(VERBS["score"].run(**read_files(VERBS["score"], values)), as_json,
         lambda r: ascii_lines(_evaluation(r), as_ascii))


def _evaluation(ev) -> list:
    lines = [f"Arithmetikus: Spielzahl {ev.target}"]
    for order, p in enumerate(ev.players):
        note = "" if order == 0 or ev.second_needed else " (not needed: decided already)"
        lines.append(f"{p.name}: {plural(p.laid_down, 'card')} laid down{note}")
        for pile in p.piles:
            mark = "ok   " if pile.valid else "wrong"
            lines.append(f"  {mark} {' '.join(pile.cards):<14} {pile.reason}")
        lines.append(f"  extra cards {p.extra_cards}: {MINUS}{p.extra_cost}; wrong or "
                     f"forgotten: {MINUS}{p.lost}; result {_signed(p.result)}")
    lines.append(f"Winner: {ev.winner}" if ev.winner else "A draw: equal results.")
    return lines


def _signed(n: int) -> str:
    """A result as the deductions are written: −2, not -2."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def command(verb: str, name: str) -> click.Command:
    """The command for `eureka VERB arithmetikus` (the registry's renderer protocol).

    `verb` is the command's verb; `name` is the game's name, which generate passes on to
    eureka.cli.generate_cmds.
    """
    if verb == "generate":
        from eureka.cli import generate_cmds
        return generate_cmds.command(name)
    return {"solve": solve_arithmetikus, "check": check_arithmetikus,
            "hint": hint_arithmetikus, "score": score_arithmetikus}[verb]
