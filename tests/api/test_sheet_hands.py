"""POST /api/score-sheets/{id}/hands/ and DELETE /api/score-sheets/{id}/hands/{n}/."""

import pytest

from api.common import sheet_etag
from tests.api.helpers import assert_error
from tests.api.refusals import assert_refused
from tests.api.sheet_helpers import PURE_STRAIGHT, UNDER_EIGHT, fresh, if_match, signed, url, win
from tournaments.models import Hand, HandScore, SessionResult, TableSession
from tournaments.roles import Role


def post_hand(client, sheet, body, headers=None):
    headers = if_match(sheet) if headers is None else headers
    return client.post(url(sheet, "hands/"), body, format="json", **headers)


WIN = {"outcome": "win", "winner": "A", "discarder": "C", "hand": PURE_STRAIGHT}


def test_the_umpire_records_a_win_scored_by_the_core_with_payments_and_a_new_etag(umpire, sheet):
    response = post_hand(umpire, sheet, WIN)
    assert response.status_code == 201, response.content
    body = response.json()
    hand = Hand.objects.get(table_session=sheet)
    assert (hand.number, hand.winner_position, hand.discarder_position) == (1, "A", "C")
    assert hand.tiles == PURE_STRAIGHT and hand.entered_by == umpire.user
    assert body["number"] == 1 and body["outcome"] == "win"
    assert body["prevalent_wind"] == "E" and body["dealer"] == "A"
    assert "Pure Straight" in {fan["name"] for fan in body["fans"]}
    assert body["points"] == hand.points >= 8 and body["flowers"] == 1
    total = hand.points + 1
    assert body["payments"] == {"A": total + 24, "B": -8, "C": -(total + 8), "D": -8}
    scores = dict(HandScore.objects.filter(hand=hand).values_list("position", "points"))
    assert scores == body["payments"]
    assert response["ETag"] == sheet_etag(fresh(sheet)) != sheet_etag(sheet)
    assert SessionResult.objects.filter(table_session=sheet).count() == 4


def test_a_self_drawn_win_is_paid_by_all_three(umpire, sheet):
    response = post_hand(umpire, sheet, {**WIN, "discarder": None})
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["self_drawn"] is True and body["discarder"] is None
    assert body["payments"]["B"] == body["payments"]["C"] == body["payments"]["D"] < -8


def test_the_winds_may_be_sent_when_they_agree_with_the_hand_number(umpire, sheet):
    win(sheet)  # hand 1; hand 2: East round, B deals, so A sits North
    body = {**WIN, "hand": {**PURE_STRAIGHT, "seat_wind": "N", "prevalent_wind": "1z"}}
    response = post_hand(umpire, sheet, body)
    assert response.status_code == 201, response.content
    assert response.json()["winner_seat_wind"] == "N"


@pytest.mark.parametrize(
    "extra, field",
    [
        ({"seat_wind": "S"}, "hand.seat_wind"),
        ({"prevalent_wind": "W"}, "hand.prevalent_wind"),
        ({"seat_wind": "X"}, "hand.seat_wind"),
        ({"self_drawn": True}, "hand.self_drawn"),
    ],
)
def test_winds_that_disagree_with_the_hand_number_are_refused(umpire, sheet, extra, field):
    response = post_hand(umpire, sheet, {**WIN, "hand": {**PURE_STRAIGHT, **extra}})
    assert_error(response, 400, field=field)
    assert not Hand.objects.exists()


def test_a_hand_the_scoring_core_refuses_is_a_400_with_its_codes(umpire, sheet):
    response = post_hand(umpire, sheet, {**WIN, "hand": UNDER_EIGHT})
    assert_error(response, 400, code="under_minimum", field="hand")
    response = post_hand(umpire, sheet, {**WIN, "hand": {"melds": [], "concealed": "1m"}})
    errors = assert_error(response, 400, field="hand")
    assert all(e["code"] != "invalid" for e in errors)
    assert not Hand.objects.exists()


@pytest.mark.parametrize(
    "body, field",
    [
        ({"winner": "A"}, "outcome"),
        ({"outcome": "lose", "winner": "A"}, "outcome"),
        ({"outcome": "win", "hand": PURE_STRAIGHT}, "winner"),
        ({"outcome": "win", "winner": "E", "hand": PURE_STRAIGHT}, "winner"),
        ({"outcome": "win", "winner": "A", "hand": "123m"}, "hand"),
        ({"outcome": "win", "winner": "A", "hand": PURE_STRAIGHT, "points": 8}, "points"),
        ({"outcome": "draw", "winner": "A"}, "winner"),
    ],
)
def test_a_malformed_body_is_a_400_naming_the_field(umpire, sheet, body, field):
    assert_error(post_hand(umpire, sheet, body), 400, field=field)
    assert fresh(sheet).version == sheet.version


def test_a_draw_and_a_time_limit_stop_are_recorded_and_time_closes_the_sheet(umpire, sheet):
    assert post_hand(umpire, sheet, {"outcome": "draw"}).status_code == 201
    response = post_hand(umpire, sheet, {"outcome": "time"})
    assert response.status_code == 201, response.content
    assert response.json()["outcome"] == "time" and response.json()["number"] == 2
    assert list(sheet.hands.values_list("outcome", flat=True)) == ["draw", "time"]
    assert fresh(sheet).status == TableSession.Status.COMPLETE


