"""Mathable: the board, its rules and scorer, positions, records, best turns and self-play.

The package holds the board, the rules and their scorer, positions and game records, the
exact best turn, claimed turns and self-play. `GAME` is the contract: its preset and the
verbs solve, check, score and simulate.
"""

from eureka.mathable.game import GAME
from eureka.mathable.params import VERBS

__all__ = ["GAME", "VERBS"]
