"""One rule for who may still be given a sheet (tournaments.services.tournament,
`sheet_umpire_check_may_change`): the umpire of a signed or countersigned sheet stays on record
and a finished tournament's umpires no longer change. One sheet's PATCH, the admin's action on
score sheets and the umpire rota ask it alike: what the rota leaves alone or refuses, the
others refuse too (409), and nothing changes."""

import pytest
from django.urls import reverse

from tests.api.helpers import assert_error
from tests.api.openapi_schema import generated_schema
from tests.api.sheet_helpers import fresh, if_match, signed, url
from tournaments.models import Tournament
from tournaments.roles import Role
from tournaments.services.signoff import sheet_countersign

pytestmark = pytest.mark.django_db


def patch_umpire(client, sheet, username: str | None):
    return client.patch(url(sheet), {"umpire": username}, format="json", **if_match(sheet))


def rota(client, sheet, username: str | None):
    slug = sheet.session.tournament.slug
    body = {"umpire": username, "tables": [1], "sessions": [1]}
    return client.post(f"/api/tournaments/{slug}/umpire-rota/", body, format="json")


def admin_assign(admin_client, sheet, user):
    data = {
        "action": "action_assign_umpire",
        "_selected_action": [sheet.pk],
        "apply": "1",
        "umpire": user.pk,
    }
    return admin_client.post(reverse("admin:tournaments_tablesession_changelist"), data)


@pytest.fixture
def newcomer(as_role):
    return as_role(Role.UMPIRE, username="umpire-jane")


@pytest.fixture
def countersigned(sheet, umpire, chief):
    signed(sheet, umpire.user)
    sheet_countersign(table_session=sheet, user=chief.user)
    return fresh(sheet)


def test_a_signed_sheet_keeps_its_umpire_through_the_sheets_patch(chief, umpire, sheet, newcomer):
    signed(sheet, umpire.user)
    assert_error(patch_umpire(chief, sheet, "umpire-jane"), 409, code="locked")
    assert fresh(sheet).umpire == umpire.user


def test_a_countersigned_sheet_keeps_its_umpire_on_every_door(
    chief, umpire, countersigned, newcomer, admin_client
):
    sheet = countersigned
    version = sheet.version
    assert_error(patch_umpire(chief, sheet, "umpire-jane"), 409, code="locked")
    assert_error(patch_umpire(chief, sheet, None), 409, code="locked")
    left = rota(chief, sheet, "umpire-jane")
    assert left.status_code == 200 and left.json()["locked"] == [
        {"session": 1, "table": 1, "umpire": umpire.user.username}
    ]
    page = admin_assign(admin_client, sheet, newcomer.user)
    assert page.status_code == 200 and "who umpired it stays on record" in page.content.decode()
    assert (fresh(sheet).umpire, fresh(sheet).version) == (umpire.user, version)


def test_a_finished_tournament_refuses_a_new_umpire_on_every_door_alike(
    chief, umpire, countersigned, newcomer, admin_client
):
    sheet = countersigned
    Tournament.objects.filter(pk=sheet.session.tournament_id).update(status="finished")
    assert_error(patch_umpire(chief, sheet, "umpire-jane"), 409, code="invalid_state")
    assert_error(rota(chief, sheet, "umpire-jane"), 409, code="invalid_state")
    page = admin_assign(admin_client, sheet, newcomer.user)
    assert page.status_code == 200 and "The tournament is finished" in page.content.decode()
    assert fresh(sheet).umpire == umpire.user


def test_an_open_sheet_still_takes_a_new_umpire_on_every_door(chief, sheet, newcomer, admin_client):
    assert patch_umpire(chief, sheet, "umpire-jane").status_code == 200
    assert fresh(sheet).umpire == newcomer.user
    assert patch_umpire(chief, sheet, None).status_code == 200
    assert rota(chief, sheet, "umpire-jane").json()["changed"] == 1
    assert admin_assign(admin_client, sheet, newcomer.user).status_code == 302


def test_the_schema_documents_the_409_of_the_sheets_patch():
    schema, _problems = generated_schema()
    responses = schema["paths"]["/api/score-sheets/{sheet_id}/"]["patch"]["responses"]
    assert "409" in responses
