"""The hall clock in Chromium: the countdown from the session's actual start, the 15-minute
warning of rule 3.5.6, the end; and a screen whose own clock is wrong still shows the time of
the server."""

import re
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone
from selenium.webdriver.common.by import By

from tests.browser.helpers import wait
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.services.sessions import session_end, session_start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Shifts the screen's clock by this many milliseconds before the page's scripts run.
SKEWED_CLOCK = """
const skew = %d; const RealDate = Date;
class SkewedDate extends RealDate {
  constructor(...a) { if (a.length) { super(...a); } else { super(RealDate.now() + skew); } }
  static now() { return RealDate.now() + skew; }
}
window.Date = SkewedDate;
"""


@pytest.fixture
def session(db):
    cache.clear()
    tournament = TournamentFactory(name="Clock Open", slug="clock-open")
    return seated_table(tournament).session


def started_minutes_ago(session, minutes: float):
    session_start(session=session, at=timezone.now() - timedelta(minutes=minutes))


def shown(browser) -> tuple[str, str, str]:
    root = browser.find_element(By.ID, "clock")
    return (
        root.get_attribute("data-state"),
        browser.find_element(By.ID, "clock-digits").text,
        browser.find_element(By.ID, "clock-message").text,
    )


def minutes_left(digits: str) -> float:
    parts = [int(p) for p in re.findall(r"\d+", digits)]
    hours, minutes, seconds = ([0] + parts)[-3:]
    return hours * 60 + minutes + seconds / 60


def test_a_session_started_136_minutes_ago_shows_the_15_minute_warning(
    browser, live_server, session
):
    started_minutes_ago(session, 136)
    browser.get(f"{live_server.url}/t/clock-open/clock/")
    wait(browser).until(lambda b: shown(b)[0] == "warning")
    state, digits, message = shown(browser)
    assert 13.5 < minutes_left(digits) <= 14.01
    assert "Last 15 minutes" in message


def test_a_session_started_151_minutes_ago_shows_the_end(browser, live_server, session):
    started_minutes_ago(session, 151)
    browser.get(f"{live_server.url}/t/clock-open/clock/")
    wait(browser).until(lambda b: shown(b)[0] == "over")
    assert shown(browser)[1] == "00:00"
    assert "stop playing" in shown(browser)[2]


def test_a_screen_whose_clock_is_an_hour_fast_shows_the_servers_time(browser, live_server, session):
    started_minutes_ago(session, 60)
    browser.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument", {"source": SKEWED_CLOCK % (3600 * 1000)}
    )
    browser.get(f"{live_server.url}/t/clock-open/clock/")
    wait(browser).until(lambda b: shown(b)[0] == "running")
    assert browser.execute_script("return Date.now() - performance.timeOrigin") > 3_000_000
    assert 89 < minutes_left(shown(browser)[1]) <= 90.01


def test_the_clock_of_a_finished_tournament_says_it_is_over(browser, live_server, session):
    from tournaments.models import Tournament

    started_minutes_ago(session, 200)
    session_end(session=session)
    Tournament.objects.filter(pk=session.tournament_id).update(status=Tournament.Status.FINISHED)
    browser.get(f"{live_server.url}/t/clock-open/clock/")
    wait(browser).until(lambda b: shown(b)[0] == "finished")
    assert shown(browser)[2] == "The tournament is over."
    assert not browser.find_element(By.ID, "clock-digits").is_displayed()
    assert "stop playing" not in browser.find_element(By.ID, "clock").text
