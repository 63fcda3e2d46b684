"""The admin and the API give the same answer to every role for every sheet action, and that
answer is tournaments.policies' (issue 26, "One policy, one answer").

Each case builds one table (session started, an assigned umpire, player A linked to a login),
brings it to where the action can be done, then tries the action through one door as one
role. A door *allows* an action when the action's effect is written (or, for a read, the page
or the sheet is returned), and *refuses* it otherwise: the admin with a 403 or an error
message, the API with 403 or 404 (404 when the login may not even read the sheet) — never a
428, 412 or 409 first, since who you are is asked before the version and the state.
"""

import datetime
from dataclasses import asdict, dataclass

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.messages import WARNING, get_messages
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.shared_rows import built_once
from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments import policies
from tournaments.models import (
    CheckIn,
    Hand,
    Penalty,
    Session,
    SheetConfirmation,
    TableSession,
    Tournament,
)
from tournaments.roles import ROLE_GROUPS, Role
from tournaments.services import hands, signoff
from tournaments.services.actions import sheet_actions
from tournaments.services.sessions import session_start

pytestmark = pytest.mark.django_db

STAFF = ("staff", "organiser", "umpire", "other_umpire", "chief_umpire", "committee")
ROLES = (*STAFF, "player")
ROLE_OF = {
    "organiser": Role.ORGANISER,
    "umpire": Role.UMPIRE,
    "other_umpire": Role.UMPIRE,
    "chief_umpire": Role.CHIEF_UMPIRE,
    "committee": Role.COMMITTEE,
    "player": Role.PLAYER,
}


@dataclass
class Table:
    sheet: TableSession
    users: dict

    def fresh(self) -> TableSession:
        return TableSession.objects.select_related("session__tournament").get(pk=self.sheet.pk)

    def state(self) -> tuple:
        """What any of the actions writes."""
        sheet = self.fresh()
        return (
            sheet.version,
            sheet.status,
            sheet.umpire_id,
            Hand.objects.filter(table_session=sheet).count(),
            Penalty.objects.filter(table_session=sheet).count(),
            CheckIn.objects.filter(session=sheet.session).count(),
            SheetConfirmation.objects.filter(table_session=sheet).count(),
        )


def make_user(name: str, role: str):
    user = get_user_model().objects.create_user(name, is_staff=role != "player")
    if role in ROLE_OF:
        user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[ROLE_OF[role]])[0])
    return user


def build_table() -> dict:
    """The rows of `table`; their primary keys."""
    tournament = TournamentFactory(slug="doors-open", entry_mode=Tournament.EntryMode.POINTS_ONLY)
    sheet = seated_table(tournament)
    session_start(session=sheet.session, at=timezone.now() - datetime.timedelta(minutes=5))
    users = {role: make_user(role.replace("_", "-"), role) for role in ROLES}
    sheet.umpire = users["umpire"]
    sheet.save(update_fields=["umpire"])
    player = sheet.seats.get(position="A").player
    player.user = users["player"]
    player.save(update_fields=["user"])
    return {"sheet": sheet.pk, "users": {role: user.pk for role, user in users.items()}}


@pytest.fixture(scope="module")
def table_keys(django_db_setup, django_db_blocker) -> dict:
    """`table`, built once for the module (tests/shared_rows.py): each case writes inside its
    own savepoint, undone before the next."""
    yield from built_once(django_db_blocker, build_table)


@pytest.fixture
def table(table_keys, db) -> Table:
    """Session 1, table 1 of a points-only tournament, its session started five minutes ago
    (moved to five minutes before each case), an assigned umpire, player A linked to a login;
    a login per role. Read again for each case (new instances, an empty cache)."""
    cache.clear()
    sheet = TableSession.objects.get(pk=table_keys["sheet"])  # its session read when used
    started = timezone.now() - datetime.timedelta(minutes=5)
    Session.objects.filter(pk=sheet.session_id).update(actual_start=started)
    found = get_user_model().objects.in_bulk(table_keys["users"].values())
    return Table(sheet=sheet, users={role: found[pk] for role, pk in table_keys["users"].items()})


