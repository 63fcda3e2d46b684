"""The series' public page /s/{slug}/ (series.views): its standings for everyone, the
tournaments whose standings are not published left out."""

import re

from django.test import Client

from tournaments.models import Player


def rows_of(html: str) -> list[str]:
    """The table's rows as their text, without the phone's copy of the country and the EMA
    number under the name."""
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    body = re.sub(r'<span class="narrow-only meta">.*?</span></td>', "</td>", body)
    return [
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip() for row in body.split("<tr>")[1:]
    ]


def test_the_page_shows_each_person_with_his_sums_and_each_tournaments_figures(league):
    response = Client().get("/s/league/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Club League" in html
    rows = rows_of(html)
    assert len(rows) == 7
    assert rows[0] == "1 Ann Lee Spain 10000001 5 6 1 · 4 · 32 3 · 1 · -26"
    assert rows[1].startswith("2 Eve France 4 46 — 1 · 4 · 46")
    assert "EMA 10000001" in html  # under the name, on a phone
    assert 'src="/static/flags/es.gif"' in html
    assert '<a href="/t/spring/">Spring</a>' in html


def test_the_page_shows_a_disqualified_players_figures_as_not_counted(league, seasons):
    _spring, autumn = seasons
    Player.objects.filter(tournament=autumn, name="Fay").update(status=Player.Status.DISQUALIFIED)
    rows = rows_of(Client().get("/s/league/").content.decode())
    assert rows[-1] == "— Fay 0 0 — disqualified · 0 · -38"  # nothing counts: no rank


def test_unpublished_standings_are_not_shown_to_anyone_on_the_page(league, seasons):
    _spring, autumn = seasons
    autumn.standings_public = False
    autumn.save()
    html = Client().get("/s/league/").content.decode()
    assert "The standings of Autumn are not published yet" in html
    rows = rows_of(html)
    assert not any("Eve" in row or "Fay" in row for row in rows)
    assert rows[0] == "1 Ann Spain 10000001 4 32 1 · 4 · 32"  # spring's name and figures only
    assert "-26" not in html and "46" not in html


def test_an_unknown_series_is_not_found(db):
    assert Client().get("/s/nowhere/").status_code == 404


def test_a_series_without_official_results_says_so(series_of, play_tournament):
    unsigned = play_tournament(
        "unsigned", [("A", ""), ("B", ""), ("C", ""), ("D", "")], [("A", "B", 8)], signed=False
    )
    series_of(unsigned)
    html = Client().get("/s/league/").content.decode()
    assert "No official results yet." in html
    assert "<tbody>" not in html


def test_the_page_is_kept_until_a_link_or_a_tournament_changes(
    league, seasons, organiser, django_assert_max_num_queries
):
    from series.services import series_player_link

    client = Client()
    first = client.get("/s/league/").content.decode()
    with django_assert_max_num_queries(4):  # the series, its tournaments, links, history
        assert client.get("/s/league/").content.decode() == first
    bobs = [
        Player.objects.get(tournament=seasons[0], name="Bob"),
        Player.objects.get(tournament=seasons[1], name=" bob "),
    ]
    series_player_link(series=league, players=bobs, user=organiser)
    assert len(rows_of(client.get("/s/league/").content.decode())) == len(rows_of(first)) - 1
