"""Rows built once for all the tests of a module: Django's `setUpTestData`, for pytest.

A fixture of module scope opens a transaction around the whole module, builds its rows inside
it, and rolls it back once the module's last test has run. Each test (`db`, not transactional)
runs in a savepoint of that transaction, as a TestCase's tests do: what a test writes is undone
after it, so the next test finds the rows as they were built, and nothing of them outlives the
module, on SQLite and PostgreSQL alike.

    @pytest.fixture(scope="module")
    def demo_slug(django_db_setup, django_db_blocker):
        yield from built_once(django_db_blocker, build_the_demo)

    @pytest.fixture
    def demo(demo_slug, db):
        return Tournament.objects.get(slug=demo_slug)  # a fresh instance for every test

Hand the tests fresh instances (by a function-scoped fixture, as above), never the objects the
builder made: those are shared, and one test's changes to them would reach the next.

Only for modules whose tests are not transactional: a `transactional_db` or `live_server` test
flushes the database and commits, which an enclosing transaction does not allow, and a thread
or another process does not see the rows (they are never committed).
"""

from collections.abc import Callable, Iterator
from typing import TypeVar

T = TypeVar("T")


def built_once(django_db_blocker, build: Callable[[], T]) -> Iterator[T]:
    """The body of a module-scoped fixture: `yield from built_once(django_db_blocker, build)`
    gives what `build()` returned; its rows stay until the module is done, then are rolled
    back."""
    from django.db import connection
    from django.test import TestCase

    with django_db_blocker.unblock():
        atomics = TestCase._enter_atomics()  # the transaction of a TestCase class
        try:
            value = build()
        except BaseException:
            TestCase._rollback_atomics(atomics)
            raise
    try:
        yield value
    finally:
        with django_db_blocker.unblock():
            intact = connection.in_atomic_block
            TestCase._rollback_atomics(atomics)
        assert intact, "a test of this module ended the shared transaction (a transactional test?)"
