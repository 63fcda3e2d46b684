"""GET|POST /api/tournaments/{slug}/players/{registration_number}/sanctions/: the chief umpire
records a sanction on a player as the admin does (rules 3.11.1, 3.11.4-5, 3.11.6.10); the
staff roles read a player's sanctions."""

import pytest

from tests.api.event_helpers import tournament_with_players
from tests.api.helpers import assert_error
from tournaments.models import Player, Sanction, Session
from tournaments.roles import Role
from tournaments.services.sanctions import sanction_record

pytestmark = pytest.mark.django_db

CHIEFS = [Role.CHIEF_UMPIRE, "superuser"]
NOT_CHIEFS = [Role.ORGANISER, Role.UMPIRE, Role.COMMITTEE, Role.PLAYER, None]
STAFF = [Role.ORGANISER, Role.UMPIRE, Role.CHIEF_UMPIRE, Role.COMMITTEE, "superuser"]


@pytest.fixture
def tournament(db):
    return tournament_with_players(4)


def url(tournament, number: int = 2) -> str:
    return f"/api/tournaments/{tournament.slug}/players/{number}/sanctions/"


def player(tournament, number: int = 2) -> Player:
    return tournament.players.get(registration_number=number)


# -- recording ---------------------------------------------------------------------------


@pytest.mark.parametrize("role", CHIEFS)
def test_the_chief_umpire_records_a_warning_and_gets_it_back(as_role, tournament, role):
    client = as_role(role)
    response = client.post(
        url(tournament), {"kind": "warning", "reason": "Slow play, first time"}, format="json"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    sanction = Sanction.objects.get()
    assert body == {
        "id": sanction.pk,
        "kind": "warning",
        "reason": "Slow play, first time",
        "registration_number": 2,
        "player_status": "active",
        "session": None,
        "decided_at": body["decided_at"],
        "decided_by": client.user.username,
        "voided_at": None,
        "voided_by": None,
        "void_reason": "",
        "void_appeal": None,
    }
    assert body["decided_at"] and sanction.decided_by == client.user
    assert player(tournament).status == Player.Status.ACTIVE


def test_a_disqualification_marks_the_player_disqualified(as_role, tournament):
    session = Session.objects.create(tournament=tournament, number=3)
    response = as_role(Role.CHIEF_UMPIRE).post(
        url(tournament),
        {"kind": "disqualification", "reason": "Persisted in disobeying (3.11.6.10)", "session": 3},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["player_status"] == "disqualified"
    assert response.json()["session"] == 3
    assert Sanction.objects.get().session == session
    assert player(tournament).status == Player.Status.DISQUALIFIED


@pytest.mark.parametrize("kind", ["loss_of_rank", "exclusion", "criticism"])
def test_the_other_kinds_of_the_admin_are_accepted(as_role, tournament, kind):
    response = as_role(Role.CHIEF_UMPIRE).post(
        url(tournament), {"kind": kind, "reason": "Serious foul"}, format="json"
    )
    assert response.status_code == 201, response.content
    assert Sanction.objects.get().kind == kind
    assert player(tournament).status == Player.Status.ACTIVE


def test_disqualifying_a_player_twice_is_a_409(as_role, tournament):
    client = as_role(Role.CHIEF_UMPIRE)
    body = {"kind": "disqualification", "reason": "Cheating"}
    assert client.post(url(tournament), body, format="json").status_code == 201
    assert_error(client.post(url(tournament), body, format="json"), 409, code="invalid_state")
    assert Sanction.objects.count() == 1


@pytest.mark.parametrize("role", NOT_CHIEFS)
def test_other_roles_are_refused_with_403(as_role, tournament, role):
    response = as_role(role).post(
        url(tournament), {"kind": "warning", "reason": "x"}, format="json"
    )
    assert_error(response, 403, code="forbidden")
    assert not Sanction.objects.exists()


def test_an_anonymous_user_is_refused_with_401(anonymous, tournament):
    response = anonymous.post(url(tournament), {"kind": "warning", "reason": "x"}, format="json")
    assert_error(response, 401)
    assert not Sanction.objects.exists()


def test_an_unknown_kind_is_a_400_naming_the_field(as_role, tournament):
    response = as_role(Role.CHIEF_UMPIRE).post(
        url(tournament), {"kind": "banishment", "reason": "x"}, format="json"
    )
    assert_error(response, 400, field="kind")
    assert not Sanction.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        {"kind": "warning"},
        {"kind": "warning", "reason": ""},
        {"kind": "warning", "reason": "   \n\t"},
        {"kind": "warning", "reason": "\u200b\u200c\u200d\ufeff"},
        {"kind": "warning", "reason": "\u00a0\u2028\u3000"},
        {"kind": "warning", "reason": "\u0301\u0308"},
        {"kind": "warning", "reason": "\u3164\u2800"},
        {"kind": "warning", "reason": "\x07\x1b"},
        {"kind": "warning", "reason": "bad\x00reason"},
        {"kind": "warning", "reason": "x" * 2001},
    ],
    ids=[
        "missing",
        "empty",
        "whitespace",
        "zero-width",
        "separators",
        "combining-marks-alone",
        "blank-fillers",
        "control",
        "nul",
        "too-long",
    ],
)
def test_a_missing_or_invisible_reason_is_a_400_naming_the_field(as_role, tournament, body):
    response = as_role(Role.CHIEF_UMPIRE).post(url(tournament), body, format="json")
    assert_error(response, 400, field="reason")
    assert not Sanction.objects.exists()


