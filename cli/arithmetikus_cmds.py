"""`solve arithmetikus`, `eureka check arithmetikus` and `eureka score arithmetikus`:
options in, the game's contract (eureka.arithmetikus.GAME) called, its result rendered."""

import click

from eureka.cli.base import (ANY_VALUE, ASCII, JSON, QUIET, VALUE_OR_BLANK, InputError,
                             ListCommand, ListOption, Whole, ascii_lines, command_help,
                             emit, hint_body, listing_lines, read_input, reports_errors,
                             stack, verdict_exit)
from eureka.ops import sign
from eureka.text import plural



def _cards(value_pattern):
    return click.option("--cards", "--hand", "cards", cls=ListOption, required=True,
                        value_pattern=value_pattern, metavar="CARDS",
                        help="The cards in hand, e.g. --cards 20 7 2 3 (1–24, J for the "
                             "joker; --hand is the same).")


TARGET = click.option("--target", type=Whole(1, 24), required=True,
                      help="The Spielzahl (1–24), the card face up.")
OUTPUT = (JSON, ASCII)
MINUS = sign("-")


@click.command("arithmetikus", cls=ListCommand, help=command_help(
    "Every Arithmetikus combination making the Spielzahl, the most cards first; "
    "--duell: who can call Stop with the four shared cards.",
    "eureka solve arithmetikus --target 17 --cards 20 7 2 3",
    "eureka.arithmetikus.solve/1"))
@TARGET
@_cards(ANY_VALUE)
@click.option("--duell", is_flag=True,
              help="The Duell variant: --cards are the four shared face-up cards.")
@click.option("--limit", type=Whole(), metavar="N",
              help="List at most N combinations (the counts stay complete).")
@click.option("--simplest", is_flag=True,
              help="Only the simplest combination with the most cards (JSON: in "
                   "'simplest', none listed).")
@stack(OUTPUT)
@reports_errors
def solve_arithmetikus(target, cards, duell, limit, simplest, as_json, as_ascii):
    from eureka.arithmetikus import GAME
    if simplest and limit is not None:
        raise InputError("--simplest lists one combination: not with --limit")
    emit(GAME.solve(target, cards, duell, 0 if simplest else limit), as_json,
         lambda r: ascii_lines(_simplest(r) if simplest else _solution(r), as_ascii))


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
@click.argument("combination", required=False)
@TARGET
@_cards(VALUE_OR_BLANK)
@stack(OUTPUT, QUIET)
@reports_errors
def check_arithmetikus(combination, target, cards, as_json, as_ascii, quiet):
    from eureka.arithmetikus import GAME
    if combination is None:
        raise InputError("the claimed combination is missing (a claim that is a single "
                         "number, such as 17, goes before the options or after --)")
    result = GAME.check(combination, target, cards)
    if not quiet:
        emit(result, as_json, lambda r: ascii_lines(_verdict(r), as_ascii))
    verdict_exit(result.verdict.valid)


@click.command("arithmetikus", cls=ListCommand, help=command_help(
    "A hint towards the simplest combination with the most cards: level 1 whether one "
    "makes the Spielzahl and with how many cards, 2 its first step, 3 the whole "
    "combination.",
    "eureka hint arithmetikus --target 17 --cards 20 7 2 3 --level 2",
    "eureka.arithmetikus.hint/1"))
@TARGET
@_cards(ANY_VALUE)
@click.option("--level", type=click.IntRange(1, 3), default=1, show_default=True,
              help="How much to tell: 1, 2 or 3.")
@stack(OUTPUT)
@reports_errors
def hint_arithmetikus(target, cards, level, as_json, as_ascii):
    from eureka.arithmetikus import GAME
    emit(GAME.hint(target, cards, level), as_json,
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
@click.argument("game_file", type=click.Path(dir_okay=False, allow_dash=True))
@stack(OUTPUT)
@reports_errors
def score_arithmetikus(game_file, as_json, as_ascii):
    from eureka.arithmetikus import GAME
    emit(GAME.score(read_input(game_file)), as_json,
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
    """The command for `eureka VERB arithmetikus` (the registry's renderer protocol)."""
    if verb == "generate":
        from eureka.cli import generate_cmds
        return generate_cmds.command(name)
    return {"solve": solve_arithmetikus, "check": check_arithmetikus,
            "hint": hint_arithmetikus, "score": score_arithmetikus}[verb]
