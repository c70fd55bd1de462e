"""`solve`, `check` and `hint` for the numbers games (Pitagoras, Countdown, 24, any numbers).

Options in, the game's contract called, its result rendered as text or JSON. `analyze` is
in eureka.cli.analyze_cmds.
"""

from itertools import islice

import click

from eureka import countdown, game24, numbers, pitagoras
from eureka.cli.ascii import ascii_lines
from eureka.cli.base import (
    ASCII,
    JSON,
    QUIET,
    STDIN,
    InputError,
    ListCommand,
    Whole,
    command_help,
    emit_json,
    json_text,
    open_input,
    reports_errors,
    stack,
    verdict_exit,
)
from eureka.cli.listing import hint_body, listing_lines
from eureka.cli.params import declared, example
from eureka.ops import sign
from eureka.text import plural

PRESETS = {"pitagoras": pitagoras, "countdown": countdown, "game24": game24,
           "numbers": numbers}
"""Each game's module: its GAME and its declared VERBS."""

BATCH = (
    click.option("--batch", metavar="FILE",
                 help="Check every claim of FILE ('-': standard input), one JSON object "
                      "a line, and write one verdict a line."),
    click.option("--workers", type=Whole(1, 64), metavar="N",
                 help="Processes for --batch (default: one per core)."),
)

def _help(text: str, verb: str, name: str, schema: str) -> str:
    return command_help(text, f"eureka {verb} {name} {example(PRESETS[name].VERBS[verb])}",
                        schema)


LINES_AT_ONCE = 4096


def echo_lines(lines, as_ascii: bool = False) -> None:
    """Writes the text `lines` on stdout, block by block as they come.

    A long listing is thus printed while it is rendered; every line is in ASCII under
    `as_ascii` (--ascii).
    """
    lines = iter(lines)
    while block := list(islice(lines, LINES_AT_ONCE)):
        click.echo("\n".join(ascii_lines(block, as_ascii)))


# -- solve ------------------------------------------------------------------------------

def make_solve(name: str) -> click.Command:
    """The command `eureka solve NAME` for the numbers game `name` (a key of PRESETS)."""
    game, verb = PRESETS[name].GAME, PRESETS[name].VERBS["solve"]

    @click.command(name, cls=ListCommand, help=_help(
        f"Every distinct {game.title} equation, the best (most cards) first.",
        "solve", name,
        "eureka.solve/1\nJSON Schema of --jsonl: eureka schema eureka.solve.line/1"))
    @declared(verb)
    @stack(JSON, ASCII, click.option(
        "--jsonl", is_flag=True,
        help="Print JSON lines: the solution, then one line per equation."))
    @reports_errors
    def command(values, as_json, as_ascii, jsonl):
        if as_json and jsonl:
            raise InputError("--json and --jsonl: choose one")
        if values["simplest"] and jsonl:
            raise InputError("--simplest lists one equation: not with --jsonl")
        result = verb.run(**values)
        if jsonl:
            echo_lines(map(json_text, result.json_lines()))
        elif as_json:
            emit_json(result.to_json())
        elif values["simplest"]:
            echo_lines(simplest_lines(result, as_ascii), as_ascii)
        else:
            echo_lines(solution_lines(result, as_ascii), as_ascii)

    return command


def puzzle_line(r, as_ascii: bool = False) -> str:
    """The puzzle's line, 'Pitagoras: cards 2 6 7 12 15, target 32 (+ − × ÷; ...)'.

    `r` is a result or hint with the game, cards, target and rules; the rules' signs are
    in ASCII under `as_ascii`.
    """
    cards = " ".join(map(str, r.cards))
    return f"{r.game.title}: cards {cards}, target {r.target} ({r.rules.describe(as_ascii)})"


def difficulty_lines(d) -> list:
    """The line 'Difficulty: 7.9 (hard)' of the rating `d`, none when `d` is None (unrated)."""
    return [f"Difficulty: {d.rating} ({d.level})"] if d is not None else []


