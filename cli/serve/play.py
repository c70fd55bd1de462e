"""The games played against eureka through the API: `/api/play/mathable[/ID]`.

A game lives in the server's memory, at most MOST_GAMES at once: a game idle for IDLE
seconds is dropped, and a new game past the bound drops the one idle longest (a finished
game's record, in its last state, is how it is kept). A game's ID is random and
unguessable; its moves are played one at a time.
"""

import secrets
import threading
import time

from eureka.errors import EurekaError

MOST_GAMES = 32
"""Games kept at once (each a few hundred kilobytes at most)."""
IDLE = 3600.0
"""Seconds without a request after which a game is dropped."""
MOVES = ("turn", "exchange", "pass", "end", "hint")
"""The fields of a move; a request gives one of them."""


class Unknown(Exception):
    """No game is kept under the ID asked for.

    It was never started, was idle for an hour, or was dropped for a newer game.
    """


class Games:
    """The games in play: started, looked at and moved by ID."""

    def __init__(self, most: int = MOST_GAMES, idle: float = IDLE, clock=time.monotonic):
        """Games kept: at most `most`, each `idle` seconds after its last request.

        `clock` tells the time in seconds.
        """
        self.most, self.idle, self.clock = most, idle, clock
        self.games: dict = {}                   # ID -> [match, lock, last request]
        self.lock = threading.Lock()

    def start(self, fields: dict) -> dict:
        """A new game from the request's `fields` (against, seed, first): its state and ID.

        Raises EurekaError for fields the game refuses.
        """
        from eureka.mathable import GAME

        unknown = set(fields) - {"against", "seed", "first"}
        if unknown:
            raise EurekaError(f"a new game takes against, seed and first, not "
                              f"{', '.join(sorted(unknown))[:80]}")
        seed = fields.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                                 or not 0 <= seed < 2**63):
            raise EurekaError("the seed is a whole number from 0 to 2**63 - 1")
        against = fields.get("against", "casual")
        if not isinstance(against, str):
            raise EurekaError("against is a level's name, e.g. casual")
        match = GAME.play(against, seed, fields.get("first"))
        key = secrets.token_urlsafe(12)
        with self.lock:
            self._drop_idle()
            while len(self.games) >= self.most:
                oldest = min(self.games, key=lambda k: self.games[k][2])
                del self.games[oldest]
            self.games[key] = [match, threading.Lock(), self.clock()]
        return {**match.state(), "id": key}

    def state(self, key: str) -> dict:
        """The state of the game `key`. Raises Unknown for a game not kept."""
        match, lock = self._get(key)
        with lock:
            return {**match.state(), "id": key}

    def move(self, key: str, fields: dict) -> dict:
        """Plays the move of the request's `fields` in the game `key`; its new state.

        One of: {"turn": "I8=12 H6=8"}, {"exchange": [3, 5]}, {"pass": true}, {"end":
        true}, {"hint": "score" or "equity"} (the state then has "hint"). The bot's turn
        follows yours. Raises Unknown for a game not kept, EurekaError for a move the
        game refuses (nothing changes).
        """
        from eureka.mathable.match import hint_json

        match, lock = self._get(key)
        asked = [name for name in MOVES if name in fields]
        if len(asked) != 1 or len(fields) != 1:
            raise EurekaError('give one move: {"turn": "I8=12 H6=8"}, {"exchange": [3, 5]}'
                              ', {"pass": true}, {"end": true} or {"hint": "score"}')
        name, value = asked[0], fields[asked[0]]
        with lock:
            if name == "turn" and isinstance(value, str):
                match.play(value)
            elif name == "exchange" and _values(value) is not None:
                match.exchange(_values(value))
            elif name == "pass" and value is True:
                match.pass_turn()
            elif name == "end" and value is True:
                match.end_turn()
            elif name == "hint" and value in ("score", "equity", True):
                by = "score" if value is True else value
                best = match.hint(by)
                return {**match.state(), "id": key, "hint": hint_json(best, by)}
            else:
                raise EurekaError(f"{name}: {_WANTED[name]}")
            return {**match.state(), "id": key}

    def _get(self, key: str):
        """The match and lock of the game `key`, its last request now; Unknown if gone."""
        with self.lock:
            self._drop_idle()
            kept = self.games.get(key)
            if kept is None:
                raise Unknown(f"no game {key[:40]!r} is kept: games are dropped after "
                              f"{self.idle / 3600:g} hour idle; start a new one")
            kept[2] = self.clock()
            return kept[0], kept[1]

    def _drop_idle(self) -> None:
        """Drops the games idle for `idle` seconds (the caller holds the lock)."""
        now = self.clock()
        for key in [k for k, (_, _, last) in self.games.items() if now - last > self.idle]:
            del self.games[key]


_WANTED = {"turn": "the placements as text, e.g. I8=12 H6=8",
           "exchange": "the values of the tokens to exchange, e.g. [3, 5]",
           "pass": "true", "end": "true", "hint": '"score" or "equity"'}


def _values(value):
    """The token values of an exchange: a list of whole numbers (or one); None if not."""
    items = value if isinstance(value, list) else [value]
    if items and all(isinstance(v, int) and not isinstance(v, bool) for v in items):
        return items
    return None
