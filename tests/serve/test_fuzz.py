"""The API and the command line fuzzed (tests/serve/fuzz.py): a few hundred requests
made from the verbs' declarations; more with EUREKA_FUZZ_REQUESTS (EUREKA_FUZZ_SEED)."""

import os
import uuid

import pytest

from tests.serve import fuzz

REQUESTS = int(os.environ.get("EUREKA_FUZZ_REQUESTS", "300"))
SEED = os.environ.get("EUREKA_FUZZ_SEED", "ci")


def test_no_request_crashes_leaks_or_opens_a_file(client, tmp_path):
    secret = f"eureka-fuzz-secret-{uuid.uuid4().hex}"
    sentinel = tmp_path / "sentinel.txt"
    sentinel.write_text(secret + "\n")
    failures = fuzz.run(client, SEED, REQUESTS, sentinel, secret)
    if failures:
        pytest.fail(f"{len(failures)} failures:\n" + "\n".join(failures[:30]),
                    pytrace=False)
