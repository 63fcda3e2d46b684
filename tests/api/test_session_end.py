"""POST /api/tournaments/{slug}/sessions/{n}/end/."""

import datetime

import pytest

from tests.api.event_helpers import played_table
from tests.api.helpers import assert_error
from tournaments.models import Session, TableSession
from tournaments.roles import Role

START = datetime.datetime(2026, 5, 2, 10, 0, tzinfo=datetime.UTC)
DIRECTORS = [Role.CHIEF_UMPIRE, "superuser"]
NOT_DIRECTORS = [Role.ORGANISER, Role.UMPIRE, Role.COMMITTEE, Role.PLAYER, None]


@pytest.fixture
def sheet(db):
    sheet = played_table()
    Session.objects.filter(pk=sheet.session_id).update(actual_start=START)
    return sheet


def url(sheet, number: int = 1) -> str:
    return f"/api/tournaments/{sheet.session.tournament.slug}/sessions/{number}/end/"


@pytest.mark.parametrize("role", DIRECTORS)
def test_it_ends_the_session_and_completes_its_open_sheets(as_role, role, sheet):
    client = as_role(role)
    end = START + datetime.timedelta(minutes=150)
    response = client.post(url(sheet), {"at": end.isoformat()}, format="json")
    assert response.status_code == 200, response.content
    session = Session.objects.get(pk=sheet.session_id)
    assert (session.actual_end, session.ended_by) == (end, client.user)
    sheet.refresh_from_db()
    assert (sheet.status, sheet.closed_by) == ("complete", "session_end")
    body = response.json()
    assert body["status"] == "ended"
    assert body["sheets"] == {"open": 0, "complete": 1, "signed": 0, "final": 0}


def test_without_a_time_it_ends_now(as_role, sheet):
    response = as_role(Role.CHIEF_UMPIRE).post(url(sheet), format="json")
    assert response.status_code == 200, response.content
    assert Session.objects.get(pk=sheet.session_id).actual_end is not None


@pytest.mark.parametrize("role", NOT_DIRECTORS)
def test_it_refuses_the_end_to_other_roles(as_role, role, sheet):
    assert_error(as_role(role).post(url(sheet), {}, format="json"), 403, code="forbidden")
    assert Session.objects.get(pk=sheet.session_id).actual_end is None
    sheet.refresh_from_db()
    assert sheet.status == TableSession.Status.OPEN


def test_it_refuses_anonymous_users(anonymous, sheet):
    assert_error(anonymous.post(url(sheet), {}, format="json"), 401)


def test_it_refuses_a_time_that_is_not_one_naming_the_field(as_role, sheet):
    response = as_role(Role.CHIEF_UMPIRE).post(url(sheet), {"at": "later"}, format="json")
    assert_error(response, 400, field="at")


def test_it_refuses_an_end_before_the_start(as_role, sheet):
    early = (START - datetime.timedelta(minutes=1)).isoformat()
    response = as_role(Role.CHIEF_UMPIRE).post(url(sheet), {"at": early}, format="json")
    assert_error(response, 400)
    assert Session.objects.get(pk=sheet.session_id).actual_end is None


def test_it_refuses_to_end_a_session_not_started(as_role, sheet):
    Session.objects.filter(pk=sheet.session_id).update(actual_start=None)
    response = as_role(Role.CHIEF_UMPIRE).post(url(sheet), {}, format="json")
    assert_error(response, 409, code="invalid_state")  # the session's state (docs/results.md)


def test_an_unknown_session_is_a_404(as_role, sheet):
    assert_error(as_role(Role.CHIEF_UMPIRE).post(url(sheet, 9), {}, format="json"), 404)
