"""A player's public page (/t/{slug}/players/{n}/) shows his line of the statistics, as the
API's `players` gives it, and a picture of his sessions: his place in the standings after
each and the table points he took in each. Both read the figures kept per published version,
and neither shows while the standings are not published."""

import re
import xml.etree.ElementTree as ET

import pytest

from tests.tournament_stats.page_helpers import SVG, release
from tests.tournament_stats.two_sessions import play_second_session
from tournament_stats import selectors
from tournaments.models import SessionResult
from tournaments.roles import Role
from tournaments.selectors.standings import points_value, standings_compute

API = "/api/tournaments/stats-open/stats/"
HEADERS = ["Hands", "Wins", "Self-drawn", "Dealt in", "Average win", "Biggest win"]


@pytest.fixture
def two_sessions(played):
    play_second_session(played)
    return played


def player_page(client, number: int) -> str:
    response = client.get(f"/t/stats-open/players/{number}/")
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def panel_figures(html: str) -> dict[str, str]:
    """The panel's line of figures, by its column's heading."""
    panel = re.search(r'<section class="player-stats">(.*?)</section>', html, re.S).group(1)
    return dict(re.findall(r"<dt[^>]*>([^<]+)</dt><dd[^>]*>([^<]*)</dd>", panel))


def player_chart(html: str) -> ET.Element:
    return ET.fromstring(re.search(r'<svg class="player-chart".*?</svg>', html, re.S).group(0))


def texts(chart: ET.Element, kind: str) -> list[str]:
    return [t.text for t in chart.iter(f"{SVG}text") if t.get("class") == kind]


def shown(value) -> str:
    """A figure as the pages print it (floatformat:"-1", "—" for none)."""
    if value is None:
        return "—"
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


@pytest.mark.parametrize("number", [1, 2, 6, 8])
def test_his_figures_are_the_apis_players_entry_for_him(two_sessions, client, as_role, number):
    api = as_role(Role.PLAYER).get(API).json()
    entry = next(row for row in api["players"] if row["number"] == number)
    figures = panel_figures(player_page(client, number))
    assert list(figures) == HEADERS
    assert figures == {
        "Hands": str(entry["hands"]),
        "Wins": str(entry["wins"]),
        "Self-drawn": str(entry["self_drawn"]),
        "Dealt in": str(entry["dealt_in"]),
        "Average win": shown(entry["win_points_avg"]),
        "Biggest win": shown(entry["biggest_hand"]),
    }


def test_the_winner_of_two_hands_shows_his_wins_and_biggest_hand(two_sessions, client):
    figures = panel_figures(player_page(client, 8))
    assert (figures["Wins"], figures["Self-drawn"], figures["Biggest win"]) == ("2", "1", "24")
    assert figures["Average win"] == "20"


def test_his_picture_shows_his_place_after_each_session_and_his_table_points(two_sessions, client):
    html = player_page(client, 8)
    chart = player_chart(html)
    after = [
        {
            row.number: row.rank
            for row in standings_compute(
                tournament=two_sessions, through_session=n, live=True
            ).players
        }[8]
        for n in (1, 2)
    ]
    assert texts(chart, "place") == [str(place) for place in after]
    assert after[1] == 1 and after[0] > 1
    results = SessionResult.objects.filter(player__lot_number=8, player__tournament=two_sessions)
    table_points = [
        str(points_value(r.table_points))
        for r in results.select_related("session").order_by("session__number")
    ]
    assert texts(chart, "table-points") == table_points
    circles = [c for c in chart.iter(f"{SVG}circle") if c.get("class") == "place"]
    assert float(circles[1].get("cy")) < float(circles[0].get("cy"))  # he went up
    assert "S1: place" in chart.find(f"{SVG}desc").text


def test_a_single_session_shows_its_place_and_table_points(played, client):
    chart = player_chart(player_page(client, 6))
    assert len(texts(chart, "place")) == 1 and texts(chart, "table-points") == ["4"]


def test_the_panel_is_not_shown_while_the_standings_are_not_published(
    two_sessions, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        release(two_sessions, False)
    html = player_page(client, 8)
    assert "player-stats" not in html and "<svg" not in html
    assert "The standings are not published yet." in html
    with django_capture_on_commit_callbacks(execute=True):
        release(two_sessions, True)
    assert "player-stats" in player_page(client, 8)


def test_a_player_without_a_hand_is_told_so(played, client):
    from tests.tournaments.factories import PlayerFactory

    PlayerFactory(tournament=played, name="Late Comer", lot_number=9, registration_number=9)
    html = player_page(client, 9)
    assert "No hand played yet." in html and "player-stats" in html


def test_the_players_pages_read_the_kept_figures_once_per_version(
    two_sessions, client, monkeypatch
):
    computed = {"stats": 0, "places": 0}

    def counting(name, compute):
        def wrapped(tournament_id):
            computed[name] += 1
            return compute(tournament_id)

        return wrapped

    monkeypatch.setattr(selectors, "stats_compute", counting("stats", selectors.stats_compute))
    monkeypatch.setattr(selectors, "places_compute", counting("places", selectors.places_compute))
    for number in (1, 2, 3, 8):
        player_page(client, number)
    client.get("/t/stats-open/stats/")
    assert computed == {"stats": 1, "places": 1}


def test_a_web_process_fetches_the_statistics_and_places_once_per_version(
    two_sessions, client, monkeypatch
):
    """A second player's page of the same version takes his line of the statistics and of
    the places from this process's copy: neither whole value is fetched from the cache
    again (at 1,000 players, unpickling both was a third of a player's page)."""
    from django.core.cache import cache

    first = panel_figures(player_page(client, 1))
    fetched = []
    real_get = cache.get
    monkeypatch.setattr(
        cache, "get", lambda key, *a, **k: fetched.append(key) or real_get(key, *a, **k)
    )
    second = player_page(client, 2)
    assert panel_figures(second) and panel_figures(second) != first
    assert player_chart(second) is not None
    whole = [key for key in fetched if key.startswith("tournament_stats:") and "version" not in key]
    assert whole == []