# -- bringing the table to where each action can be done --------------------------------------


def complete(t: Table) -> None:
    """A win, then the stop at the gong: the session's time is up (3.5.6)."""
    past_the_limit = timezone.now() - datetime.timedelta(minutes=151)
    Session.objects.filter(pk=t.sheet.session_id).update(actual_start=past_the_limit)
    hands.hand_record_win(table_session=t.sheet, winner="A", discarder="B", points=8)
    hands.hand_record_no_win(table_session=t.sheet, outcome=Hand.Outcome.TIME_LIMIT)


def confirmed(t: Table) -> None:
    complete(t)
    for seat in t.sheet.seats.order_by("position"):
        signoff.sheet_confirm_player(table_session=t.sheet, player=seat.player)


def signed(t: Table) -> None:
    confirmed(t)
    signoff.sheet_sign(table_session=t.sheet)


PREPARE = {"confirm": complete, "sign": confirmed, "countersign": signed, "correct": signed}

# What each action is in sheet_actions (tournaments.services.actions).
ACTIONS = (
    "read",
    "enter_hand",
    "record_foul",
    "check_in",
    "confirm",
    "sign",
    "countersign",
    "correct",
    "assign_umpire",
)


# -- the two doors ----------------------------------------------------------------------------


def admin_request(t: Table, action: str) -> tuple[str, str, dict]:
    sheet_url = reverse("admin:tournaments_tablesession_change", args=[t.sheet.pk])
    version = {"version": str(t.fresh().version)}
    posts = {
        "enter_hand": {"action": Hand.Outcome.DRAW, "confirm": "yes"},
        "record_foul": {
            "action": "penalty",
            "penalty-player": "C",
            "penalty-kind": Penalty.Kind.WARNING,
            "penalty-reason": "Slow play",
        },
        "check_in": {"action": "checkin_now", "checkin-player": "D"},
        "confirm": {"action": "confirm", "seat": "A"},
        "sign": {"action": "sign"},
        "countersign": {"action": "countersign"},
        "correct": {
            "action": "fix_hand",
            "fix-number": "1",
            "fix-outcome": "draw",
            "fix-reason": "It was a draw",
        },
    }
    if action == "read":
        return "get", sheet_url, {}
    if action == "assign_umpire":
        url = reverse("admin:tournaments_tablesession_changelist")
        data = {
            "action": "action_assign_umpire",
            "_selected_action": [str(t.sheet.pk)],
            "apply": "1",
            "umpire": str(t.users["other_umpire"].pk),
        }
        return "post", url, data
    return "post", sheet_url, {**posts[action], **version}


def admin_allows(client, t: Table, action: str) -> bool:
    method, url, data = admin_request(t, action)
    before = t.state()
    response = getattr(client, method)(url, data)
    assert response.status_code < 500
    if action == "read":
        return response.status_code == 200
    written = t.state() != before
    if not written:
        # A list action a role is not offered is not on the page it comes back to.
        not_offered = action == "assign_umpire" and b"action_assign_umpire" not in response.content
        refused = (
            response.status_code in (302, 403)
            or not_offered
            or any(m.level >= WARNING for m in get_messages(response.wsgi_request))
        )
        assert refused, f"the admin neither wrote nor refused {action}"
    return written


def api_request(t: Table, action: str) -> tuple[str, str, dict]:
    sheet = f"/api/score-sheets/{t.sheet.pk}/"
    bodies = {
        "enter_hand": ("post", "hands/", {"outcome": "draw"}),
        "record_foul": (
            "post",
            "penalties/",
            {"offender": "C", "kind": "warning", "reason": "Slow"},
        ),
        "confirm": ("post", "sign/", {"position": "A"}),
        "sign": ("post", "sign/", {}),
        "countersign": ("post", "sign/", {}),
        "correct": (
            "post",
            "corrections/",
            {"kind": "hand", "reason": "It was a draw", "hand_number": 1, "outcome": "draw"},
        ),
        "assign_umpire": ("patch", "", {"umpire": t.users["other_umpire"].username}),
    }
    if action == "read":
        return "get", sheet, {}
    if action == "check_in":
        slug = t.sheet.session.tournament.slug
        player = t.sheet.seats.get(position="D").player
        url = f"/api/tournaments/{slug}/sessions/{t.sheet.session.number}/check-ins/"
        return "post", url, {"player": player.pk}
    method, tail, body = bodies[action]
    return method, sheet + tail, body


