"""The registry of games: what each game is called, what it answers, and where it lives.

Each entry names the game's library package and its command-line renderer. Nothing here
imports a game, so listing the games costs nothing; `load` imports one when it is used.
"""

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class GameEntry:
    """One game of the registry.

    Its command name, its title, a one-line summary, the verbs it answers, the library
    module exporting its contract (`GAME`), the CLI module rendering it
    (eureka.cli.<renderer>), and about how many seconds its kernels take to compile the
    first time (on the machine of docs/BENCHMARKS.md; `python -m
    eureka.benchmarks.compile` measures it).
    """

    name: str
    title: str
    summary: str
    verbs: tuple
    module: str
    renderer: str
    compile_seconds: int = 0

    def load(self):
        """The game's contract object, imported now."""
        return importlib.import_module(self.module).GAME

    def declared(self) -> dict:
        """The verbs whose parameters the game declares as data, imported now.

        A dict {verb: eureka.params.Verb} of solve, check, hint and score, as the game has
        them.
        """
        return importlib.import_module(self.module).VERBS

    def warm(self) -> None:
        """Compiles the game's kernels into the disk cache, or loads them from it.

        Every declared verb runs on its examples, which together need every kernel the
        verb may run. An example the game refuses (a ValueError) is no matter here.
        """
        for verb in self.declared().values():
            for example in verb.examples:
                try:
                    verb(example)
                except ValueError:
                    pass


GAMES = {g.name: g for g in (
    GameEntry("pitagoras", "Pitagoras", "make the dice total with the most cards",
              ("solve", "check", "hint", "analyze", "generate", "play"), "eureka.pitagoras",
              "numbers_cmds", 10),
    GameEntry("countdown", "Countdown", "the numbers round: six numbers, a target 100-999",
              ("solve", "check", "hint", "analyze", "generate"),
              "eureka.countdown", "numbers_cmds", 10),
    GameEntry("game24", "24 game", "four cards 1-13, make 24 with every card",
              ("solve", "check", "hint", "analyze", "generate"), "eureka.game24",
              "numbers_cmds", 6),
    GameEntry("numbers", "Numbers", "any cards and target, the rules as options",
              ("solve", "check", "hint"), "eureka.numbers", "numbers_cmds", 10),
    GameEntry("arithmetikus", "Arithmetikus", "make the Spielzahl from a hand, joker included",
              ("solve", "check", "hint", "score", "generate"), "eureka.arithmetikus",
              "arithmetikus_cmds", 7),
    GameEntry("mathable", "Mathable", "the board game: the best turn for a rack",
              ("solve", "endgame", "check", "score", "review", "simulate", "play"),
              "eureka.mathable",
              "mathable_cmds", 14),
    GameEntry("arquimedes", "Arquimedes", "the card game: every legal play on the top card",
              ("solve", "check", "score", "simulate"), "eureka.arquimedes",
              "arquimedes_cmds", 10),
    GameEntry("arvuutin", "Arvuutin", "the quiz game: the cards to play for a guess",
              ("solve", "check", "score"), "eureka.arvuutin", "arvuutin_cmds"),
)}


def games_for(verb: str) -> list:
    """The games that answer `verb`, in the registry's order."""
    return [g for g in GAMES.values() if verb in g.verbs]
