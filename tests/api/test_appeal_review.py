"""POST /api/appeals/{id}/review/: the committee takes a filed appeal under review."""

import pytest

from tests.api.appeal_helpers import file_appeal, under_review
from tests.api.helpers import assert_error
from tournaments.models import Appeal
from tournaments.roles import Role

pytestmark = pytest.mark.django_db


def url(appeal) -> str:
    return f"/api/appeals/{appeal.pk}/review/"


@pytest.fixture
def appeal(appeal_sheet, seat_clients) -> Appeal:
    return file_appeal(appeal_sheet, seat_clients["A"])


def test_the_committee_takes_an_appeal_under_review(appeal, as_role):
    response = as_role(Role.COMMITTEE).post(url(appeal))
    assert response.status_code == 200, response.content
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.UNDER_REVIEW
    assert response.json()["status"] == "review"


@pytest.mark.parametrize("role", [Role.CHIEF_UMPIRE, Role.UMPIRE, Role.ORGANISER, None])
def test_only_the_committee_takes_it_under_review(appeal, as_role, role):
    assert_error(as_role(role).post(url(appeal)), 403, code="forbidden")
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.FILED


def test_the_appellant_does_not_take_it_under_review(appeal, seat_clients):
    assert_error(seat_clients["A"].post(url(appeal)), 403)


def test_anonymous_is_401(appeal, anonymous):
    assert_error(anonymous.post(url(appeal)), 401)


def test_an_appeal_already_under_review_is_409(appeal, as_role):
    under_review(appeal)
    assert_error(as_role(Role.COMMITTEE).post(url(appeal)), 409, code="invalid_state")


def test_an_unknown_appeal_is_404(as_role):
    assert_error(as_role(Role.COMMITTEE).post("/api/appeals/999999/review/"), 404)
