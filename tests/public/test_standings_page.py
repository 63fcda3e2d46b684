"""GET /t/<slug>/: live standings, served from the cache while nothing changes."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.public.helpers import win


def test_it_shows_the_live_standings_with_the_open_sheet_marked_provisional(client, event):
    tournament, first, _second = event
    win(first, points=24)
    response = client.get("/t/madrid/")
    assert response.status_code == 200
    text = response.content.decode()
    assert "Madrid Open" in text and "Standings" in text
    # A wins 24 from B on discard: 24 + 8 from B, 8 from C and D → 48; B pays 32.
    assert ">48*<" in text and ">-32*<" in text
    assert "provisional" in text
    assert "Dragones" in text


def test_a_second_request_costs_no_query(client, event, django_assert_num_queries):
    client.get("/t/madrid/")
    with django_assert_num_queries(0):
        response = client.get("/t/madrid/")
    assert response.status_code == 200


def test_a_hand_recorded_after_a_visit_appears_at_the_next_one(client, event):
    _tournament, first, _second = event
    before = client.get("/t/madrid/").content.decode()
    assert ">48*<" not in before
    win(first, points=24)
    after = client.get("/t/madrid/").content.decode()
    assert ">48*<" in after


def test_an_unchanged_page_answers_304_to_its_etag(client, event):
    first = client.get("/t/madrid/")
    again = client.get("/t/madrid/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_an_unknown_tournament_is_404_and_is_not_remembered_for_long(client, transactional_db):
    assert client.get("/t/nowhere/").status_code == 404


def test_a_new_visit_after_a_write_queries_again(client, event):
    _tournament, first, _second = event
    client.get("/t/madrid/")
    win(first)
    with CaptureQueriesContext(connection) as queries:
        client.get("/t/madrid/")
    assert len(queries) > 0


def test_a_browser_that_takes_gzip_gets_the_page_compressed(client, event):
    import gzip

    plain = client.get("/t/madrid/")
    packed = client.get("/t/madrid/", HTTP_ACCEPT_ENCODING="gzip")
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) < len(plain.content)


def test_the_site_root_lists_the_tournaments_public_pages(client, event):
    response = client.get("/")
    assert response.status_code == 200
    assert (
        'href="/t/madrid/"' in response.content.decode()
        and "Madrid Open" in response.content.decode()
    )


def test_players_with_no_session_counted_come_after_every_ranked_player_with_a_dash(client, event):
    """Table 2 has no result yet: its four players have no place ("—"), below Player B of
    table 1 and his -32 (docs/results.md, "Who has not played takes no place")."""
    import re

    _tournament, first, _second = event
    win(first, points=24)
    text = client.get("/t/madrid/").content.decode()
    players = text[: text.index("teams-box")]
    ranks = re.findall(r'<tr(?: class="prov")?><td class="num">([^<]*)</td>', players)
    assert ranks == ["1", "2", "2", "4", "—", "—", "—", "—"]
    assert text.count("(no session counted)") == 4
    assert text.index(">-32*<") < text.index("(no session counted)")


def test_the_page_names_what_it_ranks_by(client, event):
    tournament, first, _second = event
    tournament.tie_breaks = ["most_firsts"]
    tournament.save()
    win(first, points=24)
    text = client.get("/t/madrid/").content.decode()
    assert (
        "Ranked by table points, then contest points, then most first places at the table; "
        "players still equal share their place."
    ) in text
