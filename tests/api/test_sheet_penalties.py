"""GET|POST /api/score-sheets/{id}/penalties/: the Record of Fouls of a sheet."""

import pytest

from api.common import sheet_etag
from tests.api.helpers import assert_error
from tests.api.refusals import assert_refused
from tests.api.sheet_helpers import fresh, if_match, signed, url, win
from tournaments.models import Penalty, SessionResult
from tournaments.roles import Role
from tournaments.services.penalties import penalty_record, penalty_void

DEDUCTION = {"offender": "C", "kind": "deduction", "amount": 10, "reason": "Slow play"}


def record(client, sheet, body, headers=None):
    headers = if_match(sheet) if headers is None else headers
    return client.post(url(sheet, "penalties/"), body, format="json", **headers)


def test_the_umpire_records_a_deduction(umpire, sheet):
    win(sheet)
    response = record(umpire, sheet, DEDUCTION)
    assert response.status_code == 201, response.content
    penalty = Penalty.objects.get(table_session=sheet)
    assert penalty.player == sheet.seats.get(position="C").player
    assert (penalty.kind, penalty.amount, penalty.deltas) == ("deduction", 10, {"C": -10})
    assert penalty.recorded_by == umpire.user
    body = response.json()
    assert body["offender"] == "C" and body["deltas"] == {"A": 0, "B": 0, "C": -10, "D": 0}
    assert "10 points" in body["description"]
    assert response["ETag"] == sheet_etag(fresh(sheet))
    result = SessionResult.objects.get(table_session=sheet, position="C")
    assert result.score == -8 - 10


def test_a_repeated_foul_counts_the_earlier_records(umpire, sheet):
    body = {"offender": "A", "kind": "repeated_foul", "foul": "touched_wall", "reason": "wall"}
    first = record(umpire, sheet, body).json()
    second = record(umpire, sheet, body).json()
    assert (first["occurrence"], first["amount"]) == (1, 0)
    assert (second["occurrence"], second["amount"]) == (2, 5)
    assert second["deltas"] == {"A": -15, "B": 5, "C": 5, "D": 5}


def test_a_revealed_tile_is_paid_to_the_victim(umpire, sheet):
    body = {"offender": "B", "kind": "revealed_tile", "amount": 20, "victim": "D", "reason": "x"}
    response = record(umpire, sheet, body)
    assert response.status_code == 201, response.content
    assert response.json()["victim"] == "D"
    assert Penalty.objects.get().victim == sheet.seats.get(position="D").player


@pytest.mark.parametrize(
    "body, field",
    [
        ({**DEDUCTION, "offender": "E"}, "offender"),
        ({**DEDUCTION, "kind": "late"}, "kind"),
        ({**DEDUCTION, "reason": ""}, "reason"),
        ({**DEDUCTION, "amount": "ten"}, "amount"),
        ({**DEDUCTION, "hand_number": 17}, "hand_number"),
        ({k: v for k, v in DEDUCTION.items() if k != "reason"}, "reason"),
    ],
)
def test_a_malformed_penalty_is_a_400_naming_the_field(umpire, sheet, body, field):
    assert_error(record(umpire, sheet, body), 400, field=field)
    assert not Penalty.objects.exists()


def test_what_the_rules_refuse_is_a_400_from_the_service(umpire, sheet):
    response = record(umpire, sheet, {**DEDUCTION, "kind": "warning"})  # a warning has no points
    assert_error(response, 400)
    response = record(umpire, sheet, {"offender": "A", "kind": "false_hu", "reason": "x"})
    assert_error(response, 400)  # needs the hand number
    assert not Penalty.objects.exists()


def test_a_penalty_on_a_signed_sheet_is_409(umpire, sheet):
    signed(sheet, umpire.user)
    assert_error(record(umpire, sheet, DEDUCTION), 409, code="locked")


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE, Role.PLAYER, None])
def test_nobody_but_the_sheets_umpire_or_the_chief_umpire_records_a_penalty(as_role, sheet, role):
    assert_refused(record(as_role(role), sheet, DEDUCTION), role)
    assert not Penalty.objects.exists()


def test_the_chief_umpire_records_a_penalty(chief, sheet):
    assert record(chief, sheet, DEDUCTION).status_code == 201


def test_a_penalty_needs_a_current_if_match(umpire, sheet):
    assert_error(record(umpire, sheet, DEDUCTION, headers={}), 428)
    stale = if_match(sheet)
    win(sheet)
    assert_error(record(umpire, sheet, DEDUCTION, headers=stale), 412)
    assert not Penalty.objects.exists()


def test_anonymous_401_unknown_404(anonymous, umpire, sheet):
    assert_error(record(anonymous, sheet, DEDUCTION), 401)
    assert_error(anonymous.get(url(sheet, "penalties/")), 401)
    response = umpire.post("/api/score-sheets/999999/penalties/", DEDUCTION, format="json")
    assert_error(response, 404)
    assert_error(umpire.get("/api/score-sheets/999999/penalties/"), 404)


# -- GET: the Record of Fouls -----------------------------------------------------------------


def test_the_list_shows_every_penalty_voided_ones_marked(umpire, sheet):
    player = sheet.seats.get(position="B").player
    first = penalty_record(table_session=sheet, player=player, kind="warning", reason="noise")
    penalty_record(table_session=sheet, player=player, kind="deduction", amount=5, reason="late")
    penalty_void(penalty=first, reason="recorded in error")
    response = umpire.get(url(sheet, "penalties/"))
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["count"] == 2
    assert [p["kind"] for p in body["results"]] == ["warning", "deduction"]
    assert body["results"][0]["voided"] is True
    assert body["results"][0]["void_reason"] == "recorded in error"
    assert body["results"][1]["offender"] == "B"


def test_a_player_reads_the_penalties_of_his_table_but_another_umpire_does_not(
    player_client, other_umpire, sheet
):
    assert player_client(sheet, "A").get(url(sheet, "penalties/")).status_code == 200
    assert_error(other_umpire.get(url(sheet, "penalties/")), 404)
