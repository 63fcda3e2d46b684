"""API clients per role, for the whole suite (registered in tests/conftest.py).

`as_role(Role.UMPIRE)` gives an APIClient logged in (by token) as a new user of that role;
`as_role(None)` a logged-in user without a role; `anonymous` no login at all.
"""

import pytest
from django.contrib.auth.models import Group
from rest_framework.test import APIClient

from tests.api.helpers import client_for
from tournaments.roles import ROLE_GROUPS, Role


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
