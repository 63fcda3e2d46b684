"""A no-show only past 15 minutes (3.11.2 "ha perdido la sesión actual si tarda más de 15
minutos"): before that every door refuses `absent` with a 409 saying from when, and the player
who arrives at minute 13 is late, not lost. A player who never came signs nothing (3.9.2): the
sheet is signed with the present players' confirmations, and his line says he did not come."""

import datetime

import pytest
from django.utils import timezone

from tests.tournaments.admin_helpers import post_sheet, sheet_url
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.errors import TournamentError
from tournaments.models import CheckIn, Penalty, Session, TableSession, Tournament
from tournaments.roles import Role
from tournaments.services.checkin import checkin_record
from tournaments.services.hands import hand_record_no_win
from tournaments.services.sessions import session_end
from tournaments.services.signoff import sheet_confirm_player, sheet_sign

pytestmark = pytest.mark.django_db


def started_ago(sheet: TableSession, minutes: float) -> TableSession:
    start = timezone.now() - datetime.timedelta(minutes=minutes)
    Session.objects.filter(pk=sheet.session_id).update(actual_start=start)
    return TableSession.objects.select_related("session__tournament").get(pk=sheet.pk)


@pytest.fixture
def sheet(db) -> TableSession:
    """A points-only table whose session started twelve minutes ago."""
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    return started_ago(seated_table(tournament), 12)


def player_at(sheet, position: str = "C"):
    return sheet.seats.get(position=position).player


def etag(sheet) -> str:
    sheet.refresh_from_db(fields=["version"])
    return f'"{sheet.pk}-{sheet.version}"'


# -- when a no-show may be recorded -------------------------------------------------------------


def test_a_no_show_at_minute_twelve_is_refused_saying_from_when(sheet):
    with pytest.raises(TournamentError) as refused:
        checkin_record(session=sheet.session, player=player_at(sheet), absent=True)
    assert refused.value.code == "invalid_state"
    assert "15 minutes" in refused.value.message and "from " in refused.value.message
    assert not CheckIn.objects.exists() and not Penalty.objects.exists()


def test_the_player_arriving_at_minute_thirteen_is_twenty_points_late(sheet):
    with pytest.raises(TournamentError):
        checkin_record(session=sheet.session, player=player_at(sheet), absent=True)
    arrived = sheet.session.actual_start + datetime.timedelta(minutes=13)
    checkin_record(session=sheet.session, player=player_at(sheet), arrived_at=arrived)
    penalty = Penalty.objects.get()
    assert (penalty.amount, penalty.forfeited) == (20, False)


def test_a_no_show_before_the_start_is_refused(sheet):
    Session.objects.filter(pk=sheet.session_id).update(actual_start=None)
    sheet.session.refresh_from_db()
    with pytest.raises(TournamentError) as refused:
        checkin_record(session=sheet.session, player=player_at(sheet), absent=True)
    assert refused.value.code == "invalid_state"
    assert not CheckIn.objects.exists()


def test_a_no_show_sixteen_minutes_after_the_start_loses_the_session(sheet):
    sheet = started_ago(sheet, 16)
    checkin_record(session=sheet.session, player=player_at(sheet), absent=True)
    penalty = Penalty.objects.get()
    assert penalty.forfeited and penalty.minutes_late is None and penalty.marks_no_show


def test_the_api_refuses_a_no_show_at_minute_twelve_with_a_409(sheet, as_role):
    slug = sheet.session.tournament.slug
    response = as_role(Role.CHIEF_UMPIRE).post(
        f"/api/tournaments/{slug}/sessions/1/check-ins/",
        {"player": player_at(sheet).pk, "absent": True},
        format="json",
        HTTP_IF_MATCH=etag(sheet),
    )
    assert response.status_code == 409, response.content
    assert "15 minutes" in response.json()["errors"][0]["message"]
    assert not CheckIn.objects.exists()


def test_the_umpires_page_refuses_a_no_show_at_minute_twelve(sheet, admin_client):
    response = post_sheet(
        admin_client,
        sheet,
        {"action": "checkin_absent", "checkin-player": "C"},
        follow=True,
    )
    assert "15 minutes" in response.content.decode()
    assert not CheckIn.objects.exists()


# -- the sheet of a table where one never came ----------------------------------------------------


@pytest.fixture
def one_never_came(sheet) -> TableSession:
    """C did not come (recorded 16 minutes after the start); the session ended with nothing
    on the sheet."""
    sheet = started_ago(sheet, 16)
    checkin_record(session=sheet.session, player=player_at(sheet, "C"), absent=True)
    hand_record_no_win(table_session=sheet, outcome="draw")
    session_end(session=sheet.session)
    return TableSession.objects.get(pk=sheet.pk)


def test_the_sheet_is_signed_with_the_three_present_players_confirmations(one_never_came):
    sheet = one_never_came
    for position in "ABD":
        sheet_confirm_player(table_session=sheet, player=player_at(sheet, position))
    sheet_sign(table_session=sheet)
    assert TableSession.objects.get(pk=sheet.pk).status == TableSession.Status.SIGNED


def test_the_player_who_never_came_cannot_confirm(one_never_came):
    with pytest.raises(TournamentError) as refused:
        sheet_confirm_player(table_session=one_never_came, player=player_at(one_never_came, "C"))
    assert "did not come" in refused.value.message


def test_a_present_players_confirmation_is_still_needed(one_never_came):
    sheet = one_never_came
    for position in "AB":
        sheet_confirm_player(table_session=sheet, player=player_at(sheet, position))
    with pytest.raises(TournamentError) as refused:
        sheet_sign(table_session=sheet)
    assert player_at(sheet, "D").name in refused.value.message
    assert player_at(sheet, "C").name not in refused.value.message


def test_his_line_of_the_sign_off_says_he_did_not_come(one_never_came, admin_client):
    page = admin_client.get(sheet_url(one_never_came)).content.decode()
    section = page[page.index('id="sign-off"') :]
    assert "Did not come" in section
    assert 'id="confirm-C"' not in section and 'id="confirm-A"' in section


def test_the_api_sheet_marks_him_absent(one_never_came, as_role):
    response = as_role(Role.CHIEF_UMPIRE).get(f"/api/score-sheets/{one_never_came.pk}/")
    results = {line["position"]: line["absent"] for line in response.json()["results"]}
    assert results == {"A": False, "B": False, "C": True, "D": False}
