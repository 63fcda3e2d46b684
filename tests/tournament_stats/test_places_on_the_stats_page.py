"""The statistics page's bump chart: the places after each session of the first eight players
of the live standings (those the public standings page shows), drawn as inline SVG with a
table of the same places; the places are the tournaments app's standings through each
session, and nothing of them shows while the standings are not published."""

import re
import xml.etree.ElementTree as ET

import pytest

from tests.tournament_stats.page_helpers import SVG, page, release, svgs
from tests.tournament_stats.two_sessions import play_second_session
from tournament_stats import charts
from tournament_stats.selectors import places_compute
from tournaments.selectors.standings import standings_compute

URL = "/t/stats-open/stats/"


@pytest.fixture
def two_sessions(played):
    play_second_session(played)
    return played


def places_table(html: str) -> dict[str, list[str]]:
    """The places' table under the picture: {name: [place after each session]}."""
    body = re.search(r'<details class="places-table">.*?<tbody>(.*?)</tbody>', html, re.S)
    rows = re.findall(r"<tr><td>([^<]*)</td>(.*?)</tr>", body.group(1))
    return {name: re.findall(r'<td class="num">([^<]*)</td>', cells) for name, cells in rows}


def series(chart: ET.Element) -> dict[str, ET.Element]:
    """Each line's group by the player's whole name (its tooltip)."""
    return {
        group.find(f"{SVG}title").text: group
        for group in chart.iter(f"{SVG}g")
        if "series" in group.get("class", "")
    }


def test_the_leaders_places_after_each_session_are_those_of_the_standings(two_sessions, client):
    html = page(client)
    chart = svgs(html)["bump-chart"]
    current = standings_compute(tournament=two_sessions, live=True)
    after_first = {
        row.name: row.rank
        for row in standings_compute(tournament=two_sessions, through_session=1, live=True).players
    }
    leaders = [row for row in current.players if row.rank is not None][:8]
    expected = {row.name: [str(after_first[row.name]), str(row.rank)] for row in leaders}
    assert places_table(html) == expected
    assert list(series(chart)) == [row.name for row in leaders]
    names = ["".join(t.itertext()) for t in chart.iter(f"{SVG}text") if t.get("class") == "name"]
    assert names == [f"{row.rank} {charts.short_name(row.name)}" for row in leaders]
    sessions = [t.text for t in chart.iter(f"{SVG}text") if t.get("class") == "session"]
    assert sessions == ["S1", "S2"]


def test_the_player_who_climbed_goes_up_the_chart_to_the_top(two_sessions, client):
    places = places_compute(two_sessions.pk)
    climber = next(row for row in places["players"] if row["number"] == 8)
    assert climber["places"][0] > 1 and climber["places"][1] == 1
    group = series(svgs(page(client))["bump-chart"])[climber["name"]]
    first, second = (
        float(p.split(",")[1]) for p in group.find(f"{SVG}polyline").get("points").split()
    )
    assert second < first and second == charts.BUMP_TOP
    assert len(group.findall(f"{SVG}path")) == 2  # a marker per session


def test_a_session_without_results_is_not_a_column(two_sessions, client):
    from tests.tournaments.factories import seated_table
    from tournaments.models import Player

    players = list(Player.objects.filter(tournament=two_sessions).order_by("lot_number"))
    seated_table(two_sessions, session_number=3, table_number=1, players=players[:4])
    assert places_compute(two_sessions.pk)["sessions"] == [1, 2]
    chart = svgs(page(client))["bump-chart"]
    assert [t.text for t in chart.iter(f"{SVG}text") if t.get("class") == "session"] == [
        "S1",
        "S2",
    ]


def test_a_single_session_draws_no_bump_chart(played, client):
    html = page(client)
    assert "bump-chart" not in svgs(html) and "places-table" not in html


def test_the_places_are_not_shown_while_the_standings_are_not_published(two_sessions, client):
    release(two_sessions, False)
    html = page(client)
    assert "bump-chart" not in svgs(html) and "places-table" not in html
    assert "fan-bars" in svgs(html)  # the tournament's own figures stay
    release(two_sessions, True)
    assert "bump-chart" in svgs(page(client))


def test_the_bump_chart_has_a_title_and_a_description_for_screen_readers(two_sessions, client):
    chart = svgs(page(client))["bump-chart"]
    assert chart.get("role") == "img"
    assert chart.find(f"{SVG}title").text == "Places of the leading players after each session"
    assert chart.find(f"{SVG}desc").text.startswith("A line per player")