def simplest_lines(r, as_ascii: bool = False):
    """The lines of `solve --simplest` for the SolveResult `r`, yielded one by one.

    The header, then the simplest equation with the most cards (or, when no equation
    makes the target, the closest misses and what the rules say); in ASCII under
    `as_ascii`.
    """
    if not r.reachable:
        yield from solution_lines(r, as_ascii)
        return
    yield puzzle_line(r, as_ascii)
    if r.game.every_card and not r.solvable:
        yield f"Not solvable: no equation uses all {len(r.cards)} cards."
    yield f"Simplest with {plural(r.most_cards, 'card')}: {r.simplest.shown(as_ascii)}"
    yield from difficulty_lines(r.difficulty)


def solution_lines(r, as_ascii: bool = False):
    """The lines of the SolveResult `r` as text, yielded one by one.

    The header, then the equations grouped by cards, the simplest first (each group
    rendered as it is reached); in ASCII under `as_ascii`.
    """
    yield puzzle_line(r, as_ascii)
    if r.game.every_card and r.reachable and not r.solvable:
        yield f"Not solvable: no equation uses all {len(r.cards)} cards."
    if not r.reachable:
        yield f"No equation makes {r.target}."
        for eq in r.closest:
            off = eq.value - r.target
            yield (f"  closest ({'+' if off > 0 else sign('-', as_ascii)}{abs(off)}): "
                   f"{eq.shown(as_ascii)}")
        if r.game.on_miss:
            yield f"The rules: {r.game.on_miss}."
        return
    if not r.complete:
        yield f"Best: {plural(r.most_cards, 'card')}"
        yield "  " + r.best[0].shown(as_ascii)
        yield "(--best: the other equations are not listed)"
        if r.expression_trees is not None:
            yield f"Expression trees: {r.expression_trees:,}"
        return
    groups = r.by_cards()
    best = len(groups[r.most_cards])
    yield f"Best: {plural(r.most_cards, 'card')} ({plural(best, 'equation')})"
    trees = r.expression_trees
    extra = f" ({plural(trees, 'expression tree')})" if trees is not None else ""
    yield f"Every distinct equation: {r.distinct_equations:,}{extra}"
    yield from difficulty_lines(r.difficulty)
    shown = r.distinct_equations if r.limit is None else min(r.limit, r.distinct_equations)
    is_ = f" = {r.target}"
    yield from listing_lines(groups, shown, r.limit, indent="    ", heading=lambda n, group:
                             f"  {plural(n, 'card')}: {len(group):,}",
                             lines=lambda group, k, indent:
                             group.text(as_ascii, k, prefix=indent, suffix=is_))


# -- check ------------------------------------------------------------------------------

def make_check(name: str) -> click.Command:
    """The command `eureka check NAME` for the numbers game `name` (a key of PRESETS)."""
    game, verb = PRESETS[name].GAME, PRESETS[name].VERBS["check"]

    @click.command(name, cls=ListCommand, help=_help(
        f"Check a claimed {game.title} equation: valid, or exactly why not "
        f"(exit code 0 or 1). --batch FILE checks JSON lines of claims "
        f"({{\"cards\": [...], \"target\": N, \"answer\": \"...\"}}), one verdict a line "
        f"(JSON Schema: eureka schema eureka.check.line/1).", "check", name,
        "eureka.check/1"))
    @declared(verb)
    @stack(JSON, ASCII, QUIET, BATCH)
    @reports_errors
    def command(values, as_json, as_ascii, quiet, batch, workers):
        if batch is None and values["equation"] is None:
            raise InputError("a claim and --cards are needed (or --batch FILE)")
        if batch is not None:
            if values["equation"] is not None or values["cards"] or (
                    values["target"] is not None):
                raise InputError("--batch reads the cards, target and answer of each claim "
                                 "from its lines: no claim, --cards or --target beside it")
            write_batch(verb.variant(values), batch, workers)
            return
        result = verb.run(**values, compare=as_json and not quiet)
        if as_json and not quiet:
            emit_json(result.to_json())
        elif not quiet:
            echo_lines([verdict_line(result)], as_ascii)   # the verdict first
            echo_lines(comparison_lines(result.compared(), as_ascii), as_ascii)
        verdict_exit(result.valid)

    return command


