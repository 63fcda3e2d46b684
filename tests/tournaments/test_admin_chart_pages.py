"""The admin's seating chart (Appendix 3, with the list by player) and player-number pages, their
PDFs, who may open them, and the links that lead to them."""

import html

import pytest
from django.urls import reverse

from tests.tournaments.factories import (
    TournamentFactory,
    two_session_chart,
)
from tests.tournaments.roles_matrix_helpers import make_user
from tournaments.roles import Role

pytestmark = pytest.mark.django_db


def url(name: str, tournament) -> str:
    return reverse(f"admin:tournaments_tournament_{name}", args=[tournament.pk])


def text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.fixture
def charted(db):
    """Two sessions of two tables: eight numbered players (Chinese, Cyrillic and accented Latin
    names) and a substitute in the last seat of session 2."""
    tournament = TournamentFactory(name="Shanghai Open", slug="shanghai-open", lots_seed="gong")
    players = two_session_chart(
        tournament,
        [
            ("Li Minghua", "李明华"),
            ("Ivan Petrov", "Иван Петров"),
            ("José Núñez", ""),
            ("Kim Minjun", "김민준"),
            ("Zoë Łukasz", ""),
            ("Sakura Sakurai", "桜井さくら"),
            ("Chen Wei", "陈伟"),
            ("Anna Berg", ""),
        ],
    )
    players[5].lot_drawn_by = "The chief umpire"
    players[5].save(update_fields=["lot_drawn_by"])
    return tournament


@pytest.fixture
def organiser_client(client):
    client.force_login(make_user("organiser", Role.ORGANISER))
    return client


def test_an_organiser_sees_each_session_s_tables_with_their_four_numbers(organiser_client, charted):
    response = organiser_client.get(url("seating_chart", charted))
    assert response.status_code == 200
    page = text(response)
    assert "Session 1" in page and "Session 2" in page
    chart = response.context["chart"]
    assert [[s.label for s in t.seats] for t in chart.sessions[0].tables] == [
        ["1", "2", "3", "4"],
        ["5", "6", "7", "8"],
    ]
    assert [[s.label for s in t.seats] for t in chart.sessions[1].tables] == [
        ["1", "3", "5", "7"],
        ["2", "4", "6", "S1"],
    ]
    # Each number carries its player's names (every script) and team in a title.
    assert 'title="Li Minghua (李明华)' in page
    assert 'title="Ivan Petrov (Иван Петров)' in page
    assert "Sub Stitute — substitute" in page
    assert "S1" in page and "Sub Stitute" in page


def test_the_chart_page_also_lists_each_player_s_table_and_seat_by_session(
    organiser_client, charted
):
    response = organiser_client.get(url("seating_chart", charted))
    page = text(response)
    assert 'id="by-player"' in page and 'href="#by-player"' in page
    rows = response.context["schedule_rows"]
    assert [r["row"].label for r in rows] == ["1", "2", "3", "4", "5", "6", "7", "8", "S1"]
    # Player 6 (桜井さくら): table 2 West in session 1, table 2 West in session 2.
    six = rows[5]
    assert six["row"].native_name == "桜井さくら"
    assert [(c["table"], str(c["wind"])) for c in six["cells"]] == [(2, "S"), (2, "W")]
    eight = rows[7]
    assert eight["cells"][1] is None  # the substitute took his place in the draw
    assert "桜井さくら" in page


def test_the_player_numbers_page_lists_everyone_by_number_in_every_script(
    organiser_client, charted
):
    response = organiser_client.get(url("player_numbers", charted))
    assert response.status_code == 200
    page = text(response)
    assert "gong" in page  # the seed of the draw, for anyone to re-run it
    numbers = response.context["numbers"]
    assert [r.number for r in numbers.rows] == [1, 2, 3, 4, 5, 6, 7, 8, None]
    for name in ("李明华", "Иван Петров", "José Núñez", "김민준", "Zoë Łukasz", "桜井さくら"):
        assert name in page
    assert "The chief umpire" in page
    assert page.index("Li Minghua") < page.index("Ivan Petrov") < page.index("Anna Berg")


