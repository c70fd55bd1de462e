"""`eureka simulate`: complete games played by policies, summarised."""

import sys

import click

from cli.base import InputError, OneLineGroup, emit_json, reports_errors
from cli.mathable_cmds import EDITION, JSON, NO_BONUS
from solver.mathable import selfplay
from solver.mathable.board import OP_SIGNS


@click.group(cls=OneLineGroup, help="Play complete games by policy and summarise them.")
def simulate():
    pass


def _policies(policies: str, players: int | None) -> tuple:
    names = tuple(p.strip() for p in policies.split(",") if p.strip())
    if players is not None:
        if len(names) == 1:
            names *= players
        elif len(names) != players:
            raise InputError(f"--players {players} but {len(names)} policies given")
    return names


@simulate.command("mathable", help="Self-play of complete Mathable games (2–4 players).")
@click.option("--games", default=100, show_default=True, type=click.IntRange(1),
              help="How many games to play.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0),
              help="Seed: the same seed plays the same games.")
@click.option("--policies", default="optimal", show_default=True,
              help=f"One policy per seat, comma-separated, from "
                   f"{', '.join(selfplay.POLICIES)}; one name for every seat.")
@click.option("--players", type=click.IntRange(2, 4),
              help="Number of players (default: one per policy, at least 2).")
@EDITION
@NO_BONUS
@JSON
@reports_errors
def simulate_mathable(games, seed, policies, players, edition, no_bonus, as_json):
    names = _policies(policies, players)
    if players is None and len(names) == 1:
        names *= 2
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
