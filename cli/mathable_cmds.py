"""`solve mathable` and `eureka check mathable`: the best turn, claimed turns, records."""

import click

from eureka.cli.base import (ASCII, JSON, InputError, ListCommand, ListOption, emit_json,
                      reports_errors)
from eureka.mathable import position as positions
from eureka.mathable import record as records
from eureka.mathable.board import OP_SIGNS, cell_name
from eureka.mathable.claim import check_turn
from eureka.mathable.search import Turn, best_turns, single_placements
from eureka.mathable.tokens import full_rack_bonus

EDITION = click.option("--edition", type=click.Choice(["126", "106"]),
                       help="The token set: 126 (the rulebook's, the default) or 106.")
POSITION = click.option("--position", "position_file", type=click.Path(dir_okay=False),
                        help="The board: a text grid or JSON file (docs/MATHABLE.md); "
                             "default: the opening board.")
RACK = click.option("--rack", cls=ListOption, type=click.IntRange(0),
                    help="The mover's tokens, e.g. --rack 1 8 2 12 16 42 17 "
                         "(default: the position file's rack: line).")
NO_BONUS = click.option("--no-bonus", is_flag=True,
                        help="No 50 points for placing a full rack of 7.")


def _position(position_file, rack, edition):
    """The position and rack from the options, validated together."""
    edition = int(edition) if edition else None
    pos = positions.read(position_file, edition) if position_file \
        else positions.Position(edition=edition or 126)
    if rack:
        pos.rack = list(rack)
    if not pos.rack:
        raise InputError("a rack is needed: --rack 1 8 2 ... or a 'rack:' line in the "
                         "position file")
    return pos.validate()


def _sign(text: str, as_ascii: bool) -> str:
    if as_ascii:
        for op, sign in OP_SIGNS.items():
            text = text.replace(sign, op)
    return text


def _placement_json(s) -> dict:
    return {"cell": cell_name(s.placement.cell), "value": s.placement.value,
            "points": s.points, "award": s.award, "restriction": s.restriction or None,
            "may_draw": bool(s.restriction),
            "equations": [{"equation": e.text(), "cells": [cell_name(e.near),
                                                           cell_name(e.far)]}
                          for e in s.equations]}


def _turn_json(turn: Turn) -> dict:
    return {"turn": turn.text(), "points": turn.points, "bonus": turn.bonus,
            "draws": turn.draws, "placements": [_placement_json(s)
                                                for s in turn.placements]}


def _placement_line(label: str, s, as_ascii) -> str:
    """One placement: its label ('1.' or '-'), points, equations and square."""
    eqs = "; ".join(f"{e.text()} ({cell_name(e.near)}, {cell_name(e.far)})"
                    for e in s.equations)
    notes = []
    if len(s.equations) > 1:
        notes.append(f"{len(s.equations)} equations")
    if s.award > 1:
        notes.append(f"{s.award}X square")
    if s.restriction:
        notes.append(f"{OP_SIGNS[s.restriction]} square: may draw a token")
    note = f"  [{', '.join(notes)}]" if notes else ""
    return _sign(f"  {label} {s.placement.text():<7} {s.points:>4}  {eqs}{note}", as_ascii)


def _turn_lines(turn: Turn, as_ascii) -> list:
    lines = [_placement_line(f"{n}.", s, as_ascii)
             for n, s in enumerate(turn.placements, 1)]
    if turn.bonus:
        lines.append(f"     + {turn.bonus} for placing the full rack")
    return lines


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"


def _points(turn: Turn) -> str:
    """'39 points, 5 placements, may draw 1 token'."""
    text = f"{_plural(turn.points, 'point')}, {_plural(len(turn.placements), 'placement')}"
    if turn.draws:
        text += f", may draw {_plural(turn.draws, 'token')}"
        if turn.bonus:
            text += " (keeping one would lose the full-rack bonus)"
    return text


