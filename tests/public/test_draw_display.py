"""The projector's draw: /t/<slug>/draw/ lists every player of the running (else next)
session alphabetically with his table and seat, and pages by itself (?page= without script)."""

import re

import pytest

from public import views
from tests.tournaments.factories import PLAY_START, PlayerFactory, TournamentFactory, seated_table
from tournaments.models import Session

# Eight players whose alphabetical order (accents ignored) is not their seat order.
NAMES = [
    "Zoë Martin",
    "Ángel Ruiz",
    "marta Soto",
    "Bo Li",
    "Éric Blanc",
    "Chen Jie",
    "Ana Pérez",
    "Yu Wei",
]
ALPHABETICAL = [
    "Ana Pérez",
    "Ángel Ruiz",
    "Bo Li",
    "Chen Jie",
    "Éric Blanc",
    "marta Soto",
    "Yu Wei",
    "Zoë Martin",
]


@pytest.fixture
def hall(transactional_db):
    tournament = TournamentFactory(name="Hall Open", slug="hall")
    players = [
        PlayerFactory(tournament=tournament, name=name, lot_number=i, registration_number=i)
        for i, name in enumerate(NAMES, start=1)
    ]
    seated_table(tournament, table_number=1, players=players[:4])
    seated_table(tournament, table_number=2, players=players[4:])
    seated_table(tournament, session_number=2, table_number=1, players=players[4:])
    seated_table(tournament, session_number=2, table_number=2, players=players[:4])
    return tournament


def rows(text: str, page: int | None = None) -> list[tuple[str, str, str]]:
    """(name, table, seat) of each row, of one page (`data-page`) or of all."""
    if page is not None:
        text = re.search(rf'data-page="{page}"[^>]*>(.*?)</section>', text, re.S).group(1)
    return re.findall(
        r'<tr><td class="draw-name">([^<]*?)</td><td class="num">(\d+)</td><td>(\w+)</td></tr>',
        text,
    )


def test_the_draw_lists_every_player_alphabetically_with_table_and_seat(client, hall):
    text = client.get("/t/hall/draw/").content.decode()
    listed = rows(text)
    assert [name for name, _table, _seat in listed] == ALPHABETICAL
    assert ("Zoë Martin", "1", "East") in listed and ("Yu Wei", "2", "North") in listed
    assert "Session 1, next to play" in text and "Page 1 of 1" in text


def test_a_running_session_is_the_one_drawn(client, hall):
    Session.objects.filter(tournament=hall, number=1).update(
        actual_start=PLAY_START, actual_end=PLAY_START.replace(hour=11)
    )
    Session.objects.filter(tournament=hall, number=2).update(
        actual_start=PLAY_START.replace(hour=12)
    )
    text = client.get("/t/hall/draw/").content.decode()
    assert "Session 2, in play" in text
    assert ("Zoë Martin", "2", "East") in rows(text)


def test_the_draw_pages_itself_with_a_script_and_without(client, hall, monkeypatch):
    monkeypatch.setattr(views, "DRAW_ROWS", 2)  # four players a page: two pages
    text = client.get("/t/hall/draw/").content.decode()
    assert [r[0] for r in rows(text, 1)] == ALPHABETICAL[:4]
    assert [r[0] for r in rows(text, 2)] == ALPHABETICAL[4:]
    assert 'data-page="1">' in text and 'data-page="2" hidden>' in text
    assert "Page 1 of 2" in text and "Page 2 of 2" in text
    assert "draw.js" in text and 'data-seconds="12"' in text
    assert '<noscript><meta http-equiv="refresh" content="12;url=?page=2"></noscript>' in text


def test_the_page_parameter_shows_that_page_and_points_back_to_the_first(client, hall, monkeypatch):
    monkeypatch.setattr(views, "DRAW_ROWS", 2)
    text = client.get("/t/hall/draw/", {"page": "2"}).content.decode()
    assert 'data-page="1" hidden>' in text and 'data-page="2">' in text
    assert 'content="12;url=?page=1"' in text


def test_a_page_out_of_range_or_not_a_number_shows_a_page_that_exists(client, hall, monkeypatch):
    monkeypatch.setattr(views, "DRAW_ROWS", 2)
    assert 'data-page="2">' in client.get("/t/hall/draw/", {"page": "9"}).content.decode()
    assert 'data-page="1">' in client.get("/t/hall/draw/", {"page": "x"}).content.decode()


def test_a_session_not_drawn_yet_says_so_on_the_projector(client, transactional_db):
    tournament = TournamentFactory(slug="early")
    Session.objects.create(tournament=tournament, number=1)
    text = client.get("/t/early/draw/").content.decode()
    assert "The seats of session 1 have not been drawn yet." in text and "draw-page" not in text


def test_a_tournament_without_sessions_has_nothing_to_draw(client, transactional_db):
    TournamentFactory(slug="empty")
    text = client.get("/t/empty/draw/").content.decode()
    assert "No session is running or to come." in text


def test_the_draw_of_an_unknown_tournament_is_not_found(client, transactional_db):
    assert client.get("/t/nowhere/draw/").status_code == 404


def test_the_draw_is_served_again_without_a_query_and_not_modified(
    client, hall, django_assert_num_queries
):
    first = client.get("/t/hall/draw/")
    with django_assert_num_queries(0):
        again = client.get("/t/hall/draw/", HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 304
        assert client.get("/t/hall/draw/").content == first.content


def test_the_draw_needs_no_login_and_names_the_winds_in_the_page_language(client, hall):
    text = client.get("/t/hall/draw/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert ("Zoë Martin", "1", "东") in rows(text) and ("Yu Wei", "2", "北") in rows(text)
