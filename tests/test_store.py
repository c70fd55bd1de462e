"""eureka.store: the kept games' file (WAL, a version and its migrations), one transaction
a move, and threads and processes playing one game at once, no move lost or played
twice. The game kept here is a tally (tokens played once each), so that a move played
twice shows."""

import json
import multiprocessing
import sqlite3
import threading
from concurrent.futures import ProcessPoolExecutor

import pytest

import eureka.store
from eureka.errors import EurekaError
from eureka.store import (
    APPLICATION_ID,
    LOOK,
    MIGRATIONS,
    MOST_MOVE,
    VERSION,
    Kind,
    Store,
    StoreError,
    Unknown,
    default_path,
    migrate,
    verdict,
)

PLAYERS, TOKENS = 4, 25


class Tally:
    """A game of tokens, each played once; over at `most` tokens."""

    def __init__(self, most: int = 1000):
        self.played, self.most = [], most

    def play(self, token: str) -> int:
        if token in self.played:
            raise EurekaError(f"{token} is played already")
        self.played.append(token)
        return len(self.played)

    def state(self) -> dict:
        return {"over": len(self.played) >= self.most, "count": len(self.played)}

    def snapshot(self) -> dict:
        return {"played": self.played, "most": self.most}

    @classmethod
    def restore(cls, doc: dict) -> "Tally":
        tally = cls(doc["most"])
        tally.played = list(doc["played"])
        return tally


KINDS = {"tally": Kind(lambda: Tally, lambda t: ("the tally", f"{len(t.played)} tokens"
                                                 if t.state()["over"] else None))}


def _store(path) -> Store:
    return Store(path, KINDS)


def _play(store: Store, key: str, token: str) -> bool:
    """Plays `token`; whether it was taken (False: played already)."""
    try:
        store.change(key, lambda tally: tally.play(token), {"token": token})
    except EurekaError:
        return False
    return True


def _player(path, key: str, tokens: list) -> int:
    """A process's player: its own store on the file at `path`; the tokens it got played."""
    store = _store(path)
    return sum(_play(store, key, token) for token in tokens)


def _rows(path, sql: str, *args) -> list:
    with sqlite3.connect(path) as db:
        return db.execute(sql, args).fetchall()


def _kept(path, key: str):
    """The moves written for `key`, by number, and the tokens of its snapshot."""
    moves = [(n, json.loads(m)["token"]) for n, m in
             _rows(path, "SELECT number, move FROM moves WHERE game = ? ORDER BY number",
                   key)]
    (count, snapshot), = _rows(path, "SELECT moves, snapshot FROM games WHERE id = ?", key)
    assert count == len(moves) and [n for n, _ in moves] == list(range(1, count + 1))
    return [token for _, token in moves], json.loads(snapshot)["played"]


def test_a_new_file_is_in_wal_mode_at_the_last_version(tmp_path):
    path = tmp_path / "deep" / "games.db"
    _store(path)
    assert _rows(path, "PRAGMA journal_mode") == [("wal",)]
    assert _rows(path, "PRAGMA user_version") == [(VERSION,)]
    assert _rows(path, "PRAGMA application_id") == [(APPLICATION_ID,)]
    tables = {name for name, in _rows(path, "SELECT name FROM sqlite_master WHERE type = "
                                            "'table'")}
    assert tables == {"games", "moves"}


