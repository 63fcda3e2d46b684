"""Shared test configuration.

Tests that need a real server (Redis, PostgreSQL, Chromium) skip on a bare machine, but when
`MCR_REQUIRE_SERVICES=1` (set by .ci/run for its second pass) a missing server fails the test:
CI must prove the plumbing works, never silently skip it.
"""

import os

import pytest


def services_required() -> bool:
    return os.environ.get("MCR_REQUIRE_SERVICES", "") == "1"


def skip_or_fail(reason: str) -> None:
    if services_required():
        pytest.fail(f"{reason} (MCR_REQUIRE_SERVICES=1: this test must run)")
    pytest.skip(reason)


def pytest_configure(config):
    """The translation catalogues compiled before any test, as `make test` does (a run of
    pytest alone must see the same languages)."""
    from django.conf import settings

    if settings.configured:
        from tournaments.translations import compile_catalogues

        compile_catalogues()


@pytest.fixture(autouse=True)
def _default_language_after_each_test():
    """A request through the test client activates its language in this thread and leaves it
    active; the next test starts in the default language again."""
    yield
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
