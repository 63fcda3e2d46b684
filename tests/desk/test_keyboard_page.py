"""The keyboard page /desk/: the sheet's code, a 16-row grid, one Save; the same double entry
as the API (issue 27)."""

import pytest
from django.urls import reverse

from desk.models import DeskEntry
from tests.desk.helpers import fresh
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import Hand, Penalty, SheetConfirmation
from tournaments.roles import Role

pytestmark = pytest.mark.django_db


def page(sheet) -> str:
    return reverse("desk-keyboard", args=[sheet.session.tournament.slug])


def grid(sheet, hands, penalties=(), confirmed=()) -> dict:
    """The form as the page posts it: the sheet, its version, the rows keyed."""
    data = {"sheet": str(sheet.pk), "version": str(fresh(sheet).version)}
    for n, row in enumerate(hands, start=1):
        data.update({f"h{n}-{cell}": str(value) for cell, value in row.items()})
    for n, row in enumerate(penalties, start=1):
        data.update({f"p{n}-{cell}": str(value) for cell, value in row.items()})
    data.update({f"confirmed-{p}": "on" for p in confirmed})
    return data


HANDS = [
    {"outcome": "win", "winner": "A", "discarder": "C", "points": 15},
    {"outcome": "draw"},
    {"outcome": "win", "winner": "B", "discarder": "", "points": 8, "flowers": 2},
    {"outcome": "time"},
]
FOULS = [{"offender": "D", "kind": "deduction", "amount": 10, "reason": "Phone"}]


@pytest.fixture
def desk_client(client, login):
    def make(role=Role.SCORE_DESK, name=None):
        client.force_login(login(role, name))
        return client

    return make


def test_the_code_opens_the_sheets_grid_by_its_number_or_table_and_session(desk_client, sheet):
    client = desk_client()
    for code in (str(sheet.pk), "1/1", " 1 / 1 "):
        response = client.get(page(sheet), {"code": code})
        text = response.content.decode()
        assert response.status_code == 200 and 'name="h16-points"' in text, code
        assert "Player A" in text and "awaiting a first entry" in text
    response = client.get(page(sheet), {"code": "9/9"})
    assert 'name="h1-points"' not in response.content.decode()


def test_the_home_page_goes_to_the_only_tournament_playing(desk_client, sheet):
    response = desk_client().get(reverse("desk-home"))
    assert response.status_code == 302 and response["Location"] == page(sheet)
    seated_table(TournamentFactory(name="Second Open"), started=True)
    response = desk_client(name="clerk-b").get(reverse("desk-home"))
    assert response.status_code == 200 and "Second Open" in response.content.decode()


def test_two_clerks_keying_the_same_grid_record_the_sheet(desk_client, sheet):
    body = grid(sheet, HANDS, FOULS, confirmed="ABCD")
    response = desk_client(name="clerk1").post(page(sheet), body)
    assert response.status_code == 302
    assert list(DeskEntry.objects.values_list("status", flat=True)) == ["first"]
    assert not Hand.objects.exists()
    response = desk_client(name="clerk2").post(page(sheet), body, follow=True)
    assert "is recorded" in response.content.decode()
    hands = Hand.objects.filter(table_session=sheet).order_by("number")
    assert [(h.outcome, h.points, h.flowers) for h in hands] == [
        ("win", 15, 0),
        ("draw", 0, 0),
        ("win", 8, 2),
        ("time", 0, 0),
    ]
    assert {h.entered_by.username for h in hands} == {"clerk2"}
    assert Penalty.objects.get(table_session=sheet).amount == 10
    assert SheetConfirmation.objects.filter(table_session=sheet).count() == 4


def test_a_differing_grid_shows_the_cells(desk_client, sheet):
    desk_client(name="clerk1").post(page(sheet), grid(sheet, HANDS))
    other = [dict(row) for row in HANDS]
    other[2]["points"] = 9
    response = desk_client(name="clerk2").post(page(sheet), grid(sheet, other))
    assert response.status_code == 409
    text = response.content.decode()
    assert "the other entry has 8, yours 9" in text
    assert '<td class="marked"><input type="number" min="0" name="h3-points" value="9">' in text
    assert not Hand.objects.exists()


def test_a_blank_row_between_hands_and_a_malformed_row_are_refused(desk_client, sheet):
    client = desk_client()
    rows = [HANDS[0], {"outcome": ""}, HANDS[1]]
    response = client.post(page(sheet), grid(sheet, rows))
    assert response.status_code == 400 and "Hand 2 is blank" in response.content.decode()
    response = client.post(page(sheet), grid(sheet, [{"outcome": "win", "points": 8}]))
    assert response.status_code == 400 and "hands.0.winner" in response.content.decode()
    assert not DeskEntry.objects.exists()


def test_the_same_clerk_may_not_give_the_second_entry(desk_client, sheet):
    client = desk_client(name="clerk1")
    client.post(page(sheet), grid(sheet, HANDS))
    response = client.post(page(sheet), grid(sheet, HANDS))
    assert response.status_code == 403
    assert "another clerk" in response.content.decode()
    assert DeskEntry.objects.count() == 1


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE])
def test_other_roles_are_refused(desk_client, sheet, role):
    client = desk_client(role)
    assert client.get(reverse("desk-home")).status_code == 403
    assert client.post(page(sheet), grid(sheet, HANDS)).status_code == 403
    assert not DeskEntry.objects.exists()


def test_without_a_login_it_asks_for_one(client, sheet):
    response = client.get(page(sheet))
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
