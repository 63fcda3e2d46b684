"""Failed logins are throttled (issue 26): after 10 failures for one username or from one address
within 15 minutes, the admin's login form and /login/ answer 429 with Retry-After
(tournaments/login_throttle.py; the API's token endpoint: tests/api/test_auth_token.py)."""

import datetime
import ipaddress

import pytest
from axes.models import AccessAttempt
from django.core.management import call_command
from django.db.models import F
from django.test import RequestFactory
from django.utils import translation

from tournaments.login_throttle import client_ip, lockout_message

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


PROXY = "172.31.250.2"  # the reverse proxy, on the network trusted below


@pytest.fixture
def behind_a_proxy(settings):
    settings.TRUSTED_PROXIES = (ipaddress.ip_network("172.31.250.0/24"),)


def test_the_client_address_behind_a_trusted_proxy_is_the_last_forwarded_one(behind_a_proxy):
    factory = RequestFactory()
    forwarded = factory.get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="1.2.3.4, 5.6.7.8")
    assert client_ip(forwarded) == "5.6.7.8"
    assert client_ip(factory.get("/", REMOTE_ADDR=PROXY)) == PROXY
    made_up = factory.get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="not-an-address")
    assert client_ip(made_up) == PROXY
    # A chain of trusted proxies: the address the first of them saw.
    chain = factory.get(
        "/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="1.2.3.4, 5.6.7.8, 172.31.250.9"
    )
    assert client_ip(chain) == "5.6.7.8"


def test_a_forwarded_address_from_a_client_that_is_not_a_trusted_proxy_is_ignored(
    behind_a_proxy,
):
    factory = RequestFactory()
    direct = factory.get("/", REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR="1.2.3.4")
    assert client_ip(direct) == "203.0.113.9"
    ipv6 = factory.get("/", REMOTE_ADDR="2001:db8::7", HTTP_X_FORWARDED_FOR="1.2.3.4")
    assert client_ip(ipv6) == "2001:db8::7"


def test_by_default_only_a_proxy_on_the_same_machine_is_trusted(settings):
    from config.env import LOOPBACK, env_networks

    settings.TRUSTED_PROXIES = env_networks("MCR_TRUSTED_PROXIES_UNSET", LOOPBACK)
    factory = RequestFactory()
    local = factory.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="1.2.3.4")
    assert client_ip(local) == "1.2.3.4"
    other = factory.get("/", REMOTE_ADDR="10.0.0.3", HTTP_X_FORWARDED_FOR="1.2.3.4")
    assert client_ip(other) == "10.0.0.3"


def fail_as(client, address: str, forwarded: str, username: str):
    return client.post(
        "/login/",
        {"username": username, "password": "wrong-password"},
        REMOTE_ADDR=address,
        HTTP_X_FORWARDED_FOR=forwarded,
    )


def test_failures_with_a_new_made_up_forwarded_address_each_lock_the_real_address(
    client, director, behind_a_proxy
):
    """A client reaching gunicorn directly cannot escape the count by rotating the header."""
    statuses = [
        fail_as(client, "203.0.113.9", f"198.51.100.{n}", f"nobody{n}").status_code
        for n in range(10)
    ]
    assert statuses == [200] * 9 + [429]
    assert_locked(log_in(client, "/admin/login/", "director", PASSWORD, "203.0.113.9"))
    assert log_in(client, "/admin/login/", "director", PASSWORD, "203.0.113.10").status_code == 302


def test_behind_the_trusted_proxy_failures_count_under_the_forwarded_address(
    client, director, behind_a_proxy
):
    statuses = [fail_as(client, PROXY, "198.51.100.1", f"nobody{n}").status_code for n in range(10)]
    assert statuses == [200] * 9 + [429]
    # Another client behind the same proxy is not locked out with him.
    other = client.post(
        "/admin/login/",
        {"username": "director", "password": PASSWORD},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR="198.51.100.2",
    )
    assert other.status_code == 302
