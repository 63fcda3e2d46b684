"""The statistics on the hall's projector: between sessions the projector's draw
(/t/{slug}/draw/) turns, after its last page, to /t/{slug}/stats/?projector=1, which shows the
points histogram, the fan bars and the leaders' bump chart one at a time in large type and
then turns back to the draw; with a small script, and with a refresh where scripts do not run.
While a session runs, the draw turns to its own first page and the statistics' screen sends
the projector back to the draw."""

import re
import xml.etree.ElementTree as ET

import pytest

from tests.tournament_stats.page_helpers import SVG, release
from tests.tournament_stats.two_sessions import end_session, play_second_session
from tests.tournaments.factories import TournamentFactory, seated_table
from tournament_stats import views
from tournament_stats.selectors import tournament_stats

DRAW = "/t/stats-open/draw/"
PROJECTOR = "/t/stats-open/stats/?projector=1"


@pytest.fixture
def two_sessions(played):
    play_second_session(played)
    return played


@pytest.fixture
def between_sessions(two_sessions):
    """Session 2 over, session 3 drawn and not started."""
    end_session(two_sessions, 2, 5)
    seated_table(two_sessions, session_number=3, table_number=1)
    return two_sessions


def html_of(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def refresh_target(html: str) -> str:
    return re.search(r'<meta http-equiv="refresh" content="\d+;url=([^"]*)">', html).group(1)


def shown_picture(html: str) -> ET.Element:
    """The picture on the screen (the section not hidden), its chart parsed as XML."""
    section = re.search(
        r'<section class="stats-screen-picture" data-picture="\d+">(.*?)</section>', html, re.S
    ).group(1)
    return ET.fromstring(re.search(r"<svg\b.*?</svg>", section, re.S).group(0))


def chart_kind(svg: ET.Element) -> str:
    return svg.get("class").split()[1]


def test_between_sessions_the_draw_turns_to_the_statistics_after_its_last_page(
    between_sessions, client
):
    html = html_of(client, DRAW)
    assert "Session 3, next to play" in html
    assert 'data-after="/t/stats-open/stats/?projector=1"' in html
    assert refresh_target(html) == "/t/stats-open/stats/?projector=1"


def test_the_projector_shows_each_picture_in_turn_then_the_draw_again(between_sessions, client):
    first = html_of(client, PROJECTOR)
    assert chart_kind(shown_picture(first)) == "points-histogram"
    assert refresh_target(first) == "?projector=1&amp;picture=2"
    assert 'data-seconds="15"' in first and "projector.js" in first
    assert len(re.findall(r'class="stats-screen-picture"', first)) == 3
    second = html_of(client, PROJECTOR + "&picture=2")
    assert chart_kind(shown_picture(second)) == "fan-bars"
    third = html_of(client, PROJECTOR + "&picture=3")
    bump = shown_picture(third)
    assert chart_kind(bump) == "bump-chart"
    names = ["".join(t.itertext()) for t in bump.iter(f"{SVG}text") if t.get("class") == "name"]
    assert "1 Hal" in names
    assert refresh_target(third) == DRAW
    assert 'data-after="/t/stats-open/draw/"' in third


def test_a_picture_out_of_range_or_not_a_number_shows_one_that_exists(between_sessions, client):
    assert chart_kind(shown_picture(html_of(client, PROJECTOR + "&picture=9"))) == "bump-chart"
    assert chart_kind(shown_picture(html_of(client, PROJECTOR + "&picture=x"))) == (
        "points-histogram"
    )


def test_the_projectors_fan_bars_keep_to_the_most_frequent_fans(
    between_sessions, client, monkeypatch
):
    monkeypatch.setattr(views, "PROJECTOR_FANS", 1)
    html = html_of(client, PROJECTOR + "&picture=2")
    bars = shown_picture(html)
    assert len(list(bars.iter(f"{SVG}rect"))) == 1
    others = len(tournament_stats(between_sessions.pk)["fans"]) - 1
    assert others >= 1 and f"and {others} other fan" in html


def test_while_a_session_runs_the_draw_starts_over_and_the_statistics_send_it_back(
    two_sessions, client
):
    html = html_of(client, DRAW)
    assert "Session 2, in play" in html
    assert "data-after" not in html and refresh_target(html) == "?page=1"
    response = client.get(PROJECTOR)
    assert response.status_code == 302 and response["Location"] == DRAW


def test_the_bump_chart_is_not_projected_while_the_standings_are_not_published(
    between_sessions, client
):
    release(between_sessions, False)
    html = html_of(client, PROJECTOR + "&picture=3")
    assert len(re.findall(r'class="stats-screen-picture"', html)) == 2
    assert "bump-chart" not in html and chart_kind(shown_picture(html)) == "fan-bars"
    assert refresh_target(html) == DRAW


def test_before_any_hand_the_draw_keeps_to_itself(client, transactional_db):
    tournament = TournamentFactory(name="Early Open", slug="early")
    seated_table(tournament, table_number=1)
    html = html_of(client, "/t/early/draw/")
    assert "data-after" not in html and refresh_target(html) == "?page=1"
    response = client.get("/t/early/stats/?projector=1")
    assert response.status_code == 302 and response["Location"] == "/t/early/draw/"


def test_the_statistics_page_without_the_projector_is_unchanged(between_sessions, client):
    html = html_of(client, "/t/stats-open/stats/")
    assert "<script" not in html and "stats-screen" not in html
