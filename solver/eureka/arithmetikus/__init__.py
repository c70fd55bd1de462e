"""Arithmetikus: combinations for the Spielzahl, claims checked, finished games scored.

A preset of the numbers engine; finished games are scored in the rulebook's order.

    >>> from eureka.arithmetikus import GAME
    >>> GAME.solve(17, ["20", "7", "2", "3"]).combinations[0].text
    '20 − (7 + 2) ÷ 3'
"""

from eureka.arithmetikus.game import GAME, Arithmetikus
from eureka.arithmetikus.params import VERBS

__all__ = ["GAME", "VERBS", "Arithmetikus"]
