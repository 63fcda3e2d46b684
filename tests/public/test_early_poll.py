"""During play most polls of a public page see a new version. Once this process has sent the
answer of that version in a language, the next reader's poll gets the same body before the
session, language and login middleware run (public/middleware.py); anything it cannot be
sure of goes on to the view."""

import gzip

import pytest
from django.contrib.sessions.middleware import SessionMiddleware

from tests.public.helpers import win

LIVE = "/t/madrid/live.json?page=standings"


@pytest.fixture
def middleware_refused(monkeypatch):
    """From here on, a request that reaches the session middleware fails the test."""

    def refuse(self, request):
        raise AssertionError("the session middleware ran")

    def arm():
        monkeypatch.setattr(SessionMiddleware, "process_request", refuse)

    return arm


@pytest.fixture
def new_version(client, event):
    """(version the reader saw, the first reader's answer of the new version): a hand won
    since, and one reader's poll of it answered by the view."""
    _tournament, first_sheet, _second = event
    seen = client.get(LIVE).json()["version"]
    win(first_sheet, points=24)
    first = client.get(f"{LIVE}&v={seen}")
    assert first.json()["changed"] is True
    return seen, first


def test_a_changed_poll_gets_the_body_already_sent_without_the_middleware(
    client, new_version, middleware_refused
):
    seen, first = new_version
    middleware_refused()
    again = client.get(f"{LIVE}&v={seen}")
    assert again.content == first.content and ">48*<" in again.json()["html"]
    assert again.headers["Cache-Control"] == "no-store"
    assert again.headers["Content-Language"] == "en"
    assert "Accept-Language" in again.headers["Vary"]


def test_a_reader_taking_gzip_gets_the_same_body_compressed(
    client, new_version, middleware_refused
):
    seen, first = new_version
    middleware_refused()
    again = client.get(f"{LIVE}&v={seen}", headers={"accept-encoding": "gzip"})
    assert again.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(again.content) == first.content


def test_a_reader_of_another_language_is_answered_by_the_view_in_his_language(
    client, new_version, middleware_refused
):
    seen, _first = new_version
    spanish = client.get(f"{LIVE}&v={seen}", headers={"accept-language": "es"})
    assert spanish.headers["Content-Language"] == "es"
    assert "Jugador" in spanish.json()["html"]
    middleware_refused()
    again = client.get(f"{LIVE}&v={seen}", headers={"accept-language": "es"})
    assert again.content == spanish.content


def test_the_language_cookie_of_the_pages_switcher_chooses_the_body(
    client, new_version, middleware_refused, settings
):
    seen, _first = new_version
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    spanish = client.get(f"{LIVE}&v={seen}").content
    middleware_refused()
    assert client.get(f"{LIVE}&v={seen}", headers={"accept-language": "en"}).content == spanish


def test_a_logged_in_reader_is_left_to_the_view(client, new_version, middleware_refused, settings):
    seen, _first = new_version
    middleware_refused()
    client.cookies[settings.SESSION_COOKIE_NAME] = "some-session"
    with pytest.raises(AssertionError, match="session middleware"):
        client.get(f"{LIVE}&v={seen}")


def test_an_older_versions_body_is_never_given_early(
    client, event, new_version, middleware_refused
):
    _tournament, first_sheet, _second = event
    seen, _first = new_version
    win(first_sheet, points=8)
    middleware_refused()
    with pytest.raises(AssertionError, match="session middleware"):
        client.get(f"{LIVE}&v={seen}")
