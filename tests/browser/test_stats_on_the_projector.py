"""The projector between sessions, in Chromium: the draw turns, after its last page, to the
statistics' pictures, shows them one after the other in large type and comes back to the
draw; the pictures fit a 1400 x 788 projector without scrolling."""

import pytest
from django.core.cache import cache
from selenium.webdriver.common.by import By

from public import views as public_views
from tests.browser.helpers import wait
from tests.tournament_stats.played import build_played
from tests.tournament_stats.two_sessions import end_session, play_second_session
from tests.tournaments.factories import seated_table
from tournament_stats import views

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def between_sessions(settings):
    """The statistics' small tournament (tests/tournament_stats/played.py): session 2 over,
    session 3 drawn and not started."""
    settings.PUBLIC_RENDER_SECONDS = 0
    cache.clear()
    played = build_played()
    play_second_session(played)
    end_session(played, 2, 5)
    seated_table(played, session_number=3, table_number=1)
    return played


def shown_chart(driver) -> str:
    """The class of the chart on the screen ("" while none is)."""
    charts = driver.find_elements(By.CSS_SELECTOR, ".stats-screen-picture:not([hidden]) svg")
    return charts[0].get_attribute("class") if charts else ""


def test_between_sessions_the_projector_shows_the_pictures_and_returns_to_the_draw(
    browser,
    live_server,
    between_sessions,
    monkeypatch,
):
    monkeypatch.setattr(public_views, "DRAW_PAGE_SECONDS", 2)
    monkeypatch.setattr(views, "PROJECTOR_SECONDS", 2)
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 1400, "height": 788, "deviceScaleFactor": 1, "mobile": False},
    )
    browser.get(f"{live_server.url}/t/stats-open/draw/")
    assert browser.find_elements(By.CSS_SELECTOR, "#draw[data-after]")
    wait(browser).until(lambda b: "points-histogram" in shown_chart(b))
    assert "projector=1" in browser.current_url
    chart = browser.find_element(By.CSS_SELECTOR, ".stats-screen-picture:not([hidden]) svg")
    assert chart.size["height"] > 400  # large type: the picture fills the screen's height
    assert browser.execute_script(
        "return document.documentElement.scrollHeight <= window.innerHeight"
        " && document.documentElement.scrollWidth <= window.innerWidth"
    )
    wait(browser).until(lambda b: "fan-bars" in shown_chart(b))
    wait(browser).until(lambda b: "bump-chart" in shown_chart(b))
    assert browser.execute_script(
        "return document.documentElement.scrollHeight <= window.innerHeight"
    )
    wait(browser).until(lambda b: b.current_url.endswith("/t/stats-open/draw/"))
    assert "Session 3, next to play" in browser.find_element(By.CSS_SELECTOR, "#draw h1").text
