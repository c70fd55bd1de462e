"""The games kept as they are played: one SQLite file, every move of every game in it.

A game (a Mathable match, a Pitagoras race) is kept from its deal: its snapshot (its
`snapshot()`, every hidden thing included: the bag's order, the holders, the generator)
and the moves played, each move written in one transaction with the snapshot it made.
So a game outlives its process (a page closed, a server killed, Ctrl-C) and goes on
exactly where it stood (its class's `restore`). The snapshot is never shown: what a
game shows is its `state()`.

    store = Store()                  # $EUREKA_DB, else $XDG_DATA_HOME/eureka/games.db
    key = store.add("mathable", match)
    store.change(key, lambda match: match.play("I8=12"), {"turn": "I8=12"})
    store.game(key)                  # the game, where it stands
    store.listing()                  # the games, the last played first

Threads and processes may play on one file at once: a move is played on the game as
the file holds it and written only if no other move was written meanwhile (else it is
played again on the newer game), so no move is lost and none is played twice.
"""

import json
import os
import secrets
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from eureka.errors import EurekaError

ENVIRONMENT = "EUREKA_DB"
"""The environment variable naming the file of the kept games (default: default_path)."""
BUSY_SECONDS = 30.0
"""How long a writer waits for another (thread or process) to finish its move."""
MOST_MOVE = 4096
"""The longest a move's JSON may be, in bytes (a turn's text is tens of bytes)."""
MOST_SNAPSHOT = 8 * 1024 * 1024
"""The longest a game's snapshot may be, in bytes (a whole Mathable game: tens of KB)."""
MOST_MOVES = 10_000
"""The most moves a game may have written (a whole Mathable game, hints included, has
some hundred; a race, a few dozen); a game that has them may still be read."""
MOST_LISTED = 200
"""The games a listing shows at most, the last played first."""
MOST_TRIES = 20
"""Times a move is played again after other moves were written first."""
MOST_CACHED = 32
"""Games held live in memory (the file is the truth; this saves restoring them)."""
LOCKS = 64
"""Locks shared by the games (by the hash of their id): a game's moves in one process
take turns."""
FIELDS = "id, game, created, updated, opponent, moves, over, result"
"""The columns of an Entry."""
LOOK = {"look": True}
"""The move kept when looking at a game changed it (a race's bot shouted, its time come)."""
APPLICATION_ID = int.from_bytes(b"EURK")
"""The file's SQLite application_id: it holds eureka's games (set by the first migration)."""


class StoreError(EurekaError):
    """The kept games cannot be read or written: the file, its version, a move too large.

    `path` is the file its message names (None: it names none), which only this
    machine's user is told: a server words such an error itself.
    """

    def __init__(self, message: str, path: Path | None = None):
        super().__init__(message)
        self.path = path


class Unknown(StoreError):
    """No game is kept under the id asked for (or it is a game of another kind)."""


@dataclass(frozen=True)
class Kind:
    """A game the store keeps: how to restore it and how to list it.

    `load` gives its class (with `restore`); `describe` a game's opponent and result
    (None while unfinished).
    """

    load: Callable[[], type]
    describe: Callable[[dict], tuple]


@dataclass(frozen=True)
class Entry:
    """A kept game as listed: id, game, dates (UTC, ISO 8601), opponent, moves, result."""

    id: str
    game: str
    created: str
    updated: str
    opponent: str
    moves: int
    over: bool
    result: str | None

    def to_json(self) -> dict:
        """The entry as JSON (a game of `eureka.games/1`)."""
        return asdict(self)


def _match_class() -> type:
    """eureka.mathable.match.Match."""
    from eureka.mathable.match import Match

    return Match


def _race_class() -> type:
    """eureka.race.Race."""
    from eureka.race import Race

    return Race


def verdict(winners: list) -> str:
    """The end of a game won by the names `winners` in words: "you win", "eureka wins".

    Several winners: "a draw"; none: "nobody wins".
    """
    if not winners:
        return "nobody wins"
    if len(winners) > 1:
        return "a draw"
    return "you win" if winners == ["you"] else f"{winners[0]} wins"


