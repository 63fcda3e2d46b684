"""Time (rule 3.5.6) through the API (issue #25 item 6): 409 on a sheet whose session has not
started; the sheet and the hand answer warn once the time limit has passed; session_minutes
at most 150; sessions start in their order; an end recorded changes only by a correction with
a reason; the end's answer lists the tables that recorded no hand."""

import datetime

import pytest
from django.utils import timezone

from tests.api.helpers import assert_error
from tests.api.sheet_helpers import PURE_STRAIGHT, complete, fresh, if_match, url, win
from tests.tournaments.factories import TournamentFactory, seated_table, start_session
from tournaments.models import CheckIn, Hand, Penalty, Session, SheetConfirmation, Tournament
from tournaments.roles import Role

START = datetime.datetime(2026, 5, 2, 10, 0, tzinfo=datetime.UTC)
LIMIT = START + datetime.timedelta(minutes=150)
WIN = {"outcome": "win", "winner": "A", "discarder": "C", "hand": PURE_STRAIGHT}


@pytest.fixture
def unstarted(sheet):
    Session.objects.filter(pk=sheet.session_id).update(actual_start=None)
    return fresh(sheet)


def clock(monkeypatch, moment: datetime.datetime) -> None:
    monkeypatch.setattr(timezone, "now", lambda: moment)


def session_url(sheet, action: str, number: int = 1) -> str:
    return f"/api/tournaments/{sheet.session.tournament.slug}/sessions/{number}/{action}/"


# -- 409 before the start ---------------------------------------------------------------------


def test_a_hand_on_a_session_not_started_is_a_409(umpire, unstarted):
    response = umpire.post(url(unstarted, "hands/"), WIN, format="json", **if_match(unstarted))
    errors = assert_error(response, 409, code="invalid_state")
    assert "The session has not started" in errors[0]["message"]
    assert not Hand.objects.exists()


def test_a_penalty_on_a_session_not_started_is_a_409(umpire, unstarted):
    body = {"offender": "C", "kind": "warning", "reason": "Slow play"}
    response = umpire.post(url(unstarted, "penalties/"), body, format="json", **if_match(unstarted))
    assert_error(response, 409, code="invalid_state")
    assert not Penalty.objects.exists()


def test_a_confirmation_on_a_session_not_started_is_a_409(umpire, sheet):
    complete(sheet)
    Session.objects.filter(pk=sheet.session_id).update(actual_start=None)
    response = umpire.post(url(sheet, "sign/"), {"position": "A"}, format="json", **if_match(sheet))
    assert_error(response, 409, code="invalid_state")
    assert not SheetConfirmation.objects.exists()


def test_a_check_in_before_the_start_is_accepted(chief, unstarted):
    body = {"number": unstarted.seats.get(position="B").player.lot_number}
    response = chief.post(session_url(unstarted, "check-ins"), body, format="json")
    assert response.status_code == 201, response.content
    assert CheckIn.objects.count() == 1


# -- the warning ------------------------------------------------------------------------------


def test_the_sheet_has_no_warning_before_the_time_limit(umpire, sheet, monkeypatch):
    start_session(sheet, at=START)
    clock(monkeypatch, LIMIT - datetime.timedelta(seconds=1))
    assert umpire.get(url(sheet)).json()["warnings"] == []


def test_the_sheet_warns_once_the_time_limit_has_passed(umpire, sheet, monkeypatch):
    start_session(sheet, at=START)
    clock(monkeypatch, LIMIT + datetime.timedelta(minutes=4))
    assert umpire.get(url(sheet)).json()["warnings"] == [
        {
            "code": "time_limit_passed",
            "message": (
                "The time limit passed 4 minutes ago: the gong is the chief umpire's (rule 3.5.6)."
            ),
            "minutes": 4,
        }
    ]


def test_a_hand_recorded_after_the_limit_is_saved_and_its_answer_warns(umpire, sheet, monkeypatch):
    start_session(sheet, at=START)
    clock(monkeypatch, LIMIT + datetime.timedelta(minutes=2))
    response = umpire.post(url(sheet, "hands/"), WIN, format="json", **if_match(sheet))
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["number"] == 1
    assert [(w["code"], w["minutes"]) for w in body["warnings"]] == [("time_limit_passed", 2)]


def test_a_hand_recorded_in_time_answers_no_warning(umpire, sheet, monkeypatch):
    start_session(sheet, at=START)
    clock(monkeypatch, START + datetime.timedelta(minutes=30))
    response = umpire.post(url(sheet, "hands/"), WIN, format="json", **if_match(sheet))
    assert response.status_code == 201 and response.json()["warnings"] == []


# -- at most 150 minutes ----------------------------------------------------------------------


