"""GET /api/appeals/{id}/: one appeal, for those who may read it."""

import pytest

from tests.api.appeal_helpers import file_appeal
from tests.api.helpers import assert_error
from tournaments.models import Appeal
from tournaments.roles import Role

pytestmark = pytest.mark.django_db


def url(appeal) -> str:
    return f"/api/appeals/{appeal.pk}/"


@pytest.fixture
def appeal(appeal_sheet, seat_clients) -> Appeal:
    return file_appeal(appeal_sheet, seat_clients["A"], statement="Wrong count.")


@pytest.mark.parametrize("role", [Role.COMMITTEE, Role.CHIEF_UMPIRE, "superuser"])
def test_the_committee_and_the_chief_umpire_read_an_appeal(appeal, as_role, role):
    response = as_role(role).get(url(appeal))
    assert response.status_code == 200
    data = response.json()
    assert data["id"] == appeal.pk and data["statement"] == "Wrong count."
    assert data["tournament"] == appeal.session.tournament.slug and data["session"] == 1
    assert data["subject"] == "other" and data["status"] == "filed"
    assert data["fee_amount"] == "150.00" and data["fee_currency"] == "EUR"


@pytest.mark.parametrize("position", ["A", "C"])
def test_the_player_concerned_and_his_captain_read_it(appeal, seat_clients, position):
    assert seat_clients[position].get(url(appeal)).status_code == 200


@pytest.mark.parametrize("position", ["B", "D"])
def test_other_players_do_not_see_it(appeal, seat_clients, position):
    assert_error(seat_clients[position].get(url(appeal)), 404)


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, None])
def test_other_roles_do_not_see_it(appeal, as_role, role):
    assert_error(as_role(role).get(url(appeal)), 404)


def test_anonymous_is_401(appeal, anonymous):
    assert_error(anonymous.get(url(appeal)), 401)


def test_an_unknown_appeal_is_404(as_role):
    assert_error(as_role(Role.COMMITTEE).get("/api/appeals/999999/"), 404)
