"""`solve` and `check` for the numbers games: Pitagoras, Countdown and any numbers."""

import dataclasses
from collections import Counter
from dataclasses import dataclass, replace
from types import SimpleNamespace
from typing import Callable

import click

from eureka.cli.base import InputError, ListCommand, ListOption, emit_json, reports_errors
from eureka import countdown, game24, pitagoras
from eureka.numbers import claim
from eureka.errors import SearchTooLarge
from eureka.numbers.rules import DOMAINS, MAX_CAP, NUMBERS, Rules
from eureka.numbers.solve import Equation, Solution, best_equation, search_for, solve

TREES_BY_DEFAULT = 6     # count expression trees by default up to this many cards,
TREES_BY_DEFAULT_FRACTION = 5       # fewer in the fraction domain (seconds on six)


@dataclass(frozen=True)
class Game:
    """How one numbers game turns command-line options into cards, target and rules."""

    name: str
    title: str
    options: tuple
    setup: Callable          # options -> (cards, target, rules)
    every_card: bool = False     # an answer must use every card (the 24 game)


def _target(opts) -> int:
    if opts.target is None:
        raise InputError("a target is needed: --target N")
    return opts.target


def _pitagoras(opts):
    if (opts.target is None) == (not opts.dice):
        raise InputError("give either --target N or --dice FACE FACE")
    target = opts.target if opts.target is not None else pitagoras.dice_target(opts.dice,
                                                                              opts.die)
    if not opts.any_numbers:
        pitagoras.check_cards(opts.cards, opts.easy)
    return opts.cards, target, pitagoras.rules(opts.pow)


def _countdown(opts):
    if not opts.any_numbers:
        countdown.check_cards(opts.cards)
    return opts.cards, _target(opts), countdown.rules()


def _game24(opts):
    if not opts.any_numbers:
        game24.check_cards(opts.cards)
        if len(opts.cards) != game24.HAND_SIZE:
            raise InputError(f"the 24 game deals {game24.HAND_SIZE} cards, not "
                             f"{len(opts.cards)} (--any-numbers for other hands)")
    return opts.cards, game24.TARGET if opts.target is None else opts.target, game24.rules()


def _numbers(opts):
    rules = replace(NUMBERS, ops=opts.ops, domain=opts.domain, cap=opts.cap)
    return opts.cards, _target(opts), rules


ANY_NUMBERS = click.option("--any-numbers", is_flag=True,
                           help="Allow any cards, not only the game's deck.")
GAMES = {
    "pitagoras": Game("pitagoras", "Pitagoras", (
        click.option("--dice", cls=ListOption, type=int,
                     help="The two dice rolled, e.g. --dice 30 2 (instead of --target)."),
        click.option("--die", type=click.Choice(sorted(pitagoras.TENS_DICE)),
                     default="blue", show_default=True,
                     help="The two-digit die in play: blue, red (easier) or black (harder)."),
        click.option("--pow", is_flag=True, help="Allow exponentiation (the harder variant)."),
        click.option("--easy", is_flag=True, help="The easier deck: no cards above 15."),
        ANY_NUMBERS), _pitagoras),
    "countdown": Game("countdown", "Countdown", (ANY_NUMBERS,), _countdown),
    "game24": Game("game24", "24 game", (ANY_NUMBERS,), _game24, every_card=True),
    "numbers": Game("numbers", "Numbers", (
        click.option("--ops", default="+-*/", show_default=True,
                     help="Operations allowed, from + - * / ^."),
        click.option("--domain", type=click.Choice(list(DOMAINS)), default="whole",
                     show_default=True,
                     help="Every step a whole number >= 0, >= 1 (positive), or any "
                          "fraction >= 0 (as in the 24 game; without ^)."),
        click.option("--cap", type=click.IntRange(1, MAX_CAP), default=MAX_CAP,
                     show_default=True, help="Largest intermediate value considered.")),
                     _numbers),
}

