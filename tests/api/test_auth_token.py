"""POST /api/auth/token/."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.api.helpers import assert_error, client_for
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.services.accounts import user_language_set


def test_it_gives_a_token_that_authenticates_later_requests(db, django_user_model):
    django_user_model.objects.create_user("umpire1", password="Table-Seven-77")
    client = APIClient()
    response = client.post(
        "/api/auth/token/", {"username": "umpire1", "password": "Table-Seven-77"}, format="json"
    )
    assert response.status_code == 200
    token = response.json()["token"]
    again = client.post(
        "/api/auth/token/", {"username": "umpire1", "password": "Table-Seven-77"}, format="json"
    )
    assert again.json()["token"] == token
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/schema/").status_code == 200


def test_it_refuses_a_wrong_password_in_the_error_format(db, django_user_model):
    django_user_model.objects.create_user("umpire1", password="Table-Seven-77")
    response = APIClient().post(
        "/api/auth/token/", {"username": "umpire1", "password": "nope"}, format="json"
    )
    assert_error(response, 400)


def test_it_refuses_a_missing_username_naming_the_field(db):
    response = APIClient().post("/api/auth/token/", {"password": "x"}, format="json")
    assert_error(response, 400, field="username")


def test_a_bad_token_is_refused_with_401(db):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert_error(client.get("/api/tournaments/"), 401)


# -- issue 26: failed logins are throttled ---------------------------------------------------


@pytest.fixture
def umpire(db, django_user_model, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return django_user_model.objects.create_user("umpire1", password="Table-Seven-77")


def token(client, username: str, password: str, address: str = "127.0.0.1"):
    return client.post(
        "/api/auth/token/",
        {"username": username, "password": password},
        format="json",
        REMOTE_ADDR=address,
    )


def test_ten_failures_then_the_right_password_is_429_with_a_retry_time(umpire):
    client = APIClient()
    for _ in range(9):
        assert_error(token(client, "umpire1", "nope"), 400)
    assert_error(token(client, "umpire1", "nope"), 429, code="throttled")  # the 10th
    response = token(client, "umpire1", "Table-Seven-77")
    errors = assert_error(response, 429, code="throttled")
    assert response["Retry-After"] == "900"
    assert errors[0]["field"] is None
    assert errors[0]["message"].startswith("Too many failed logins with this username")
    assert "Try again in 15 minutes" in errors[0]["message"]


def test_failures_on_the_login_forms_count_for_the_token_too(umpire, client):
    for _ in range(10):
        client.post("/login/", {"username": "umpire1", "password": "nope"})
    assert_error(token(APIClient(), "umpire1", "Table-Seven-77"), 429, code="throttled")


def test_different_usernames_from_one_address_lock_the_token_for_that_address(umpire):
    client = APIClient()
    for number in range(10):
        token(client, f"nobody{number}", "nope", "10.0.0.1")
    assert_error(token(client, "umpire1", "Table-Seven-77", "10.0.0.1"), 429, code="throttled")
    assert token(client, "umpire1", "Table-Seven-77", "10.0.0.2").status_code == 200


def test_nine_failures_then_the_right_password_gives_the_token(umpire):
    client = APIClient()
    for _ in range(9):
        token(client, "umpire1", "nope")
    assert token(client, "umpire1", "Table-Seven-77").status_code == 200


# -- issue 31: the token, its login, his language and his roles in one query -------------------


def test_a_token_request_reads_the_login_his_language_and_his_roles_in_one_query(db):

    user = get_user_model().objects.create_user("chief1", password=None, is_staff=True)
    user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.CHIEF_UMPIRE])[0])
    user_language_set(user=user, language="es")
    client = client_for(user)
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/api/score-sheets/")
    assert response.status_code == 200  # the chief umpire's role was known
    assert response["Content-Language"] == "es"
    statements = [query["sql"] for query in queries.captured_queries]
    reading_the_login = [sql for sql in statements if "authtoken_token" in sql]
    assert len(reading_the_login) == 1
    assert "tournaments_userpreference" in reading_the_login[0]
    assert "auth_user_groups" in reading_the_login[0]
    others = [sql for sql in statements if sql not in reading_the_login]
    assert not [sql for sql in others if "userpreference" in sql or "auth_user_groups" in sql]


def test_a_role_taken_away_counts_at_the_next_request(db):
    user = get_user_model().objects.create_user("chief2", password=None, is_staff=True)
    chiefs = Group.objects.get_or_create(name=ROLE_GROUPS[Role.CHIEF_UMPIRE])[0]
    user.groups.add(chiefs)
    client = client_for(user)
    assert client.get("/api/score-sheets/?tournament=none").status_code == 200
    assert client.post("/api/tournaments/", {}, format="json").status_code == 400  # may create
    user.groups.remove(chiefs)
    assert_error(client.post("/api/tournaments/", {}, format="json"), 403)


def test_a_group_named_like_two_roles_gives_neither(db):
    """Only the role groups' own names are read with the token: another group's name, even one
    holding the separator and a role's name, gives no role."""
    user = get_user_model().objects.create_user("visitor", password=None, is_staff=True)
    tricky = "x|" + ROLE_GROUPS[Role.CHIEF_UMPIRE] + "|" + ROLE_GROUPS[Role.ORGANISER]
    user.groups.add(Group.objects.create(name=tricky))
    assert_error(client_for(user).post("/api/tournaments/", {}, format="json"), 403)


def test_a_login_with_several_roles_has_each_of_them(db):
    from api.authentication import LanguageTokenAuthentication
    from tournaments import roles

    user = get_user_model().objects.create_user("both", password=None, is_staff=True)
    for role in (Role.UMPIRE, Role.COMMITTEE):
        user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[role])[0])
    key = Token.objects.create(user=user).key
    with CaptureQueriesContext(connection) as queries:
        found, _token = LanguageTokenAuthentication().authenticate_credentials(key)
        assert roles.has_role(found, Role.UMPIRE) and roles.has_role(found, Role.COMMITTEE)
        assert not roles.has_role(found, Role.ORGANISER)
    assert len(queries.captured_queries) == 1


def test_a_login_without_a_role_has_none(db):
    from api.authentication import LanguageTokenAuthentication
    from tournaments import roles

    user = get_user_model().objects.create_user("nobody", password=None)
    found, _token = LanguageTokenAuthentication().authenticate_credentials(
        Token.objects.create(user=user).key
    )
    assert not any(roles.has_role(found, role) for role in Role)


def test_a_token_of_an_inactive_login_is_refused_with_401(db):

    user = get_user_model().objects.create_user("gone", password=None, is_active=False)
    assert_error(client_for(user).get("/api/tournaments/"), 401)
