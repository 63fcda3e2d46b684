"""Fixtures of the tournaments tests that only they use: the world of the role matrices and a
sheet lock held a moment (the concurrency tests).

The fixtures the printed forms' and the languages' tests share with these (`tournament`,
`table_session`, `sheet`, `people`, `locked`, the admin's, the appeals', the jobs' and the
exports') are registered for the whole suite in tests/conftest.py.
"""

import time

import pytest
from django.core.cache import cache

from tests.shared_rows import built_once
from tests.tournaments.roles_matrix_helpers import World, build_world, load_world


@pytest.fixture(scope="module")
def world_keys(django_db_setup, django_db_blocker) -> dict:
    """The world of the role matrices, built once per module (tests/shared_rows.py): each case
    writes inside its own savepoint, undone before the next case."""
    yield from built_once(django_db_blocker, lambda: build_world().keys())


@pytest.fixture
def world(world_keys, db) -> World:
    """Every case starts from the same world, read again (new instances, an empty cache)."""
    cache.clear()
    return load_world(world_keys)


@pytest.fixture
def held_sheet_lock(monkeypatch):
    """Keep every hand and penalty service's transaction open a moment after it has locked
    the sheet, so that a second writer surely arrives while the first one holds the lock."""
    from tournaments.services import hands, penalties, sheets

    real_lock = sheets.sheet_lock

    def slow_lock(**kwargs):
        locked = real_lock(**kwargs)
        time.sleep(0.3)
        return locked

    for module in (hands, penalties):
        monkeypatch.setattr(module, "sheet_lock", slow_lock)
