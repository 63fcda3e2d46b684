import os

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from tests.services import skip_or_fail


def expected_vendor() -> str:
    url = os.environ.get("DATABASE_URL", "")
    return "postgresql" if url.startswith(("postgres://", "postgresql://")) else "sqlite"


@pytest.mark.django_db
def test_the_database_is_the_one_database_url_names():
    assert connection.vendor == expected_vendor()


@pytest.mark.django_db
def test_rows_round_trip_through_the_configured_database():
    get_user_model().objects.create_user(username="umpire1", password="x-long-password-1")
    assert get_user_model().objects.filter(username="umpire1").count() == 1


@pytest.mark.django_db
def test_postgresql_is_really_used_when_services_are_required():
    if expected_vendor() != "postgresql":
        skip_or_fail("DATABASE_URL does not name PostgreSQL")
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        assert "PostgreSQL" in cursor.fetchone()[0]


@pytest.mark.django_db
def test_a_statement_run_five_times_on_postgresql_is_prepared():
    """The umpires' queries are parsed and planned once per connection (config/settings.py)."""
    if expected_vendor() != "postgresql":
        skip_or_fail("DATABASE_URL does not name PostgreSQL")
    users = get_user_model().objects
    for _run in range(6):
        list(users.filter(username="umpire-prepared"))
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert any("umpire" not in text and "auth_user" in text for text in prepared), prepared
