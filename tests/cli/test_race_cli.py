"""`eureka play pitagoras`: a whole race typed on standard input."""

import json

from eureka.pitagoras import GAME as PITAGORAS
from eureka.race import Race
from tests.cli.invoke import run
from tests.schema_check import assert_valid

ARGS = ("play", "pitagoras", "--against", "expert", "--seed", "11")


def _answers(wrong: str | None = None) -> tuple:
    """The best answer to every deal of the race seeded 11, each given at once (after
    the answer `wrong`, when given, to the first deal), and the final piles."""
    race, lines = Race("expert", seed=11, clock=lambda: 0.0), []
    if wrong:
        race.shout(wrong)
    while not race.over:
        lines.append(PITAGORAS.solve(race.table, race.target, best=True).best[0].text)
        race.shout(lines[-1])
    return lines, race.state()["piles"]


def test_a_whole_race_typed_on_standard_input_takes_every_card():
    answers, piles = _answers("1000+1")
    result = run(*ARGS, stdin="\n".join(["1000+1", *answers]) + "\n")
    assert result.exit_code == 0, result.output
    assert "you: 1000+1: wrong" in result.output and "eureka takes 1 hidden card" in result.output
    assert result.output.count("> you ") == len(answers)
    assert piles["eureka"] == 1
    assert f"Game over: you {piles['you']} cards, eureka 1 card: you win; seed 11." \
        in result.output


def test_with_json_every_line_is_the_races_state():
    answers, piles = _answers()
    result = run(*ARGS, "--json", stdin="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    states = [assert_valid(json.loads(line)) for line in result.stdout.splitlines()]
    assert states[-1]["over"] and states[-1]["winner"] == "you"
    assert states[-1]["piles"] == piles and piles["eureka"] == 0


def test_leaving_says_the_piles():
    result = run(*ARGS, stdin="quit\n")
    assert result.exit_code == 0 and "Left with you 0, eureka 0 cards." in result.output


def test_an_unknown_die_is_one_line():
    result = run("play", "pitagoras", "--die", "green")
    assert result.exit_code == 2 and "green" in result.output
