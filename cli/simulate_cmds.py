"""`eureka simulate`: complete games played by policies, summarised."""

import sys

import click

from eureka.cli.base import JSON, InputError, OneLineGroup, emit_json, reports_errors
from eureka.cli.mathable_cmds import EDITION, NO_BONUS
from eureka.arquimedes import simulate as arquimedes
from eureka.arquimedes.plays import OP_CODES, SIGNS, normal_ops
from eureka.mathable import selfplay
from eureka.mathable.board import OP_SIGNS


@click.group(cls=OneLineGroup, help="Play complete games by policy and summarise them.")
def simulate():
    pass


def _policies(policies: str, players: int | None) -> tuple:
    """One name per seat; a single name fills every seat (two without --players)."""
    names = tuple(p.strip() for p in policies.split(",") if p.strip())
    if players is not None:
        if len(names) == 1:
            names *= players
        elif len(names) != players:
            raise InputError(f"--players {players} but {len(names)} policies given")
    elif len(names) == 1:
        names *= 2
    return names


def _games(default: int):
    return click.option("--games", default=default, show_default=True,
                        type=click.IntRange(1), help="How many games to play.")


def _players(most: int, per: str):
    return click.option("--players", type=click.IntRange(2, most),
                        help=f"Number of players (default: one per {per}, at least 2).")


SEED = click.option("--seed", default=0, show_default=True,
                    type=click.IntRange(0, 2**64 - 1),
                    help="Seed: the same seed plays the same games.")


@simulate.command("mathable", help="Self-play of complete Mathable games (2–4 players).")
@_games(100)
@SEED
@click.option("--policies", default="optimal", show_default=True,
              help=f"One policy per seat, comma-separated, from "
                   f"{', '.join(selfplay.POLICIES)}; one name for every seat.")
@_players(4, "policy")
@EDITION
@NO_BONUS
@JSON
@reports_errors
def simulate_mathable(games, seed, policies, players, edition, no_bonus, as_json):
    names = _policies(policies, players)
    edition = int(edition or 126)
    selfplay.check_policies(names, edition)
    with click.progressbar(length=games, label="games", file=sys.stderr) as bar:
        summary = selfplay.simulate(games, names, seed, edition, not no_bonus,
                                    progress=lambda done: bar.update(1))
    data = summary.as_dict()
    if as_json:
        emit_json({"schema": "eureka.mathable.simulate/1", **data})
        return
    _print(data)


def _print(d: dict) -> None:
    bonus = "on" if d["bonus"] else "off"
    click.echo(f"Mathable self-play: {d['games']} games, {len(d['seats'])} players, "
               f"seed {d['seed']}, {d['edition']} tokens, full-rack bonus {bonus}")
    click.echo(f"{'seat':<5}{'policy':<9}{'wins':>7}{'mean':>9}{'sd':>7}{'min':>6}"
               f"{'median':>8}{'max':>6}{'bonus/game':>12}")
    for n, seat in enumerate(d["seats"], 1):
        s = seat["score"]
        click.echo(f"{n:<5}{seat['policy']:<9}{seat['win_rate']:>7.1%}{s['mean']:>9.1f}"
                   f"{s['sd']:>7.1f}{s['min']:>6}{s['median']:>8.1f}{s['max']:>6}"
                   f"{seat['bonus_rate']:>12.2f}")
    t, p, g = d["turns"], d["placements"], d["per_game"]
    click.echo(f"turns per game: {t['mean']:.1f} ({t['min']}–{t['max']}); tokens placed: "
               f"{p['mean']:.1f} ({p['min']}–{p['max']})")
    click.echo(f"per game: {g['draws']:.2f} extra draws, {g['exchanges']:.2f} exchanges, "
               f"{g['passes']:.2f} passes")
    shares = ", ".join(f"{_kind(k)} {v:.1%}" for k, v in d["square_share"].items())
    click.echo(f"placements by square: {shares}")
    click.echo("endings: " + ", ".join(f"{k} {v}" for k, v in d["endings"].items()))


