"""Which language a page speaks: a login's own choice, else the browser's Accept-Language; on
the public pages, the page's switcher (remembered in a cookie)."""

import pytest
from django.conf import settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.tournaments.factories import TournamentFactory
from tournaments.errors import TournamentError
from tournaments.models import UserPreference
from tournaments.services.accounts import user_language_set


@pytest.fixture
def umpire(django_user_model):
    return django_user_model.objects.create_user("ana", password="pw", is_staff=True)


def test_without_a_choice_the_browser_decides(client, db):
    response = client.get("/login/", HTTP_ACCEPT_LANGUAGE="es-ES,es;q=0.9")
    assert response["Content-Language"] == "es"


def test_a_logins_own_language_wins_over_its_browser(client, umpire):
    user_language_set(user=umpire, language="zh-hans")
    client.force_login(umpire)
    response = client.get("/admin/", HTTP_ACCEPT_LANGUAGE="es")
    assert response["Content-Language"] == "zh-hans"


def test_the_api_answers_a_token_in_its_logins_language(umpire):
    user_language_set(user=umpire, language="es")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=umpire).key}")
    response = api.get("/api/tournaments/", HTTP_ACCEPT_LANGUAGE="en")
    assert response["Content-Language"] == "es"


def test_the_language_page_keeps_a_logins_choice_and_sets_the_browsers(client, umpire):
    client.force_login(umpire)
    response = client.post("/language/", {"language": "es", "next": "/admin/"})
    assert response.status_code == 302 and response["Location"] == "/admin/"
    assert UserPreference.objects.get(user=umpire).language == "es"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"


def test_the_language_page_refuses_an_unknown_language_and_changes_nothing(client, umpire):
    client.force_login(umpire)
    response = client.post("/language/", {"language": "fr"})
    assert response.status_code == 200 and response.context["form"].errors
    assert not UserPreference.objects.filter(user=umpire).exists()


def test_the_service_refuses_an_unknown_language(umpire):
    with pytest.raises(TournamentError):
        user_language_set(user=umpire, language="xx")


def test_a_public_pages_switcher_is_remembered_for_the_next_pages(client, db):
    TournamentFactory(slug="madrid")
    switched = client.get("/language/zh-hans/?next=/t/madrid/")
    assert switched.status_code == 302 and switched["Location"] == "/t/madrid/"
    page = client.get("/t/madrid/", HTTP_ACCEPT_LANGUAGE="es")
    assert page["Content-Language"] == "zh-hans"
    assert 'lang="zh-hans"' in page.content.decode()


def test_on_a_public_page_the_switcher_wins_over_a_logins_choice(client, umpire):
    TournamentFactory(slug="madrid")
    user_language_set(user=umpire, language="es")
    client.force_login(umpire)
    client.get("/language/en/?next=/t/madrid/")
    assert client.get("/t/madrid/")["Content-Language"] == "en"
    assert client.get("/admin/")["Content-Language"] == "es"


def test_the_switcher_refuses_an_unknown_language_and_a_foreign_next(client, db):
    assert client.get("/language/fr/").status_code == 404
    response = client.get("/language/es/?next=https://evil.example/")
    assert response.status_code == 302 and response["Location"] == "/"


def test_every_public_page_offers_each_language_named_in_itself(client, db):
    TournamentFactory(slug="madrid")
    text = client.get("/t/madrid/").content.decode()
    for code, _name in settings.LANGUAGES:
        assert f'href="/language/{code}/?next=/t/madrid/"' in text


def test_the_switcher_names_each_language_in_itself(client, db):
    TournamentFactory(slug="madrid")
    text = client.get("/t/madrid/").content.decode()
    assert ">English<" in text and ">Español<" in text and ">简体中文<" in text


def test_the_language_page_names_each_language_in_itself_whatever_the_page_s_language(
    client, umpire
):
    user_language_set(user=umpire, language="zh-hans")
    client.force_login(umpire)
    page = client.get("/language/").content.decode()
    for name in ("English", "Español", "简体中文"):
        assert f">{name}</option>" in page


def test_the_language_page_returns_to_the_page_that_linked_to_it(client, umpire):
    client.force_login(umpire)
    came_from = "http://testserver/admin/tournaments/tablesession/"
    page = client.get("/language/", HTTP_REFERER=came_from)
    assert page.context["next"] == came_from
    response = client.post("/language/", {"language": "es", "next": page.context["next"]})
    assert response["Location"] == came_from


def test_a_referring_page_of_another_site_is_not_where_the_choice_returns(client, umpire):
    client.force_login(umpire)
    page = client.get("/language/", HTTP_REFERER="https://elsewhere.example/phish/")
    assert page.context["next"] == "/"
