"""POST /api/auth/token/."""

from rest_framework.test import APIClient

from tests.api.conftest import assert_error


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
