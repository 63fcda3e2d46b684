"""Failed logins are throttled (issue 26): after 10 failures for one username or from one address
within 15 minutes, the admin's login form and /login/ answer 429 with Retry-After
(tournaments/login_throttle.py; the API's token endpoint: tests/api/test_auth_token.py)."""

import datetime

import pytest
from axes.models import AccessAttempt
from django.core.management import call_command
from django.db.models import F
from django.test import RequestFactory
from django.utils import translation

from tournaments.login_throttle import client_ip_behind_proxy, lockout_message

pytestmark = pytest.mark.django_db
PASSWORD = "Tiles-and-Winds-8"
LOGIN_PAGES = ["/admin/login/", "/login/"]
LOCKED = "Too many failed logins with this username or from this address"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_superuser("director", "d@example.org", PASSWORD)


def log_in(client, page: str, username: str, password: str, address: str = "127.0.0.1"):
    return client.post(page, {"username": username, "password": password}, REMOTE_ADDR=address)


def fail(client, page: str, times: int, username: str = "director", address: str = "127.0.0.1"):
    """`times` wrong passwords; every answer before the limit is the form again (200)."""
    return [
        log_in(client, page, username, "wrong-password", address).status_code for _ in range(times)
    ]


def assert_locked(response) -> None:
    assert response.status_code == 429
    assert response["Retry-After"] == "900"
    page = response.content.decode()
    assert LOCKED in page and "Try again in 15 minutes" in page


@pytest.mark.parametrize("page", LOGIN_PAGES)
def test_ten_failures_lock_the_username_even_for_the_right_password(client, director, page):
    assert fail(client, page, 9) == [200] * 9
    assert_locked(log_in(client, page, "director", "wrong-password"))  # the 10th
    locked = log_in(client, page, "director", PASSWORD)
    assert_locked(locked)
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("page", LOGIN_PAGES)
def test_nine_failures_still_let_the_right_password_in(client, director, page):
    fail(client, page, 9)
    response = log_in(client, page, "director", PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(director.pk)


def test_a_success_before_the_limit_resets_nothing(client, director):
    fail(client, "/login/", 9)
    assert log_in(client, "/login/", "director", PASSWORD).status_code == 302
    client.logout()
    # The success did not wipe the nine failures: the next one is the 10th.
    assert_locked(log_in(client, "/login/", "director", "wrong-password"))
    assert_locked(log_in(client, "/admin/login/", "director", PASSWORD))


def test_failures_with_different_usernames_from_one_address_lock_that_address(client, director):
    for number in range(9):
        assert log_in(client, "/login/", f"nobody{number}", "x", "10.0.0.1").status_code == 200
    assert_locked(log_in(client, "/login/", "nobody9", "x", "10.0.0.1"))
    assert_locked(log_in(client, "/admin/login/", "director", PASSWORD, "10.0.0.1"))
    # The username itself was never wrong: from another address it logs in.
    assert log_in(client, "/admin/login/", "director", PASSWORD, "10.0.0.2").status_code == 302


def test_a_locked_username_is_refused_from_any_address(client, director):
    fail(client, "/admin/login/", 10, address="10.0.0.1")
    assert_locked(log_in(client, "/admin/login/", "director", PASSWORD, "10.0.0.2"))


def earlier(minutes: int) -> None:
    """Every failure recorded so far moves `minutes` into the past."""
    AccessAttempt.objects.update(
        attempt_time=F("attempt_time") - datetime.timedelta(minutes=minutes)
    )


def test_failures_are_forgotten_15_minutes_after_the_last_one(client, director):
    fail(client, "/login/", 10)
    earlier(14)
    assert_locked(log_in(client, "/login/", "director", PASSWORD))  # counts: 15 minutes again
    earlier(15)
    assert log_in(client, "/login/", "director", PASSWORD).status_code == 302


def test_a_director_unlocks_a_username_with_axes_reset_username(client, director):
    fail(client, "/admin/login/", 10)
    call_command("axes_reset_username", "director", verbosity=0)
    assert log_in(client, "/admin/login/", "director", PASSWORD).status_code == 302


def test_the_lock_page_speaks_the_browsers_language(client, director):
    fail(client, "/login/", 10)
    response = client.post(
        "/login/", {"username": "director", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="es"
    )
    assert response.status_code == 429
    page = response.content.decode()
    assert '<html lang="es">' in page
    with translation.override("es"):
        assert lockout_message(900) in page


def test_the_client_address_behind_the_proxy_is_the_last_forwarded_one():
    factory = RequestFactory()
    forwarded = factory.get("/", REMOTE_ADDR="172.18.0.5", HTTP_X_FORWARDED_FOR="1.2.3.4, 5.6.7.8")
    assert client_ip_behind_proxy(forwarded) == "5.6.7.8"
    assert client_ip_behind_proxy(factory.get("/", REMOTE_ADDR="172.18.0.5")) == "172.18.0.5"
    made_up = factory.get("/", REMOTE_ADDR="172.18.0.5", HTTP_X_FORWARDED_FOR="not-an-address")
    assert client_ip_behind_proxy(made_up) == "172.18.0.5"
