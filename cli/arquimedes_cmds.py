"""`eureka solve|check|score|simulate arquimedes`: options in, the library's results out.

The verbs are `eureka.arquimedes.GAME`'s; this module only reads the options and renders
the results as text (their JSON is their own `to_json()`).  Nothing heavy is imported
here: the kernels load when a command runs.
"""

import sys

import click

from eureka.arquimedes import GAME, VERBS
from eureka.arquimedes.options import games_bound
from eureka.arquimedes.params import RULES
from eureka.arquimedes.state import ops_text
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
from eureka.cli.listing import listing_lines
from eureka.cli.params import declared, option, read_files
from eureka.cli.simulate_cmds import SEED, THREADS, games_option, players_option, seat_names
from eureka.text import plural


def _help(text: str, example: str, verb: str) -> str:
    return command_help(text, example, f"eureka.arquimedes.{verb}/1")


def _sentence(text: str) -> str:
    return f"{text[:1].upper()}{text[1:]}."


# ---------------------------------------------------------------- solve

@click.command("arquimedes", cls=ListCommand, help=_help(
    "Every legal Arquimedes play for the top card and a hand, and the play to make; "
    "with --simulate, every option played out to the end of the round.",
    "eureka solve arquimedes --top 3 --cards 2 5 7 12 K", "solve"))
@declared(VERBS["solve"])
@stack(JSON, ASCII)
@reports_errors
def solve_arquimedes(values, as_json, as_ascii):
    """`eureka solve arquimedes`: the legal plays and the play to make."""
    result = VERBS["solve"].run(**values)
    emit(result, as_json, lambda r: ascii_lines(_solution_lines(r, as_ascii), as_ascii))


def _solution_lines(result, as_ascii: bool) -> list:
    state, advice = result.state, result.advice
    lines = [f"Arquimedes: top {state.top.text()}, hand {' '.join(state.hand_names())} "
             f"({ops_text(state.ops, as_ascii)})"]
    if advice.play is None:
        lines.append(_sentence(advice.reason))
    lines += listing_lines(
        result.by_cards(), len(result.shown), result.limit,
        lambda p: p.text(as_ascii) + ("   empties the hand" if state.empties(p) else ""))
    if advice.play is not None:
        lines.append(f"Recommended: {advice.play.text(as_ascii)} — {advice.reason}.")
    if result.rollouts:
        lines += _rollout_lines(result.rollouts, as_ascii)
    return lines


def _rollout_lines(r, as_ascii: bool) -> list:
    lines = [f"Played out {r.samples:,} times each: the {plural(r.unseen, 'unseen card')} "
             f"dealt at random to the other hands ({' '.join(map(str, r.others))}) and a "
             f"draw pile of {r.draw_pile}, the rest under the play pile; every seat then "
             f"plays {r.strategy}; only this round's token counts.",
             f"  {'expected tokens':>16} {'s.e.' if as_ascii else '± s.e.':>7} "
             f"{'cards left':>10} "
             f"{'goes out':>8}  option"]
    for e in r.options:
        option = e.play.text(as_ascii) if e.play else "draw a card"
        lines.append(f"  {e.tokens:>16.3f} {e.stderr:>7.3f} {e.cards_left:>10.1f} "
                     f"{e.win:>8.1%}  {option}")
    return lines


# ---------------------------------------------------------------- check

@click.command("arquimedes", cls=ListCommand, help=_help(
    "Check a claimed Arquimedes play, e.g. \"3+2=5\": valid, or exactly why not (exit "
    "code 1), with the recommended play instead, or the draw or pass the rules require "
    "when no play is legal.",
    "eureka check arquimedes --top 3 --cards 2 5 7 12 K \"3+2=5\"", "check"))
@declared(VERBS["check"])
@stack(JSON, ASCII, QUIET)
@reports_errors
def check_arquimedes(values, as_json, as_ascii, quiet):
    """`eureka check arquimedes`: a claimed play judged."""
    result = VERBS["check"].run(**values)
    if not quiet:
        emit(result, as_json, lambda r: ascii_lines(_check_lines(r, as_ascii), as_ascii))
    verdict_exit(result.valid)


def _check_lines(result, as_ascii: bool) -> list:
    v = result.verdict
    if v.valid:
        return [v.reason]
    lines = [f"invalid: {v.reason}"]
    if v.better is not None:
        lines.append(f"Recommended instead: {v.better.play.text(as_ascii)}")
    return lines


# ---------------------------------------------------------------- score

@click.command("arquimedes", help=_help(
    "Score an Arquimedes game record (- reads standard input): card totals, tie draws, "
    "penalty tokens and the winner.",
    "eureka score arquimedes game.txt", "score"))
@declared(VERBS["score"])
@stack(JSON, ASCII)
@reports_errors
def score_arquimedes(values, as_json, as_ascii):
    """`eureka score arquimedes`: a game record scored, round by round."""
    result = VERBS["score"].run(**read_files(VERBS["score"], values))
    emit(result, as_json, lambda r: ascii_lines(_score_lines(r.game), as_ascii))


