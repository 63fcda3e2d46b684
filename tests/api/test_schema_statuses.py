"""Every status an operation answers is in its schema: the 409s of a state that refuses a write
(a finished tournament's new team, a session start that would change a countersigned sheet,
a player's fourth open appeal, a change of a finished tournament's settings, a signed sheet's
umpire), and the 414 and 431 the web server answers before the API sees a request whose
request line or headers pass its limits (the limits of deploy/gunicorn.conf.py, the figures
the schema gives). tests/api/test_schemathesis.py fuzzes the whole API for the rest."""

import datetime
import runpy
from pathlib import Path

import pytest

from api.schema import HEADER_COUNT_LIMIT, HEADER_LINE_LIMIT, REQUEST_LINE_LIMIT
from tests.api.appeal_helpers import file_appeal
from tests.api.helpers import assert_error
from tests.api.openapi_schema import generated_schema
from tests.api.sheet_helpers import complete
from tests.tournaments.factories import TournamentFactory, seated_table, sign_sheets
from tournaments.models import CheckIn, Session, Team, Tournament
from tournaments.roles import Role
from tournaments.services.signoff import sheet_countersign

GUNICORN_CONF = Path(__file__).resolve().parents[2] / "deploy" / "gunicorn.conf.py"
START = datetime.datetime(2026, 5, 2, 10, 0, tzinfo=datetime.UTC)


@pytest.fixture(scope="module")
def schema() -> dict:
    generated, _problems = generated_schema()
    return generated


def assert_documented(schema: dict, response, path: str, method: str) -> None:
    """The answer's status is one the operation's schema lists."""
    documented = schema["paths"][path][method]["responses"]
    assert str(response.status_code) in documented, (path, method, sorted(documented))


@pytest.fixture
def finished(db):
    """A finished tournament: session 1's sheet countersigned, with a player's check-in."""
    tournament = TournamentFactory(entry_mode="points", start_date=None)
    sheet = seated_table(tournament)
    Session.objects.filter(pk=sheet.session_id).update(actual_start=START)
    player = sheet.seats.get(position="A").player
    CheckIn.objects.create(session_id=sheet.session_id, player=player, arrived_at=START)
    complete(sheet)
    sign_sheets(sheet)
    sheet_countersign(table_session=sheet)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    return tournament


def test_a_finished_tournaments_new_team_is_a_documented_409(schema, as_role, finished):
    response = as_role(Role.CHIEF_UMPIRE).post(
        f"/api/tournaments/{finished.slug}/teams/", {"name": "Dragons"}, format="json"
    )
    assert_error(response, 409, code="invalid_state")
    assert_documented(schema, response, "/api/tournaments/{slug}/teams/", "post")
    assert not Team.objects.exists()


def test_a_start_that_would_change_a_countersigned_sheet_is_a_documented_409(
    schema, as_role, finished
):
    later = (START + datetime.timedelta(minutes=30)).isoformat()
    response = as_role(Role.CHIEF_UMPIRE).post(
        f"/api/tournaments/{finished.slug}/sessions/1/start/", {"at": later}, format="json"
    )
    assert_error(response, 409)
    assert_documented(schema, response, "/api/tournaments/{slug}/sessions/{number}/start/", "post")
    assert Session.objects.get(tournament=finished, number=1).actual_start == START


def test_a_finished_tournaments_sessions_change_is_a_documented_409(schema, as_role, finished):
    response = as_role(Role.ORGANISER).patch(
        f"/api/tournaments/{finished.slug}/", {"sessions_planned": 9}, format="json"
    )
    assert_error(response, 409, code="invalid_state")
    assert_documented(schema, response, "/api/tournaments/{slug}/", "patch")


def test_a_fourth_open_appeal_is_a_documented_409(schema, appeal_sheet, seat_clients):
    client = seat_clients["A"]
    for _ in range(3):
        file_appeal(appeal_sheet, client)
    body = {"session": 1, "subject": "result", "statement": "Wrong count.", "confirmed": True}
    slug = appeal_sheet.session.tournament.slug
    response = client.post(f"/api/tournaments/{slug}/appeals/", body, format="json")
    assert_error(response, 409, code="invalid_state")
    assert_documented(schema, response, "/api/tournaments/{slug}/appeals/", "post")


def test_every_operation_documents_the_web_servers_414_and_431(schema):
    missing = [
        f"{method.upper()} {path}: {status}"
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        for status in ("414", "431")
        if status not in operation["responses"]
    ]
    assert missing == []
    some = schema["paths"]["/api/tournaments/"]["get"]["responses"]
    assert f"({REQUEST_LINE_LIMIT} bytes)" in some["414"]["description"]
    assert f"({HEADER_LINE_LIMIT} bytes)" in some["431"]["description"]


def test_the_schemas_figures_are_the_web_servers_limits():
    conf = runpy.run_path(str(GUNICORN_CONF))
    assert conf["limit_request_line"] == REQUEST_LINE_LIMIT
    assert conf["limit_request_field_size"] == HEADER_LINE_LIMIT
    assert conf["limit_request_fields"] == HEADER_COUNT_LIMIT