def _mathable(match) -> tuple:
    """The opponent and result of a Mathable match: bots by level, others by name."""
    state = match.state()
    opponent = ", ".join(seat["level"] or seat["name"] for seat in state["seats"]
                         if seat["name"] != "you")
    if not match.over:
        return opponent, None
    scores = ", ".join(f"{name} {score}" for name, score in state["final"].items())
    return opponent, f"{scores}: {verdict(match.winners())}"


def _race(race) -> tuple:
    """The opponent and result of a Pitagoras race: the bot's level, the piles."""
    state = race.state()
    if not state["over"]:
        return state["against"], None
    piles, winner = state["piles"], state["winner"]
    return state["against"], (f"you {piles['you']}, eureka {piles['eureka']} cards: "
                              f"{verdict([winner] if winner else [])}")


KINDS = {"mathable": Kind(_match_class, _mathable), "pitagoras": Kind(_race_class, _race)}
"""The games kept, by name."""


def default_path() -> Path:
    """Where the games are kept: $EUREKA_DB, else the user's data folder's.

    That is eureka/games.db in $XDG_DATA_HOME, by default ~/.local/share.
    """
    named = os.environ.get(ENVIRONMENT)
    if named:
        return Path(named).expanduser()
    data = os.environ.get("XDG_DATA_HOME") or os.path.join("~", ".local", "share")
    return Path(data).expanduser() / "eureka" / "games.db"


def _version_1(db) -> None:
    """Version 1: eureka's file (its application_id), the games and their moves.

    A game: the snapshot and what the list shows.
    """
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, "
               "created TEXT NOT NULL, updated TEXT NOT NULL, opponent TEXT NOT NULL, "
               "moves INTEGER NOT NULL, over INTEGER NOT NULL, result TEXT, "
               "snapshot TEXT NOT NULL)")
    db.execute("CREATE INDEX games_by_update ON games (updated)")
    db.execute("CREATE TABLE moves (game TEXT NOT NULL REFERENCES games (id), "
               "number INTEGER NOT NULL, move TEXT NOT NULL, at TEXT NOT NULL, "
               "PRIMARY KEY (game, number)) WITHOUT ROWID")


MIGRATIONS = (_version_1,)
"""MIGRATIONS[v] takes a file from version v to v + 1 (version 0: an empty file)."""
VERSION = len(MIGRATIONS)
"""The version of the files this eureka writes (SQLite's user_version)."""


def migrate(db, migrations=MIGRATIONS, path=None) -> None:
    """Brings the open file `db` to the last version of `migrations`, all in one transaction.

    Raises StoreError, the file unchanged, for a file of a later version (a newer
    eureka's) and for another program's: its application_id another's, or none with
    a version or tables (an empty file is new). `path` is the file's, for the messages;
    a step that fails leaves the file as it was.
    """
    with _transaction(db):
        version = db.execute("PRAGMA user_version").fetchone()[0]
        owner = db.execute("PRAGMA application_id").fetchone()[0]
        tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if owner != APPLICATION_ID and (owner or version or tables):
            raise StoreError(f"{path or 'the file'} is another program's database, not "
                             f"eureka's games: name another file", path)
        if version > len(migrations):
            raise StoreError(f"the games' file is of version {version}, written by a newer "
                             f"eureka: this one reads up to version {len(migrations)}")
        for step in migrations[version:]:
            step(db)
        db.execute(f"PRAGMA user_version = {len(migrations)}")


