"""Texts that show nothing and texts too long, through the API (issue #26): names made of
zero-width, bidirectional-override or control characters, an appeal's statement or a ruling
past 2000 characters, a penalty's remarks past 1000, a player's fourth open appeal. Each is
refused in the API's error format and changes nothing."""

import pytest

from tests.api.appeal_helpers import file_appeal
from tests.api.helpers import assert_error
from tests.api.sheet_helpers import fresh, if_match, url
from tests.tournaments.factories import TournamentFactory
from tournaments.models import Appeal, Penalty, Player, Team
from tournaments.roles import Role

pytestmark = pytest.mark.django_db

INVISIBLE = ["\u200b\u200c\u200d", "\u202e", "\u202e\u200b\u202c", "\x01\x1b"]


@pytest.fixture
def tournament(db):
    return TournamentFactory()


def appeals_url(sheet) -> str:
    return f"/api/tournaments/{sheet.session.tournament.slug}/appeals/"


def appeal_body(**kwargs) -> dict:
    body = {"session": 1, "subject": "result", "statement": "Wrong count.", "confirmed": True}
    return {**body, **kwargs}


# -- names -----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", INVISIBLE)
@pytest.mark.parametrize("field", ["name", "native_name", "club", "country"])
def test_a_player_whose_text_shows_nothing_is_refused(as_role, tournament, field, text):
    body = {"name": "Ana", field: text}
    response = as_role(Role.ORGANISER).post(
        f"/api/tournaments/{tournament.slug}/players/", body, format="json"
    )
    assert_error(response, 400)
    assert not Player.objects.filter(tournament=tournament).exists()


@pytest.mark.parametrize("text", INVISIBLE)
def test_a_team_whose_name_shows_nothing_is_refused(as_role, tournament, text):
    response = as_role(Role.ORGANISER).post(
        f"/api/tournaments/{tournament.slug}/teams/", {"name": text}, format="json"
    )
    assert_error(response, 400)
    assert not Team.objects.filter(tournament=tournament).exists()


@pytest.mark.parametrize("name", ["José Núñez", "王小明", "김민준", "Дмитрий"])
def test_names_in_any_script_are_registered(as_role, tournament, name):
    response = as_role(Role.ORGANISER).post(
        f"/api/tournaments/{tournament.slug}/players/", {"name": name}, format="json"
    )
    assert response.status_code == 201, response.content
    assert Player.objects.get(tournament=tournament).name == name


# -- appeals ---------------------------------------------------------------------------------


@pytest.mark.parametrize("statement", INVISIBLE)
def test_an_appeal_whose_statement_shows_nothing_is_refused(appeal_sheet, seat_clients, statement):
    response = seat_clients["A"].post(
        appeals_url(appeal_sheet), appeal_body(statement=statement), format="json"
    )
    assert_error(response, 400)
    assert not Appeal.objects.exists()


def test_an_appeal_statement_past_2000_characters_is_a_400_naming_the_field(
    appeal_sheet, seat_clients
):
    response = seat_clients["A"].post(
        appeals_url(appeal_sheet), appeal_body(statement="s" * 2001), format="json"
    )
    assert_error(response, 400, field="statement")
    assert not Appeal.objects.exists()


def test_a_fourth_open_appeal_is_a_409(appeal_sheet, seat_clients):
    client = seat_clients["A"]
    for _ in range(3):
        file_appeal(appeal_sheet, client)
    response = client.post(appeals_url(appeal_sheet), appeal_body(), format="json")
    errors = assert_error(response, 409, code="invalid_state")
    assert "3 open appeals" in errors[0]["message"]
    assert Appeal.objects.count() == 3


@pytest.mark.parametrize("field", ["ruling", "reasons"])
@pytest.mark.parametrize("value", ["x" * 2001, "\u202e\u200b"])
def test_a_ruling_too_long_or_showing_nothing_is_refused(
    appeal_sheet, seat_clients, as_role, field, value
):
    appeal = file_appeal(appeal_sheet, seat_clients["A"])
    body = {"upheld": False, "ruling": "Rejected.", "reasons": "Rule 3.13.3.", field: value}
    response = as_role(Role.COMMITTEE).post(
        f"/api/appeals/{appeal.pk}/ruling/", body, format="json"
    )
    assert_error(response, 400, field=field if len(value) > 2000 else None)
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.FILED and appeal.ruling == ""


# -- penalty remarks -------------------------------------------------------------------------


def test_penalty_remarks_past_1000_characters_are_a_400_naming_the_field(umpire, sheet):
    body = {"offender": "C", "kind": "warning", "reason": "Noise", "remarks": "r" * 1001}
    version = fresh(sheet).version
    response = umpire.post(url(sheet, "penalties/"), body, format="json", **if_match(sheet))
    assert_error(response, 400, field="remarks")
    assert not Penalty.objects.exists()
    assert fresh(sheet).version == version
