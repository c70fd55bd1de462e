"""The server under test: one pool of worker processes for the module's requests."""

import pytest

pytest.importorskip("starlette")


@pytest.fixture(scope="session")
def workers():
    from eureka.cli.serve.workers import Workers

    pool = Workers(1, 120.0)
    yield pool
    pool.close()


@pytest.fixture(scope="session")
def client(workers):
    from starlette.testclient import TestClient

    from eureka.cli.serve.app import application

    with TestClient(application(workers)) as client:
        yield client