COMMON = (
    click.option("--cards", cls=ListOption, type=click.IntRange(min=0), required=True,
                 help="The cards on the table, e.g. --cards 2 7 6 12 15."),
    click.option("--target", type=click.IntRange(min=0), help="The number to make."),
    click.option("--json", "as_json", is_flag=True, help="Print JSON (see docs/JSON.md)."),
    click.option("--ascii", "as_ascii", is_flag=True, help="Write + - * / instead of − × ÷."),
)


def _with_options(options):
    def apply(func):
        for option in reversed(options):
            func = option(func)
        return func
    return apply


def _number_json(v):
    """A value for JSON: a number when whole, else the fraction as text, e.g. "71/3"."""
    return v if v is None or isinstance(v, int) else str(v)


def _equation_json(eq: Equation) -> dict:
    return {"equation": eq.text, "ascii": eq.ascii, "value": _number_json(eq.value),
            "cards": list(eq.cards), "card_count": len(eq.cards)}


def _rules_json(rules: Rules) -> dict:
    return {"name": rules.name, "ops": rules.ops, "domain": rules.domain, "cap": rules.cap}


def _show(eq: Equation, as_ascii: bool) -> str:
    return f"{eq.ascii if as_ascii else eq.text} = {eq.value}"


def make_solve(game: Game) -> click.Command:
    @click.command(game.name, cls=ListCommand,
                   help=f"Every distinct {game.title} equation, the best (most cards) first.")
    @_with_options(COMMON + game.options + (
        click.option("--trees/--no-trees", default=None,
                     help=f"Also count expression trees (default: up to "
                          f"{TREES_BY_DEFAULT} cards)."),
        click.option("--closest", default=2, show_default=True, type=click.IntRange(0, 50),
                     help="When the target is missed: how many nearest values to show."),
        click.option("--best", is_flag=True,
                     help="Only one equation with the most cards (quick on large hands)."),
    ))
    @reports_errors
    def command(**kw):
        opts = SimpleNamespace(**kw)
        cards, target, rules = game.setup(opts)
        search = search_for(cards, rules)
        best = best_equation(search, target) if opts.best else None
        if best is not None:
            solution = Solution(tuple(sorted(cards)), target, rules, (best,), ())
        else:
            solution = solve(cards, target, rules, closest=opts.closest, search=search)
        most = TREES_BY_DEFAULT_FRACTION if rules.domain == "fraction" else TREES_BY_DEFAULT
        count_trees = opts.trees if opts.trees is not None else (
            len(cards) <= most and not opts.best)
        trees = search.count_trees(target) if count_trees else None
        if opts.as_json:
            emit_json(_solution_json(game, solution, trees, complete=best is None))
        else:
            _print_solution(game, solution, trees, opts.as_ascii, complete=best is None)

    return command


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def _listed(s: Solution) -> list:
    """The equations as shown: most cards first, then the shortest."""
    return sorted(s.equations, key=lambda e: (-len(e.cards), len(e.text), e.text))


def _solution_json(game: Game, s: Solution, trees, complete: bool) -> dict:
    return {
        "schema": "eureka.solve/1", "game": game.name, "cards": list(s.cards),
        "target": s.target, "rules": _rules_json(s.rules), "reachable": s.reachable,
        "most_cards": s.most_cards, "fewest_cards": s.fewest_cards if complete else None,
        "distinct_equations": len(s.equations) if complete else None,
        "expression_trees": trees,
        "equations": [_equation_json(e) for e in _listed(s)],
        "closest": [dict(_equation_json(e), distance=_number_json(abs(e.value - s.target)))
                    for e in s.closest],
        "solvable_with_every_card": s.most_cards == len(s.cards) if game.every_card
        else None,
    }


