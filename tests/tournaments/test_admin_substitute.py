"""On the score sheet page the umpire seats a registered substitute in place of a player who
lost the session by arriving more than 15 minutes late (3.11.2)."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.admin_helpers import page, post, shown
from tests.tournaments.factories import PlayerFactory
from tests.tournaments.signoff_helpers import seat_player
from tournaments.models import Player, SessionResult
from tournaments.selectors.standings import points_value
from tournaments.services.checkin import checkin_record
from tournaments.services.sessions import session_start

pytestmark = pytest.mark.django_db


@pytest.fixture
def late_player(sheet, people):
    """Player C arrived 20 minutes after the start: he lost the session."""
    start = timezone.now() - datetime.timedelta(hours=1)
    session_start(session=sheet.session, at=start)
    late = seat_player(sheet, "C")
    checkin_record(
        session=sheet.session, player=late, arrived_at=start + datetime.timedelta(minutes=20)
    )
    return late


@pytest.fixture
def substitute(sheet):
    return PlayerFactory(
        tournament=sheet.session.tournament,
        name="Sub Stitute",
        status=Player.Status.SUBSTITUTE,
        registration_number=99,
    )


def substitute_form(position: str, substitute, reason: str) -> dict:
    """The sheet page's form seating `substitute` at `position`."""
    return {
        "action": "substitute",
        "sub-player": position,
        "sub-substitute": str(substitute.pk),
        "sub-reason": reason,
    }


def test_the_page_offers_a_substitute_only_once_a_player_lost_the_session(
    client, sheet, people, substitute
):
    client.force_login(people.umpire)
    assert 'id="substitute-form"' not in page(client, sheet)


def test_the_umpire_seats_a_substitute_for_the_player_who_lost_the_session(
    client, sheet, people, late_player, substitute
):
    client.force_login(people.umpire)
    assert 'id="substitute-form"' in page(client, sheet)
    data = substitute_form("C", substitute, "C arrived 20 minutes late.")
    response = post(client, sheet, data)
    assert "takes the seat of" in shown(client, response)
    seat = sheet.seats.get(position="C")
    assert (seat.player, seat.replaced_player) == (substitute, late_player)
    result = SessionResult.objects.get(session=sheet.session, player=late_player)
    assert (result.forfeited, result.table_points_12) == (True, 0)


def test_a_player_who_did_not_lose_the_session_is_not_replaced(
    client, sheet, people, late_player, substitute
):
    client.force_login(people.umpire)
    data = substitute_form("B", substitute, "B felt unwell.")
    assert "has not lost this session" in shown(client, post(client, sheet, data))
    assert sheet.seats.get(position="B").replaced_player is None


def test_the_sheet_list_shows_both_results_of_a_replaced_seat_as_they_were_written(
    client, sheet, people, late_player, substitute
):
    """The list reads each sheet's results as JSON with the sheet (issue #31): the replaced
    player's forfeit, written first, then his substitute's line, at the same position."""
    client.force_login(people.chief)
    data = substitute_form("C", substitute, "C arrived 20 minutes late.")
    post(client, sheet, data)
    results = sorted(SessionResult.objects.filter(table_session=sheet), key=lambda r: r.pk)
    lines_at_c = [
        f"C {r.score:+d} ({points_value(r.table_points)} TP)" for r in results if r.position == "C"
    ]
    assert len(lines_at_c) == 2
    listed = client.get(reverse("admin:tournaments_tablesession_changelist")).content.decode()
    assert "<br>".join(lines_at_c) in listed
    assert "C: Sub Stitute" in listed