@click.command("mathable", cls=ListCommand,
               help="The highest-scoring Mathable turn for a rack: placements in order.")
@POSITION
@RACK
@click.option("--top", default=1, show_default=True, type=click.IntRange(1, 1000),
              help="Show the K highest-scoring distinct turns.")
@click.option("--moves", is_flag=True, help="Also list every legal single placement.")
@click.option("--board/--no-board", default=True, show_default=True,
              help="Draw the board after the best turn.")
@EDITION
@NO_BONUS
@JSON
@ASCII
@reports_errors
def solve_mathable(position_file, rack, top, moves, board, edition, no_bonus, as_json,
                   as_ascii):
    pos = _position(position_file, rack, edition)
    bonus = full_rack_bonus(pos.rack, not no_bonus)
    turns = best_turns(pos.grid, pos.rack, top=top, bonus=bonus)
    singles = single_placements(pos.grid, pos.rack) if moves else []
    if as_json:
        emit_json({"schema": "eureka.mathable.solve/1", "edition": pos.edition,
                   "rack": sorted(pos.rack), "tokens_on_board": len(pos.grid),
                   "turns": [_turn_json(t) for t in turns],
                   "moves": [_placement_json(s) for s in singles] if moves else None})
        return
    rack_text = " ".join(map(str, sorted(pos.rack)))
    click.echo(f"Mathable: rack {rack_text}; {len(pos.grid)} tokens on the board "
               f"({pos.edition}-token set)")
    if not turns:
        click.echo("No token of this rack can be placed: exchange tokens or pass.")
        return
    click.echo(f"Best turn: {_points(turns[0])}")
    for line in _turn_lines(turns[0], as_ascii):
        click.echo(line)
    for k, turn in enumerate(turns[1:], 2):
        click.echo(f"#{k}: {_points(turn)}: {turn.text()}")
    if moves:
        click.echo(f"Every legal single placement: {len(singles)}")
        for s in singles:
            click.echo(_placement_line("-", s, as_ascii))
    if board:
        grid = dict(pos.grid)
        for s in turns[0].placements:
            grid[s.placement.cell] = s.placement.value
        new = {s.placement.cell for s in turns[0].placements}
        click.echo("Board after the best turn ([new] tokens):")
        click.echo(positions.render(grid, new, as_ascii))


@click.command("mathable", cls=ListCommand,
               help="Replay a Mathable game record (scores, first illegal placement), "
                    "or with --position/--rack check one claimed turn.")
@click.argument("args", nargs=-1)
@POSITION
@RACK
@click.option("--detail", is_flag=True,
              help="Records: show every placement of every turn (claims always do).")
@EDITION
@NO_BONUS
@JSON
@ASCII
@reports_errors
def check_mathable(args, position_file, rack, detail, edition, no_bonus, as_json,
                   as_ascii):
    if position_file or rack:
        if not args:
            raise InputError('the claimed turn is missing, e.g. "I8=12 J8=16"')
        _check_claim(" ".join(args), _position(position_file, rack, edition),
                     not no_bonus, as_json, as_ascii)
    elif len(args) != 1:
        raise InputError("give one game record (a file), or --position/--rack and a "
                         "claimed turn")
    else:
        record = records.read(args[0], int(edition) if edition else None,
                              False if no_bonus else None)
        _check_record(args[0], record, detail, as_json, as_ascii)


def _check_claim(text, pos, bonus, as_json, as_ascii):
    verdict = check_turn(pos, records.claimed_turn(text, pos.edition), bonus)
    better = verdict.better
    if as_json:
        emit_json({"schema": "eureka.mathable.check/1", "claim": text,
                   "rack": sorted(pos.rack), "valid": verdict.valid,
                   "reason": verdict.reason or None,
                   "turn": _turn_json(verdict.turn) if verdict.turn else None,
                   "best": _turn_json(verdict.best) if verdict.best else None,
                   "better_exists": better is not None})
    elif not verdict.valid:
        click.echo(_sign(f"invalid: {verdict.reason}", as_ascii))
        if verdict.best:
            click.echo(f"  the best turn: {_points(verdict.best)}: {verdict.best.text()}")
    else:
        click.echo(f"valid: {_points(verdict.turn)}")
        for line in _turn_lines(verdict.turn, as_ascii):
            click.echo(line)
        if better:
            click.echo(f"  a better turn: {_points(better)}: {better.text()}")
        else:
            click.echo("  no turn scores more.")
    if not verdict.valid:
        click.get_current_context().exit(1)