def _score_lines(game) -> list:
    lines = []
    for n, r in enumerate(game.rounds, 1):
        lines.append(f"Round {n}: " + (f"{r.winner} went out" if r.winner
                                       else "every player passed"))
        for p in r.players:
            if p == r.winner:
                lines.append(f"  {p:<10} out            token  — ({r.winner_note})")
            else:
                token = r.tokens[p] if r.tokens else "?"
                lines.append(f"  {p:<10} cards {r.totals[p]:>3}      token {token:>2}")
        lines += [f"  still tied on {total}: {', '.join(group)} each draw a card"
                  for group, total in r.pending]
    totals = "  ".join(f"{p} {t}" for p, t in game.totals.items())
    lines.append(f"Tokens{'' if game.complete else ' so far'}: {totals}")
    if game.winner:
        lines.append(f"Winner: {game.winner}"
                     + (" after the decider draw" if game.deciders else ""))
    elif game.pending:
        lines.append(f"Tied on the fewest tokens: {', '.join(game.pending)}: "
                     f"{game.tie_break}.")
    elif len(game.rounds) < GAME.rounds:
        lines.append(f"{len(game.rounds)} of {plural(GAME.rounds, 'round')} played.")
    return lines


# ---------------------------------------------------------------- simulate

@click.command("arquimedes", help=_help(
    "Complete five-round Arquimedes games (2–6 players), played by strategies in "
    "compiled kernels, summarised; --compare plays the same games with and without the "
    "joker and × ÷.",
    "eureka simulate arquimedes --games 10000 --strategies greedy,random --seed 1",
    "simulate"))
@games_option(10_000, GAME.max_games, games_bound)
@SEED
@click.option("--strategies", default="greedy", show_default=True,
              help=f"One strategy per seat, comma-separated, from "
                   f"{', '.join(GAME.strategies)}; one name for every seat.")
@players_option(GAME.players[1], "strategy")
@stack(option(RULES[1]), option(RULES[0]))
@click.option("--compare", is_flag=True,
              help="Also play the same games with and without the joker, and with and "
                   "without × and ÷, and compare.")
@stack(THREADS, JSON, ASCII)
@reports_errors
def simulate_arquimedes(games, seed, strategies, players, no_joker, ops, compare,
                        as_json, as_ascii):
    """`eureka simulate arquimedes`: complete games played by strategies, summarised."""
    game = GAME.variant(joker=not no_joker, ops=ops)
    names = seat_names(strategies, players)
    total = games * len(game.variants(compare))
    with click.progressbar(length=total, label="games", file=sys.stderr,
                           hidden=not sys.stderr.isatty()) as bar:
        result = game.simulate(games, names, seed=seed, compare=compare,
                               progress=bar.update)
    emit(result, as_json, lambda r: ascii_lines(_simulation_lines(r, compare, as_ascii),
                                                as_ascii))


def _variant(s, as_ascii: bool) -> str:
    return f"joker {'on' if s.joker else 'off'}, {ops_text(s.ops, as_ascii)}"


def _simulation_lines(result, compare: bool, as_ascii: bool) -> list:
    s = result.variants[0]
    lines = [f"Arquimedes: {plural(s.games, 'game')}, {plural(len(s.seats), 'player')}, "
             f"seed {s.seed}, {_variant(s, as_ascii)}",
             f"{'seat':<5}{'strategy':<11}{'wins':>7}  {'95% interval':<16}"
             f"{'tokens/round':>13}{'tokens/game':>12}"]
    for n, seat in enumerate(s.seats, 1):
        low, high = seat["ci95"]
        lines.append(f"{n:<5}{seat['strategy']:<11}{seat['win_rate']:>7.1%}  "
                     f"{f'{low:.1%}–{high:.1%}':<16}{seat['tokens_per_round']:>13.2f}"
                     f"{seat['tokens_per_game']:>12.2f}")
    t = s.rounds["turns"]
    lines += [f"turns per round: mean {t['mean']:.1f}, median {t['median']:.0f}, "
              f"90% within {t['p90']:.0f}, longest {t['max']}",
              f"rounds ended by every player passing: {s.rounds['all_pass']:.2%}; "
              f"tie draws per round: {s.rounds['tie_draws']:.3f}"]
    if compare:
        seats = "".join(f"{f'seat {n}':>9}" for n in range(1, len(s.seats) + 1))
        lines += ["", "The same seeds under each variant:",
                  f"{'variant':<26}{seats}{'turns':>8}{'all pass':>10}"]
        for v in result.variants:
            wins = "".join(f"{seat['win_rate']:>9.1%}" for seat in v.seats)
            lines.append(f"{_variant(v, as_ascii):<26}{wins}"
                         f"{v.rounds['turns']['mean']:>8.1f}{v.rounds['all_pass']:>10.2%}")
    return lines


def command(verb: str, name: str) -> click.Command:
    """The command for `eureka VERB arquimedes` (the registry's renderer protocol).

    `verb` picks the command; `name`, the game's name, is not read.
    """
    return {"solve": solve_arquimedes, "check": check_arquimedes,
            "score": score_arquimedes, "simulate": simulate_arquimedes}[verb]
