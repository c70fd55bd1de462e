"""`eureka serve` fuzzed (tests/serve/fuzz.py): a few hundred requests made from the
verbs' declarations, hostile game records and the play API's games, more with
EUREKA_FUZZ_REQUESTS (EUREKA_FUZZ_SEED); and a short soak of the server as a user starts
it (tests/serve/soak.py; `python -m tests.serve.fuzz --soak MINUTES` runs a long one)."""

import os
import uuid

import pytest

from tests.serve import fuzz

REQUESTS = int(os.environ.get("EUREKA_FUZZ_REQUESTS", "300"))
SEED = os.environ.get("EUREKA_FUZZ_SEED", "ci")
GROWTH = "the memory grew past the bound"
"""A finding still open: the server process keeps memory the fuzz made it allocate."""
SOAK_SECONDS = 12.0
"""The short soak's load: a burst, a worker killed, slow clients dropped and back."""


def test_no_request_crashes_leaks_or_opens_a_file(workers, tmp_path):
    from starlette.testclient import TestClient

    from tests.serve.conftest import BASE, app_for

    secret = f"eureka-fuzz-secret-{uuid.uuid4().hex}"
    sentinel = tmp_path / "sentinel.txt"
    sentinel.write_text(secret + "\n")
    with TestClient(app_for(workers), base_url=BASE,       # its own games' limits
                    raise_server_exceptions=False) as client:
        failures = fuzz.run(client, SEED, REQUESTS, sentinel, secret)
    if failures:
        pytest.fail(f"{len(failures)} failures:\n" + "\n".join(failures[:30]),
                    pytrace=False)


def test_a_short_soak_loses_nothing_and_stops():
    pytest.importorskip("uvicorn")
    from tests.serve import soak

    done = soak.soak(SOAK_SECONDS, SEED)
    found = {kind: seen for kind, seen in done.tally.findings.items() if kind != GROWTH}
    assert not found, soak.report(done)
    assert done.tally.games["mathable replayed"] and done.tally.games["pitagoras finished"]
    if GROWTH in done.tally.findings:
        pytest.xfail(f"open (issue 49's note): {GROWTH}: {done.tally.findings[GROWTH][1]}")
