"""Shared test configuration.

Where a test's fixtures come from: the conftest.py of its directory, or one of the fixture
modules below, registered for the whole suite (pytest reads `pytest_plugins` only here). A test
names the fixtures it uses as arguments and never imports them; no module imports a test
module (tests/test_suite_layout.py checks both). Plain helpers (factories, builders, the
assertions of a format) live in modules of their own, imported by name.
"""

import pytest

pytest_plugins = [
    "tests.api.client_fixtures",  # as_role, anonymous
    "tests.tournaments.sheet_fixtures",  # tournament, table_session, points_sheet, sheet, ...
    "tests.tournaments.admin_fixtures",  # admin_tournament, admin_sheet, umpire, ...
    "tests.tournaments.appeal_fixtures",  # appeal_table, appeal_session, appeal_players, ...
    "tests.tournaments.job_fixtures",  # eager_jobs, run_jobs, fake_print, make_staff
    "tests.tournaments.export_fixtures",  # small_played, played_demo
]


def pytest_configure(config):
    """The translation catalogues compiled before any test, as `make test` does (a run of
    pytest alone must see the same languages)."""
    from django.conf import settings

    if settings.configured:
        from tournaments.translations import compile_catalogues

        # Under pytest-xdist (`make test`: two processes) the controlling process compiles them
        # before it starts its workers; a worker writing them again could truncate a file that
        # the other worker is reading.
        if not hasattr(config, "workerinput"):
            compile_catalogues()
        fast_password_hashing(settings)


def fast_password_hashing(settings) -> None:
    """Passwords set during the tests are hashed with MD5, a thousandth of the production
    hasher's cost (Django's advice for tests); the production hashers still check a password
    hashed by them (by a command run in another process, say). No test is about the hash."""
    from django.contrib.auth.hashers import get_hashers

    md5 = "django.contrib.auth.hashers.MD5PasswordHasher"
    settings.PASSWORD_HASHERS = [md5, *(h for h in settings.PASSWORD_HASHERS if h != md5)]
    get_hashers.cache_clear()


@pytest.fixture(autouse=True)
def _dashboard_drawn_at_every_refresh(settings):
    """The dashboard's tables are kept per tournament id and live version, which outlive a
    test's rolled-back rows in the cache: the next test's tournament, with the same id, would
    be shown the last one's. tests/tournaments/test_dashboard.py tests the shared copy."""
    settings.DASHBOARD_SHARED_SECONDS = 0


@pytest.fixture(autouse=True)
def _statistics_follow_every_version(settings):
    """As the dashboard above: the statistics' copies are kept per tournament id, so each test
    sees its own writes at once; tests/tournament_stats/test_stats_refresh.py tests the delay."""
    settings.STATS_REFRESH_SECONDS = 0


@pytest.fixture(autouse=True)
def _default_language_after_each_test():
    """A request through the test client activates its language in this thread and leaves it
    active; the next test starts in the default language again."""
    yield
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
