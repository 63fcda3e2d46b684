"""Tests that need a real server (Redis, PostgreSQL, Chromium) skip on a bare machine, but when
`MCR_REQUIRE_SERVICES=1` (set by .ci/run for its second pass) a missing server fails the test:
CI must prove the plumbing works, never silently skip it."""

import os

import pytest


def services_required() -> bool:
    return os.environ.get("MCR_REQUIRE_SERVICES", "") == "1"


def skip_or_fail(reason: str) -> None:
    if services_required():
        pytest.fail(f"{reason} (MCR_REQUIRE_SERVICES=1: this test must run)")
    pytest.skip(reason)
