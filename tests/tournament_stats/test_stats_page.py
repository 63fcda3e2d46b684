"""The public page /t/{slug}/stats/: the figures, their pictures as inline SVG (no script),
and the players' figures only while the standings are published."""

import re

from tests.tournament_stats.page_helpers import NOTICE, SVG, URL, page, release, svgs


def test_the_page_shows_the_totals_without_a_login(played, client):
    html = page(client)
    assert "<h1>Statistics</h1>" in html
    totals = dict(re.findall(r"<dt>([^<]+)</dt><dd>(\d+)</dd>", html))
    assert totals == {
        "Hands": "6",
        "Wins": "4",
        "Self-drawn wins": "2",
        "Draws": "1",
        "Stopped by the time limit": "1",
    }
    assert "<script" not in html


def test_the_pictures_are_inline_svg_that_parses_as_xml(played, client):
    charts = svgs(page(client))
    assert set(charts) == {"fan-bars", "points-histogram"}
    fans = charts["fan-bars"]
    labels = [t.text for t in fans.iter(f"{SVG}text") if t.get("class") == "label"]
    assert "Pure Straight" in labels
    assert len(list(fans.iter(f"{SVG}rect"))) == len(labels)
    histogram = charts["points-histogram"]
    bars = list(histogram.iter(f"{SVG}rect"))
    counts = [t.text for t in histogram.iter(f"{SVG}text") if t.get("class") == "count"]
    assert len(bars) == 8 and sum(int(c) for c in counts) == 4
    heights = [float(bar.get("height")) for bar in bars]
    assert max(heights) == 180 and heights[-1] == 0  # nothing of 88 or more


def test_the_pictures_keep_their_numbers_in_a_language_with_a_decimal_comma(played, client):
    charts = svgs(page(client, HTTP_ACCEPT_LANGUAGE="es"))
    for chart in charts.values():
        for rect in chart.iter(f"{SVG}rect"):
            assert "," not in rect.get("width") + rect.get("height") + rect.get("x")
    labels = [t.text for t in charts["fan-bars"].iter(f"{SVG}text") if t.get("class") == "label"]
    assert "Escalera Pura" in labels


def test_the_players_figures_are_shown_while_the_standings_are_published(played, client):
    html = page(client)
    assert NOTICE not in html
    assert 'href="/t/stats-open/players/1/">Player A</a>' in html
    assert "Dealt in" in html


def test_unpublished_standings_hide_the_players_figures_and_names(played, client):
    release(played, False)
    html = page(client)
    assert NOTICE in html
    assert "Player A" not in html and "Dealt in" not in html
    assert svgs(html)  # the tournament's own figures stay
    release(played, True)
    assert NOTICE not in page(client)


def test_an_unknown_tournament_is_a_404(played, client):
    assert client.get("/t/no-such-open/stats/").status_code == 404


def test_only_get_is_answered(played, client):
    assert client.post(URL).status_code == 405


def test_the_public_pages_link_to_the_statistics(played, client):
    html = page(client, "/t/stats-open/")
    assert 'href="/t/stats-open/stats/"' in html


def test_a_tournament_without_hands_says_so_and_draws_nothing(db, client):
    from tests.tournaments.factories import TournamentFactory

    TournamentFactory(slug="quiet-open")
    html = page(client, "/t/quiet-open/stats/")
    assert "No hand has been recorded yet." in html and "<svg" not in html
