"""Fixtures of the admin tests, for the whole suite (registered in tests/conftest.py): a
tournament with a seated table (`admin_tournament`, `admin_sheet`), its umpire and his logged-in
client, a second table umpired by somebody else, eight registered players. Built directly
through the ORM and the shared factories; the helpers (form data, URLs) are in
tests/tournaments/admin_helpers.py."""

import pytest
from django.contrib.auth.models import Group

from tests.tournaments.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments.roles import ROLE_GROUPS, Role


@pytest.fixture
def admin_tournament(db):
    return TournamentFactory(name="Madrid Open", slug="madrid-open")


@pytest.fixture
def admin_sheet(admin_tournament):
    """Session 1, table 1 of the tournament (started): players A-D seated, no hand yet."""
    return seated_table(admin_tournament, started=True)


@pytest.fixture
def make_umpire(django_user_model):
    def make(username: str, password: str | None = None):
        # No password by default: tests log in with force_login, and hashing is slow.
        user = django_user_model.objects.create_user(
            username, f"{username}@example.org", password, is_staff=True
        )
        group, _created = Group.objects.get_or_create(name=ROLE_GROUPS[Role.UMPIRE])
        user.groups.add(group)
        return user

    return make


@pytest.fixture
def umpire(make_umpire, admin_sheet):
    """A staff member (not a superuser) who umpires `admin_sheet`."""
    user = make_umpire("umpire1")
    admin_sheet.umpire = user
    admin_sheet.save(update_fields=["umpire"])
    return user


@pytest.fixture
def other_sheet(admin_tournament, make_umpire):
    """Table 2 of session 1, umpired by somebody else."""
    table_session = seated_table(admin_tournament, table_number=2, started=True)
    table_session.umpire = make_umpire("umpire2")
    table_session.save(update_fields=["umpire"])
    return table_session


@pytest.fixture
def umpire_client(client, umpire):
    client.force_login(umpire)
    return client


@pytest.fixture
def eight_players(admin_tournament):
    return [
        PlayerFactory(tournament=admin_tournament, name=f"Player {n}", registration_number=n)
        for n in range(1, 9)
    ]
