"""Find your seat: /t/<slug>/seats/?q=part of a name → each matching player's table and seat
in the running session, else the next one; accents, case and native script all found."""

import datetime

import pytest

from tests.tournaments.factories import PLAY_START, PlayerFactory, TournamentFactory, seated_table
from tournaments.live import live_touch
from tournaments.models import Session
from tournaments.selectors.draw import find_seats, search_key, session_draw

NAMES = [
    ("José Núñez", ""),
    ("Li Minghua", "李明华"),
    ("Ana Pérez", ""),
    ("Björn Ångström", ""),
    ("Wang Xiaoming", "王小明"),
    ("Zoë Martin", ""),
    ("Chen Jie", "陈杰"),
    ("Marta Soto", ""),
]


@pytest.fixture
def hall(transactional_db):
    """Two sessions of two tables: session 1 seats the players in NAMES' order (José at
    table 1 seat A, East), session 2 seats them in reverse (José at table 2 seat D, North)."""
    tournament = TournamentFactory(name="Hall Open", slug="hall")
    players = [
        PlayerFactory(
            tournament=tournament,
            name=name,
            native_name=native,
            lot_number=i,
            registration_number=i,
        )
        for i, (name, native) in enumerate(NAMES, start=1)
    ]
    seated_table(tournament, table_number=1, players=players[:4])
    seated_table(tournament, table_number=2, players=players[4:])
    reverse = players[::-1]
    seated_table(tournament, session_number=2, table_number=1, players=reverse[:4])
    seated_table(tournament, session_number=2, table_number=2, players=reverse[4:])
    return tournament


def set_times(tournament, number, start=None, end=None):
    Session.objects.filter(tournament=tournament, number=number).update(
        actual_start=start, actual_end=end
    )
    live_touch(tournament.pk)


def found(client, query, slug="hall"):
    response = client.get(f"/t/{slug}/seats/", {"q": query})
    assert response.status_code == 200
    return response.content.decode()


def test_the_search_key_drops_accents_case_and_full_width_forms():
    assert search_key("  José  NÚÑEZ ") == "jose nunez"
    assert search_key("Ｍａｒｔａ") == "marta"
    assert search_key("Ångström") == "angstrom"
    assert search_key("李明华") == "李明华"


def test_a_part_of_a_name_without_accents_finds_the_accented_name(client, hall):
    text = found(client, "jose")
    assert "José Núñez" in text and "1 player found" in text
    assert "Ana Pérez" not in text


def test_upper_case_and_accents_in_the_query_are_ignored_too(client, hall):
    assert "José Núñez" in found(client, "NÚÑ")
    assert "Björn Ångström" in found(client, "angstr")
    assert "Zoë Martin" in found(client, "ZOE")


def test_every_word_of_the_query_must_be_in_the_name_in_any_order(client, hall):
    assert "José Núñez" in found(client, "nunez jose")
    assert "No player's name contains" in found(client, "jose perez")


def test_a_native_name_is_found_by_one_of_its_characters(client, hall):
    text = found(client, "李")
    assert "Li Minghua" in text and "李明华" in text
    assert "Wang Xiaoming" not in text


def test_the_result_gives_the_table_and_the_seat_wind_at_the_start(client, hall):
    text = found(client, "jose")
    assert "Session 1, next to play" in text
    assert "Table <strong>1</strong>" in text and "Seat <strong>East</strong>" in text


def test_a_running_session_is_the_one_shown(client, hall):
    set_times(hall, 1, start=PLAY_START)
    text = found(client, "jose")
    assert "Session 1, in play" in text and "Seat <strong>East</strong>" in text


def test_once_a_session_ended_the_next_one_is_shown(client, hall):
    set_times(hall, 1, start=PLAY_START, end=PLAY_START + datetime.timedelta(hours=2))
    text = found(client, "jose")
    assert "Session 2, next to play" in text
    assert "Table <strong>2</strong>" in text and "Seat <strong>North</strong>" in text


def test_the_page_follows_a_session_that_starts_after_it_was_seen(client, hall):
    set_times(hall, 1, start=PLAY_START, end=PLAY_START + datetime.timedelta(hours=2))
    assert "Session 2, next to play" in found(client, "jose")
    set_times(hall, 2, start=PLAY_START + datetime.timedelta(hours=3))
    assert "Session 2, in play" in found(client, "jose")


def test_a_next_session_not_drawn_yet_says_so(client, transactional_db):
    tournament = TournamentFactory(slug="early")
    Session.objects.create(tournament=tournament, number=1)
    text = found(client, "jose", slug="early")
    assert "The seats of session 1 have not been drawn yet." in text


def test_with_every_session_ended_there_is_no_session_to_show(client, hall):
    end = PLAY_START + datetime.timedelta(hours=2)
    set_times(hall, 1, start=PLAY_START, end=end)
    set_times(hall, 2, start=end, end=end + datetime.timedelta(hours=2))
    text = found(client, "jose")
    assert "No session is running or to come." in text and "José Núñez" not in text


def test_a_name_nobody_has_is_answered_with_no_match(client, hall):
    text = found(client, "Kowalski")
    assert "No player's name contains “Kowalski”." in text
    assert "player found" not in text


def test_the_query_is_shown_escaped(client, hall):
    text = found(client, "<b>x</b>")
    assert "<b>x</b>" not in text and "&lt;b&gt;x&lt;/b&gt;" in text


def test_an_empty_query_shows_only_the_search_form(client, hall):
    text = found(client, "")
    assert 'name="q"' in text and "autofocus" in text
    assert "José Núñez" not in text and "No player" not in text


def test_a_query_over_100_characters_is_refused_with_a_message(client, hall):
    response = client.get("/t/hall/seats/", {"q": "a" * 101})
    assert response.status_code == 400
    text = response.content.decode()
    assert "Type at most 100 characters." in text and "José" not in text


def test_a_query_of_100_characters_is_accepted(client, hall):
    assert client.get("/t/hall/seats/", {"q": "a" * 100}).status_code == 200


def test_an_unknown_tournament_is_not_found(client, transactional_db):
    assert client.get("/t/nowhere/seats/", {"q": "jose"}).status_code == 404


def test_an_unchanged_page_is_answered_not_modified(client, hall):
    first = client.get("/t/hall/seats/", {"q": "jose"})
    again = client.get("/t/hall/seats/", {"q": "jose"}, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    other = client.get("/t/hall/seats/", {"q": "ana"}, HTTP_IF_NONE_MATCH=first["ETag"])
    assert other.status_code == 200


def test_a_search_between_changes_makes_no_query(client, hall, django_assert_num_queries):
    found(client, "jose")
    with django_assert_num_queries(0):
        assert "Ana Pérez" in found(client, "ana")


def test_the_standings_page_links_the_search(client, hall):
    text = client.get("/t/hall/").content.decode()
    assert 'href="/t/hall/seats/"' in text and "Find your seat" in text


def test_the_search_is_in_the_page_language(client, hall):
    client.cookies["django_language"] = "es"
    text = client.get("/t/hall/seats/", {"q": "jose"}, HTTP_ACCEPT_LANGUAGE="es").content
    assert "Este" in text.decode()


def test_the_selector_reads_the_draw_in_two_queries(hall, django_assert_num_queries):
    with django_assert_num_queries(2):
        draw = session_draw(hall)
    assert [line.name for line in find_seats(draw, "a")][:2] == ["Ana Pérez", "Björn Ångström"]
