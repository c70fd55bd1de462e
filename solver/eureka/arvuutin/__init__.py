"""Arvuutin: the answers a hand can give, the cards to play, questions and the final score.

A question is resolved, and a player's final score counted.

    >>> from eureka.arvuutin import GAME
    >>> [c.cards for c in GAME.solve([3, 7, 12, 15, 40], 58, limit=2).choices]
    [(3, 15, 40), (7, 12, 40)]
"""

from eureka.arvuutin.game import GAME, Arvuutin
from eureka.arvuutin.params import VERBS

__all__ = ["GAME", "VERBS", "Arvuutin"]
