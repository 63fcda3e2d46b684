"""Helpers of the API tests: a client logged in by token, and the error format's assertions."""

from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient


def client_for(user) -> APIClient:
    client = APIClient()
    if user is not None:
        token, _created = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    client.user = user
    return client


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
