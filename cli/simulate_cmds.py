"""The options every `eureka simulate GAME` command shares, and --threads.

How many games, the seed, the players, and one policy (or strategy) per seat; --threads
is shared with `eureka analyze`.
"""

import click

from eureka import parallel
from eureka.cli.base import InputError, Whole
from eureka.text import whole_number


def seat_names(policies: str, players: int | None) -> tuple:
    """One policy name per seat, from the comma-separated `policies`.

    A single name fills every seat: `players` of them, or two when `players` is None (no
    --players). Raises InputError for an empty name ('greedy,,random': refused, not
    dropped) or a number of names other than `players`.
    """
    names = tuple(p.strip() for p in policies.split(","))
    if "" in names:
        raise InputError(f"an empty name in {policies!r}: give one name per seat, "
                         f"comma-separated")
    if players is not None:
        if len(names) == 1:
            names *= players
        elif len(names) != players:
            raise InputError(f"--players {players} but {len(names)} names given")
    elif len(names) == 1:
        names *= 2
    return names


class _Games(Whole):
    """A number of games, 1 to `high`.

    Beyond it, `why(games)` explains the bound (for example how long that many games
    would take).
    """

    def __init__(self, high: int, why=None):
        super().__init__(1, high)
        self.why = why

    def convert(self, value, param, ctx):
        number = whole_number(str(value))          # None: not digits, or too many to read
        if self.why and number is not None and number > self.high:
            self.fail(self.why(number), param, ctx)
        return super().convert(value, param, ctx)


def games_option(default: int, most: int, why=None, text: str = "How many games to play"):
    """The --games option: 1 to `most` games (the game's own bound), `default` by default.

    `why`, called as why(games), gives the message beyond the bound; `text` is the help's
    start.
    """
    return click.option("--games", default=default, show_default=True,
                        type=_Games(most, why), help=f"{text} (at most {most:,}).")


def players_option(most: int, per: str):
    """The --players option: 2 to `most` (the game's own bound).

    Without it there is one player per `per` given (a "strategy", a "policy": the word
    its help uses), at least two.
    """
    return click.option("--players", type=Whole(2, most),
                        help=f"Number of players (default: one per {per}, at least 2).")


SEED = click.option("--seed", default=0, show_default=True, type=Whole(0, 2**64 - 1),
                    help="Seed: the same seed plays the same games.")


THREADS = click.option(
    "--threads", type=Whole(1, 1024), metavar="N", expose_value=False,
    callback=lambda ctx, param, value: parallel.choose(value),
    help="Threads for the parallel kernels (default: EUREKA_THREADS, else measured: "
         "every core, or one where other programs keep the cores busy and one is faster).")
