"""POST /api/appeals/{id}/withdraw/: the filer, the player, his captain or the chief umpire
withdraws an open appeal; the fee is forfeited."""

import pytest

from tests.api.appeal_helpers import file_appeal
from tests.api.helpers import assert_error
from tournaments.models import Appeal
from tournaments.roles import Role

pytestmark = pytest.mark.django_db


def url(appeal) -> str:
    return f"/api/appeals/{appeal.pk}/withdraw/"


@pytest.fixture
def appeal(appeal_sheet, seat_clients) -> Appeal:
    return file_appeal(appeal_sheet, seat_clients["A"])


@pytest.mark.parametrize("position", ["A", "C"])
def test_the_player_or_his_captain_withdraws_it(appeal, seat_clients, position):
    response = seat_clients[position].post(url(appeal))
    assert response.status_code == 200, response.content
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.WITHDRAWN
    assert appeal.fee_status == Appeal.FeeStatus.FORFEITED
    assert response.json()["status"] == "withdrawn"


def test_the_chief_umpire_withdraws_it(appeal, as_role):
    assert as_role(Role.CHIEF_UMPIRE).post(url(appeal)).status_code == 200
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.WITHDRAWN


@pytest.mark.parametrize("role", [Role.COMMITTEE, Role.UMPIRE, Role.ORGANISER, None])
def test_other_roles_may_not_withdraw_it(appeal, as_role, role):
    assert_error(as_role(role).post(url(appeal)), 403, code="forbidden")
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.FILED


@pytest.mark.parametrize("position", ["B", "D"])
def test_other_players_may_not_withdraw_it(appeal, seat_clients, position):
    assert_error(seat_clients[position].post(url(appeal)), 403)


def test_anonymous_is_401(appeal, anonymous):
    assert_error(anonymous.post(url(appeal)), 401)


def test_a_withdrawn_appeal_is_not_withdrawn_again(appeal, seat_clients):
    assert seat_clients["A"].post(url(appeal)).status_code == 200
    assert_error(seat_clients["A"].post(url(appeal)), 409, code="invalid_state")


def test_an_unknown_appeal_is_404(seat_clients):
    assert_error(seat_clients["A"].post("/api/appeals/999999/withdraw/"), 404)