def api_allows(client, t: Table, action: str) -> bool:
    method, url, body = api_request(t, action)
    before = t.state()
    etag = f'"{t.sheet.pk}-{t.fresh().version}"'
    response = getattr(client, method)(url, body, format="json", HTTP_IF_MATCH=etag)
    assert response.status_code < 500, response.content
    allowed = response.status_code in (200, 201) and (action == "read" or t.state() != before)
    if not allowed:
        assert response.status_code in (403, 404), (action, response.status_code, response.content)
    return allowed


def api_client(user) -> APIClient:
    client = APIClient()
    token, _created = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


# -- the matrix -------------------------------------------------------------------------------


def twin_of(t: Table) -> Table:
    """A second table of the same session, umpired and linked the same way."""
    sheet = seated_table(t.sheet.session.tournament, table_number=2)
    sheet.umpire = t.users["umpire"]
    sheet.save(update_fields=["umpire"])
    return Table(sheet=sheet, users=t.users)


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("role", STAFF)
def test_the_admin_and_the_api_answer_like_the_policy(client, table, role, action):
    """The admin is tried on one table, the API on its twin, both brought to the same state."""
    twin = twin_of(table)
    for t in (table, twin):
        PREPARE.get(action, lambda t: None)(t)
    user = table.users[role]
    expected = getattr(sheet_actions(user=user, sheet=table.fresh()), action)
    client.force_login(user)
    admin = admin_allows(client, table, action)
    api = api_allows(api_client(user), twin, action)
    assert admin == api == expected, f"{role} {action}: admin {admin}, API {api}, policy {expected}"


@pytest.mark.parametrize("action", ["read", "confirm"])
def test_a_player_reads_and_confirms_his_own_sheet_through_the_api_only(client, table, action):
    PREPARE.get(action, lambda t: None)(table)
    user = table.users["player"]
    assert api_allows(api_client(user), table, action)
    client.force_login(user)
    method, url, data = admin_request(table, action)
    response = getattr(client, method)(url, data)
    assert response.status_code == 302  # to the admin's login: a player is no staff


@pytest.mark.parametrize("action", [a for a in ACTIONS if a not in ("read", "confirm")])
def test_a_player_is_refused_every_other_sheet_action(table, action):
    PREPARE.get(action, lambda t: None)(table)
    assert not api_allows(api_client(table.users["player"]), table, action)


def test_the_expected_answers_are_the_rules_not_whatever_the_code_says(table):
    """The policy itself, spelled out for the open sheet: a change to it shows here."""
    sheet = table.fresh()
    answers = {role: sheet_actions(user=table.users[role], sheet=sheet) for role in ROLES}
    assert {r for r, a in answers.items() if a.read} == {
        "organiser",
        "umpire",
        "chief_umpire",
        "committee",
        "player",
    }
    assert {r for r, a in answers.items() if a.enter_hand} == {"umpire", "chief_umpire"}
    assert {r for r, a in answers.items() if a.check_in} == {"organiser", "umpire", "chief_umpire"}
    assert {r for r, a in answers.items() if a.assign_umpire} == {"chief_umpire"}
    assert not any(a.sign or a.countersign or a.correct for a in answers.values())
    assert policies.may_read_sheet(table.users["other_umpire"], sheet) is False


@pytest.mark.parametrize("role", ["umpire", "committee", "chief_umpire", "player"])
def test_the_api_sheet_says_what_its_reader_may_do_now(table, role):
    user = table.users[role]
    response = api_client(user).get(f"/api/score-sheets/{table.sheet.pk}/")
    assert response.status_code == 200
    expected = sheet_actions(user=user, sheet=table.fresh())
    assert response.json()["actions"] == asdict(expected)
    assert response.json()["actions"]["enter_hand"] is (role in ("umpire", "chief_umpire"))