def _kind(kind: str) -> str:
    if kind == ".":
        return "plain"
    return f"{OP_SIGNS[kind]} square" if kind in OP_SIGNS else kind


@simulate.command("arquimedes", help="Complete five-round Arquimedes games (2–6 players), "
                                     "played by strategies in compiled kernels.")
@_games(10_000)
@SEED
@click.option("--strategies", default="greedy", show_default=True,
              help=f"One strategy per seat, comma-separated, from "
                   f"{', '.join(arquimedes.STRATEGIES)}; one name for every seat.")
@_players(6, "strategy")
@click.option("--no-joker", is_flag=True, help="Play without the joker.")
@click.option("--ops", default="+-*/", show_default=True,
              help="Operations played: +-*/, or +- (the rulebook's tip for children).")
@click.option("--compare", is_flag=True,
              help="Also play the same games with and without the joker, and with and "
                   "without × and ÷, and compare.")
@JSON
@reports_errors
def simulate_arquimedes(games, seed, strategies, players, no_joker, ops, compare, as_json):
    names = _policies(strategies, players)
    arquimedes.strategy_codes(names)
    variants = [(not no_joker, normal_ops(ops))]
    if compare:
        variants += [v for v in ((True, "+-*/"), (False, "+-*/"), (True, "+-"),
                                 (False, "+-")) if v not in variants]
    summaries = []
    with click.progressbar(length=games * len(variants), label="games",
                           file=sys.stderr) as bar:
        for joker, variant_ops in variants:
            summaries.append(arquimedes.simulate(games, names, seed, joker, variant_ops,
                                                 progress=bar.update))
    if as_json:
        emit_json({"schema": "eureka.arquimedes.simulate/1",
                   "variants": [s.as_dict() for s in summaries]})
        return
    _print_arquimedes(summaries[0])
    if compare:
        _print_comparison(summaries)


def _variant(s) -> str:
    ops = " ".join(SIGNS[OP_CODES[o]] for o in s.ops)
    return f"joker {'on' if s.joker else 'off'}, {ops}"


def _print_arquimedes(s) -> None:
    click.echo(f"Arquimedes: {s.games:,} games, {len(s.seats)} players, seed {s.seed}, "
               f"{_variant(s)}")
    click.echo(f"{'seat':<5}{'strategy':<11}{'wins':>7}  {'95% interval':<16}"
               f"{'tokens/round':>13}{'tokens/game':>12}")
    for n, seat in enumerate(s.seats, 1):
        low, high = seat["ci95"]
        click.echo(f"{n:<5}{seat['strategy']:<11}{seat['win_rate']:>7.1%}  "
                   f"{f'{low:.1%}–{high:.1%}':<16}{seat['tokens_per_round']:>13.2f}"
                   f"{seat['tokens_per_game']:>12.2f}")
    t = s.rounds["turns"]
    click.echo(f"turns per round: mean {t['mean']:.1f}, median {t['median']:.0f}, "
               f"90% within {t['p90']:.0f}, longest {t['max']}")
    click.echo(f"rounds ended by every player passing: {s.rounds['all_pass']:.2%}; "
               f"tie draws per round: {s.rounds['tie_draws']:.3f}")


def _print_comparison(summaries) -> None:
    click.echo("\nThe same seeds under each variant:")
    seats = "".join(f"{f'seat {n}':>9}" for n in range(1, len(summaries[0].seats) + 1))
    click.echo(f"{'variant':<26}{seats}{'turns':>8}{'all pass':>10}")
    for s in summaries:
        wins = "".join(f"{seat['win_rate']:>9.1%}" for seat in s.seats)
        click.echo(f"{_variant(s):<26}{wins}{s.rounds['turns']['mean']:>8.1f}"
                   f"{s.rounds['all_pass']:>10.2%}")
