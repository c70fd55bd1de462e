"""The arithmetic-expression engine: cards and rules in, every distinct equation out.

`GAME` is the generic numbers game, its rules as parameters:

    >>> from eureka.numbers import GAME
    >>> GAME.with_rules(ops="+-*/^").solve([2, 3], 8).best[0].text
    '2^3'

Its presets are `eureka.pitagoras`, `eureka.countdown` and `eureka.game24`; the engine
itself is `solve.solve(cards, target, rules)`.
"""

from eureka.numbers import params
from eureka.numbers.game import NumbersGame
from eureka.numbers.rules import NUMBERS

GAME = NumbersGame("numbers", "Numbers", NUMBERS)
VERBS = params.verbs(GAME, params.RULES, lambda game, **rules: game.with_rules(**rules),
                     {"cards": [2, 3], "target": 8, "ops": "+-*/^", "equation": "2^3"})
"""solve, check and hint, the rules as parameters (eureka.params)."""

__all__ = ["GAME", "VERBS", "NumbersGame"]
