"""POST /api/score-sheets/{id}/corrections/: the chief umpire replaces a hand, with a reason."""

import pytest

from api.common import sheet_etag
from tests.api.helpers import assert_error
from tests.api.refusals import assert_refused
from tests.api.sheet_helpers import PURE_STRAIGHT, UNDER_EIGHT, fresh, if_match, signed, url
from tournaments.models import Correction, Hand, HandScore
from tournaments.roles import Role

FIX = {
    "reason": "B won, not A: misread at the table",
    "hand_number": 1,
    "outcome": "win",
    "winner": "B",
    "discarder": None,
    "hand": PURE_STRAIGHT,
}


def correct(client, sheet, body, headers=None):
    headers = if_match(sheet) if headers is None else headers
    return client.post(url(sheet, "corrections/"), body, format="json", **headers)


@pytest.fixture
def locked(sheet, umpire):
    """Hand 1 won by A on B's discard, hand 2 a time-limit stop; confirmed and signed."""
    return signed(sheet, umpire.user)


def test_the_chief_umpire_replaces_a_hand_of_a_signed_sheet(chief, locked):
    response = correct(chief, locked, FIX)
    assert response.status_code == 201, response.content
    hand = Hand.objects.get(table_session=locked, number=1)
    assert (hand.winner_position, hand.discarder_position) == ("B", "")
    scores = dict(HandScore.objects.filter(hand=hand).values_list("position", "points"))
    assert scores["B"] > 0 and scores["A"] < 0 and sum(scores.values()) == 0
    correction = Correction.objects.get(table_session=locked)
    assert correction.made_by == chief.user and correction.reason == FIX["reason"]
    assert correction.before["winner"] == "A" and correction.after["winner"] == "B"
    body = response.json()
    assert body["hand"]["winner"] == "B" and body["hand"]["payments"] == scores
    assert body["before"]["winner"] == "A" and body["made_by"] == chief.user.username
    assert response["ETag"] == sheet_etag(fresh(locked))


def test_a_win_can_be_corrected_into_a_draw(chief, locked):
    response = correct(chief, locked, {"reason": "nobody won", "hand_number": 1, "outcome": "draw"})
    assert response.status_code == 201, response.content
    hand = Hand.objects.get(table_session=locked, number=1)
    assert hand.outcome == "draw" and hand.winner_position == ""


@pytest.mark.parametrize(
    "change, field",
    [
        ({"reason": ""}, "reason"),
        ({"reason": "   "}, "reason"),
        ({"hand_number": 0}, "hand_number"),
        ({"hand_number": 5}, "hand_number"),
        ({"winner": None}, "winner"),
        ({"hand": {**PURE_STRAIGHT, "prevalent_wind": "S"}}, "hand.prevalent_wind"),
    ],
)
def test_a_bad_correction_is_a_400_naming_the_field(chief, locked, change, field):
    assert_error(correct(chief, locked, {**FIX, **change}), 400, field=field)
    assert not Correction.objects.exists()


def test_a_missing_reason_is_a_400_on_reason(chief, locked):
    body = {k: v for k, v in FIX.items() if k != "reason"}
    assert_error(correct(chief, locked, body), 400, field="reason")


def test_a_hand_the_scoring_core_refuses_is_a_400_with_its_code(chief, locked):
    response = correct(chief, locked, {**FIX, "hand": UNDER_EIGHT})
    assert_error(response, 400, code="under_minimum", field="hand")
    assert Hand.objects.get(table_session=locked, number=1).winner_position == "A"


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE, Role.PLAYER, None])
def test_only_the_chief_umpire_corrects(as_role, locked, role):
    assert_refused(correct(as_role(role), locked, FIX), role)
    assert not Correction.objects.exists()


def test_the_sheets_own_umpire_cannot_correct(umpire, locked):
    assert_error(correct(umpire, locked, FIX), 403)


def test_a_correction_needs_a_current_if_match(chief, locked):
    assert_error(correct(chief, locked, FIX, headers={}), 428)
    stale = {"HTTP_IF_MATCH": sheet_etag(locked).replace(f"-{locked.version}", "-0")}
    assert_error(correct(chief, locked, FIX, headers=stale), 412)
    assert not Correction.objects.exists()


def test_anonymous_401_unknown_404(anonymous, chief, locked):
    assert_error(correct(anonymous, locked, FIX), 401)
    response = chief.post("/api/score-sheets/999999/corrections/", FIX, format="json")
    assert_error(response, 404)
