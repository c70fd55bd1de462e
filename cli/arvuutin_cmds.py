"""`solve arvuutin`, `eureka check arvuutin` and `eureka score arvuutin`."""

import click

from eureka.cli.base import (JSON, NAMED_VALUE, InputError, ListCommand, ListOption, emit_json,
                      reports_errors)
from eureka.arvuutin import answers, question, scoring
from eureka.text import whole_number


def _runs(values) -> str:
    """1 2 3 5 -> '1–3, 5'."""
    runs, start = [], None
    for v in values:
        if start is None:
            start = prev = v
        elif v != prev + 1:
            runs.append((start, prev))
            start = prev = v
        else:
            prev = v
    if start is not None:
        runs.append((start, prev))
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in runs) or "none"


def _distance(d) -> str:
    return str(d) if d.denominator == 1 else f"{float(d):.2f}"


@click.command("arvuutin", cls=ListCommand,
               help="The answers an Arvuutin hand can give, and the cards to play for a "
                    "guess (or a range the answer lies in).")
@click.option("--hand", cls=ListOption, type=click.IntRange(1), required=True,
              help="The answer cards in hand, e.g. --hand 3 7 12 15 40.")
@click.option("--guess", type=click.IntRange(answers.LOWEST, answers.HIGHEST),
              help="The answer you believe is right (1–100).")
@click.option("--range", "span", type=click.IntRange(answers.LOWEST, answers.HIGHEST),
              nargs=2, help="Sure only that the answer lies in LOW..HIGH: the cards with "
                            "the smallest expected distance.")
@click.option("--top", default=5, show_default=True, type=click.IntRange(1, 100),
              help="How many choices to list.")
@JSON
@reports_errors
def solve_arvuutin(hand, guess, span, top, as_json):
    cards = answers.check_hand(hand)
    if (guess is None) == (not span):
        raise InputError("give either --guess N or --range LOW HIGH")
    low, high = (guess, guess) if guess is not None else sorted(span)
    best = answers.best_choices(cards, low, high, top)
    can = answers.answers(cards)
    cannot = [v for v in range(answers.LOWEST, answers.HIGHEST + 1) if v not in set(can)]
    if as_json:
        emit_json({"schema": "eureka.arvuutin.solve/1", "hand": list(cards),
                   "guess": [low, high], "answers": can, "cannot_answer": cannot,
                   "choices": [{"cards": list(c.cards), "total": c.total,
                                "expected_distance": float(c.distance),
                                "left": list(c.left), "left_answers": c.strength[0]}
                               for c in best]})
        return
    click.echo(f"Arvuutin: hand {' '.join(map(str, cards))}")
    click.echo(f"answers it can give ({len(can)} of 100): {_runs(can)}")
    click.echo(f"answers it cannot give: {_runs(cannot)}")
    target = f"guess {low}" if low == high else f"the answer somewhere in {low}–{high}"
    what = "distance" if low == high else "expected distance"
    click.echo(f"best cards for {target}:")
    for c in best:
        kept = ("keeps every card (an exact hit)" if low == high and c.distance == 0 else
                f"if it wins, keeps {' '.join(map(str, c.left)) or 'nothing'} "
                f"({c.strength[0]} answers)")
        click.echo(f"  {' + '.join(map(str, c.cards))} = {c.total:<4} {what} "
                   f"{_distance(c.distance):<6} {kept}")


@click.command("arvuutin", cls=ListCommand,
               help="Resolve an Arvuutin question: the winners, the cards kept and lost, "
                    "the question cards won.")
@click.option("--answer", type=int, required=True, help="The correct answer (1–100).")
@click.option("--played", cls=ListOption, value_pattern=NAMED_VALUE, required=True,
              help='What each player played: "P1=40,20" "P2=30,9,20" "P3=pass".')
@click.option("--marker", type=click.Choice(["plain", "x2"]), default="plain",
              show_default=True, help="The category marker's space: plain or x2.")
@click.option("--final", is_flag=True, help="The game's last question (worth three cards).")
@JSON
@reports_errors
def check_arvuutin(answer, played, marker, final, as_json):
    outcomes = question.resolve(answer, [question.parse_played(p) for p in played],
                                "" if marker == "plain" else marker, final)
    winners = [o.player for o in outcomes if o.won]
    if as_json:
        emit_json({"schema": "eureka.arvuutin.check/1", "answer": answer,
                   "winners": winners, "players": [o.__dict__ for o in outcomes]})
        return
    click.echo(f"Correct answer {answer}" + (": the final question" if final else "")
               + (", x2 space" if marker == "x2" else ""))
    for o in outcomes:
        if o.answer is None:
            click.echo(f"  {o.player}: passed — takes back {_cards(o.keeps)} and picks "
                       f"{o.draws} new answer cards")
            continue
        result = (f"wins {o.question_cards} question card{'s' * (o.question_cards > 1)}"
                  if o.won else "does not win")
        cards = (f"keeps {_cards(o.keeps)} (exact)" if o.won and o.distance == 0 else
                 f"loses {_cards(o.loses)}" if o.won else f"takes back {_cards(o.keeps)}")
        click.echo(f"  {o.player}: {o.answer} (off by {o.distance}) — {result}; {cards}")
    if not winners:
        click.echo("Every player passed: nobody wins the question card.")


def _cards(cards) -> str:
    return " ".join(map(str, cards)) or "nothing"


@click.command("arvuutin", cls=ListCommand,
               help="An Arvuutin player's final score: question cards and hidden cards, "
                    "each worth its category's level.")
@click.option("--levels", cls=ListOption, value_pattern=NAMED_VALUE, required=True,
              help="Each category's level at the end: --levels A=3 B=4 C=1 D=2 E=5.")
@click.option("--won", cls=ListOption, value_pattern=NAMED_VALUE,
              help="Question cards won per category: --won A=2 B=3.")
@click.option("--hidden", cls=ListOption, help="The hidden cards' categories: --hidden A B.")
@JSON
@reports_errors
def score_arvuutin(levels, won, hidden, as_json):
    result = scoring.score(_named(levels, "--levels"), _named(won or (), "--won"),
                           [h.upper() for h in hidden or ()])
    if as_json:
        emit_json({"schema": "eureka.arvuutin.score/1", "questions": result.from_questions,
                   "hidden": result.from_hidden, "total": result.total})
        return
    click.echo(f"question cards {result.from_questions} + hidden cards "
               f"{result.from_hidden} = {result.total} points")


def _named(items, option: str) -> dict:
    """['A=3', 'B=4'] -> {'A': 3, 'B': 4}."""
    out = {}
    for item in items:
        name, _, value = item.partition("=")
        name = name.strip().upper()
        number = whole_number(value)
        if number is None:
            raise InputError(f"{option} takes CATEGORY=NUMBER, e.g. A=3, not {item!r}")
        if name in out:
            raise InputError(f"{option} gives category {name} twice")
        out[name] = number
    return out


def command(verb: str, name: str) -> click.Command:
    """The command for `eureka VERB arvuutin` (the registry's renderer protocol)."""
    return {"solve": solve_arvuutin, "check": check_arvuutin, "score": score_arvuutin}[verb]
