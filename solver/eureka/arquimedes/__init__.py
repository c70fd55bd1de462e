"""Arquimedes (Knizia): plays, claims, round and game scoring, and simulated games.

`GAME` is the game's contract: its preset and the verbs solve, check, score and
simulate (eureka.arquimedes.game); `VERBS` declares the verbs' parameters
(eureka.arquimedes.params).  Importing it compiles nothing.
"""

from eureka.arquimedes.game import GAME
from eureka.arquimedes.params import VERBS

__all__ = ["GAME", "VERBS"]
