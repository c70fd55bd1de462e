"""`eureka solve|check|score|simulate mathable`: options in, the library's results out.

The verbs are `eureka.mathable.GAME`'s; this module only reads the options and renders
the results as text (their JSON is their own `to_json()`).  Nothing heavy is imported
here: the search and self-play modules load when a command runs.
"""

import sys

import click

from eureka import ops
from eureka.cli.base import (ANY_VALUE, ASCII, JSON, QUIET, VALUE_LIKE, InputError,
                             ListCommand, ListOption, Whole, ascii_lines, command_help,
                             emit, emit_json, read_input, reports_errors, stack,
                             verdict_exit)
from eureka.cli.simulate_cmds import SEED, THREADS, _games, _players, _policies
from eureka.mathable import GAME
from eureka.mathable.board import cell_name
from eureka.mathable.game import MAX_GAMES, POLICIES
from eureka.mathable.position import render
from eureka.text import plural

RULES = GAME.preset
EDITION = click.option("--edition", type=click.Choice([str(e) for e in RULES.editions]),
                       help=f"The token set: {RULES.edition} (the rulebook's, the "
                            f"default) or " + " or ".join(
                                str(e) for e in RULES.editions if e != RULES.edition) + ".")
POSITION = click.option("--position", "position_file",
                        type=click.Path(dir_okay=False, allow_dash=True),
                        help="The board: a text grid or JSON file (docs/MATHABLE.md), - "
                             "for standard input; default: the opening board.")


def _cards(value_pattern=VALUE_LIKE):
    """--cards (--rack): the mover's tokens, each a value up to the next option (or, with
    a claim after them, up to the first word that is not a number)."""
    return click.option("--cards", "--rack", "cards", cls=ListOption, type=Whole(),
                        value_pattern=value_pattern, metavar="TOKENS",
                        help="The mover's tokens, e.g. --cards 1 8 2 12 16 42 17 (default: "
                             "the position file's rack: line).")


NO_BONUS = click.option("--no-bonus", is_flag=True,
                        help=f"No {RULES.full_rack_bonus} points for placing a full "
                             f"rack of {RULES.rack_size}.")
STDIN = "-"


def _help(text: str, example: str, verb: str) -> str:
    return command_help(text, example, f"eureka.mathable.{verb}/1")


def _edition(edition: str | None) -> int | None:
    return int(edition) if edition else None


def _position(position_file, edition):
    """The position of --position (a file, or standard input), or the opening board."""
    if position_file == STDIN:
        return GAME.position(text=read_input(STDIN), edition=_edition(edition))
    return GAME.position(position_file, edition=_edition(edition))


def _placement_line(label: str, s) -> str:
    """One placement: its label ('1.' or '-'), points, equations and square."""
    eqs = "; ".join(f"{e.text()} ({cell_name(e.near)}, {cell_name(e.far)})"
                    for e in s.equations)
    notes = []
    if len(s.equations) > 1:
        notes.append(f"{len(s.equations)} equations")
    if s.award > 1:
        notes.append(f"{s.award}X square")
    if s.restriction:
        notes.append(f"{ops.sign(s.restriction)} square: may draw a token")
    note = f"  [{', '.join(notes)}]" if notes else ""
    return f"  {label} {s.placement.text():<7} {s.points:>4}  {eqs}{note}"


def _placement_lines(placements) -> list:
    return [_placement_line(f"{n}.", s) for n, s in enumerate(placements, 1)]


def _turn_lines(turn) -> list:
    lines = _placement_lines(turn.placements)
    if turn.bonus:
        lines.append(f"     + {turn.bonus} for placing the full rack")
    return lines


def _solution_lines(result, board: bool) -> list:
    pos, turns = result.position, result.turns
    lines = [f"Mathable: rack {' '.join(map(str, sorted(pos.rack)))}; "
             f"{plural(len(pos.grid), 'token')} on the board ({pos.edition}-token set)"]
    if not turns:
        return [*lines, f"No token of this rack can be placed: {result.fallback}."]
    lines += [f"Best turn: {turns[0].summary()}", *_turn_lines(turns[0])]
    lines += [f"#{k}: {turn.summary()}: {turn.text()}"
              for k, turn in enumerate(turns[1:], 2)]
    if result.moves is not None:
        lines.append(f"Every legal single placement: {len(result.moves)}")
        lines += [_placement_line("-", s) for s in result.moves]
    if board:
        lines.append("Board after the best turn ([new] tokens):")
        lines.append(render(result.board_after(),
                            {s.placement.cell for s in turns[0].placements}))
    return lines