def test_the_default_file_is_in_the_users_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("EUREKA_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "eureka" / "games.db"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / ".local" / "share" / "eureka" / "games.db"
    monkeypatch.setenv("EUREKA_DB", str(tmp_path / "mine.db"))
    assert default_path() == tmp_path / "mine.db"
    assert Store().path == tmp_path / "mine.db"


def test_migrations_bring_a_file_up_one_version_at_a_time(tmp_path):
    path = tmp_path / "games.db"
    sqlite3.connect(path).close()                   # version 0: an empty file
    store = _store(path)
    key = store.add("tally", Tally())

    def notes(db):
        db.execute("ALTER TABLE games ADD COLUMN note TEXT DEFAULT 'kept'")

    def broken(db):
        db.execute("ALTER TABLE games ADD COLUMN other TEXT")
        raise sqlite3.OperationalError("a step that fails")

    db = sqlite3.connect(path, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError):
        migrate(db, (*MIGRATIONS, notes, broken))
    assert _rows(path, "PRAGMA user_version") == [(VERSION,)]     # nothing of it stays
    migrate(db, (*MIGRATIONS, notes))
    db.close()
    assert _rows(path, "PRAGMA user_version") == [(VERSION + 1,)]
    assert _rows(path, "SELECT id, note FROM games") == [(key, "kept")]
    with pytest.raises(StoreError, match="newer eureka"):
        _store(path)                                # a file of a later version


def _foreign(path, *setup: str) -> bytes:
    """Another program's SQLite file at `path`, made by the `setup` statements: its bytes."""
    with sqlite3.connect(path) as db:
        for statement in setup:
            db.execute(statement)
    db.close()
    return path.read_bytes()


def test_another_programs_database_is_refused_and_left_as_it_was(tmp_path):
    for name, setup in (("tables.db", ["CREATE TABLE notes (text TEXT)",
                                       "INSERT INTO notes VALUES ('mine')"]),
                        ("owned.db", ["PRAGMA application_id = 1234"]),
                        ("versioned.db", ["PRAGMA user_version = 1"])):
        path = tmp_path / name
        before = _foreign(path, *setup)
        with pytest.raises(StoreError, match=f"{name} is another program's database"):
            _store(path)
        assert path.read_bytes() == before
        assert _rows(path, "PRAGMA journal_mode") == [("delete",)]


def test_a_file_that_is_no_database_or_no_folder_is_one_line(tmp_path):
    (tmp_path / "text.db").write_text("not a database, " * 100)
    with pytest.raises(StoreError, match="text.db"):
        _store(tmp_path / "text.db")
    (tmp_path / "file").write_text("")
    with pytest.raises(StoreError, match="cannot keep games in"):
        _store(tmp_path / "file" / "games.db")


def test_a_move_and_its_snapshot_are_written_together(tmp_path):
    path = tmp_path / "games.db"
    store = _store(path)
    key = store.add("tally", Tally(most=3))
    assert _play(store, key, "a") and not _play(store, key, "a")     # refused: no write
    assert _kept(path, key) == (["a"], ["a"])
    _rows(path, "INSERT INTO moves VALUES (?, 2, '{}', 'now')", key)   # number 2 taken
    with pytest.raises(StoreError, match="UNIQUE"):
        store.change(key, lambda tally: tally.play("b"), {"token": "b"})
    (moves, snapshot), = _rows(path, "SELECT moves, snapshot FROM games")
    assert moves == 1 and json.loads(snapshot)["played"] == ["a"]     # rolled back
    assert store.game(key).played == ["a"]
    _rows(path, "DELETE FROM moves WHERE number = 2")
    assert _play(store, key, "b") and _play(store, key, "c")
    assert store.entry(key).result == "3 tokens" and store.entry(key).over


def test_a_game_is_restored_from_the_file_where_it_stood(tmp_path):
    path = tmp_path / "games.db"
    first = _store(path)
    key = first.add("tally", Tally())
    for token in "abc":
        _play(first, key, token)
    again = _store(path)                            # another process, say
    assert again.game(key).played == ["a", "b", "c"]
    assert _play(again, key, "d") and not _play(first, key, "d")    # first sees it
    assert first.game(key).played == ["a", "b", "c", "d"]


def test_unknown_games_and_large_moves_are_refused(tmp_path):
    store = _store(tmp_path / "games.db")
    key = store.add("tally", Tally())
    for wrong in ("nothing-here", key + "x"):
        with pytest.raises(Unknown, match="eureka games lists them"):
            store.game(wrong)
    with pytest.raises(Unknown):
        store.game(key, "mathable")                 # kept, but of another kind
    with pytest.raises(StoreError, match="at most"):
        store.change(key, lambda tally: tally.play("x"), {"token": "x" * MOST_MOVE})
    assert store.game(key).played == [] and store.entry(key).moves == 0
    with pytest.raises(StoreError, match="no game 'chess'"):
        store.add("chess", Tally())


def test_a_game_with_the_most_moves_is_read_but_not_moved(tmp_path, monkeypatch):
    monkeypatch.setattr(eureka.store, "MOST_MOVES", 2)
    store = _store(tmp_path / "games.db")
    key = store.add("tally", Tally())
    assert _play(store, key, "a") and _play(store, key, "b")
    assert store.change(key, lambda tally: tally.state(), LOOK)["count"] == 2   # a look
    with pytest.raises(StoreError, match="2 moves kept, the most"):
        store.change(key, lambda tally: tally.play("c"), {"token": "c"})
    assert store.game(key).played == ["a", "b"] and store.entry(key).moves == 2
    assert _store(tmp_path / "games.db").game(key).played == ["a", "b"]


def test_a_snapshot_that_cannot_be_read_is_one_line(tmp_path):
    from eureka.mathable.match import Match

    path = tmp_path / "games.db"
    store = Store(path)
    keys = [store.add("mathable", Match("beginner", seed=1)) for _ in range(3)]
    for key, snapshot in zip(keys, ("[1, 2]", '{"version": 1}', "not json")):
        _rows(path, "UPDATE games SET snapshot = ? WHERE id = ?", snapshot, key)
        with pytest.raises(StoreError, match=f"the game {key} kept in .* cannot be read"):
            Store(path).game(key)


def test_the_verdict_names_the_winners():
    assert [verdict(w) for w in (["you"], ["eureka2"], ["you", "eureka"], [])] == [
        "you win", "eureka2 wins", "a draw", "nobody wins"]


def test_the_listing_is_the_last_played_first(tmp_path):
    store = _store(tmp_path / "games.db")
    keys = [store.add("tally", Tally(most=1)) for _ in range(3)]
    _play(store, keys[0], "a")                      # the first, now over, played last
    listed = store.listing()
    assert [e.id for e in listed] == [keys[0], keys[2], keys[1]]
    assert [e.over for e in listed] == [True, False, False]
    assert listed[0].to_json()["result"] == "1 tokens" and listed[1].result is None
    assert [e.id for e in store.listing(most=2)] == [keys[0], keys[2]]
    assert store.latest("tally") == keys[2]
    with pytest.raises(Unknown, match="no unfinished mathable game"):
        store.latest("mathable")


def test_threads_lose_no_move_and_play_none_twice(tmp_path):
    path = tmp_path / "games.db"
    store = _store(path)
    key = store.add("tally", Tally())
    taken = [0] * PLAYERS

    def player(k):
        others = _store(path) if k % 2 else store   # threads of one store, and stores
        for i in range(TOKENS):
            taken[k] += _play(others, key, f"own-{k}-{i}")
            taken[k] += _play(others, key, f"shared-{i}")   # every player tries each

    threads = [threading.Thread(target=player, args=(k,)) for k in range(PLAYERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    moves, played = _kept(path, key)
    assert moves == played == store.game(key).played
    assert sorted(played) == sorted([f"own-{k}-{i}" for k in range(PLAYERS)
                                     for i in range(TOKENS)] +
                                    [f"shared-{i}" for i in range(TOKENS)])
    assert sum(taken) == len(played)


def test_processes_on_one_file_lose_no_move_and_play_none_twice(tmp_path):
    path = tmp_path / "games.db"
    key = _store(path).add("tally", Tally())
    shared = [f"shared-{i}" for i in range(TOKENS)]
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        taken = list(pool.map(_player, [path] * 2, [key] * 2,
                              [[t for i in range(TOKENS) for t in (f"own-{k}-{i}", shared[i])]
                               for k in range(2)]))
    moves, played = _kept(path, key)
    assert moves == played
    assert sorted(played) == sorted([f"own-{k}-{i}" for k in range(2)
                                     for i in range(TOKENS)] + shared)
    assert sum(taken) == len(played)


def test_a_look_is_kept_only_when_it_changes_the_game(tmp_path):
    from eureka.race import Race

    path, now = tmp_path / "games.db", [0.0]
    store = Store(path)
    race = Race("beginner", seed=4, clock=lambda: now[0])
    key = store.add("pitagoras", race)
    assert store.change(key, Race.poll, LOOK) is None       # its time has not come
    now[0] += race.seconds_left() + 1
    shouted = store.change(key, Race.poll, LOOK)
    assert shouted["player"] == "eureka" and shouted["right"]
    assert _rows(path, "SELECT number, move FROM moves") == [(1, '{"look":true}')]
    kept = Store(path).game(key)
    assert kept.state()["piles"] == race.state()["piles"] and kept.deal == race.deal == 2
    assert store.entry(key).opponent == "beginner" and store.entry(key).moves == 1