@pytest.mark.parametrize("role", [Role.CHIEF_UMPIRE, Role.COMMITTEE])
def test_other_staff_who_may_view_the_tournament_see_both_pages(client, charted, role):
    client.force_login(make_user("viewer", role))
    assert client.get(url("seating_chart", charted)).status_code == 200
    assert client.get(url("player_numbers", charted)).status_code == 200


@pytest.mark.parametrize("page", ["seating_chart", "player_numbers", "seating_chart_pdf"])
def test_a_visitor_who_is_not_staff_is_sent_to_the_login_page(client, charted, page):
    response = client.get(url(page, charted))
    assert response.status_code == 302
    assert response.url.startswith(reverse("admin:login"))


@pytest.mark.parametrize("page", ["seating_chart", "player_numbers", "seat_cards_pdf"])
def test_a_player_login_is_sent_to_the_login_page(client, charted, page):
    player = charted.players.get(lot_number=1)
    player.user = make_user("player-one", Role.PLAYER)
    player.save(update_fields=["user"])
    client.force_login(player.user)
    response = client.get(url(page, charted))
    assert response.status_code == 302
    assert response.url.startswith(reverse("admin:login"))


@pytest.mark.parametrize("role", [None, Role.UMPIRE])
@pytest.mark.parametrize("page", ["seating_chart", "player_numbers", "player_schedule_pdf"])
def test_staff_who_may_not_view_the_tournament_are_refused(client, charted, role, page):
    client.force_login(make_user("helper", role))
    assert client.get(url(page, charted)).status_code == 403


def test_an_unknown_tournament_is_a_404(organiser_client):
    response = organiser_client.get(
        reverse("admin:tournaments_tournament_seating_chart", args=["9999"])
    )
    assert response.status_code == 404


def test_a_tournament_without_a_chart_says_so(organiser_client):
    tournament = TournamentFactory()
    page = text(organiser_client.get(url("seating_chart", tournament)))
    assert "There is no seating chart yet" in page
    numbers = text(organiser_client.get(url("player_numbers", tournament)))
    assert "Lots have not been drawn yet" in numbers


def test_an_organiser_downloads_the_chart_the_list_and_the_seat_cards_as_pdf(
    organiser_client, charted
):
    page = text(organiser_client.get(url("seating_chart", charted)))
    for name in ("seating_chart_pdf", "player_schedule_pdf", "seat_cards_pdf"):
        assert url(name, charted) in page
        response = organiser_client.get(url(name, charted), {"session": "2"})
        assert response.status_code == 200, name
        assert response["Content-Type"] == "application/pdf"
        assert response.content.startswith(b"%PDF")
    cards = organiser_client.get(url("seat_cards_pdf", charted), {"session": "2", "table": "1"})
    assert 'filename="shanghai-open-seatcards-s2-t1.pdf"' in cards["Content-Disposition"]


@pytest.mark.parametrize(
    "query",
    [{"session": "99"}, {"session": "abc"}, {"session": "-1"}, {"session": "1", "table": "7"}],
)
def test_seat_cards_of_a_session_or_table_that_does_not_exist_are_a_404(
    organiser_client, charted, query
):
    response = organiser_client.get(url("seat_cards_pdf", charted), query)
    assert response.status_code == 404
    assert b"%PDF" not in response.content


def test_the_committee_reads_the_chart_but_is_not_offered_its_pdfs(client, charted):
    client.force_login(make_user("committee", Role.COMMITTEE))
    page = text(client.get(url("seating_chart", charted)))
    assert url("seating_chart_pdf", charted) not in page
    assert client.get(url("seating_chart_pdf", charted)).status_code == 403


def test_the_tournament_list_and_change_page_link_to_both_pages(organiser_client, charted):
    listing = text(organiser_client.get(reverse("admin:tournaments_tournament_changelist")))
    change = text(
        organiser_client.get(reverse("admin:tournaments_tournament_change", args=[charted.pk]))
    )
    for page in (listing, change):
        assert url("seating_chart", charted) in page
        assert url("player_numbers", charted) in page