@click.command("mathable", cls=ListCommand, help=_help(
    "The highest-scoring Mathable turn for a rack: placements in order, each with its "
    "points and equations, then the board after it.",
    "eureka solve mathable --cards 1 8 2 12 16 42 17 --limit 2", "solve"))
@POSITION
@_cards(ANY_VALUE)
@click.option("--limit", default=1, show_default=True, type=Whole(1, 1000), metavar="K",
              help="Show the K highest-scoring distinct turns.")
@click.option("--moves", is_flag=True, help="Also list every legal single placement.")
@click.option("--board/--no-board", default=True, show_default=True,
              help="Draw the board after the best turn.")
@stack(EDITION, NO_BONUS, JSON, ASCII)
@reports_errors
def solve_mathable(position_file, cards, limit, moves, board, edition, no_bonus, as_json,
                   as_ascii):
    result = GAME.solve(_position(position_file, edition), cards or None, limit, moves,
                        not no_bonus)
    emit(result, as_json, lambda r: ascii_lines(_solution_lines(r, board), as_ascii))


def _verdict_lines(result) -> list:
    """The verdict: a legal turn scored placement by placement, or why not."""
    v = result.verdict
    if not v.valid:
        return [f"invalid: {v.reason}"]
    return [v.reason, *_turn_lines(result.turn)]


def _comparison_lines(result) -> list:
    """What the search for the best turn found, after the verdict."""
    if result.searched is False:
        return ["  (too large a search to look for the best turn: skipped)"]
    best = result.best
    if not result.valid:
        return [f"  the best turn: {best.summary()}: {best.text()}"] if best else []
    better = result.verdict.better
    if better:
        return [f"  a better turn: {better.summary()}: {better.text()}"]
    return ["  no turn scores more."]


@click.command("mathable", cls=ListCommand, help=_help(
    "Check a claimed Mathable turn: legal or exactly why not, its score placement by "
    "placement, and whether a turn scores more.  The claim - is read from standard "
    "input.  Exit code 0 for a legal turn, 1 for an illegal one, 2 for input that "
    "cannot be read.  (A game record is replayed by eureka score mathable.)",
    'eureka check mathable --cards 1 8 2 12 16 42 17 "I8=12 H6=8 G9=2"', "check"))
@click.argument("claim", nargs=-1)
@POSITION
@_cards()
@stack(EDITION, NO_BONUS, JSON, ASCII, QUIET)
@reports_errors
def check_mathable(claim, position_file, cards, edition, no_bonus, as_json, as_ascii,
                   quiet):
    if not cards and position_file is None:
        raise InputError("give the mover's tokens (--cards 1 8 2 ...) or a position with "
                         "a 'rack:' line (--position FILE), then the claimed turn; a game "
                         "record is replayed by: eureka score mathable RECORD")
    if not claim:
        raise InputError('the claimed turn is missing, e.g. "I8=12 J8=16"')
    text = " ".join(claim)
    if text == STDIN:
        if position_file == STDIN:
            raise InputError("standard input gives the position or the claimed turn, "
                             "not both")
        text = " ".join(read_input(STDIN).split())
    result = GAME.check(_position(position_file, edition), text, cards or None,
                        not no_bonus, compare=as_json and not quiet)
    if as_json and not quiet:
        emit_json(result.to_json())
    elif not quiet:                                 # the verdict first, then the search
        click.echo("\n".join(ascii_lines(_verdict_lines(result), as_ascii)))
        compared = ascii_lines(_comparison_lines(result.compared()), as_ascii)
        if compared:
            click.echo("\n".join(compared))
    verdict_exit(result.valid)


def _with_draws(play) -> str:
    """A record's placements as written, with its draws."""
    return " ".join(p.text() + (" draw" if n in play.draws else "")
                    for n, p in enumerate(play.placements))


def _score_lines(result, detail: bool) -> list:
    record = result.record
    source = "(standard input)" if record.source == STDIN else record.source
    official = any(t.play.official is not None for t in result.turns)
    lines = [f"Mathable record {source}: {plural(len(record.plays), 'turn')}, "
             f"{record.edition} tokens, full-rack bonus {'on' if record.bonus else 'off'}",
             f"{'turn':>4}  {'player':<8} {'points':>6}"
             + (f" {'official':>8}" if official else "") + "  play"]
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
        lines.append(f"{t.number:>4}  {play.player:<8} {t.points:>6}{mark}  {what}")
        if detail:
            lines += ["      " + line for line in _placement_lines(t.scored)]
    if result.illegal:
        lines.append(f"illegal: {result.illegal}")
    lines.append("totals: " + ", ".join(f"{p} {v}" for p, v in result.totals.items()))
    if any(result.deductions.values()):
        lines.append("tokens left: " + ", ".join(f"{p} −{v}"
                                                 for p, v in result.deductions.items()))
        lines.append("final: " + ", ".join(f"{p} {v}" for p, v in result.final.items()))
    if official:
        n = sum(t.play.official is not None for t in result.turns)
        lines.append(f"official scores: {n - len(result.mismatches)} of "
                     f"{plural(n, 'turn')} agree")
    return lines


