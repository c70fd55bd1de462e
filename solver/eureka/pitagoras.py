"""Pitagoras (Reiner Knizia) as a preset of the numbers engine: its deck, dice and rules.

`GAME` is the standard game; `variant()` gives the others.
"""

from collections import Counter
from dataclasses import dataclass

from eureka.deck import draw
from eureka.errors import HandError
from eureka.numbers import params
from eureka.numbers.game import NumbersGame
from eureka.numbers.rules import PITAGORAS, Rules
from eureka.params import Param

DECK = Counter({**{v: 4 for v in range(1, 11)}, **{v: 2 for v in range(11, 15)},
                **{v: 1 for v in range(15, 20)}, 20: 2})
EASY_DECK = Counter({v: n for v, n in DECK.items() if v <= 15})

FACE_UP = 5                                 # the cards laid out face up
ONES_DIE = (0, 2, 3, 4, 5, 8)               # the blue one-digit die
TENS_DICE = {
    "blue": (20, 30, 40, 50, 60, 70),
    "red": (0, 10, 20),                     # the easier die: 0 10 20 0 10 20
    "black": (30, 50, 70, 80, 90, 110),     # the harder die
}


@dataclass(frozen=True)
class Dice:
    """The blue one-digit die and a two-digit die (blue, red or black).

    The target is the total of the faces rolled. `die` names the two-digit die; an
    unknown one raises HandError.
    """

    die: str = "blue"

    def __post_init__(self):
        if self.die not in TENS_DICE:
            raise HandError(f"no Pitagoras die is called {self.die!r}: choose from "
                            f"{', '.join(TENS_DICE)}")

    def roll(self, rng) -> int:
        """The target of one roll of both dice; `rng` is a random.Random."""
        return rng.choice(ONES_DIE) + rng.choice(TENS_DICE[self.die])

    def total(self, faces) -> int:
        """The target rolled: the total of `faces`, one face of each die, in either order.

        Raises HandError unless they are two faces, one of each die.
        """
        faces = tuple(faces)
        if len(faces) != 2:
            raise HandError(f"the dice are two: give two faces, not {len(faces)}")
        tens = TENS_DICE[self.die]
        a, b = faces
        if (a in ONES_DIE and b in tens) or (b in ONES_DIE and a in tens):
            return a + b
        raise HandError(f"{a} and {b} are not a roll of the one-digit die {ONES_DIE} and "
                        f"the {self.die} two-digit die {tens}")


def rules(pow_allowed: bool = False) -> Rules:
    """Pitagoras rules: + − × ÷ over whole numbers, and ^ with `pow_allowed` (harder)."""
    return PITAGORAS.with_pow(pow_allowed)


def deck(easy: bool = False) -> Counter:
    """The deck: with `easy` the easier one (no card above 15), else the standard one."""
    return EASY_DECK if easy else DECK


def variant(pow: bool = False, easy: bool = False, die: str = "blue") -> NumbersGame:
    """Pitagoras, the standard game or a variant of it.

    With `pow`, ^ is allowed (the harder variant); with `easy`, the easier deck (no card
    above 15); `die` is the two-digit die (blue, red or black). Raises HandError for an
    unknown die.
    """
    return NumbersGame(
        "pitagoras", "Pitagoras", rules(pow), deck(easy),
        "easier Pitagoras" if easy else "Pitagoras", dice=Dice(die),
        reward=("and you take it", "and you take them"),
        on_miss="deal one more card and roll the dice again")


GAME = variant()


def _played(game, die, pow, easy, any_numbers) -> NumbersGame:
    return params.dealt(variant(pow=pow, easy=easy, die=die), any_numbers)


VERBS = params.verbs(GAME, (
    params.DICE,
    Param("die", "choice", "The two-digit die in play: blue, red (easier) or black "
          "(harder).", default="blue", choices=tuple(sorted(TENS_DICE))),
    Param("pow", "flag", "Allow exponentiation (the harder variant)."),
    Param("easy", "flag", "The easier deck: no cards above 15."),
    params.ANY_NUMBERS), _played,
    {"cards": [2, 7, 6, 12, 15], "target": 32, "equation": "7*6-12+2"})
"""solve, check and hint, their parameters declared (eureka.params)."""


def deal(game: NumbersGame, rng) -> tuple:
    """A deal of `game`: (five cards face up from its deck, the dice rolled).

    `rng` is a random.Random.
    """
    return draw(game.deck, FACE_UP, rng), game.dice.roll(rng)
