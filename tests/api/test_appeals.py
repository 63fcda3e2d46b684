"""GET|POST /api/tournaments/{slug}/appeals/: who reads which appeals, who files one."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from tests.api.appeal_helpers import file_appeal
from tests.api.helpers import assert_error
from tests.api.sheet_helpers import win
from tournaments.models import Appeal, Penalty, Session
from tournaments.roles import Role
from tournaments.services.penalties import penalty_record

pytestmark = pytest.mark.django_db


def url(sheet) -> str:
    return f"/api/tournaments/{sheet.session.tournament.slug}/appeals/"


def body(**kwargs) -> dict:
    return {
        "session": 1,
        "subject": "result",
        "statement": "The umpire counted a flower twice.",
        "confirmed": True,
        **kwargs,
    }


# -- filing --------------------------------------------------------------------------------


def test_a_player_files_his_own_appeal_with_the_tournaments_fee(appeal_sheet, seat_clients):
    client = seat_clients["A"]
    response = client.post(url(appeal_sheet), body(), format="json")
    assert response.status_code == 201, response.content
    appeal = Appeal.objects.get()
    assert appeal.player == client.player
    assert appeal.filed_by == client.user
    assert appeal.table_session == appeal_sheet
    assert (appeal.fee_amount, appeal.fee_currency) == (Decimal("150.00"), "EUR")
    assert appeal.status == Appeal.Status.FILED
    data = response.json()
    assert data["id"] == appeal.pk
    assert data["player"]["id"] == client.player.pk
    assert data["table"] == 1 and data["score_sheet"] == appeal_sheet.pk
    assert data["status"] == "filed" and data["fee_status"] == "held"
    assert data["filed_on_paper"] is False
    assert data["deadline"] is None  # the session still runs


def test_the_captain_files_for_a_player_of_his_team(appeal_sheet, seat_clients):
    player_a = seat_clients["A"].player
    response = seat_clients["C"].post(url(appeal_sheet), body(player=player_a.pk), format="json")
    assert response.status_code == 201, response.content
    appeal = Appeal.objects.get()
    assert appeal.player == player_a and appeal.filed_as_captain
    assert response.json()["filed_as_captain"] is True


def test_a_player_appeals_against_a_hand_by_its_number(appeal_sheet, seat_clients):
    hand = win(appeal_sheet)
    response = seat_clients["A"].post(
        url(appeal_sheet), body(subject="hand", hand=1), format="json"
    )
    assert response.status_code == 201, response.content
    assert Appeal.objects.get().hand == hand
    assert response.json()["hand"] == 1


def test_a_player_appeals_against_a_penalty_by_its_id(appeal_sheet, seat_clients):
    penalty = penalty_record(
        table_session=appeal_sheet,
        player=seat_clients["A"].player,
        kind=Penalty.Kind.WARNING,
        reason="Slow play",
    )
    response = seat_clients["A"].post(
        url(appeal_sheet), body(subject="penalty", penalty=penalty.pk), format="json"
    )
    assert response.status_code == 201, response.content
    assert Appeal.objects.get().penalty == penalty


def test_the_chief_umpire_enters_a_written_appeal_handed_in_on_paper(
    appeal_sheet, seat_clients, as_role
):
    chief = as_role(Role.CHIEF_UMPIRE)
    handed_in = timezone.now() - timedelta(minutes=10)
    player_a = seat_clients["A"].player
    response = chief.post(
        url(appeal_sheet),
        body(player=player_a.pk, filed_at=handed_in.isoformat(), signed_by_captain=True),
        format="json",
    )
    assert response.status_code == 201, response.content
    appeal = Appeal.objects.get()
    assert appeal.filed_by == chief.user and appeal.filed_at == handed_in
    assert appeal.filed_as_captain
    assert response.json()["filed_on_paper"] is True


def test_it_refuses_an_appeal_filed_by_another_player(appeal_sheet, seat_clients):
    player_a = seat_clients["A"].player
    response = seat_clients["D"].post(url(appeal_sheet), body(player=player_a.pk), format="json")
    assert_error(response, 403, code="forbidden")
    assert not Appeal.objects.exists()


def test_it_refuses_an_appeal_by_a_team_mate_who_is_not_the_captain(appeal_sheet, seat_clients):
    player_a = seat_clients["A"].player
    response = seat_clients["B"].post(url(appeal_sheet), body(player=player_a.pk), format="json")
    assert_error(response, 403, code="forbidden")
    assert not Appeal.objects.exists()


def test_another_player_learns_nothing_of_a_sheet_from_a_hand_number(appeal_sheet, seat_clients):
    player_a = seat_clients["A"].player
    response = seat_clients["D"].post(
        url(appeal_sheet), body(player=player_a.pk, subject="hand", hand=15), format="json"
    )
    assert_error(response, 403, code="forbidden")
    assert not Appeal.objects.exists()


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE, None])
def test_it_refuses_an_appeal_filed_by_staff_other_than_the_chief_umpire(
    appeal_sheet, seat_clients, as_role, role
):
    player_a = seat_clients["A"].player
    response = as_role(role).post(url(appeal_sheet), body(player=player_a.pk), format="json")
    assert_error(response, 403, code="forbidden")
    assert not Appeal.objects.exists()


def test_only_the_chief_umpire_gives_the_time_an_appeal_was_handed_in(appeal_sheet, seat_clients):
    moment = (timezone.now() - timedelta(minutes=5)).isoformat()
    response = seat_clients["A"].post(url(appeal_sheet), body(filed_at=moment), format="json")
    assert_error(response, 403, code="forbidden")
    assert not Appeal.objects.exists()


def test_it_refuses_an_anonymous_appeal(appeal_sheet, anonymous):
    assert_error(anonymous.post(url(appeal_sheet), body(), format="json"), 401)


def test_it_refuses_an_appeal_filed_too_late(appeal_sheet, seat_clients):
    Session.objects.filter(pk=appeal_sheet.session_id).update(
        actual_end=timezone.now() - timedelta(minutes=31)
    )
    response = seat_clients["A"].post(url(appeal_sheet), body(), format="json")
    assert_error(response, 400, code="late")
    assert not Appeal.objects.exists()


def test_it_refuses_an_appeal_the_filer_did_not_confirm(appeal_sheet, seat_clients):
    response = seat_clients["A"].post(url(appeal_sheet), body(confirmed=False), format="json")
    errors = assert_error(response, 400)
    assert "I confirm" in errors[0]["message"]
    assert not Appeal.objects.exists()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"statement": None}, "statement"),
        ({"subject": "weather"}, "subject"),
        ({"session": "first"}, "session"),
        ({"session": 5}, "session"),
        ({"hand": 3, "subject": "hand"}, "hand"),
        ({"penalty": 999_999, "subject": "penalty"}, "penalty"),
        ({"player": 999_999}, "player"),
    ],
)
def test_it_names_the_field_of_a_malformed_appeal(appeal_sheet, seat_clients, changes, field):
    data = {key: value for key, value in body(**changes).items() if value is not None}
    response = seat_clients["A"].post(url(appeal_sheet), data, format="json")
    assert_error(response, 400, field=field)
    assert not Appeal.objects.exists()


def test_someone_who_is_no_player_must_name_the_player(appeal_sheet, as_role):
    response = as_role(Role.CHIEF_UMPIRE).post(url(appeal_sheet), body(), format="json")
    assert_error(response, 400, field="player")


def test_it_refuses_a_hand_subject_without_a_hand(appeal_sheet, seat_clients):
    response = seat_clients["A"].post(url(appeal_sheet), body(subject="hand"), format="json")
    errors = assert_error(response, 400)
    assert "Name the hand" in errors[0]["message"]


def test_filing_in_an_unknown_tournament_is_404(seat_clients):
    response = seat_clients["A"].post("/api/tournaments/nowhere/appeals/", body(), format="json")
    assert_error(response, 404)


# -- reading -------------------------------------------------------------------------------


@pytest.fixture
def three_appeals(appeal_sheet, seat_clients):
    """A's own, D's own, and C's (the captain's) for B."""
    a = file_appeal(appeal_sheet, seat_clients["A"])
    d = file_appeal(appeal_sheet, seat_clients["D"])
    b = file_appeal(appeal_sheet, seat_clients["C"], "B")
    return {"A": a, "D": d, "B": b}


@pytest.mark.parametrize("role", [Role.COMMITTEE, Role.CHIEF_UMPIRE, "superuser"])
def test_the_committee_and_the_chief_umpire_read_every_appeal(
    appeal_sheet, three_appeals, as_role, role
):
    response = as_role(role).get(url(appeal_sheet))
    assert response.status_code == 200
    data = response.json()
    assert data["count"] == 3
    assert {a["id"] for a in data["results"]} == {a.pk for a in three_appeals.values()}
    assert set(data) == {"count", "next", "previous", "results"}


def test_a_player_reads_only_his_own_appeals(appeal_sheet, three_appeals, seat_clients):
    response = seat_clients["D"].get(url(appeal_sheet))
    assert [a["id"] for a in response.json()["results"]] == [three_appeals["D"].pk]


def test_the_captain_reads_his_teams_appeals(appeal_sheet, three_appeals, seat_clients):
    response = seat_clients["C"].get(url(appeal_sheet))
    ids = {a["id"] for a in response.json()["results"]}
    assert ids == {three_appeals["A"].pk, three_appeals["B"].pk}


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, None])
def test_other_roles_read_no_appeal(appeal_sheet, three_appeals, as_role, role):
    response = as_role(role).get(url(appeal_sheet))
    assert response.status_code == 200
    assert response.json()["count"] == 0


def test_the_list_is_filtered_by_status_and_player(appeal_sheet, three_appeals, as_role):
    Appeal.objects.filter(pk=three_appeals["D"].pk).update(status=Appeal.Status.UNDER_REVIEW)
    committee = as_role(Role.COMMITTEE)
    by_status = committee.get(url(appeal_sheet), {"status": "review"}).json()
    assert [a["id"] for a in by_status["results"]] == [three_appeals["D"].pk]
    player_b = three_appeals["B"].player
    by_player = committee.get(url(appeal_sheet), {"player": player_b.pk}).json()
    assert [a["id"] for a in by_player["results"]] == [three_appeals["B"].pk]
    assert committee.get(url(appeal_sheet), {"session": 2}).json()["count"] == 0


def test_a_bad_filter_is_a_400_naming_it(appeal_sheet, as_role):
    response = as_role(Role.COMMITTEE).get(url(appeal_sheet), {"status": "lost"})
    assert_error(response, 400, field="status")


def test_the_list_is_paginated(appeal_sheet, three_appeals, as_role):
    data = as_role(Role.COMMITTEE).get(url(appeal_sheet), {"page_size": 2}).json()
    assert data["count"] == 3 and len(data["results"]) == 2 and data["next"]


def test_reading_is_refused_to_anonymous(appeal_sheet, anonymous):
    assert_error(anonymous.get(url(appeal_sheet)), 401)


def test_the_appeals_of_an_unknown_tournament_are_404(as_role):
    assert_error(as_role(Role.COMMITTEE).get("/api/tournaments/nowhere/appeals/"), 404)