@click.command("mathable", help=_help(
    "Replay a Mathable game record (a text record, or a CAVA 2024 game's N_turns.txt; - "
    "for standard input): every turn scored, the first illegal placement, the totals.  "
    "Exit code 0 when every turn is legal and matches its official score, 1 when not, 2 "
    "for a record that cannot be read.",
    "eureka score mathable docs/examples/mathable_rulebook.txt", "score"))
@click.argument("record_file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--detail", is_flag=True, help="Show every placement of every turn.")
@stack(EDITION, NO_BONUS, JSON, ASCII, QUIET)
@reports_errors
def score_mathable(record_file, detail, edition, no_bonus, as_json, as_ascii, quiet):
    asked = {"edition": _edition(edition), "bonus": False if no_bonus else None}
    if record_file == STDIN:
        record = GAME.record(text=read_input(STDIN), source=STDIN, **asked)
    else:
        record = GAME.record(record_file, **asked)
    result = GAME.score(record)
    if not quiet:
        emit(result, as_json, lambda r: ascii_lines(_score_lines(r, detail), as_ascii))
    verdict_exit(result.valid)


def _square(kind: str) -> str:
    if kind == ".":
        return "plain"
    return f"{ops.sign(kind)} square" if kind in GAME.preset.operations else kind


def _summary_lines(s) -> list:
    lines = [f"Mathable self-play: {plural(s.games, 'game')}, "
             f"{plural(len(s.policies), 'player')}, seed {s.seed}, {s.edition} tokens, "
             f"full-rack bonus {'on' if s.bonus else 'off'}",
             f"{'seat':<5}{'policy':<9}{'wins':>7}{'mean':>9}{'sd':>7}{'min':>6}"
             f"{'median':>8}{'max':>6}{'bonus/game':>12}"]
    for n, (policy, sc, wins, bonus) in enumerate(zip(s.policies, s.scores, s.win_rate,
                                                      s.bonus_rate), 1):
        lines.append(f"{n:<5}{policy:<9}{wins:>7.1%}{sc['mean']:>9.1f}{sc['sd']:>7.1f}"
                     f"{sc['min']:>6}{sc['median']:>8.1f}{sc['max']:>6}{bonus:>12.2f}")
    t, p = s.turns, s.placements
    lines.append(f"turns per game: {t['mean']:.1f} ({t['min']}–{t['max']}); tokens "
                 f"placed: {p['mean']:.1f} ({p['min']}–{p['max']})")
    lines.append(f"per game: {s.draws:.2f} extra draws, {s.exchanges:.2f} exchanges, "
                 f"{s.passes:.2f} passes")
    shares = ", ".join(f"{_square(k)} {v:.1%}" for k, v in s.square_share.items())
    lines.append(f"placements by square: {shares}")
    lines.append("endings: " + ", ".join(f"{k} {v}" for k, v in s.endings.items()))
    return lines


@click.command("mathable", help=_help(
    "Self-play of complete Mathable games (2–4 players), summarised: scores, wins, "
    "bonuses, game length, draws, exchanges, squares and endings.",
    "eureka simulate mathable --games 10 --strategies optimal,greedy --seed 1", "simulate"))
@_games(100, MAX_GAMES)
@SEED
@click.option("--strategies", "--policies", "policies", default="optimal",
              show_default=True,
              help=f"One strategy (policy) per seat, comma-separated, from "
                   f"{', '.join(POLICIES)}; one name for every seat.")
@_players(GAME.preset.players[1], "policy")
@stack(EDITION, NO_BONUS, THREADS, JSON, ASCII)
@reports_errors
def simulate_mathable(games, seed, policies, players, edition, no_bonus, as_json,
                      as_ascii):
    run = GAME.simulation(games, _policies(policies, players), seed, _edition(edition),
                          not no_bonus)
    with click.progressbar(length=run.games, label="games", file=sys.stderr,
                           hidden=not sys.stderr.isatty()) as bar:
        summary = run.run(progress=lambda done: bar.update(1))
    emit(summary, as_json, lambda s: ascii_lines(_summary_lines(s), as_ascii))


def command(verb: str, name: str) -> click.Command:
    """The command for `eureka VERB mathable` (the registry's renderer protocol)."""
    return {"solve": solve_mathable, "check": check_mathable, "score": score_mathable,
            "simulate": simulate_mathable}[verb]
