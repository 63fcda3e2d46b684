"""POST /api/appeals/{id}/ruling/: the arbitration committee upholds or rejects an appeal."""

import pytest

from tests.api.appeal_helpers import file_appeal, under_review
from tests.api.helpers import assert_error
from tests.api.sheet_helpers import signed, win
from tournaments.models import Appeal, Hand
from tournaments.roles import Role
from tournaments.services.corrections import correction_hand_replace
from tournaments.system_texts import system_text

pytestmark = pytest.mark.django_db

UPHELD = {"upheld": True, "ruling": "The flower counts once.", "reasons": "Rule 3.8."}
REJECTED = {"upheld": False, "ruling": "The umpire was right.", "reasons": "Rule 3.13.3."}


def url(appeal) -> str:
    return f"/api/appeals/{appeal.pk}/ruling/"


@pytest.fixture
def appeal(appeal_sheet, seat_clients) -> Appeal:
    return file_appeal(appeal_sheet, seat_clients["A"])


def test_the_committee_upholds_a_filed_appeal_taking_it_under_review_first(appeal, as_role):
    committee = as_role(Role.COMMITTEE)
    response = committee.post(url(appeal), UPHELD, format="json")
    assert response.status_code == 200, response.content
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.UPHELD
    assert appeal.fee_status == Appeal.FeeStatus.RETURNED
    assert (appeal.ruling, appeal.reasons) == (UPHELD["ruling"], UPHELD["reasons"])
    assert appeal.ruled_by == committee.user and appeal.ruled_at is not None
    reasons = [
        system_text(r.history_change_reason) for r in appeal.history.order_by("history_date")
    ]
    assert reasons == [
        "Filed by the player",
        "Taken under review by the committee",
        "Upheld: fee returned",
    ]
    data = response.json()
    assert data["status"] == "upheld" and data["fee_status"] == "returned"
    assert data["ruled_by"] == committee.user.username


def test_the_committee_rejects_an_appeal_under_review(appeal, as_role):
    under_review(appeal)
    response = as_role(Role.COMMITTEE).post(url(appeal), REJECTED, format="json")
    assert response.status_code == 200, response.content
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.REJECTED
    assert appeal.fee_status == Appeal.FeeStatus.FORFEITED


def test_an_upheld_ruling_links_the_chief_umpires_correction(appeal_sheet, seat_clients, as_role):
    chief = as_role(Role.CHIEF_UMPIRE)
    umpire = as_role(Role.UMPIRE)
    appeal_sheet.umpire = umpire.user
    appeal_sheet.save(update_fields=["umpire"])
    signed(appeal_sheet, umpire.user)
    hand = Hand.objects.get(table_session=appeal_sheet, number=1)
    appeal = file_appeal(appeal_sheet, seat_clients["A"], subject="hand", hand=hand)
    correction = correction_hand_replace(
        hand=hand, reason="Appeal upheld", outcome=Hand.Outcome.DRAW, user=chief.user
    )
    response = as_role(Role.COMMITTEE).post(
        url(appeal), {**UPHELD, "correction": correction.pk}, format="json"
    )
    assert response.status_code == 200, response.content
    appeal.refresh_from_db()
    assert appeal.correction == correction
    assert response.json()["correction"] == correction.pk


@pytest.mark.parametrize(
    "role", [Role.CHIEF_UMPIRE, Role.UMPIRE, Role.ORGANISER, Role.PLAYER, None]
)
def test_only_the_committee_rules(appeal, as_role, role):
    response = as_role(role).post(url(appeal), UPHELD, format="json")
    assert_error(response, 403, code="forbidden")
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.FILED


def test_the_appellant_does_not_rule_on_his_own_appeal(appeal, seat_clients):
    assert_error(seat_clients["A"].post(url(appeal), UPHELD, format="json"), 403)
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.FILED


def test_it_refuses_an_anonymous_ruling(appeal, anonymous):
    assert_error(anonymous.post(url(appeal), UPHELD, format="json"), 401)


def test_a_refused_ruling_leaves_a_filed_appeal_filed(appeal, as_role):
    """The review step and the decision are one transaction."""
    response = as_role(Role.COMMITTEE).post(url(appeal), {**UPHELD, "ruling": "  "}, format="json")
    errors = assert_error(response, 400)
    assert "ruling" in errors[0]["message"]
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.FILED
    assert appeal.history.count() == 1


def test_a_rejected_ruling_links_no_correction(appeal_sheet, seat_clients, as_role):
    chief = as_role(Role.CHIEF_UMPIRE)
    signed(appeal_sheet, chief.user)
    appeal = file_appeal(appeal_sheet, seat_clients["A"])
    hand = Hand.objects.get(table_session=appeal_sheet, number=1)
    correction = correction_hand_replace(
        hand=hand, reason="Rescored", outcome=Hand.Outcome.DRAW, user=chief.user
    )
    response = as_role(Role.COMMITTEE).post(
        url(appeal), {**REJECTED, "correction": correction.pk}, format="json"
    )
    assert_error(response, 400)
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.FILED and appeal.correction is None


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"upheld": None}, "upheld"),
        ({"upheld": "perhaps"}, "upheld"),
        ({"ruling": None}, "ruling"),
        ({"reasons": None}, "reasons"),
        ({"correction": 999_999}, "correction"),
    ],
)
def test_it_names_the_field_of_a_malformed_ruling(appeal, as_role, changes, field):
    data = {k: v for k, v in {**UPHELD, **changes}.items() if v is not None}
    response = as_role(Role.COMMITTEE).post(url(appeal), data, format="json")
    assert_error(response, 400, field=field)
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.FILED


def test_a_decided_appeal_is_not_decided_again(appeal, as_role):
    committee = as_role(Role.COMMITTEE)
    assert committee.post(url(appeal), UPHELD, format="json").status_code == 200
    response = committee.post(url(appeal), REJECTED, format="json")
    assert_error(response, 409, code="invalid_state")
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.UPHELD


def test_a_ruling_on_an_unknown_appeal_is_404(appeal_sheet, as_role):
    win(appeal_sheet)
    response = as_role(Role.COMMITTEE).post("/api/appeals/999999/ruling/", UPHELD, format="json")
    assert_error(response, 404)