def test_points_only_tournaments_take_points_and_flowers(as_role, points_sheet):
    client = as_role(Role.CHIEF_UMPIRE)
    body = {"outcome": "win", "winner": "D", "discarder": "A", "points": 12, "flowers": 2}
    response = post_hand(client, points_sheet, body)
    assert response.status_code == 201, response.content
    hand = Hand.objects.get(table_session=points_sheet)
    assert (hand.points, hand.flowers, hand.tiles) == (12, 2, None)
    assert response.json()["payments"]["A"] == -(14 + 8)


def test_a_hand_without_if_match_is_428_and_a_stale_one_412(umpire, sheet):
    assert_error(post_hand(umpire, sheet, WIN, headers={}), 428)
    stale = if_match(sheet)
    win(sheet)
    assert_error(post_hand(umpire, sheet, WIN, headers=stale), 412, code="conflict")
    assert Hand.objects.count() == 1


def test_a_hand_on_a_signed_sheet_is_409(umpire, sheet):
    signed(sheet, umpire.user)
    assert_error(post_hand(umpire, sheet, WIN), 409, code="locked")


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE, Role.PLAYER, None])
def test_nobody_but_the_sheets_umpire_or_the_chief_umpire_records_a_hand(as_role, sheet, role):
    assert_refused(post_hand(as_role(role), sheet, WIN), role)
    assert not Hand.objects.exists()


def test_the_player_at_the_table_cannot_record_a_hand(player_client, sheet):
    assert_error(post_hand(player_client(sheet, "A"), sheet, WIN), 403)


def test_the_chief_umpire_records_a_hand_on_any_sheet(chief, sheet):
    assert post_hand(chief, sheet, WIN).status_code == 201


def test_anonymous_is_401(anonymous, sheet):
    assert_error(post_hand(anonymous, sheet, WIN), 401)


def test_an_unknown_sheet_is_404(umpire, sheet):
    response = umpire.post("/api/score-sheets/999999/hands/", WIN, format="json", HTTP_IF_MATCH="x")
    assert_error(response, 404)


# -- DELETE the last hand ---------------------------------------------------------------------


def test_the_umpire_removes_the_last_hand(umpire, sheet):
    win(sheet)
    win(sheet, winner="B", discarder="A")
    response = umpire.delete(url(sheet, "hands/2/"), **if_match(sheet))
    assert response.status_code == 204, response.content
    assert list(sheet.hands.values_list("number", flat=True)) == [1]
    assert response["ETag"] == sheet_etag(fresh(sheet))


def test_only_the_last_hand_can_be_removed(umpire, sheet):
    win(sheet)
    win(sheet, winner="B", discarder="A")
    assert_error(umpire.delete(url(sheet, "hands/1/"), **if_match(sheet)), 400)
    assert sheet.hands.count() == 2


def test_removing_needs_if_match_and_the_umpires_role(umpire, other_umpire, sheet):
    win(sheet)
    assert_error(umpire.delete(url(sheet, "hands/1/")), 428)
    assert_error(other_umpire.delete(url(sheet, "hands/1/"), **if_match(sheet)), 404)
    assert sheet.hands.count() == 1


def test_a_second_win_costs_at_most_fifteen_queries(umpire, sheet, django_assert_max_num_queries):
    """Issue #31's guard against a creeping hand entry: 31 queries before (SQLite, BEGIN and
    COMMIT included), 20 after the results were written in bulk, 15 now (the token, its login,
    his language and his roles in one query; the penalties read once for the winner's check
    and the results; no look for confirmations on a sheet that was open; the hands counted
    with the seats)."""
    win(sheet)  # hand 1: the results exist, as for every hand but the first
    headers = if_match(fresh(sheet))
    with django_assert_max_num_queries(15):
        response = post_hand(umpire, sheet, {**WIN, "winner": "B", "discarder": "A"}, headers)
    assert response.status_code == 201, response.content
    assert response["ETag"] == sheet_etag(fresh(sheet))
    assert SessionResult.objects.filter(table_session=sheet).count() == 4


def test_its_umpire_reads_an_open_sheet_in_at_most_six_queries(
    umpire, sheet, django_assert_max_num_queries
):
    """The token, the login, his language and his roles in one; the sheet; its seats; its
    hands with their payments; its penalties; its results. Who may read it is asked of the
    row in hand (he is its umpire); an open sheet holds no confirmation; the hands' author is
    its umpire, whose username came with the sheet; corrections are not shown."""
    win(sheet, user=umpire.user)
    win(sheet, user=umpire.user, winner="C", discarder="D")
    with django_assert_max_num_queries(6):
        response = umpire.get(url(sheet))
    assert response.status_code == 200, response.content
    assert response.json()["actions"]["enter_hand"] is True
    assert response.json()["hands"][0]["entered_by"] == umpire.user.username
    payments = [hand["payments"] for hand in response.json()["hands"]]
    assert payments == [
        {score.position: score.points for score in hand.scores.all()}
        for hand in sheet.hands.order_by("number")
    ]


def test_a_hand_entered_by_another_login_shows_his_username(umpire, chief, sheet):
    win(sheet, user=chief.user)
    assert umpire.get(url(sheet)).json()["hands"][0]["entered_by"] == chief.user.username
