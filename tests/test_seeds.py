"""Seeds of 128 bits: a random one is drawn from all of them (secrets), any given one is
taken by the library, the API and the terminal, so a seed a game reveals deals it again;
a race kept before its answers were counted still restores."""

import pytest

from eureka.cli.serve.play import Mathable, Races
from eureka.deck import SEEDS
from eureka.errors import EurekaError
from eureka.mathable.match import Match
from eureka.race import Race
from tests.cli.invoke import run

LAST = SEEDS - 1


def test_random_seeds_are_128_bits():
    assert SEEDS == 2**128
    seeds = [Race("beginner").seed for _ in range(8)] + [Match("beginner").seed
                                                         for _ in range(4)]
    assert all(0 <= s < SEEDS for s in seeds) and max(seeds) >= 2**120   # false 1 time in 2**96


def test_a_revealed_seed_deals_the_game_again():
    match = Match("beginner", first="you")
    again = Match("beginner", seed=match.seed, first="you")
    assert {**match.snapshot(), "chosen": True} == again.snapshot()
    race = Race("beginner", clock=lambda: 0.0)
    assert {**race.snapshot(), "chosen": True} == \
        Race("beginner", seed=race.seed, clock=lambda: 0.0).snapshot()


@pytest.mark.parametrize("kind", [Mathable(), Races()])
def test_every_seed_below_2_128_is_taken_and_no_other(kind):
    assert kind.new({"against": "beginner", "seed": LAST}).seed == LAST
    for seed in (SEEDS, -1, 2.0, True, "7"):
        with pytest.raises(EurekaError, match=r"the seed is a whole number from 0 to "
                                              r"2\*\*128 - 1"):
            kind.new({"against": "beginner", "seed": seed})


@pytest.mark.parametrize("game", ["mathable", "pitagoras"])
def test_the_terminal_takes_every_seed_below_2_128(game):
    result = run("play", game, "--against", "beginner", "--seed", str(LAST), stdin="quit\n")
    assert result.exit_code == 0 and f"seed {LAST}" in result.output, result.output
    refused = run("play", game, "--seed", str(SEEDS))
    assert refused.exit_code == 2 and str(LAST) in refused.output


def test_a_race_kept_before_answers_were_counted_restores():
    kept = Race("beginner", seed=7, clock=lambda: 0.0).snapshot()
    del kept["unkept"]
    assert Race.restore(kept, clock=lambda: 0.0).state()["unkept"] == 0
