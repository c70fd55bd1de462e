"""`solve arquimedes`, `eureka check arquimedes` and `eureka score arquimedes`."""

import sys

import click

from eureka.cli.base import ASCII, JSON, ListCommand, ListOption, emit_json, reports_errors
from eureka.arquimedes import claim, record
from eureka.arquimedes.scoring import ROUNDS
from eureka.arquimedes.cards import name, parse_card
from eureka.arquimedes.plays import (ASCII_SIGNS, OP_CODES, SIGNS, Play, State, parse_top,
                                     plays, recommend)
from eureka.arquimedes.simulate import STRATEGIES, assumed_draw_pile, rank_options
from eureka.text import read_text

STATE_OPTIONS = (
    click.option("--top", required=True,
                 help="The top card of the play pile: 3, K (a freshly turned joker) or "
                      "K=7 (the joker played as 7)."),
    click.option("--hand", cls=ListOption, required=True,
                 help="The cards in hand, e.g. --hand 2 5 7 12 K (K or J: the joker)."),
    click.option("--ops", default="+-*/", show_default=True,
                 help="Operations played: +-*/, or +- for the children's game."),
    click.option("--no-joker", is_flag=True, help="The deck has no joker."),
    click.option("--draw-pile", type=click.IntRange(0),
                 help="Cards left in the draw pile, if known."),
    click.option("--others", cls=ListOption, type=click.IntRange(1),
                 help="The other players' hand sizes, in turn order, e.g. --others 4 5 3."),
    click.option("--seen", cls=ListOption,
                 help="Cards already seen, e.g. the play pile under the top card."),
)


def _state_options(func):
    for option in reversed(STATE_OPTIONS):
        func = option(func)
    return func


def _state(top, hand, ops, no_joker, draw_pile, others, seen) -> State:
    return State(parse_top(top), tuple(sorted(parse_card(c) for c in hand)), ops,
                 not no_joker, draw_pile, tuple(others) if others else None,
                 tuple(parse_card(c) for c in seen or ()))


def _play_json(play: Play, hand_size: int) -> dict:
    return {"play": play.text(), "ascii": play.text(ascii=True), "top": play.top,
            "cards": [name(c) for c in play.cards], "card_count": len(play.cards),
            "points_shed": play.shed, "new_top": play.new_top,
            "empties_hand": len(play.cards) == hand_size}


@click.command("arquimedes", cls=ListCommand,
               help="Every legal Arquimedes play for the top card and a hand, and the "
                    "play to make.")
@_state_options
@click.option("--simulate", "samples", type=click.IntRange(2),
              help="Rank the plays by the expected penalty of the rest of the round, "
                   "played out this many times (needs --others).")
