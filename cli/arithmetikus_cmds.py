"""`solve arithmetikus`, `eureka check arithmetikus` and `eureka score arithmetikus`:
options in, the game's contract (eureka.arithmetikus.GAME) called, its result rendered."""

import click

from eureka.cli.base import (ANY_VALUE, ASCII, JSON, QUIET, VALUE_OR_BLANK, InputError,
                             ListCommand, ListOption, Whole, ascii_lines, command_help,
                             emit, listing_lines, read_input, reports_errors, stack,
                             verdict_exit)
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
@stack(OUTPUT)
@reports_errors
def solve_arithmetikus(target, cards, duell, limit, as_json, as_ascii):
    from eureka.arithmetikus import GAME
    emit(GAME.solve(target, cards, duell, limit), as_json,
         lambda r: ascii_lines(_solution(r), as_ascii))


def _solution(r) -> list:
    what = "Duell, shared cards" if r.duell else "hand"
    lines = [f"Arithmetikus: {what} {' '.join(r.hand.names())}, Spielzahl {r.spielzahl}"]
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
    return {"solve": solve_arithmetikus, "check": check_arithmetikus,
            "score": score_arithmetikus}[verb]
