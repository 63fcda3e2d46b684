"""Fixtures of the score desk's tests: logins by role, API clients, a started sheet of a
points-only and of a tiles tournament (helpers: tests/desk/helpers.py)."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from tests.desk.helpers import api_client
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Tournament
from tournaments.roles import ROLE_GROUPS, STAFF_ROLES, Role


@pytest.fixture
def login(db):
    """login(role, name=None) → a new user with that role (a Role, or None for none)."""
    counter = iter(range(1, 10_000))

    def make(role, name: str | None = None):
        name = name or f"{role or 'nobody'}-{next(counter)}"
        user = get_user_model().objects.create_user(
            name, password=None, is_staff=role is None or Role(role) in STAFF_ROLES
        )
        if role is not None:
            user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role(role)])[0])
        return user

    return make


@pytest.fixture
def as_role(login):
    """as_role(role, name=None) → an APIClient logged in as a new user of that role."""

    def make(role, name: str | None = None):
        return api_client(login(role, name))

    return make


@pytest.fixture
def clerks(as_role):
    """Three score-desk clerks' clients."""
    return [as_role(Role.SCORE_DESK, f"clerk{n}") for n in (1, 2, 3)]


@pytest.fixture
def chief(as_role):
    return as_role(Role.CHIEF_UMPIRE, "chief")


@pytest.fixture
def sheet(db):
    """Session 1, table 1 of a points-only tournament, started; players A-D seated."""
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    return seated_table(tournament, started=True)


@pytest.fixture
def tiles_sheet(db):
    return seated_table(TournamentFactory(entry_mode=Tournament.EntryMode.TILES), started=True)
