"""`solve arithmetikus`, `eureka check arithmetikus` and `eureka score arithmetikus`."""

import sys

import click

from eureka.cli.base import (ASCII, JSON, InputError, ListCommand, ListOption, emit_json,
                      reports_errors)
from eureka.arithmetikus import game, record
from eureka.text import read_text

HAND = click.option("--hand", cls=ListOption, required=True,
                    help="The cards, e.g. --hand 20 7 2 3 (1–24, J for the joker).")
TARGET = click.option("--target", type=click.IntRange(1, 24), required=True,
                      help="The Spielzahl (1–24).")
DUELL_CARDS = 4


def _combination_json(c: game.Combination) -> dict:
    return {"equation": c.text, "ascii": c.ascii, "cards": c.cards,
            "card_count": len(c.cards), "joker": c.joker}


@click.command("arithmetikus", cls=ListCommand,
               help="Every Arithmetikus combination making the Spielzahl, the most cards "
                    "first; --duell: who can call Stop with the four shared cards.")
@TARGET
@HAND
@click.option("--duell", is_flag=True,
              help="The Duell variant: --hand is the four shared face-up cards.")
@JSON
@ASCII
@reports_errors
def solve_arithmetikus(target, hand, duell, as_json, as_ascii):
    cards = game.parse_hand(hand)
    if duell and cards.size != DUELL_CARDS:
        raise InputError(f"the Duell lays out {DUELL_CARDS} shared cards, not {cards.size}")
    found = game.combinations(cards, target)
    if as_json:
        emit_json({"schema": "eureka.arithmetikus.solve/1", "spielzahl": target,
                   "hand": cards.names(), "duell": duell,
                   "combinations": [_combination_json(c) for c in found]})
        return
    what = "Duell, shared cards" if duell else "hand"
    click.echo(f"Arithmetikus: {what} {' '.join(cards.names())}, Spielzahl {target}")
    if not found:
        click.echo("Nobody can call Stop: no combination makes the Spielzahl."
                   if duell else "No combination makes the Spielzahl: draw an extra card "
                                 "(at most two in a game, 2 cards off each).")
        return
    if duell:
        click.echo(f"Stop! Either player can call it with any of {len(found)} "
                   f"combination{'s' * (len(found) > 1)}:")
    for n in sorted({len(c.cards) for c in found}, reverse=True):
        group = [c for c in found if len(c.cards) == n]
        click.echo(f"{n} card{'s' * (n > 1)} ({len(group)}):")
        for c in group:
            click.echo(f"  {c.ascii if as_ascii else c.text} = {target}")


@click.command("arithmetikus", cls=ListCommand,
               help="Check a claimed Arithmetikus combination: valid, or exactly why not.")
@click.argument("combination")
@TARGET
@HAND
@JSON
@reports_errors
def check_arithmetikus(combination, target, hand, as_json):
    cards = game.parse_hand(hand)
    checked = game.check(combination, cards, target)
    v = checked.verdict
    joker = f" (the joker as {checked.joker})" if v.valid and checked.joker else ""
    if as_json:
        emit_json({"schema": "eureka.arithmetikus.check/1", "spielzahl": target,
                   "hand": cards.names(), "claim": combination, "valid": v.valid,
                   "problem": v.problem, "reason": v.reason + joker,
                   "joker": checked.joker if v.valid else None,
                   "card_count": len(v.cards_used) if v.valid else 0})
    else:
        click.echo(f"{v.reason}{joker}" if v.valid else f"invalid: {v.reason}")
    if not v.valid:
        click.get_current_context().exit(1)


@click.command("arithmetikus", help="Score a finished Arithmetikus game: every "
                                    "combination explained and checked, the deductions "
                                    "in the rulebook's order, the winner "
                                    "(docs/ARITHMETIKUS.md).")
@click.argument("game_file", type=click.Path(dir_okay=False, allow_dash=True))
@JSON
@reports_errors
def score_arithmetikus(game_file, as_json):
    text = sys.stdin.read() if game_file == "-" else read_text(game_file)
    ev = record.evaluate(text)
    if as_json:
        emit_json({"schema": "eureka.arithmetikus.score/1", "spielzahl": ev.target,
                   "players": [_player_json(p) for p in ev.players],
                   "second_evaluated": ev.second_needed, "winner": ev.winner})
        return
    click.echo(f"Arithmetikus: Spielzahl {ev.target}")
    for order, p in enumerate(ev.players):
        note = "" if order == 0 or ev.second_needed else " (not needed: decided already)"
        click.echo(f"{p.name}: {p.laid_down} cards laid down{note}")
        for pile in p.piles:
            mark = "ok   " if pile.valid else "wrong"
            click.echo(f"  {mark} {' '.join(pile.cards):<14} {pile.reason}")
        click.echo(f"  extra cards {p.extra_cards}: −{record.EXTRA_CARD_COST * p.extra_cards}"
                   f"; wrong or forgotten: −{p.lost}; result {p.result}")
    click.echo(f"Winner: {ev.winner}" if ev.winner else "A draw: equal results.")


def _player_json(p: record.PlayerResult) -> dict:
    return {"name": p.name, "laid_down": p.laid_down, "extra_cards": p.extra_cards,
            "lost": p.lost, "result": p.result,
            "combinations": [{"cards": list(c.cards), "explanation": c.explanation,
                              "valid": c.valid, "reason": c.reason} for c in p.piles]}


def command(verb: str, name: str) -> click.Command:
    """The command for `eureka VERB arithmetikus` (the registry's renderer protocol)."""
    return {"solve": solve_arithmetikus, "check": check_arithmetikus,
            "score": score_arithmetikus}[verb]
