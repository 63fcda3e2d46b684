"""GET /api/score-sheets/{id}/ (the sheet and its ETag) and PATCH (assign the umpire)."""

import pytest

from api.common import sheet_etag
from tests.api.helpers import assert_error
from tests.api.refusals import assert_refused
from tests.api.sheet_helpers import PURE_STRAIGHT, fresh, signed, url, win
from tests.tournaments.factories import seated_table
from tournaments.roles import Role
from tournaments.services.penalties import penalty_record
from tournaments.services.signoff import sheet_countersign


def test_the_sheet_shows_seats_hands_penalties_results_and_its_etag(umpire, sheet):
    win(sheet)
    offender = sheet.seats.get(position="D").player
    penalty_record(table_session=sheet, player=offender, kind="deduction", amount=10, reason="x")
    response = umpire.get(url(sheet))
    assert response.status_code == 200, response.content
    body = response.json()
    assert response["ETag"] == sheet_etag(fresh(sheet))
    assert body["version"] == fresh(sheet).version and body["umpire"] == umpire.user.username
    assert (body["session"], body["table"]) == (1, 1)
    assert body["tournament"] == sheet.session.tournament.slug
    assert [(s["position"], s["seat_wind"]) for s in body["seats"]] == [
        ("A", "E"),
        ("B", "S"),
        ("C", "W"),
        ("D", "N"),
    ]
    assert body["seats"][0]["player"]["name"] == sheet.seats.get(position="A").player.name
    [hand] = body["hands"]
    assert hand["hand"] == PURE_STRAIGHT and hand["winner"] == "A" and hand["discarder"] == "B"
    assert hand["fans"] and {"name", "points", "count", "id"} <= set(hand["fans"][0])
    assert sum(hand["payments"].values()) == 0
    [penalty] = body["penalties"]
    assert penalty["offender"] == "D" and penalty["deltas"]["D"] == -10
    assert penalty["kind"] == "deduction" and penalty["amount"] == 10
    results = {r["position"]: r for r in body["results"]}
    assert results["A"]["rank"] == 1 and results["A"]["table_points"] == 4
    assert results["D"]["penalties"] == -10
    assert results["D"]["score"] == hand["payments"]["D"] - 10
    assert body["signoff"] == {
        "status": "open",
        "closed_by": None,
        "confirmations": [],
        "umpire_signature": None,
        "countersignature": None,
    }
    assert body["next_hand"] == 2


def test_the_sign_off_state_shows_who_confirmed_signed_and_countersigned(umpire, chief, sheet):
    signed(sheet, umpire.user)
    sheet_countersign(table_session=sheet, user=chief.user)
    body = chief.get(url(sheet)).json()
    signoff = body["signoff"]
    assert signoff["status"] == "final" and signoff["closed_by"] == "time_limit"
    assert [c["position"] for c in signoff["confirmations"]] == ["A", "B", "C", "D"]
    assert signoff["umpire_signature"]["by"] == umpire.user.username
    assert signoff["countersignature"]["by"] == chief.user.username
    assert body["next_hand"] is None


@pytest.mark.parametrize("role", [Role.CHIEF_UMPIRE, Role.ORGANISER, Role.COMMITTEE, "superuser"])
def test_the_directing_roles_read_every_sheet(as_role, sheet, role):
    assert as_role(role).get(url(sheet)).status_code == 200


def test_a_player_reads_his_own_sheet_but_not_another(player_client, sheet):
    client = player_client(sheet, "B")
    assert client.get(url(sheet)).status_code == 200
    other = seated_table(sheet.session.tournament, table_number=2)
    assert_error(client.get(url(other)), 404)


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.PLAYER, None])
def test_a_sheet_is_hidden_from_other_umpires_players_and_logins_without_a_role(
    as_role, sheet, role
):
    assert_error(as_role(role).get(url(sheet)), 404)


def test_anonymous_is_401_and_an_unknown_sheet_404(anonymous, chief):
    assert_error(anonymous.get("/api/score-sheets/1/"), 401)
    assert_error(chief.get("/api/score-sheets/999999/"), 404)


# -- PATCH: the umpire ----------------------------------------------------------------------


def patch(client, sheet, body: dict, **headers):
    """PATCH with the sheet's current ETag unless the test sends its own If-Match."""
    if "HTTP_IF_MATCH" not in headers:
        headers["HTTP_IF_MATCH"] = f'"{sheet.pk}-{fresh(sheet).version}"'
    return client.patch(url(sheet), body, format="json", **headers)


def test_the_chief_umpire_assigns_and_removes_the_umpire(chief, as_role, sheet):
    new = as_role(Role.UMPIRE, username="umpire-jane")
    before = fresh(sheet).version
    response = patch(chief, sheet, {"umpire": "umpire-jane"})
    assert response.status_code == 200, response.content
    assert fresh(sheet).umpire == new.user and response.json()["umpire"] == "umpire-jane"
    assert fresh(sheet).version == before + 1
    assert response["ETag"] == f'"{sheet.pk}-{before + 1}"'
    assert new.get(url(sheet)).status_code == 200  # the new umpire now reads it
    response = patch(chief, sheet, {"umpire": None})
    assert response.status_code == 200 and fresh(sheet).umpire is None


def test_assigning_an_umpire_needs_the_sheets_etag(chief, as_role, sheet):
    as_role(Role.UMPIRE, username="umpire-jane")
    response = chief.patch(url(sheet), {"umpire": "umpire-jane"}, format="json")
    assert_error(response, 428)
    response = patch(chief, sheet, {"umpire": "umpire-jane"}, HTTP_IF_MATCH=f'"{sheet.pk}-99"')
    assert_error(response, 412)
    assert fresh(sheet).umpire is None


@pytest.mark.parametrize("username", ["nobody-here", "organiser-x"])
def test_an_unknown_username_or_a_login_who_is_no_umpire_is_a_400(chief, as_role, sheet, username):
    as_role(Role.ORGANISER, username="organiser-x")
    response = patch(chief, sheet, {"umpire": username})
    assert_error(response, 400, field="umpire")
    assert fresh(sheet).umpire is None


def test_a_missing_umpire_field_is_a_400(chief, sheet):
    assert_error(patch(chief, sheet, {}), 400, field="umpire")


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE, Role.PLAYER, None])
def test_only_the_chief_umpire_assigns_umpires(as_role, sheet, role):
    as_role(Role.UMPIRE, username="umpire-jane")
    response = patch(as_role(role), sheet, {"umpire": "umpire-jane"})
    assert_refused(response, role)
    assert fresh(sheet).umpire is None


def test_the_sheets_own_umpire_cannot_reassign_it(umpire, as_role, sheet):
    as_role(Role.UMPIRE, username="umpire-jane")
    assert_error(patch(umpire, sheet, {"umpire": "umpire-jane"}), 403)
    assert fresh(sheet).umpire == umpire.user


def test_patch_anonymous_401_unknown_404(anonymous, chief, sheet):
    assert_error(anonymous.patch(url(sheet), {"umpire": None}, format="json"), 401)
    assert_error(chief.patch("/api/score-sheets/999999/", {"umpire": None}, format="json"), 404)