def test_a_reason_in_any_script_is_accepted(as_role, tournament):
    response = as_role(Role.CHIEF_UMPIRE).post(
        url(tournament), {"kind": "warning", "reason": " 大声喧哗 "}, format="json"
    )
    assert response.status_code == 201, response.content
    assert Sanction.objects.get().reason == "大声喧哗"


def test_a_session_the_tournament_does_not_have_is_a_400(as_role, tournament):
    response = as_role(Role.CHIEF_UMPIRE).post(
        url(tournament), {"kind": "warning", "reason": "x", "session": 9}, format="json"
    )
    assert_error(response, 400, field="session")
    assert not Sanction.objects.exists()


def test_an_unknown_player_or_tournament_is_a_404(as_role, tournament):
    client = as_role(Role.CHIEF_UMPIRE)
    body = {"kind": "warning", "reason": "x"}
    assert_error(client.post(url(tournament, 99), body, format="json"), 404)
    response = client.post("/api/tournaments/nope/players/1/sanctions/", body, format="json")
    assert_error(response, 404)
    assert not Sanction.objects.exists()


# -- reading -----------------------------------------------------------------------------


@pytest.mark.parametrize("role", STAFF)
def test_the_staff_read_the_players_sanctions_in_order(as_role, tournament, role):
    sanction_record(player=player(tournament), kind="warning", reason="First")
    sanction_record(player=player(tournament), kind="loss_of_rank", reason="Second")
    sanction_record(player=player(tournament, 3), kind="criticism", reason="Someone else")
    response = as_role(role).get(url(tournament))
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["count"] == 2
    assert [(s["kind"], s["reason"]) for s in body["results"]] == [
        ("warning", "First"),
        ("loss_of_rank", "Second"),
    ]
    assert all(s["registration_number"] == 2 for s in body["results"])


@pytest.mark.parametrize("role", [Role.PLAYER, None])
def test_players_and_logins_without_a_role_do_not_read_them(as_role, tournament, role):
    assert_error(as_role(role).get(url(tournament)), 403, code="forbidden")


def test_reading_needs_a_login_and_a_known_player(as_role, anonymous, tournament):
    assert_error(anonymous.get(url(tournament)), 401)
    assert_error(as_role(Role.ORGANISER).get(url(tournament, 99)), 404)