@click.option("--strategy", type=click.Choice(list(STRATEGIES)), default="greedy",
              show_default=True, help="How every seat plays the rest of the round.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 2**64 - 1))
@JSON
@ASCII
@reports_errors
def solve_arquimedes(top, hand, ops, no_joker, draw_pile, others, seen, samples, strategy,
                     seed, as_json, as_ascii):
    state = _state(top, hand, ops, no_joker, draw_pile, others, seen)
    legal = plays(state)
    advice = recommend(state, legal)
    ranked = rank_options(state, legal, samples, strategy, seed) if samples else None
    if as_json:
        emit_json(_solve_json(state, legal, advice, ranked, samples, strategy))
        return
    size = len(state.hand)
    hand_text = " ".join(name(c) for c in state.hand)
    signs = ASCII_SIGNS if as_ascii else SIGNS
    click.echo(f"Arquimedes: top {state.top.text()}, hand {hand_text} "
               f"({' '.join(signs[OP_CODES[o]] for o in state.ops)})")
    if not legal:
        click.echo(f"No legal play: {advice.reason.split(': ', 1)[1]}.")
    for cards in (2, 1):
        group = [p for p in legal if len(p.cards) == cards]
        if group:
            click.echo(f"{cards} card{'s' * (cards > 1)} ({len(group)}):")
            for p in group:
                mark = "   empties the hand" if len(p.cards) == size else ""
                click.echo(f"  {p.text(as_ascii)}{mark}")
    if legal:
        click.echo(f"Recommended: {advice.play.text(as_ascii)} — {advice.reason}.")
    if ranked:
        unseen, draw = len(state.unseen_cards()), assumed_draw_pile(state)
        click.echo(f"Played out {samples:,} times each: the {unseen} unseen cards dealt "
                   f"at random to the other hands ({' '.join(map(str, state.others))}) "
                   f"and a draw pile of {draw}, the rest under the play pile; every "
                   f"seat then plays {strategy}; only this round's token counts.")
        click.echo(f"  {'expected tokens':>16} {'± s.e.':>7} {'cards left':>10} "
                   f"{'goes out':>8}  option")
        for e in ranked:
            option = e.play.text(as_ascii) if e.play else "draw a card"
            click.echo(f"  {e.tokens:>16.3f} {e.stderr:>7.3f} {e.cards_left:>10.1f} "
                       f"{e.win:>8.1%}  {option}")


def _solve_json(state, legal, advice, ranked, samples, strategy) -> dict:
    size = len(state.hand)
    return {
        "schema": "eureka.arquimedes.solve/1",
        "top": {"value": state.top.value, "joker": state.top.joker},
        "hand": [name(c) for c in state.hand], "ops": state.ops,
        "plays": [_play_json(p, size) for p in legal],
        "recommended": {"play": _play_json(advice.play, size) if advice.play else None,
                        "action": "play" if advice.play else (
                            "pass" if state.draw_pile == 0 else "draw"),
                        "reason": advice.reason},
        "simulated": None if ranked is None else {
            "samples": samples, "strategy": strategy,
            "options": [{"play": _play_json(e.play, size) if e.play else None,
                         "expected_tokens": e.tokens, "stderr": e.stderr,
                         "expected_cards_left": e.cards_left, "goes_out": e.win}
                        for e in ranked]},
    }


@click.command("arquimedes", cls=ListCommand,
               help="Check a claimed Arquimedes play, e.g. \"3+2=5\": valid, or why not.")
@click.argument("play")
@_state_options
@JSON
@reports_errors
def check_arquimedes(play, top, hand, ops, no_joker, draw_pile, others, seen, as_json):
    state = _state(top, hand, ops, no_joker, draw_pile, others, seen)
    verdict = claim.check(play, state)
    if as_json:
        emit_json({"schema": "eureka.arquimedes.check/1", "claim": play,
                   "valid": verdict.valid, "reason": verdict.reason,
                   "play": _play_json(verdict.play, len(state.hand))
                   if verdict.play else None})
    else:
        click.echo(verdict.reason if verdict.valid else f"invalid: {verdict.reason}")
    if not verdict.valid:
        click.get_current_context().exit(1)


@click.command("arquimedes", help="Score an Arquimedes game record: card totals, tie "
                                  "draws, penalty tokens and the winner (docs/ARQUIMEDES.md).")
@click.argument("game_file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--no-joker", is_flag=True, help="The deck has no joker.")
@JSON
@reports_errors
def score_arquimedes(game_file, no_joker, as_json):
    text = sys.stdin.read() if game_file == "-" else read_text(game_file)
    game = record.score(text, joker=not no_joker)
    if as_json:
        emit_json({"schema": "eureka.arquimedes.score/1", "players": list(game.players),
                   "rounds": [{"winner": r.winner, "all_pass": r.all_pass,
                               "totals": r.totals, "tokens": r.tokens,
                               "pending_ties": [{"players": list(g), "total": t}
                                                for g, t in r.pending]}
                              for r in game.rounds],
                   "totals": game.totals, "complete": game.complete,
                   "winner": game.winner, "tied": list(game.pending)})
        return
    for n, r in enumerate(game.rounds, 1):
        ending = f"{r.winner} went out" if r.winner else "every player passed"
        click.echo(f"Round {n}: {ending}")
        for p in r.players:
            if p == r.winner:
                click.echo(f"  {p:<10} out            token  — (returns token 1)")
                continue
            token = r.tokens[p] if r.tokens else "?"
            click.echo(f"  {p:<10} cards {r.totals[p]:>3}      token {token:>2}")
        for group, total in r.pending:
            click.echo(f"  still tied on {total}: {', '.join(group)} each draw a card")
    totals = "  ".join(f"{p} {t}" for p, t in game.totals.items())
    click.echo(f"Tokens{' so far' if not game.complete else ''}: {totals}")
    if game.winner:
        via = " after the decider draw" if game.deciders else ""
        click.echo(f"Winner: {game.winner}{via}")
    elif game.pending:
        click.echo(f"Tied on the fewest tokens: {', '.join(game.pending)}: each draws a "
                   f"card, and the lowest card wins (the joker counts 13).")
    elif len(game.rounds) < ROUNDS:
        click.echo(f"{len(game.rounds)} of {ROUNDS} rounds played.")


def command(verb: str, name: str) -> click.Command:
    """The command for `eureka VERB arquimedes` (the registry's renderer protocol)."""
    if verb == "simulate":
        from eureka.cli import simulate_cmds
        return simulate_cmds.simulate.commands[name]
    return {"solve": solve_arquimedes, "check": check_arquimedes,
            "score": score_arquimedes}[verb]
