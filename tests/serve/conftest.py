"""The server under test: one pool of worker processes for the session's requests, and
a client that calls it as the server's own page does (Host 127.0.0.1:8765)."""

import time

import pytest

pytest.importorskip("starlette")

PORT = 8765
BASE = f"http://127.0.0.1:{PORT}"


def app_for(pool):
    """The app answering for 127.0.0.1:8765, its verbs run by `pool`."""
    from eureka.cli.serve.app import application
    from eureka.cli.serve.guard import hosts

    return application(pool, hosts("127.0.0.1", PORT))


def pool_of(count: int, seconds: float, games=None):
    """Workers for `games` (default: every game)."""
    from eureka.cli.serve.workers import Workers
    from eureka.games import GAMES

    return Workers(count, seconds, tuple(games or GAMES))


def ready(pool):
    """`pool` once every game's kernels are compiled and loaded by its workers (on a
    fresh checkout: minutes; the tests' requests then never wait for them)."""
    while pool.warming():
        time.sleep(0.1)
    return pool


@pytest.fixture(scope="session")
def workers():
    pool = ready(pool_of(1, 120.0))
    yield pool
    pool.close()


@pytest.fixture(scope="session")
def client(workers):
    from starlette.testclient import TestClient

    with TestClient(app_for(workers), base_url=BASE) as client:
        yield client
