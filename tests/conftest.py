"""Hypothesis profiles: `dev` (the default, quick), `ci` (what .ci/run uses) and
`thorough` (long hunts): `pytest --hypothesis-profile thorough`."""

from hypothesis import HealthCheck, settings

_COMMON = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=60, **_COMMON)
settings.register_profile("ci", max_examples=200, **_COMMON)
settings.register_profile("thorough", max_examples=5000, **_COMMON)
settings.load_profile("dev")
