"""The role score_desk (issue 27): made by `create_user`, its group by the desk's migration; it
keys in whole sheets of started sessions and nothing else, never a single hand through the
umpire's doors; other roles may not key at the desk."""

import datetime
import importlib
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.messages import WARNING, get_messages
from django.core.management import call_command
from django.urls import reverse

from desk.models import DeskEntry
from tests.desk.helpers import DRAW, PAPER, api_client, desk_url, fresh, if_match, key, win
from tests.tournaments.factories import PLAY_START, TournamentFactory, seated_table
from tournaments import policies
from tournaments.models import CheckIn, Hand, Penalty, TableSession
from tournaments.roles import ROLE_GROUPS, STAFF_ROLES, Role, has_role
from tournaments.services.checkin import checkin_record
from tournaments.services.hands import hand_record_win
from tournaments.services.penalties import penalty_record
from tournaments.services.signoff import sheet_confirm_player, sheet_sign

pytestmark = pytest.mark.django_db


def test_create_user_makes_a_score_desk_login_with_its_group(db):
    out = StringIO()
    call_command("create_user", "--role", "score_desk", "desk1", stdout=out)
    user = get_user_model().objects.get(username="desk1")
    assert list(user.groups.values_list("name", flat=True)) == ["Score desk"]
    assert has_role(user, Role.SCORE_DESK) and user.is_staff and not user.is_superuser
    assert user.check_password(out.getvalue().splitlines()[-1])


def test_the_desk_migration_makes_the_group_of_the_role(db):
    migration = importlib.import_module("desk.migrations.0002_score_desk_group")
    assert ROLE_GROUPS[Role.SCORE_DESK] == migration.GROUP
    assert Group.objects.filter(name=migration.GROUP).exists()
    assert Role.SCORE_DESK in STAFF_ROLES


def test_the_policy(login, sheet):
    clerk, chief, umpire = login(Role.SCORE_DESK), login(Role.CHIEF_UMPIRE), login(Role.UMPIRE)
    organiser, player = login(Role.ORGANISER), login(Role.PLAYER)
    TableSession.objects.filter(pk=sheet.pk).update(umpire=umpire)
    sheet = fresh(sheet)
    assert policies.may_key_at_desk(clerk, sheet) and policies.may_key_at_desk(chief, sheet)
    assert not any(policies.may_key_at_desk(u, sheet) for u in (umpire, organiser, player))
    assert not policies.umpires_sheet(clerk, sheet)
    not_started = seated_table(TournamentFactory(), started=False)
    assert not policies.may_key_at_desk(clerk, not_started)
    assert not policies.may_read_sheet(clerk, not_started)
    hand_record_win(table_session=sheet, winner="A", discarder="B", points=8, user=umpire)
    assert not policies.may_key_at_desk(clerk, sheet)


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE, Role.PLAYER])
def test_other_roles_may_not_key_at_the_desk(as_role, sheet, role):
    client = as_role(role)
    if role == Role.UMPIRE:  # the umpire of this very sheet
        TableSession.objects.filter(pk=sheet.pk).update(umpire=client.user)
    if role == Role.PLAYER:  # the player in seat A of this very sheet
        player = sheet.seats.get(position="A").player
        player.user = client.user
        player.save(update_fields=["user"])
    response = key(client, sheet, PAPER)
    assert response.status_code == 403, response.content
    assert response.json()["errors"][0]["code"] == "forbidden"
    assert not DeskEntry.objects.exists()


def test_an_umpire_of_another_table_does_not_find_the_sheet_and_a_stranger_is_401(
    as_role, anonymous_client, sheet
):
    assert key(as_role(Role.UMPIRE), sheet, PAPER).status_code == 404
    assert key(anonymous_client, sheet, PAPER).status_code == 401


@pytest.fixture
def anonymous_client():
    from rest_framework.test import APIClient

    return APIClient()


def test_a_sheet_of_a_session_not_started_is_not_the_desks(clerks, chief, db):
    sheet = seated_table(TournamentFactory(), started=False)
    assert key(clerks[0], sheet, PAPER).status_code == 404  # a clerk does not even read it
    response = key(chief, sheet, PAPER)
    assert response.status_code == 409 and response.json()["errors"][0]["code"] == "invalid_state"


def test_a_sheet_with_hands_entered_by_its_umpire_is_409(clerks, login, sheet):
    umpire = login(Role.UMPIRE)
    TableSession.objects.filter(pk=sheet.pk).update(umpire=umpire)
    hand_record_win(table_session=fresh(sheet), winner="A", discarder="B", points=8, user=umpire)
    response = key(clerks[0], sheet, PAPER)
    assert response.status_code == 409, response.content
    assert "umpire" in response.json()["errors"][0]["message"]
    assert not DeskEntry.objects.exists()


def test_hands_entered_by_the_umpire_after_a_first_entry_stop_the_second(clerks, login, sheet):
    umpire = login(Role.UMPIRE)
    TableSession.objects.filter(pk=sheet.pk).update(umpire=umpire)
    key(clerks[0], sheet, PAPER)
    hand_record_win(table_session=fresh(sheet), winner="A", discarder="B", points=8, user=umpire)
    response = key(clerks[1], sheet, PAPER)
    assert response.status_code == 409, response.content
    assert Hand.objects.filter(table_session=sheet).count() == 1


def test_a_foul_by_the_umpire_keeps_the_sheet_his_but_a_late_arrival_does_not(clerks, sheet):
    late = sheet.seats.get(position="B").player
    checkin_record(
        session=sheet.session, player=late, arrived_at=PLAY_START + datetime.timedelta(minutes=5)
    )
    assert Penalty.objects.filter(table_session=sheet, kind=Penalty.Kind.LATE_ARRIVAL).exists()
    assert key(clerks[0], sheet, PAPER).status_code == 201
    other = seated_table(sheet.session.tournament, table_number=2, started=True)
    offender = other.seats.get(position="C").player
    penalty_record(table_session=other, player=offender, kind="warning", reason="Slow play")
    assert key(clerks[0], other, PAPER).status_code == 409