def write_batch(game, path: str, workers: int | None) -> None:
    """Writes `check --batch`'s verdicts: one JSON line per claim of the file `path`.

    The claims are checked under `game`'s rules by `workers` processes (None: one per
    core) and written in input order, as each chunk is judged; '-' reads standard input.
    """
    from eureka.cli.base import worker_count
    from eureka.numbers.claim.batch import check_lines, read_lines

    with open_input(path) as stream:
        lines = read_lines(stream, "standard input" if path == STDIN else path)
        for text in check_lines(game, lines, worker_count(workers)):
            click.echo(text, nl=False)


def verdict_line(r) -> str:
    """The verdict line of the check result `r`.

    'valid: 7 × 6 − 12 + 2 = 32 — 4 cards, and you take them.', or 'invalid: why'.
    """
    if not r.valid:
        return f"invalid: {r.reason}"
    return f"{r.reason} — {r.game.earns(len(r.cards_used))}."


def comparison_lines(r, as_ascii: bool = False) -> list:
    """The lines of what the search for the best answer found, for the check result `r`.

    They go beside the verdict; the answer is in ASCII under `as_ascii`.
    """
    if r.searched is False:
        return [f"  (too large a search to look for a "
                f"{'better' if r.valid else 'valid'} answer: skipped)"]
    if not r.valid:
        return [f"  a valid answer: {r.best.shown(as_ascii)}" if r.best
                else "  no valid answer exists."]
    if r.better is not None:
        return [f"  a better answer uses {plural(len(r.better.cards), 'card')}: "
                f"{r.better.shown(as_ascii)}"]
    return ["  no answer uses more cards."]


# -- hint -------------------------------------------------------------------------------

def make_hint(name: str) -> click.Command:
    """The command `eureka hint NAME` for the numbers game `name` (a key of PRESETS)."""
    game, verb = PRESETS[name].GAME, PRESETS[name].VERBS["hint"]

    @click.command(name, cls=ListCommand, help=_help(
        f"A hint towards the simplest best {game.title} answer: level 1 whether "
        f"it can be done and with how many cards, 2 its first step, 3 the whole answer.",
        "hint", name, "eureka.hint/1"))
    @declared(verb)
    @stack(JSON, ASCII)
    @reports_errors
    def command(values, as_json, as_ascii):
        hint = verb.run(**values)
        if as_json:
            emit_json(hint.to_json())
        else:
            echo_lines(hint_lines(hint, as_ascii), as_ascii)

    return command


def hint_lines(h, as_ascii: bool = False) -> list:
    """The lines of the Hint `h`: the puzzle, the verdict, then the step or the answer.

    The answer is worked step by step; in ASCII under `as_ascii`.
    """
    answer = h.answer.shown(as_ascii) if h.answer is not None else None
    return [puzzle_line(h, as_ascii), *hint_body(h, answer, as_ascii),
            *difficulty_lines(h.difficulty)]


def command(verb: str, name: str) -> click.Command:
    """The command for `eureka VERB NAME` (the registry's renderer protocol).

    `verb` is the command's verb and `name` the numbers game's name; analyze, generate
    and play (Pitagoras' race) are built by their own modules.
    """
    if verb == "analyze":
        from eureka.cli import analyze_cmds
        return analyze_cmds.command(name)
    if verb == "generate":
        from eureka.cli import generate_cmds
        return generate_cmds.command(name)
    if verb == "play":
        from eureka.cli.race_cmds import play_pitagoras
        return play_pitagoras
    return {"solve": make_solve, "check": make_check, "hint": make_hint}[verb](name)
