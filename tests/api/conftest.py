"""Fixtures of the API tests: a client per role, and the error format's assertions.

`as_role(Role.UMPIRE)` gives an APIClient logged in (by token) as a new user of that role;
`as_role(None)` a logged-in user without a role; `anonymous` no login at all.
"""

import pytest
from django.contrib.auth.models import Group
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.tournaments.factories import PlayerFactory, TournamentFactory, seated_table
from tests.tournaments.job_fixtures import eager_jobs, fake_print, make_staff, run_jobs
from tournaments.roles import ROLE_GROUPS, Role

__all__ = ["eager_jobs", "fake_print", "make_staff", "run_jobs"]
__all__ += ["PlayerFactory", "TournamentFactory", "seated_table"]


def client_for(user) -> APIClient:
    client = APIClient()
    if user is not None:
        token, _created = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    client.user = user
    return client


@pytest.fixture
def as_role(db, django_user_model):
    """as_role(role, username=None) → an APIClient authenticated as a new user of that role
    (None: no role; "superuser": a superuser). `client.user` is the user."""
    counter = iter(range(1, 10_000))

    def make(role, username: str | None = None) -> APIClient:
        name = username or f"{role or 'nobody'}-{next(counter)}"
        if role == "superuser":
            user = django_user_model.objects.create_superuser(name, password=None)
        else:
            user = django_user_model.objects.create_user(name, password=None, is_staff=True)
            if role is not None:
                group, _created = Group.objects.get_or_create(name=ROLE_GROUPS[Role(role)])
                user.groups.add(group)
        return client_for(user)

    return make


@pytest.fixture
def anonymous(db) -> APIClient:
    return APIClient()


def assert_error(response, status: int, code: str | None = None, field: str | None = None):
    """The response is `status` in the API's error format (with `code`/`field` if given)."""
    assert response.status_code == status, (response.status_code, response.content[:500])
    errors = response.json()["errors"]
    assert errors and all(set(e) == {"code", "message", "field"} for e in errors), errors
    assert all(e["message"] for e in errors), errors
    if code is not None:
        assert code in [e["code"] for e in errors], errors
    if field is not None:
        assert field in [e["field"] for e in errors], errors
    return errors
