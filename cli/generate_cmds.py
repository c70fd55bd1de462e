"""`eureka generate GAME`: options in, eureka.analysis.generate called, puzzles written.

Each puzzle is written as it is found (a line of text, or a JSON line).
"""

import secrets

import click

from eureka.cli.ascii import ascii_lines
from eureka.cli.base import (
    ASCII,
    ListCommand,
    Whole,
    command_help,
    json_text,
    reports_errors,
    stack,
    worker_count,
)
from eureka.text import plural

COMMON = (
    click.option("--count", "number", type=Whole(1, 10**9), default=10, show_default=True,
                 metavar="N", help="How many puzzles."),
    click.option("--seed", type=Whole(0, 2**63 - 1), metavar="S",
                 help="Repeat a run exactly (default: a fresh seed, printed at the end "
                      "of the text)."),
    click.option("--difficulty", type=click.Choice(["easy", "medium", "hard"]),
                 help="Only puzzles of this level (docs/DIFFICULTY.md)."),
    click.option("--unique", is_flag=True, help="Only puzzles with exactly one distinct "
                                                "answer."),
    click.option("--min-cards", type=Whole(1, 10), metavar="K",
                 help="Only puzzles whose best answer uses at least K cards."),
    click.option("--unsolvable", is_flag=True, help="Only puzzles with no answer."),
    click.option("--rating/--no-rating", default=True, show_default=True,
                 help="Rate every puzzle (a Countdown rating takes about 14 ms)."),
    click.option("--workers", type=Whole(1, 64), metavar="N",
                 help="Processes (default: one per core)."),
    click.option("--json", "as_json", is_flag=True,
                 help="JSON lines: one puzzle a line (eureka schema "
                      "eureka.generate.line/1)."),
    ASCII,
)
OWN = {
    "pitagoras": (
        click.option("--die", type=click.Choice(["blue", "red", "black"]), default="blue",
                     show_default=True, help="The two-digit die rolled."),
        click.option("--pow", is_flag=True, help="Allow exponentiation."),
        click.option("--easy", is_flag=True, help="The easier deck: no cards above 15."),
    ),
    "countdown": (
        click.option("--large", type=Whole(0, 4), metavar="K",
                     help="Large numbers in each deal (default: 0 to 4, each as likely)."),
    ),
    "game24": (),
    "arithmetikus": (),
}
EXAMPLES = {"pitagoras": "--count 5 --seed 1 --min-cards 5",
            "countdown": "--count 5 --seed 1 --unique",
            "game24": "--count 5 --seed 1 --difficulty hard",
            "arithmetikus": "--count 5 --seed 1"}


def command(name: str) -> click.Command:
    """The command for `eureka generate NAME`, for the game `name` (a key of OWN)."""

    @click.command(name, cls=ListCommand, help=command_help(
        f"Puzzles of the {name} deck and target rules, each solved by the engine and its "
        f"answer re-checked before it is written; the properties asked for are kept on "
        f"every one. A seeded run repeats exactly.",
        f"eureka generate {name} {EXAMPLES[name]}", "eureka.generate.line/1"))
    @stack(COMMON, OWN[name])
    @reports_errors
    def generate_command(number, seed, difficulty, unique, min_cards, unsolvable, rating,
                         workers, as_json, as_ascii, **options):
        from eureka.analysis.generate import Wanted, generate

        wanted = Wanted(difficulty, unique, min_cards, unsolvable, rating)
        seed = secrets.randbelow(2**32) if seed is None else seed
        found = generate(name, number, seed, wanted, options, worker_count(workers))
        for puzzle in found:
            if as_json:
                click.echo(json_text(puzzle.to_json()))
            else:
                click.echo(ascii_lines([puzzle_line(puzzle)], as_ascii)[0])
        if not as_json:
            click.echo(f"(seed {seed}: --seed {seed} repeats these)")

    return generate_command


def puzzle_line(p) -> str:
    """The text line of the generated puzzle `p`: its answers counted, one shown.

    For example '10 7 3 13, target 24: 3 answers with 4 cards, e.g. 10 × 3 + 7 − 13 (8.1,
    hard)', the rating and level last when the puzzle was rated.
    """
    head = f"{' '.join(map(str, p.cards))}, target {p.target}"
    if p.answers == 0:
        return f"{head}: no answer"
    rated = f" ({p.difficulty.rating}, {p.difficulty.level})" if p.difficulty else ""
    cards = (f", the longest with {p.most_cards}" if p.game == "countdown"  # any cards
             else f" with {plural(p.most_cards, 'card')}")
    return f"{head}: {plural(p.answers, 'answer')}{cards}, e.g. {p.answer.text}{rated}"