def _check_record(path, record, detail, as_json, as_ascii):
    result = records.replay(record)
    ok = result.illegal is None and not result.mismatches
    if as_json:
        emit_json({"schema": "eureka.mathable.replay/1", "record": path,
                   "edition": record.edition, "bonus": record.bonus, "valid": ok,
                   "illegal": result.illegal,
                   "turns": [_replayed_json(t) for t in result.turns],
                   "totals": result.totals, "deductions": result.deductions,
                   "final": result.final,
                   "mismatches": [t.number for t in result.mismatches]})
    else:
        _print_replay(path, record, result, detail, as_ascii)
    if not ok:
        click.get_current_context().exit(1)


def _replayed_json(t) -> dict:
    """A replayed turn: the turn's fields, what the record says, and the draws made."""
    turn = _turn_json(Turn(t.scored, t.bonus))
    for n, placement in enumerate(turn["placements"]):
        placement["drew"] = n in t.play.draws
    return {"number": t.number, "player": t.play.player, "action": t.play.action,
            "official": t.play.official, "exchanged": t.play.exchanged, **turn}


def _with_draws(play) -> str:
    """A record's placements as written, with its draws."""
    return " ".join(p.text() + (" draw" if n in play.draws else "")
                    for n, p in enumerate(play.placements))


def _print_replay(path, record, result, detail, as_ascii):
    official = any(t.play.official is not None for t in result.turns)
    bonus = "on" if record.bonus else "off"
    click.echo(f"Mathable record {path}: {len(record.plays)} turns, {record.edition} "
               f"tokens, full-rack bonus {bonus}")
    click.echo(f"{'turn':>4}  {'player':<8} {'points':>6}"
               + (f" {'official':>8}" if official else "") + "  play")
    for t in result.turns:
        play = t.play
        what = (_with_draws(play) if play.action == "place"
                else f"exchange {play.exchanged}" if play.action == "exchange" else "pass")
        if t.bonus:
            what += f"  (+{t.bonus} full rack)"
        mark = ""
        if official:
            mark = f" {'' if play.official is None else play.official:>8}"
            if play.official is not None and play.official != t.points:
                what += "  <- differs from the official score"
        click.echo(f"{t.number:>4}  {play.player:<8} {t.points:>6}{mark}  {what}")
        if detail:
            for line in _turn_lines(Turn(t.scored, 0), as_ascii):
                click.echo("      " + line)
    if result.illegal:
        click.echo(_sign(f"illegal: {result.illegal}", as_ascii))
    click.echo("totals: " + ", ".join(f"{p} {v}" for p, v in result.totals.items()))
    if any(result.deductions.values()):
        click.echo("tokens left: " + ", ".join(f"{p} −{v}"
                                                for p, v in result.deductions.items()))
        click.echo("final: " + ", ".join(f"{p} {v}" for p, v in result.final.items()))
    if official:
        n = sum(t.play.official is not None for t in result.turns)
        click.echo(f"official scores: {n - len(result.mismatches)} of {n} turns agree")


def command(verb: str, name: str) -> click.Command:
    """The command for `eureka VERB mathable` (the registry's renderer protocol)."""
    if verb == "simulate":
        from eureka.cli import simulate_cmds
        return simulate_cmds.simulate.commands[name]
    return {"solve": solve_mathable, "check": check_mathable}[verb]
