"""End to end in Chromium: the public standings page is open; an umpire enters a hand
through the API (over HTTP to the same live server); the page shows the new figures by
itself, without a reload."""

import httpx
import pytest
from django.core.cache import cache
from selenium.webdriver.common.by import By

from api.common import sheet_etag
from tests.browser.helpers import wait
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import TableSession
from tournaments.roles import ROLE_GROUPS, Role

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Live-Standings-Pass-2006"
PURE_STRAIGHT = {"melds": [], "concealed": "123456789m234p5p", "win_tile": "5p"}


@pytest.fixture
def sheet(settings, django_user_model):
    from django.contrib.auth.models import Group

    settings.PUBLIC_POLL_SECONDS = 1
    settings.PUBLIC_RENDER_SECONDS = 0
    cache.clear()
    tournament = TournamentFactory(name="Live Open", slug="live-open")
    sheet = seated_table(tournament, started=True)
    umpire = django_user_model.objects.create_user("ump", password=PASSWORD, is_staff=True)
    umpire.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.UMPIRE])[0])
    TableSession.objects.filter(pk=sheet.pk).update(umpire=umpire)
    return sheet


def cells(browser) -> list[str]:
    return [td.text for td in browser.find_elements(By.CSS_SELECTOR, "#live table td")]


def test_the_standings_page_shows_a_hand_entered_through_the_api_without_a_reload(
    browser, live_server, sheet
):
    browser.get(f"{live_server.url}/t/live-open/")
    assert "No session has been played yet." in browser.find_element(By.ID, "live").text
    browser.execute_script("window.notReloaded = true")

    api = httpx.Client(base_url=live_server.url, timeout=20)
    token = api.post("/api/auth/token/", json={"username": "ump", "password": PASSWORD})
    api.headers["Authorization"] = f"Token {token.json()['token']}"
    sheet.refresh_from_db()
    response = api.post(
        f"/api/score-sheets/{sheet.pk}/hands/",
        json={"outcome": "win", "winner": "A", "discarder": "B", "hand": PURE_STRAIGHT},
        headers={"If-Match": sheet_etag(sheet)},
    )
    assert response.status_code == 201, response.text
    total = sum(fan["points"] * fan["count"] for fan in response.json()["fans"])
    winner_gets = f"{3 * 8 + total}*"

    wait(browser).until(lambda b: winner_gets in cells(b))
    assert browser.execute_script("return window.notReloaded") is True
    assert "provisional" in browser.find_element(By.ID, "live").text
