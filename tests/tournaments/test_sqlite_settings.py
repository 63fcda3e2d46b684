"""The database is set up for several umpires writing at once, whichever one is configured.

SQLite (the embedded default): WAL journal, IMMEDIATE transactions (a writer takes the write
lock when its transaction begins, instead of failing with "database is locked" when it first
writes), a 20 s wait for that lock, and a test database in a file the threads share.
PostgreSQL (DATABASE_URL, CI's second pass): row locks (select_for_update) under READ
COMMITTED, so a second writer of a sheet waits and then re-reads the sheet's version.
"""

import os
import sqlite3
import threading

import pytest
from django.db import DatabaseError, connection, transaction

from tests.tournaments.concurrency_helpers import errors_of, run_together
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import TableSession
from tournaments.services.sheets import sheet_lock


def expected_vendor() -> str:
    url = os.environ.get("DATABASE_URL", "")
    return "postgresql" if url.startswith(("postgres://", "postgresql://")) else "sqlite"


def settings_seen_by_this_connection() -> dict:
    connection.ensure_connection()
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("PRAGMA journal_mode")
            journal = cursor.fetchone()[0]
            cursor.execute("PRAGMA busy_timeout")
            busy_ms = cursor.fetchone()[0]
            cursor.execute("PRAGMA synchronous")
            synchronous = cursor.fetchone()[0]
            return {
                "journal_mode": journal,
                "busy_timeout_ms": busy_ms,
                "synchronous": synchronous,
                "transaction_mode": connection.transaction_mode,
            }
        cursor.execute("SHOW transaction_isolation")
        return {"isolation": cursor.fetchone()[0]}


@pytest.mark.django_db
def test_the_concurrency_tests_run_on_the_database_that_database_url_names():
    assert connection.vendor == expected_vendor()


@pytest.mark.django_db(transaction=True)
def test_every_connection_is_set_up_for_several_writers_at_once():
    if connection.vendor == "sqlite":
        expected = {
            "journal_mode": "wal",
            "busy_timeout_ms": 20_000,
            "synchronous": 1,  # NORMAL: safe with WAL, fewer fsyncs
            "transaction_mode": "IMMEDIATE",
        }
        name = str(connection.settings_dict["NAME"])
        assert ":memory:" not in name and "mode=memory" not in name
        assert os.path.isfile(name), "the threads of a test must share one database file"
    else:
        assert connection.vendor == "postgresql"
        assert connection.features.has_select_for_update
        assert connection.features.has_select_for_update_nowait
        expected = {"isolation": "read committed"}

    # The main thread's connection and a fresh connection opened by another thread alike.
    outcomes = run_together(settings_seen_by_this_connection, settings_seen_by_this_connection)
    assert errors_of(outcomes) == []
    assert settings_seen_by_this_connection() == expected
    assert [o.result for o in outcomes] == [expected, expected]


def second_writer_is_kept_out(sheet: TableSession) -> bool:
    """Whether another connection, not waiting, is refused a write lock on the sheet."""
    if connection.vendor == "sqlite":
        other = sqlite3.connect(connection.settings_dict["NAME"], timeout=0)
        try:
            other.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            assert "locked" in str(error)
            return True
        else:
            other.rollback()
            return False
        finally:
            other.close()
    try:
        with transaction.atomic():
            TableSession.objects.select_for_update(nowait=True).get(pk=sheet.pk)
    except DatabaseError:
        return True
    finally:
        connection.close()
    return False


@pytest.mark.django_db(transaction=True)
def test_a_locked_sheet_keeps_a_second_writer_out_until_the_first_commits():
    sheet = seated_table(TournamentFactory(), started=True)
    locked, release = threading.Event(), threading.Event()

    def first_umpire() -> None:
        try:
            with transaction.atomic():
                # Only reads so far: the lock must already be held (IMMEDIATE / FOR UPDATE).
                sheet_lock(table_session=sheet)
                locked.set()
                assert release.wait(timeout=30)
        finally:
            connection.close()

    holder = threading.Thread(target=first_umpire)
    holder.start()
    try:
        assert locked.wait(timeout=30)
        kept_out_while_locked = run_together(lambda: second_writer_is_kept_out(sheet))
    finally:
        release.set()
        holder.join(timeout=30)
    kept_out_after_commit = run_together(lambda: second_writer_is_kept_out(sheet))

    assert errors_of(kept_out_while_locked + kept_out_after_commit) == []
    assert kept_out_while_locked[0].result is True
    assert kept_out_after_commit[0].result is False