def test_a_signed_sheet_and_a_recorded_one_are_409(clerks, sheet):
    key(clerks[0], sheet, PAPER)
    key(clerks[1], sheet, PAPER)
    response = key(clerks[2], sheet, PAPER)
    assert (
        response.status_code == 409
        and "already recorded" in response.json()["errors"][0]["message"]
    )
    signed = seated_table(sheet.session.tournament, table_number=2, started=True)
    hand_record_win(table_session=signed, winner="A", discarder="B", points=8)
    from tournaments.services.hands import hand_record_no_win

    hand_record_no_win(table_session=signed, outcome="time")
    for seat in signed.seats.all():
        sheet_confirm_player(table_session=signed, player=seat.player)
    sheet_sign(table_session=signed)
    response = key(clerks[0], signed, PAPER)
    assert response.status_code == 409 and response.json()["errors"][0]["code"] == "locked"


# -- the umpire's doors stay shut to a score-desk login ------------------------------------------


def test_a_clerk_enters_no_single_hand_or_foul_through_the_api(clerks, sheet):
    clerk = clerks[0]
    sheet_url = f"/api/score-sheets/{sheet.pk}/"
    assert clerk.get(sheet_url).status_code == 200  # he reads it
    for tail, body in (
        ("hands/", {"outcome": "draw"}),
        ("hands/", {"outcome": "win", "winner": "A", "discarder": "B", "points": 8}),
        ("penalties/", {"offender": "C", "kind": "warning", "reason": "Slow"}),
        ("sign/", {"position": "A"}),
    ):
        response = clerk.post(sheet_url + tail, body, format="json", **if_match(sheet))
        assert response.status_code == 403, (tail, response.content)
    assert clerk.get(sheet_url).json()["actions"]["enter_hand"] is False
    assert not Hand.objects.exists() and not Penalty.objects.exists()


def test_a_clerk_enters_no_single_hand_or_foul_through_the_admin(client, login, sheet):
    client.force_login(login(Role.SCORE_DESK))
    page = reverse("admin:tournaments_tablesession_change", args=[sheet.pk])
    assert client.get(page).status_code == 200  # he reads it
    posts = (
        {"action": "draw", "confirm": "yes"},
        {"action": "save", "hand-winner": "A", "hand-discarder": "B", "hand-points": "8"},
        {
            "action": "penalty",
            "penalty-player": "C",
            "penalty-kind": "warning",
            "penalty-reason": "x",
        },
        {"action": "checkin_now", "checkin-player": "D"},
    )
    for data in posts:
        response = client.post(page, {**data, "version": str(fresh(sheet).version)})
        refused = response.status_code in (302, 403) or any(
            m.level >= WARNING for m in get_messages(response.wsgi_request)
        )
        assert refused, data
    assert not Hand.objects.exists() and not Penalty.objects.exists()
    assert not CheckIn.objects.exists()


def test_a_clerk_lists_the_sheets_of_started_sessions_only(clerks, sheet):
    later = seated_table(sheet.session.tournament, session_number=2, table_number=1)
    listed = clerks[0].get("/api/score-sheets/").json()["results"]
    assert [row["id"] for row in listed] == [sheet.pk]
    assert later.pk not in [row["id"] for row in listed]


def test_the_chief_umpire_may_key_at_the_desk_too(clerks, chief, sheet):
    key(chief, sheet, {"hands": [win("A", "B", 8), DRAW]})
    response = key(clerks[0], sheet, {"hands": [win("A", "B", 8), DRAW]})
    assert response.status_code == 201 and response.json()["clerks"] == ["chief", "clerk1"]


def test_the_desk_entries_are_read_by_the_desk_and_who_reads_every_sheet(as_role, clerks, sheet):
    key(clerks[0], sheet, PAPER)
    for role, status in (
        (Role.ORGANISER, 200),
        (Role.COMMITTEE, 200),
        (Role.CHIEF_UMPIRE, 200),
        (Role.PLAYER, 404),
    ):
        assert as_role(role).get(desk_url(sheet)).status_code == status, role
    umpire = as_role(Role.UMPIRE)
    TableSession.objects.filter(pk=sheet.pk).update(umpire=umpire.user)
    assert umpire.get(desk_url(sheet)).status_code == 403


def test_a_score_desk_login_holds_no_other_role(login):
    clerk = login(Role.SCORE_DESK)
    assert not any(
        (
            policies.may_organise(clerk),
            policies.may_run_sessions(clerk),
            policies.may_correct(clerk),
            policies.may_accept_desk_entry(clerk),
            policies.reads_every_sheet(clerk),
            policies.may_rule_on_appeal(clerk),
        )
    )
    assert api_client(clerk).get("/api/score-sheets/").status_code == 200


def test_a_clerk_keys_sheets_and_nothing_else(clerks, sheet):
    """No hands export, sanctions, check-in list or jobs: the desk is not the event's staff."""
    clerk = clerks[0]
    slug = sheet.session.tournament.slug
    player = sheet.seats.get(position="A").player
    refused = [
        f"/api/tournaments/{slug}/exports/hands.csv",
        f"/api/tournaments/{slug}/players/{player.registration_number}/sanctions/",
        f"/api/tournaments/{slug}/sessions/{sheet.session.number}/check-ins/",
    ]
    assert [clerk.get(url).status_code for url in refused] == [403, 403, 403]
    assert clerk.get(f"/api/score-sheets/{sheet.pk}/").status_code == 200
