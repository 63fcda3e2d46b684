"""An arrival time is plausible (tournaments/services/checkin.py, `earliest_arrival`; docs/
penalties.md): not more than a day before the session's start (recorded, else scheduled),
nor before the tournament's first day, nor, when none of these is known, more than a day
before the tournament was created. Year 1 is refused whether or not the tournament has a
first day, on every door that records one: the service, the API, the admin's score sheet and
a director's correction."""

import datetime

import pytest
from django.utils import timezone

from tests.api.helpers import assert_error
from tests.api.sheet_helpers import complete
from tests.tournaments.admin_helpers import post_sheet
from tests.tournaments.factories import TournamentFactory, seated_table, sign_sheets
from tournaments.errors import TournamentError
from tournaments.models import CheckIn, Session, Tournament
from tournaments.roles import Role
from tournaments.services.checkin import checkin_record
from tournaments.services.corrections import correction_check_in

pytestmark = pytest.mark.django_db

START = datetime.datetime(2026, 5, 2, 10, 0, tzinfo=datetime.UTC)
YEAR_ONE = datetime.datetime(1, 1, 1, 12, 0, tzinfo=datetime.UTC)


@pytest.fixture
def sheet():
    """A started session of a tournament with no first day (start_date empty)."""
    sheet = seated_table(TournamentFactory(start_date=None))
    Session.objects.filter(pk=sheet.session_id).update(actual_start=START)
    sheet.session.refresh_from_db()
    return sheet


def player_at(sheet, position: str = "B"):
    return sheet.seats.get(position=position).player


def test_an_arrival_in_year_one_is_refused_without_a_first_day(sheet):
    assert sheet.session.tournament.start_date is None
    with pytest.raises(TournamentError, match="more than a day before the session's start"):
        checkin_record(session=sheet.session, player=player_at(sheet), arrived_at=YEAR_ONE)
    assert not CheckIn.objects.exists()


def test_an_arrival_a_day_and_a_minute_before_the_start_is_refused(sheet):
    early = START - datetime.timedelta(days=1, minutes=1)
    with pytest.raises(TournamentError, match="more than a day before"):
        checkin_record(session=sheet.session, player=player_at(sheet), arrived_at=early)


def test_an_arrival_hours_before_the_start_is_on_time(sheet):
    early = START - datetime.timedelta(hours=20)
    check_in = checkin_record(session=sheet.session, player=player_at(sheet), arrived_at=early)
    assert check_in.arrived_at == early


def test_before_the_start_the_scheduled_start_decides():
    sheet = seated_table(TournamentFactory(start_date=None))
    Session.objects.filter(pk=sheet.session_id).update(scheduled_start=START)
    session = Session.objects.get(pk=sheet.session_id)
    with pytest.raises(TournamentError, match="session's start"):
        checkin_record(session=session, player=player_at(sheet), arrived_at=YEAR_ONE)
    late = START + datetime.timedelta(minutes=3)
    assert checkin_record(session=session, player=player_at(sheet), arrived_at=late)


def test_with_no_time_known_the_tournaments_creation_decides():
    sheet = seated_table(TournamentFactory(start_date=None))
    created = Tournament.objects.get(pk=sheet.session.tournament_id).created_at
    with pytest.raises(TournamentError, match="before the tournament was created"):
        checkin_record(session=sheet.session, player=player_at(sheet), arrived_at=YEAR_ONE)
    now = timezone.now()
    assert now >= created
    assert checkin_record(session=sheet.session, player=player_at(sheet), arrived_at=now)


def test_the_api_refuses_an_arrival_in_year_one(as_role, sheet):
    slug = sheet.session.tournament.slug
    response = as_role(Role.CHIEF_UMPIRE).post(
        f"/api/tournaments/{slug}/sessions/1/check-ins/",
        {"player": player_at(sheet).pk, "arrived_at": "0001-01-01T12:00:00Z"},
        format="json",
        HTTP_IF_MATCH=f'"{sheet.pk}-{sheet.version}"',
    )
    assert_error(response, 400)
    assert not CheckIn.objects.exists()


def test_the_admins_score_sheet_refuses_an_arrival_in_year_one(admin_client, sheet):
    data = {"action": "checkin", "checkin-player": "B", "checkin-arrived_at": "0001-01-01 12:00"}
    response = post_sheet(admin_client, sheet, data)
    assert response.status_code == 200
    assert "more than a day before the session" in response.content.decode()
    assert not CheckIn.objects.exists()


def test_a_correction_of_the_check_in_refuses_year_one(sheet, django_user_model):
    chief = django_user_model.objects.create_superuser("chief-x", password=None)
    checkin_record(session=sheet.session, player=player_at(sheet), arrived_at=START)
    complete(sheet)
    sign_sheets(sheet)
    with pytest.raises(TournamentError, match="more than a day before"):
        correction_check_in(
            table_session=sheet,
            player=player_at(sheet),
            arrived_at=YEAR_ONE,
            reason="Typed the wrong year",
            user=chief,
        )
    assert CheckIn.objects.get().arrived_at == START