@contextmanager
def _transaction(db):
    """A write transaction on `db`, committed at the end, rolled back on an exception.

    BEGIN IMMEDIATE: the file's writers take turns.
    """
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _now() -> str:
    """The time now, UTC, ISO 8601 to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _described(kind: Kind, played) -> tuple:
    """The opponent, whether over, and result (None while unfinished) of `played`."""
    opponent, result = kind.describe(played)
    return opponent, result is not None, result


def _text(doc) -> str:
    """`doc` as compact JSON, keys sorted: equal documents, equal text."""
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


class Store:
    """The kept games in one SQLite file; see the module's docstring."""

    def __init__(self, path=None, kinds=None):
        """The games kept in the file `path` (default: default_path()), created if new.

        `kinds` are the games kept, by name (default KINDS). Raises StoreError, one line,
        when the file cannot be created or read, is of a later version or another
        program's (then nothing in it is changed).
        """
        self.path = Path(path).expanduser() if path else default_path()
        self.kinds = KINDS if kinds is None else kinds
        self._live: OrderedDict = OrderedDict()     # id -> (moves, game)
        self._guard = threading.Lock()              # of _live
        self._locks = [threading.Lock() for _ in range(LOCKS)]
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(f"cannot keep games in {self.path}: {e.strerror or e}",
                             self.path) from None
        with self._open() as db:
            migrate(db, path=self.path)
            db.execute("PRAGMA journal_mode = WAL")

    @contextmanager
    def _open(self):
        """A connection to the file, closed after; sqlite3's errors as StoreError."""
        try:
            db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        except sqlite3.Error as e:
            raise StoreError(f"cannot keep games in {self.path}: {e}", self.path) from None
        try:
            yield db
        except sqlite3.Error as e:
            raise StoreError(f"the games kept in {self.path}: {e}", self.path) from None
        finally:
            db.close()

    def add(self, game: str, played) -> str:
        """Keeps the new game `played`, of the kind named `game`; its id (unguessable)."""
        kind = self._kind(game)
        key, now, snapshot = secrets.token_urlsafe(12), _now(), self._snapshot(played)
        opponent, over, result = _described(kind, played)
        with self._open() as db, _transaction(db):
            db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?)",
                       (key, game, now, now, opponent, over, result, snapshot))
        self._remember(key, 0, played)
        return key

    def game(self, key: str, game: str | None = None):
        """The game kept as `key`, where it stands (restored by its class).

        Raises Unknown for no game `key` (of the kind named `game`, when given).
        """
        name, moves, snapshot = self._read(key, game)
        return self._restored(key, name, moves, snapshot)

    def change(self, key: str, act, move: dict, game: str | None = None):
        """Plays `act` on the game `key` and keeps the game it leaves; act's answer.

        `act(played)` plays the `move` (JSON, written with the game) on the game as the
        file holds it; a move that changes nothing (a refused one) writes nothing, and
        act's exception is raised. When another thread or process wrote a move meanwhile,
        `act` is played again on the newer game. Raises Unknown for no game `key` (of the
        kind named `game`, when given), StoreError for a move too large, or one that
        changes a game with MOST_MOVES moves written (nothing changes).
        """
        text = _text(move)
        if len(text.encode()) > MOST_MOVE:
            raise StoreError(f"a move is at most {MOST_MOVE} bytes of JSON")
        with self._locks[hash(key) % LOCKS]:
            for _ in range(MOST_TRIES):
                name, moves, before = self._read(key, game)
                played = self._restored(key, name, moves, before)
                try:
                    answer = act(played)
                except BaseException:
                    if self._snapshot(played) != before:
                        self._forget(key)
                    raise
                after = self._snapshot(played)
                if after == before:
                    return answer
                self._forget(key)
                if moves >= MOST_MOVES:
                    raise StoreError(f"the game {key} has {MOST_MOVES} moves kept, the most "
                                     f"a game may have")
                if self._write(key, moves, text, after, self.kinds[name], played):
                    self._remember(key, moves + 1, played)
                    return answer
        raise StoreError(f"the game {key} kept changing: {MOST_TRIES} other moves came "
                         f"first; try again")

    def entry(self, key: str) -> Entry:
        """The entry of the game `key`; Unknown when none is kept."""
        with self._open() as db:
            row = db.execute(f"SELECT {FIELDS} FROM games WHERE id = ?",
                             (key,)).fetchone()
        if row is None:
            raise self._unknown(key)
        return Entry(*row[:6], bool(row[6]), row[7])

    def listing(self, most: int = MOST_LISTED) -> list:
        """The entries of the `most` games played last, the last played first."""
        with self._open() as db:
            rows = db.execute(f"SELECT {FIELDS} FROM games ORDER BY updated DESC, "
                              f"rowid DESC LIMIT ?", (most,)).fetchall()
        return [Entry(*row[:6], bool(row[6]), row[7]) for row in rows]

    def latest(self, game: str) -> str:
        """The id of the unfinished game of the kind `game` played last; Unknown if none."""
        with self._open() as db:
            row = db.execute("SELECT id FROM games WHERE game = ? AND NOT over ORDER BY "
                             "updated DESC, rowid DESC LIMIT 1", (game,)).fetchone()
        if row is None:
            raise Unknown(f"no unfinished {game} game is kept in {self.path}", self.path)
        return row[0]

    def _kind(self, game: str) -> Kind:
        """The kind named `game`; StoreError for one not kept."""
        if game not in self.kinds:
            raise StoreError(f"no game {game!r} is kept: only {', '.join(self.kinds)}")
        return self.kinds[game]

    def _unknown(self, key: str, game: str | None = None) -> Unknown:
        """The error for no game `key` (of the kind `game`)."""
        what = f"{game} game" if game else "game"
        return Unknown(f"no {what} {key[:40]!r} is kept in {self.path}: eureka games lists "
                       f"them", self.path)

    def _read(self, key: str, game: str | None) -> tuple:
        """The kind's name, moves and snapshot of the game `key` (of the kind `game`)."""
        with self._open() as db:
            row = db.execute("SELECT game, moves, snapshot FROM games WHERE id = ?",
                             (key,)).fetchone()
        if row is None or (game is not None and row[0] != game):
            raise self._unknown(key, game)
        return row

    def _restored(self, key: str, name: str, moves: int, snapshot: str):
        """The game `key` after `moves` moves: the live one, else restored from `snapshot`."""
        with self._guard:
            live = self._live.get(key)
            if live is not None and live[0] == moves:
                self._live.move_to_end(key)
                return live[1]
        kind = self._kind(name)
        try:
            played = kind.load().restore(json.loads(snapshot))
        except EurekaError:
            raise
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            raise StoreError(f"the game {key} kept in {self.path} cannot be read",
                             self.path) from None
        self._remember(key, moves, played)
        return played

    def _remember(self, key: str, moves: int, played) -> None:
        """Holds `played` live as the game `key` after `moves` moves."""
        with self._guard:
            self._live[key] = (moves, played)
            self._live.move_to_end(key)
            while len(self._live) > MOST_CACHED:
                self._live.popitem(last=False)

    def _forget(self, key: str) -> None:
        """Lets go of the live game `key`: the file's is the one to play."""
        with self._guard:
            self._live.pop(key, None)

    def _snapshot(self, played) -> str:
        """The snapshot of `played` as text; StoreError past MOST_SNAPSHOT."""
        text = _text(played.snapshot())
        if len(text.encode()) > MOST_SNAPSHOT:
            raise StoreError(f"a game's snapshot is at most {MOST_SNAPSHOT // 2**20} MB")
        return text

    def _write(self, key: str, moves: int, move: str, snapshot: str, kind: Kind,
               played) -> bool:
        """Writes the move after `moves`, with the game's new `snapshot` and entry.

        False (nothing written) when the file holds another move after `moves`.
        """
        opponent, over, result = _described(kind, played)
        now = _now()
        with self._open() as db, _transaction(db):
            changed = db.execute(
                "UPDATE games SET moves = ?, updated = ?, opponent = ?, over = ?, "
                "result = ?, snapshot = ? WHERE id = ? AND moves = ?",
                (moves + 1, now, opponent, over, result, snapshot, key, moves)).rowcount
            if changed:
                db.execute("INSERT INTO moves VALUES (?, ?, ?, ?)",
                           (key, moves + 1, move, now))
        return bool(changed)
