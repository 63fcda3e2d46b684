"""The API's side of official results (issue #25): a no-show recorded at check-in, and
standings that count signed sheets only and leave a disqualified player unranked."""

import datetime

import pytest

from tests.api.helpers import assert_error
from tests.tournaments.factories import (
    PlayerFactory,
    TournamentFactory,
    seated_table,
    sign_sheets,
    start_session,
)
from tournaments.models import CheckIn, Hand, Player, Tournament
from tournaments.roles import Role
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.sanctions import sanction_record

START = datetime.datetime(2026, 5, 2, 10, 0, tzinfo=datetime.UTC)


@pytest.fixture
def sheet(db):
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    return start_session(seated_table(tournament), START)


def check_ins_url(sheet) -> str:
    return f"/api/tournaments/{sheet.session.tournament.slug}/sessions/1/check-ins/"


def standings_url(sheet, live=False) -> str:
    slug = sheet.session.tournament.slug
    return f"/api/tournaments/{slug}/standings/" + ("?live=true" if live else "")


def test_a_no_show_is_recorded_without_an_arrival_time_and_loses_the_session(as_role, sheet):
    player = sheet.seats.get(position="C").player
    response = as_role(Role.CHIEF_UMPIRE).post(
        check_ins_url(sheet),
        {"number": player.lot_number, "absent": True},
        format="json",
        HTTP_IF_MATCH=f'"{sheet.pk}-{sheet.version}"',
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["absent"], body["arrived_at"], body["minutes_late"]) == (True, None, None)
    assert body["penalty"]["forfeited"] is True and body["penalty"]["minutes_late"] is None
    assert CheckIn.objects.get(player=player).absent


def test_a_no_show_with_an_arrival_time_is_refused_and_nothing_is_recorded(as_role, sheet):
    player = sheet.seats.get(position="C").player
    response = as_role(Role.ORGANISER).post(
        check_ins_url(sheet),
        {"number": player.lot_number, "absent": True, "arrived_at": START.isoformat()},
        format="json",
    )
    assert_error(response, 400, field="arrived_at")
    assert not CheckIn.objects.exists() and not sheet.penalties.exists()


def test_a_committee_member_cannot_record_a_no_show(as_role, sheet):
    player = sheet.seats.get(position="C").player
    response = as_role(Role.COMMITTEE).post(
        check_ins_url(sheet), {"number": player.lot_number, "absent": True}, format="json"
    )
    assert_error(response, 403)
    assert not CheckIn.objects.exists()


def test_official_standings_leave_out_a_complete_sheet_until_it_is_signed(as_role, sheet):
    hand_record_win(table_session=sheet, winner="A", discarder="B", points=8)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    client = as_role(Role.ORGANISER)
    official = client.get(standings_url(sheet)).json()
    assert official["sessions_counted"] == [] and official["provisional"] is False
    live = client.get(standings_url(sheet, live=True)).json()
    assert live["sessions_counted"] == [1] and live["provisional"] is True
    sign_sheets(sheet)
    official = client.get(standings_url(sheet)).json()
    assert official["sessions_counted"] == [1] and official["provisional"] is False
    assert official["players"][0]["table_points"] == 4


def test_a_disqualified_player_is_listed_last_with_no_rank_and_his_status(as_role, sheet):
    hand_record_win(table_session=sheet, winner="A", discarder="B", points=8)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT)
    sign_sheets(sheet)
    leader = sheet.seats.get(position="A").player
    sanction_record(player=leader, kind="disqualification", reason="cheating")
    PlayerFactory(tournament=sheet.session.tournament, registration_number=50)
    players = as_role(Role.ORGANISER).get(standings_url(sheet)).json()["players"]
    assert players[-1]["name"] == leader.name
    assert (players[-1]["rank"], players[-1]["status"]) == (None, "disqualified")
    assert players[0]["rank"] == 1 and players[0]["status"] == Player.Status.ACTIVE
