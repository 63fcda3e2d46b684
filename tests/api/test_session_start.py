"""POST /api/tournaments/{slug}/sessions/{n}/start/."""

import datetime

import pytest
from django.utils import timezone

from tests.api.helpers import assert_error
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.models import CheckIn, Penalty, Session
from tournaments.roles import Role

START = datetime.datetime(2026, 5, 2, 10, 0, tzinfo=datetime.UTC)
DIRECTORS = [Role.CHIEF_UMPIRE, "superuser"]
NOT_DIRECTORS = [Role.ORGANISER, Role.UMPIRE, Role.COMMITTEE, Role.PLAYER, None]


@pytest.fixture
def sheet(db):
    return seated_table(TournamentFactory())


def url(sheet, number: int = 1) -> str:
    return f"/api/tournaments/{sheet.session.tournament.slug}/sessions/{number}/start/"


@pytest.mark.parametrize("role", DIRECTORS)
def test_it_starts_the_session_now(as_role, role, sheet):
    client = as_role(role)
    before = timezone.now()
    response = client.post(url(sheet), {}, format="json")
    assert response.status_code == 200, response.content
    session = Session.objects.get(pk=sheet.session_id)
    assert session.actual_start >= before and session.started_by == client.user
    assert response.json()["status"] == "running" and response.json()["number"] == 1


def test_it_records_a_start_entered_afterwards(as_role, sheet):
    response = as_role(Role.CHIEF_UMPIRE).post(
        url(sheet), {"at": "2026-05-02T12:00:00+02:00"}, format="json"
    )
    assert response.status_code == 200, response.content
    assert Session.objects.get(pk=sheet.session_id).actual_start == START
    assert response.json()["actual_start"] == "2026-05-02T10:00:00Z"


def test_a_check_in_already_recorded_is_judged_against_the_start(as_role, sheet):
    player = sheet.seats.get(position="B").player
    CheckIn.objects.create(
        session=sheet.session, player=player, arrived_at=START + datetime.timedelta(minutes=7)
    )
    as_role(Role.CHIEF_UMPIRE).post(url(sheet), {"at": START.isoformat()}, format="json")
    penalty = Penalty.objects.get(player=player, voided_at__isnull=True)
    assert (penalty.kind, penalty.minutes_late, penalty.amount) == (
        Penalty.Kind.LATE_ARRIVAL,
        7,
        10,
    )


@pytest.mark.parametrize("role", NOT_DIRECTORS)
def test_it_refuses_the_start_to_other_roles(as_role, role, sheet):
    assert_error(as_role(role).post(url(sheet), {}, format="json"), 403, code="forbidden")
    assert Session.objects.get(pk=sheet.session_id).actual_start is None


def test_it_refuses_anonymous_users(anonymous, sheet):
    assert_error(anonymous.post(url(sheet), {}, format="json"), 401)


def test_it_refuses_a_time_that_is_not_one_naming_the_field(as_role, sheet):
    response = as_role(Role.CHIEF_UMPIRE).post(url(sheet), {"at": "soon"}, format="json")
    assert_error(response, 400, field="at")


def test_it_refuses_a_start_after_the_end(as_role, sheet):
    Session.objects.filter(pk=sheet.session_id).update(actual_start=START, actual_end=START)
    later = (START + datetime.timedelta(hours=1)).isoformat()
    response = as_role(Role.CHIEF_UMPIRE).post(url(sheet), {"at": later}, format="json")
    assert_error(response, 400)
    assert Session.objects.get(pk=sheet.session_id).actual_start == START


def test_an_unknown_session_or_tournament_is_a_404(as_role, sheet):
    client = as_role(Role.CHIEF_UMPIRE)
    assert_error(client.post(url(sheet, 9), {}, format="json"), 404)
    assert_error(client.post("/api/tournaments/nope/sessions/1/start/", {}, format="json"), 404)
