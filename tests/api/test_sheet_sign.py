"""POST /api/score-sheets/{id}/sign/: a player's confirmation, the umpire's signature, the
chief umpire's countersignature."""

import pytest

from api.common import sheet_etag
from tests.api.helpers import assert_error
from tests.api.refusals import assert_refused
from tests.api.sheet_helpers import complete, fresh, if_match, signed, url
from tournaments.models import SheetConfirmation, TableSession
from tournaments.roles import Role
from tournaments.services.signoff import sheet_confirm_player


def sign(client, sheet, body=None, headers=None):
    headers = if_match(sheet) if headers is None else headers
    return client.post(url(sheet, "sign/"), body or {}, format="json", **headers)


def confirm_all(sheet):
    for seat in sheet.seats.order_by("position"):
        sheet_confirm_player(table_session=sheet, player=seat.player)


def test_the_umpire_records_a_players_confirmation(umpire, sheet):
    complete(sheet)
    response = sign(umpire, sheet, {"position": "C"})
    assert response.status_code == 200, response.content
    confirmation = SheetConfirmation.objects.get(table_session=sheet)
    assert confirmation.player == sheet.seats.get(position="C").player
    assert confirmation.recorded_by == umpire.user
    assert [c["position"] for c in response.json()["signoff"]["confirmations"]] == ["C"]
    assert response["ETag"] == sheet_etag(fresh(sheet))


def test_a_player_confirms_his_own_seat_but_not_another(player_client, sheet):
    complete(sheet)
    client = player_client(sheet, "B")
    assert sign(client, sheet, {"position": "B"}).status_code == 200
    assert_error(sign(client, sheet, {"position": "A"}), 403, code="forbidden")
    assert SheetConfirmation.objects.filter(table_session=sheet).count() == 1


def test_an_open_sheet_cannot_be_confirmed(umpire, sheet):
    assert_error(sign(umpire, sheet, {"position": "A"}), 409, "invalid_state")
    assert not SheetConfirmation.objects.exists()


def test_the_umpire_signs_once_all_four_confirmed_and_the_sheet_locks(umpire, sheet):
    complete(sheet)
    confirm_all(sheet)
    response = sign(umpire, sheet)
    assert response.status_code == 200, response.content
    sheet = fresh(sheet)
    assert sheet.status == TableSession.Status.SIGNED and sheet.umpire_signed_by == umpire.user
    assert response.json()["signoff"]["umpire_signature"]["by"] == umpire.user.username


def test_the_umpire_cannot_sign_before_the_four_confirmed(umpire, sheet):
    complete(sheet)
    errors = assert_error(sign(umpire, sheet), 400)
    assert "confirmed" in errors[0]["message"]
    assert fresh(sheet).status == TableSession.Status.COMPLETE


def test_the_chief_umpire_countersigns_a_signed_sheet(umpire, chief, sheet):
    signed(sheet, umpire.user)
    response = sign(chief, sheet)
    assert response.status_code == 200, response.content
    sheet = fresh(sheet)
    assert sheet.status == TableSession.Status.FINAL and sheet.countersigned_by == chief.user
    assert response.json()["signoff"]["countersignature"]["by"] == chief.user.username


def test_the_chief_umpire_who_signed_as_umpire_cannot_countersign(chief, sheet):
    signed(sheet, chief.user)
    assert_error(sign(chief, sheet), 400)
    assert fresh(sheet).status == TableSession.Status.SIGNED


def test_the_chief_umpire_signs_a_complete_sheet_as_its_umpire(chief, sheet):
    complete(sheet)
    confirm_all(sheet)
    assert sign(chief, sheet).status_code == 200
    assert fresh(sheet).status == TableSession.Status.SIGNED


def test_the_umpire_cannot_countersign_his_signed_sheet(umpire, sheet):
    signed(sheet, umpire.user)
    assert_error(sign(umpire, sheet), 403, "forbidden")
    assert fresh(sheet).status == TableSession.Status.SIGNED


def test_a_confirmation_on_a_signed_sheet_is_409(umpire, sheet):
    signed(sheet, umpire.user)
    assert_error(sign(umpire, sheet, {"position": "A"}), 409, code="locked")


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE, Role.PLAYER, None])
def test_nobody_else_signs(as_role, sheet, role):
    complete(sheet)
    confirm_all(sheet)
    client = as_role(role)
    assert_refused(sign(client, sheet), role)
    assert_refused(sign(client, sheet, {"position": "A"}), role)
    assert fresh(sheet).status == TableSession.Status.COMPLETE


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE])
def test_only_the_chief_umpire_countersigns(as_role, umpire, sheet, role):
    signed(sheet, umpire.user)
    assert_refused(sign(as_role(role), sheet), role)
    assert fresh(sheet).status == TableSession.Status.SIGNED


def test_signing_needs_if_match(umpire, sheet):
    complete(sheet)
    confirm_all(sheet)
    assert_error(sign(umpire, sheet, headers={}), 428)
    assert_error(sign(umpire, sheet, headers={"HTTP_IF_MATCH": '"0-0"'}), 412)
    assert fresh(sheet).status == TableSession.Status.COMPLETE


def test_a_bad_position_is_a_400_naming_it(umpire, sheet):
    complete(sheet)
    assert_error(sign(umpire, sheet, {"position": "E"}), 400, field="position")


def test_anonymous_401_unknown_404(anonymous, umpire, sheet):
    assert_error(sign(anonymous, sheet), 401)
    response = umpire.post("/api/score-sheets/999999/sign/", {}, HTTP_IF_MATCH='"1-0"')
    assert_error(response, 404)