def _print_solution(game: Game, s: Solution, trees, as_ascii: bool,
                    complete: bool) -> None:
    cards = " ".join(map(str, s.cards))
    lines = [f"{game.title}: cards {cards}, target {s.target} "
             f"({s.rules.describe(as_ascii)})"]
    if game.every_card and s.reachable and s.most_cards < len(s.cards):
        lines.append(f"Not solvable: no equation uses all {len(s.cards)} cards.")
    if not s.reachable:
        lines.append(f"No equation makes {s.target}.")
        lines += [f"  closest ({'+' if eq.value > s.target else '-'}"
                  f"{abs(eq.value - s.target)}): {_show(eq, as_ascii)}"
                  for eq in s.closest]
        if game.name == "pitagoras":
            lines.append("The rules: deal one more card and roll the dice again.")
        click.echo("\n".join(lines))
        return
    groups: dict = {}
    for eq in _listed(s):
        groups.setdefault(len(eq.cards), []).append(f"{_show(eq, as_ascii)}")
    best = groups[s.most_cards]
    if not complete:
        lines += [f"Best: {_count(s.most_cards, 'card')}", "  " + best[0],
                  "(--best: the other equations are not listed)"]
        if trees is not None:
            lines.append(f"Expression trees: {trees:,}")
        click.echo("\n".join(lines))
        return
    lines.append(f"Best: {_count(s.most_cards, 'card')} ({_count(len(best), 'equation')})")
    lines += ["  " + text for text in best]
    extra = f" ({_count(trees, 'expression tree')})" if trees is not None else ""
    lines.append(f"Every distinct equation: {len(s.equations)}{extra}")
    for n, group in groups.items():
        lines.append(f"  {_count(n, 'card')}: {len(group)}")
        lines += ["    " + text for text in group]
    click.echo("\n".join(lines))


def make_check(game: Game) -> click.Command:
    @click.command(game.name, cls=ListCommand,
                   help=f"Check a claimed {game.title} equation: valid, or exactly why not.")
    @click.argument("equation")
    @_with_options(COMMON + game.options)
    @reports_errors
    def command(equation, **kw):
        opts = SimpleNamespace(**kw)
        cards, target, rules = game.setup(opts)
        verdict = claim.check(equation, cards, target, rules)
        if game.every_card and verdict.valid and len(verdict.cards_used) < len(cards):
            left = Counter(cards) - Counter(verdict.cards_used)
            verdict = dataclasses.replace(
                verdict, valid=False, problem="cards-unused",
                reason=f"the {game.title} uses every card; "
                       f"{' '.join(map(str, sorted(left.elements())))} left out")
        try:
            best, searched = best_equation(search_for(cards, rules), target), True
        except SearchTooLarge:      # the verdict stands; only the comparison is missing
            best, searched = None, False
        if game.every_card and best is not None and len(best.cards) < len(cards):
            best = None                     # no answer uses every card
        better = None
        if verdict.valid and best is not None and len(best.cards) > len(verdict.cards_used):
            better = best
        if opts.as_json:
            emit_json({
                "schema": "eureka.check/1", "game": game.name, "cards": sorted(cards),
                "target": target, "rules": _rules_json(rules), "claim": equation,
                "valid": verdict.valid, "problem": verdict.problem, "reason": verdict.reason,
                "value": _number_json(verdict.value), "cards_used": list(verdict.cards_used),
                "card_count": len(verdict.cards_used) if verdict.valid else 0,
                "best_card_count": len(best.cards) if best else (0 if searched else None),
                "better": _equation_json(better) if better else None,
            })
        else:
            _print_verdict(game, verdict, best, better, opts.as_ascii, searched)
        if not verdict.valid:
            click.get_current_context().exit(1)

    return command


def _print_verdict(game, verdict, best, better, as_ascii, searched) -> None:
    if not verdict.valid:
        click.echo(f"invalid: {verdict.reason}")
        if best is not None:
            click.echo(f"  a valid answer: {_show(best, as_ascii)}")
        return
    n = len(verdict.cards_used)
    earns = ", and you take them" if game.name == "pitagoras" else ""
    click.echo(f"{verdict.reason} — {_count(n, 'card')}{earns}.")
    if not searched:
        click.echo("  (too large a search to look for a better answer)")
    elif better is not None:
        click.echo(f"  a better answer uses {len(better.cards)} cards: "
                   f"{_show(better, as_ascii)}")
    else:
        click.echo("  no answer uses more cards.")


def command(verb: str, name: str) -> click.Command:
    """The command for `eureka VERB NAME` (the registry's renderer protocol)."""
    if verb == "analyze":
        from eureka.cli import analyze_cmds
        return analyze_cmds.analyze.commands[name]
    return {"solve": make_solve, "check": make_check}[verb](GAMES[name])
