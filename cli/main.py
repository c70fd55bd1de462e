"""The `eureka` and `solve` entry points, built from the registry of games.

`eureka VERB GAME` imports the game's renderer (eureka.cli.<renderer>) only when that
command runs; listing the commands reads the registry alone, so `eureka --help` and the
commands that need no kernel start without importing Numba.
"""

import copy
import functools
import importlib

import click

from eureka import __version__
from eureka.cli.base import CONTEXT, OneLineGroup, as_program
from eureka.games import GAMES, games_for

VERB_HELP = {
    "solve": "Solve a game state: every answer, the best first.",
    "endgame": "Solve the rest of a game exactly, once the bag is empty.",
    "check": "Check a claimed answer: valid, or exactly why not.",
    "hint": "A hint rather than the answer, one level at a time.",
    "score": "Score a finished game from its record, turn by turn.",
    "review": "Review a recorded game: each turn against the best turns.",
    "simulate": "Play complete games by policy and summarise them.",
    "analyze": "Exhaustive tables of a game: exact, not sampled.",
    "generate": "Puzzles on demand, verified, with the properties asked for.",
    "play": "Play a game against eureka, at your level.",
}
TOOLS = {   # commands that are not a verb over the games: name -> (module, help)
    "bench": ("bench", "Time the solvers side by side."),
    "games": ("games_cmd", "List the games played against eureka, kept as they went."),
    "schema": ("schema_cmd", "Print the JSON Schemas of every --json document."),
    "serve": ("serve.command", "A local web page and JSON API over the commands."),
    "warm": ("warm_cmd", "Compile the games' kernels ahead, once (for offline use)."),
}


class VerbGroup(OneLineGroup):
    """`eureka VERB GAME`: one command per registered game that answers the verb."""

    def __init__(self, verb: str, **kwargs):
        super().__init__(name=verb, help=VERB_HELP[verb], **kwargs)
        self.verb = verb

    def list_commands(self, ctx):
        """The names of the games that answer the verb (`ctx` is click's, not read)."""
        return [g.name for g in games_for(self.verb)]

    def get_command(self, ctx, name):
        """The command for the game `name`, None when no such game answers the verb.

        The game's renderer is imported here; the command says once when it compiles the
        game's kernels. `ctx` is click's, not read.
        """
        game = GAMES.get(name)
        if game is None or self.verb not in game.verbs:
            return None
        renderer = importlib.import_module(f"eureka.cli.{game.renderer}")
        return _announcing(renderer.command(self.verb, name), game, self.verb)

    def format_commands(self, ctx, formatter):
        """Writes the games' names and summaries into the help's `formatter`.

        The rows come from the registry alone, no renderer imported; `ctx` is not read.
        """
        rows = [(g.name, g.summary) for g in games_for(self.verb)]
        with formatter.section("Games"):
            formatter.write_dl(rows)


def _announcing(command: click.Command, game, verb: str) -> click.Command:
    """A copy of `command` that says once when it compiles `game`'s kernels.

    Before its first kernel compiles, the kernels recorded for the `verb` of `game` are
    compiled ahead on two cores (eureka.ahead). Nothing is said under --quiet; the
    renderers' own command objects are left as they are.
    """
    run = command.callback

    @functools.wraps(run)
    def announced(*args, **kwargs):
        from eureka import ahead, jit
        from eureka.cli.notice import compiling

        with compiling(game.title, game.compile_seconds, kwargs.get("quiet", False)), \
                jit.before_compiling(lambda: ahead.ahead(game.name, verb)):
            return run(*args, **kwargs)

    announcing = copy.copy(command)
    announcing.callback = announced
    return announcing


class Eureka(OneLineGroup):
    """The top group: the verbs, then the tools, each loaded when it runs."""

    def list_commands(self, ctx):
        """The verbs, then the tools (`ctx` is click's, not read)."""
        return [*VERB_HELP, *TOOLS]

    def get_command(self, ctx, name):
        """The verb's group or the tool's command called `name`, None for any other name.

        A tool's module is imported here. `ctx` is click's, not read.
        """
        if name in VERB_HELP:
            return VerbGroup(name)
        if name in TOOLS:
            return importlib.import_module(f"eureka.cli.{TOOLS[name][0]}").command
        return None

    def format_commands(self, ctx, formatter):
        """Writes the verbs' and tools' names and help into the help's `formatter`.

        Nothing is imported for it; `ctx` is not read.
        """
        rows = [(v, h) for v, h in VERB_HELP.items()] + [(n, h) for n, (_, h) in TOOLS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


eureka = Eureka(
    name="eureka", context_settings=CONTEXT,
    help="Exact solvers for arithmetic card and board games: every answer, the best "
         "move, claimed answers checked.\n\nExample: eureka solve pitagoras --cards 2 7 "
         "6 12 15 --target 32\n\nShell completion (bash): eval \"$(_EUREKA_COMPLETE="
         "bash_source eureka)\"; zsh and fish: see README.md. The same from Python: "
         "import eureka; help(eureka).")
eureka = click.version_option(__version__, "-V", "--version", prog_name="eureka")(eureka)
solve = click.version_option(__version__, "-V", "--version", prog_name="solve")(
    VerbGroup("solve", context_settings=CONTEXT))

run_eureka = as_program(eureka)
run_solve = as_program(solve)