def test_a_tournament_is_not_created_with_sessions_longer_than_150_minutes(as_role):
    body = {"name": "Long Open", "slug": "long", "session_minutes": 151}
    response = as_role(Role.ORGANISER).post("/api/tournaments/", body, format="json")
    errors = assert_error(response, 400, field="session_minutes")
    assert "150" in errors[0]["message"]
    assert not Tournament.objects.filter(slug="long").exists()
    body["session_minutes"] = 150
    assert as_role(Role.ORGANISER).post("/api/tournaments/", body, format="json").status_code == 201


def test_a_tournaments_sessions_cannot_be_made_longer_than_150_minutes(as_role):
    tournament = TournamentFactory(session_minutes=120)
    response = as_role(Role.ORGANISER).patch(
        f"/api/tournaments/{tournament.slug}/", {"session_minutes": 151}, format="json"
    )
    assert_error(response, 400, field="session_minutes")
    assert Tournament.objects.get(pk=tournament.pk).session_minutes == 120


# -- start and end ----------------------------------------------------------------------------


def test_a_start_before_the_previous_sessions_start_is_a_400(chief, sheet):
    start_session(sheet, at=START)
    players = [s.player for s in sheet.seats.order_by("position")]
    second = seated_table(sheet.session.tournament, session_number=2, players=players)
    early = (START - datetime.timedelta(minutes=1)).isoformat()
    response = chief.post(session_url(second, "start", 2), {"at": early}, format="json")
    errors = assert_error(response, 400, code="invalid")
    assert "cannot start before the session before it" in errors[0]["message"]
    assert Session.objects.get(pk=second.session_id).actual_start is None


@pytest.fixture
def ended(chief, sheet, other_sheet_in_session):
    """Session 1 started at START, table 1 with a hand, table 2 without; not ended yet."""
    start_session(sheet, at=START)
    win(sheet)
    return sheet


@pytest.fixture
def other_sheet_in_session(sheet):
    """Table 2 of session 1, four other players."""
    return seated_table(sheet.session.tournament, table_number=2)


def test_the_ends_answer_lists_the_tables_that_recorded_no_hand(chief, ended):
    response = chief.post(session_url(ended, "end"), {"at": LIMIT.isoformat()}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "ended" and body["tables_without_hands"] == [2]
    assert Session.objects.get(pk=ended.session_id).actual_end == LIMIT


def test_ending_a_session_that_ended_is_a_409_and_keeps_its_end(chief, ended):
    chief.post(session_url(ended, "end"), {"at": LIMIT.isoformat()}, format="json")
    later = (LIMIT + datetime.timedelta(minutes=9)).isoformat()
    response = chief.post(session_url(ended, "end"), {"at": later}, format="json")
    errors = assert_error(response, 409, code="invalid_state")
    assert "already ended" in errors[0]["message"]
    assert Session.objects.get(pk=ended.session_id).actual_end == LIMIT


def test_the_chief_umpire_corrects_the_end_with_a_reason(chief, ended):
    chief.post(session_url(ended, "end"), {"at": LIMIT.isoformat()}, format="json")
    right = LIMIT - datetime.timedelta(minutes=6)
    response = chief.post(
        session_url(ended, "end"),
        {"at": right.isoformat(), "reason": "The gong sounded at 12:24"},
        format="json",
    )
    assert response.status_code == 200, response.content
    assert response.json()["actual_end"] == "2026-05-02T12:24:00Z"
    session = Session.objects.get(pk=ended.session_id)
    assert session.actual_end == right
    assert session.history.first().history_change_reason == "The gong sounded at 12:24"


def test_a_reason_for_a_session_that_has_not_ended_is_a_409(chief, ended):
    response = chief.post(
        session_url(ended, "end"), {"at": LIMIT.isoformat(), "reason": "Typo"}, format="json"
    )
    assert_error(response, 409, code="invalid_state")
    assert Session.objects.get(pk=ended.session_id).actual_end is None


def test_a_correction_of_the_end_needs_its_time(chief, ended):
    chief.post(session_url(ended, "end"), {"at": LIMIT.isoformat()}, format="json")
    response = chief.post(session_url(ended, "end"), {"reason": "Wrong time"}, format="json")
    assert_error(response, 400)
    assert Session.objects.get(pk=ended.session_id).actual_end == LIMIT


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE, Role.PLAYER])
def test_only_the_chief_umpire_corrects_an_end(as_role, chief, ended, role):
    chief.post(session_url(ended, "end"), {"at": LIMIT.isoformat()}, format="json")
    response = as_role(role).post(
        session_url(ended, "end"), {"at": START.isoformat(), "reason": "Mine"}, format="json"
    )
    assert_error(response, 403, code="forbidden")
    assert Session.objects.get(pk=ended.session_id).actual_end == LIMIT
