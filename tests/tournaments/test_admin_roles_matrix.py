"""Every role against every page and button of the admin (issue 12, "Roles").

`ALLOWED` below is the table: one line per page or button, the roles allowed; every other
role is refused, and nothing at all is written. A refusal is never a 500: a visitor who is
not staff (anonymous, a player, a captain) is sent to the login page; a staff member gets a
403, or is not offered the list action at all ("No action selected"), or, on the score
sheet he may open, sees the service's refusal as an error message.

Who reads a score sheet is tournaments.policies' answer, the API's too: the organisers and the
committee read every sheet (a page without forms), an umpire only his own; organisers also
record arrivals at the door.
"""

import datetime
import json

import pytest
from django.contrib.messages import ERROR, get_messages
from django.db import models
from django.forms import BaseForm, model_to_dict
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.roles_matrix_helpers import (
    DIRECTORS,
    ORGANISERS,
    SHEET,
    World,
    charted,
    complete,
    confirmed,
    deduction,
    lots_drawn,
    make_user,
    signed,
    snapshot,
    started,
)
from tournaments.models import Appeal, Hand, Penalty, Session
from tournaments.services import appeals, checkin, corrections, hands, registration
from tournaments.services.sessions import session_start

pytestmark = pytest.mark.django_db

# -- the table ----------------------------------------------------------------------------------

ROLES = (
    "anonymous",
    "staff",  # a staff login with no role
    "organiser",
    "umpire",  # the umpire assigned to the sheet
    "other_umpire",
    "chief_umpire",
    "committee",
    "player",  # not staff: no admin at all
    "captain",
    "superuser",
)

READERS = ORGANISERS | {"committee"}  # read every sheet

ALLOWED: dict[str, set[str]] = {
    # registration, lots, seating
    "player_add": ORGANISERS,
    "team_add": ORGANISERS,
    "players_import": ORGANISERS,
    "substitute_page": ORGANISERS,
    "player_withdraw_action": ORGANISERS,
    "player_oath_action": ORGANISERS,
    "lots_page": ORGANISERS,
    "lots_action": ORGANISERS,
    "seating_page": ORGANISERS,
    "seating_action": ORGANISERS,
    "reseat_page": ORGANISERS,
    # sessions
    "session_start_action": DIRECTORS,
    "session_end_action": DIRECTORS,
    # the score sheet
    "umpire_assign_action": DIRECTORS,
    "sheet_view": SHEET | READERS,
    "sheet_hand": SHEET,
    "sheet_remove_last": SHEET,
    "sheet_penalty": SHEET,
    "sheet_void_penalty": SHEET,
    "sheet_checkin": SHEET | ORGANISERS,
    "sheet_substitute": SHEET,
    "sheet_confirm": SHEET,
    "sheet_sign": SHEET,
    "sheet_countersign": DIRECTORS,
    "sheet_correction_hand": DIRECTORS,
    "sheet_correction_void": DIRECTORS,
    "sheet_correction_swap": DIRECTORS,
    "sheet_audit": SHEET | READERS,
    # appeals and standings
    "appeal_view": DIRECTORS | {"committee"},
    "appeal_file_page": DIRECTORS,
    "appeal_review": {"committee", "superuser"},
    "appeal_decide": {"committee", "superuser"},
    "appeal_withdraw": DIRECTORS,
    "standings_view": ORGANISERS | {"committee"},
}

MATRIX = [(role, page, role in allowed) for page, allowed in ALLOWED.items() for role in ROLES]


# -- the requests ---------------------------------------------------------------------------------


def admin_url(name: str, *args) -> str:
    return reverse(f"admin:tournaments_{name}", args=args)


def changelist_action(model: str, action: str, pks: list, **extra) -> tuple:
    data = {"action": action, "_selected_action": [str(pk) for pk in pks], **extra}
    return "post", admin_url(f"{model}_changelist"), data


def sheet_post(w: World, data: dict, *, url: str = "tablesession_change") -> tuple:
    """A form of the score sheet, posted with the version the user saw."""
    data = {**data, "version": str(w.fresh_sheet().version)}
    return "post", admin_url(url, w.sheet.pk), data


def request_for(page: str, w: World, monkeypatch) -> tuple[str, str, dict]:
    """Bring the world to where `page` can be used; return (method, url, data)."""
    a, draft = w.player("A"), w.draft
    if page == "player_add":
        data = {"tournament": draft.pk, "name": "Late Entrant", "status": "active"}
        return "post", admin_url("player_add"), data
    if page == "team_add":
        return "post", admin_url("team_add"), {"tournament": draft.pk, "name": "Phoenix"}
    if page == "players_import":
        data = {"csv_text": "name\nImported One\n", "import": "1"}
        return "post", admin_url("tournament_import_players", draft.pk), data
    if page == "substitute_page":
        return "post", admin_url("tournament_substitute", draft.pk), {"name": "Substitute"}
    if page == "player_withdraw_action":
        entrant = draft.players.get(registration_number=8)
        return changelist_action("player", "action_withdraw", [entrant.pk])
    if page == "player_oath_action":
        return changelist_action("player", "action_accept_oath", [a.pk])
    if page == "lots_page":
        return "post", admin_url("tournament_draw_lots", draft.pk), {"seed": "lots"}
    if page == "lots_action":
        return changelist_action("tournament", "action_draw_lots", [draft.pk])
    if page == "seating_page":
        lots_drawn(w)
        data = {"seed": "chart", "time_limit": "0.5"}
        return "post", admin_url("tournament_seating", draft.pk), data
    if page == "seating_action":
        lots_drawn(w)
        # The action starts a seating job (a row written); the test's transaction never
        # commits, so the search itself does not run.
        return changelist_action("tournament", "action_generate_seating", [draft.pk])
    if page == "reseat_page":
        charted(w)
        data = {"seed": "again", "time_limit": "0.5", "from_session": "2"}
        return "post", admin_url("tournament_reseat", draft.pk), data
    if page == "session_start_action":
        return changelist_action("session", "action_start", [w.sheet.session_id], apply="1")
    if page == "session_end_action":
        started(w)
        return changelist_action(
            "session", "action_end", [w.sheet.session_id], apply="1", confirm_no_hands="on"
        )  # its table recorded no hand: the chief umpire confirms ending it all the same
    if page == "umpire_assign_action":
        new = w.users["other_umpire"].pk
        return changelist_action(
            "tablesession", "action_assign_umpire", [w.sheet.pk], apply="1", umpire=new
        )
    if page == "sheet_view":
        return "get", admin_url("tablesession_change", w.sheet.pk), {}
    if page == "sheet_hand":
        return sheet_post(w, {"action": Hand.Outcome.DRAW, "confirm": "yes"})
    if page == "sheet_remove_last":
        hands.hand_record_no_win(table_session=w.sheet, outcome=Hand.Outcome.DRAW)
        return sheet_post(w, {"number": "1"}, url="tablesession_remove_last")
    if page == "sheet_penalty":
        data = {
            "action": "penalty",
            "penalty-player": "A",
            "penalty-kind": Penalty.Kind.WARNING,
            "penalty-reason": "Slow play",
        }
        return sheet_post(w, data)
    if page == "sheet_void_penalty":
        penalty = deduction(w)
        data = {"action": "void_penalty", "void-penalty": penalty.pk, "void-reason": "Wrong"}
        return sheet_post(w, data)
    if page == "sheet_checkin":
        return sheet_post(w, {"action": "checkin", "checkin-player": "A"})
    if page == "sheet_substitute":
        session_start(session=w.sheet.session, at=timezone.now() - datetime.timedelta(minutes=30))
        checkin.checkin_record(session=w.sheet.session, player=a, arrived_at=timezone.now())
        sub = registration.player_register_substitute(tournament=w.tournament, name="Sub")
        data = {"action": "substitute", "sub-player": "A", "sub-substitute": sub.pk}
        return sheet_post(w, {**data, "sub-reason": "Arrived 30 minutes late"})
    if page == "sheet_confirm":
        complete(w)
        return sheet_post(w, {"action": "confirm", "seat": "A"})
    if page == "sheet_sign":
        confirmed(w)
        return sheet_post(w, {"action": "sign"})
    if page == "sheet_countersign":
        signed(w)
        return sheet_post(w, {"action": "countersign"})
    if page == "sheet_correction_hand":
        signed(w)
        data = {
            "action": "fix_hand",
            "fix-number": "1",
            "fix-outcome": "draw",
            "fix-reason": "It was a draw",
        }
        return sheet_post(w, data)
    if page == "sheet_correction_void":
        penalty = deduction(w)
        signed(w)
        data = {"action": "void_penalty", "void-penalty": penalty.pk, "void-reason": "Error"}
        return sheet_post(w, data)
    if page == "sheet_correction_swap":
        signed(w)
        data = {
            "action": "swap_seats",
            "swap-first": "A",
            "swap-second": "B",
            "swap-reason": "Sat swapped",
        }
        return sheet_post(w, data)
    if page == "sheet_audit":
        hands.hand_record_no_win(table_session=w.sheet, outcome=Hand.Outcome.DRAW)
        return "get", admin_url("tablesession_audit", w.sheet.pk), {}
    if page == "appeal_view":
        return "get", admin_url("appeal_change", filed(w).pk), {}
    if page == "appeal_file_page":
        started(w)
        url = admin_url("appeal_file") + f"?session={w.sheet.session_id}"
        data = {
            "player": a.pk,
            "subject": Appeal.Subject.OTHER,
            "statement": "Handed in on paper.",
            "filed_at": timezone.localtime().strftime("%Y-%m-%d %H:%M"),
            "confirmed": "on",
        }
        return "post", url, data
    if page == "appeal_review":
        return "post", admin_url("appeal_change", filed(w).pk), {"action": "review"}
    if page == "appeal_decide":
        appeal = appeals.appeal_start_review(appeal=filed(w), user=None)
        data = {
            "action": "decide",
            "decide-outcome": "rejected",
            "decide-ruling": "Rejected.",
            "decide-reasons": "The claim was late.",
        }
        return "post", admin_url("appeal_change", appeal.pk), data
    if page == "appeal_withdraw":
        return "post", admin_url("appeal_change", filed(w).pk), {"action": "withdraw"}
    if page == "standings_view":
        return "get", admin_url("tournament_standings", w.tournament.pk), {}
    raise AssertionError(f"no such page: {page}")


def filed(w: World) -> Appeal:
    started(w)
    return appeals.appeal_file(
        session=w.sheet.session,
        player=w.player("A"),
        subject=Appeal.Subject.OTHER,
        statement="The umpire ruled on a claim made too late.",
        confirmed=True,
        user=w.users["player"],
    )


def error_messages(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request) if m.level == ERROR]


def form_errors(response) -> list:
    context = response.context.flatten() if response.context is not None else {}
    return [v.errors for v in context.values() if isinstance(v, BaseForm) and v.errors]


def refusal(response, role: str) -> str:
    """How the admin refused; fails if it did not. A visitor who is not staff is sent to the
    login page; a staff member gets a 403, or is not offered the list action (the list again,
    or "No action selected"), or sees the service's refusal on the page: an error message
    after a redirect, or an error on the form."""
    if role in ("anonymous", "player", "captain"):
        assert response.status_code == 302, response.status_code
        assert response.url.startswith(reverse("admin:login")), response.url
        return "login"
    if response.status_code == 403:
        return "403"
    if response.status_code == 200:
        if "cl" in response.context:
            return "not offered"
        assert form_errors(response), "a page shown without a refusal"
        return "form error"
    assert response.status_code == 302, response.status_code
    notices = [str(m) for m in get_messages(response.wsgi_request)]
    if "No action selected." in notices:
        return "not offered"
    assert error_messages(response), f"a redirect without a refusal: {notices}"
    return "message"


# -- the tests ------------------------------------------------------------------------------------


def login(client, world: World, role: str):
    if role != "anonymous":
        client.force_login(world.users[role])
    return client


def test_the_table_names_every_page_and_every_role_once():
    assert len({(role, page) for role, page, _allowed in MATRIX}) == len(ALLOWED) * len(ROLES)
    assert all(allowed <= set(ROLES) for allowed in ALLOWED.values())


@pytest.mark.parametrize(("role", "page", "allowed"), MATRIX)
def test_each_role_uses_exactly_its_own_pages(client, world, monkeypatch, role, page, allowed):
    method, url, data = request_for(page, world, monkeypatch)
    login(client, world, role)
    before = snapshot()
    response = getattr(client, method)(url, data)
    if allowed:
        assert response.status_code in (200, 302), response.status_code
        if response.status_code == 302:
            assert not response.url.startswith(reverse("admin:login"))
        assert not error_messages(response), error_messages(response)
        if method == "post":
            assert snapshot() != before, f"{role} was allowed {page} but nothing was written"
    else:
        refusal(response, role)
        assert snapshot() == before, f"{role} was refused {page} yet something was written"


def test_a_player_cannot_log_into_the_admin(client, world):
    user = world.users["player"]
    user.set_password("Player-Pass-2006")
    user.save()
    response = client.post(
        reverse("admin:login"), {"username": user.username, "password": "Player-Pass-2006"}
    )
    assert response.status_code == 200  # the login form again, with its error
    assert "_auth_user_id" not in client.session
    assert client.get(reverse("admin:index")).url.startswith(reverse("admin:login"))


# The admin's model permissions: the pages that would write a hand, a penalty, a player or a
# tournament outside the services are closed to the roles that do not own them.
MODEL_PAGES = [
    (role, model, page)
    for role in ("umpire", "committee", "staff")
    for model in ("hand", "penalty", "player", "tournament")
    for page in ("add", "change", "delete")
] + [
    (role, model, page)
    for role in ("organiser", "chief_umpire")
    for model in ("hand", "penalty")
    for page in ("add", "change", "delete")
]


def _model_object(world: World, model: str):
    if model == "hand":
        return hands.hand_record_no_win(table_session=world.sheet, outcome=Hand.Outcome.DRAW)
    if model == "penalty":
        return deduction(world)
    return world.player("A") if model == "player" else world.tournament


@pytest.mark.parametrize(("role", "model", "page"), MODEL_PAGES)
def test_model_pages_are_closed_to_roles_that_do_not_own_them(client, world, role, model, page):
    obj = _model_object(world, model)
    login(client, world, role)
    before = snapshot()
    if page == "add":
        response = client.post(admin_url(f"{model}_add"), {"name": "Intruder"})
    elif page == "change":
        response = client.post(admin_url(f"{model}_change", obj.pk), {"name": "Intruder"})
    else:
        response = client.post(admin_url(f"{model}_delete", obj.pk), {"post": "yes"})
    assert response.status_code == 403
    assert snapshot() == before


# History pages are read-only: their form must not save a row past the services (the form
# shows every field of the row, editable, to anyone who may view the row).
HISTORY_FORMS = [
    ("umpire", "hand", {"outcome": Hand.Outcome.TIME_LIMIT}),
    ("chief_umpire", "hand", {"outcome": Hand.Outcome.TIME_LIMIT}),
    ("umpire", "penalty", {"amount": "60", "reason": "Edited past the services"}),
    ("committee", "penalty", {"amount": "60", "reason": "Edited past the services"}),
    ("organiser", "session", {"number": "5"}),
]


def _form_data(obj, changes: dict) -> dict:
    """What a filled-in change form of `obj` posts, with `changes`."""
    data = {}
    for name, value in model_to_dict(obj).items():
        field = obj._meta.get_field(name)
        if isinstance(field, models.JSONField):
            data[name] = json.dumps(value)
        elif isinstance(value, datetime.datetime):
            data[name] = timezone.localtime(value).strftime("%Y-%m-%d %H:%M:%S")
        elif value is not None:
            data[name] = value
    return {**data, **changes}


@pytest.mark.parametrize(("role", "model", "changes"), HISTORY_FORMS)
def test_a_history_page_cannot_save_a_row(client, world, role, model, changes):
    if model == "session":
        obj = Session.objects.get(pk=world.sheet.session_id)
        session_start(session=obj, at=timezone.now() - datetime.timedelta(minutes=5))
        obj.refresh_from_db()
    else:
        obj = _model_object(world, model)
    version = obj.history.order_by("-history_id").first()
    login(client, world, role)
    before = snapshot()
    url = admin_url(f"{model}_simple_history", obj.pk, version.history_id)
    response = client.post(url, _form_data(obj, changes))
    assert snapshot() == before
    assert response.status_code == 403


def test_a_staff_login_without_a_role_sees_no_sheet_in_the_list(client, world):
    client.force_login(make_user("helper"))
    response = client.get(admin_url("tablesession_changelist"))
    assert response.status_code == 200
    assert list(response.context["cl"].result_list) == []


def test_an_umpire_lists_only_the_sheets_he_umpires(client, world):
    client.force_login(world.users["other_umpire"])
    response = client.get(admin_url("tablesession_changelist"))
    assert list(response.context["cl"].result_list) == []
    client.force_login(world.users["umpire"])
    response = client.get(admin_url("tablesession_changelist"))
    assert [s.pk for s in response.context["cl"].result_list] == [world.sheet.pk]


def test_the_history_page_of_a_correction_opens(client, world):
    signed(world)
    correction = corrections.correction_seats_swap(
        table_session=world.sheet,
        first="A",
        second="B",
        reason="Sat swapped",
        user=world.users["chief_umpire"],
    )
    login(client, world, "chief_umpire")
    assert client.get(admin_url("correction_change", correction.pk)).status_code == 200
    assert client.get(admin_url("correction_history", correction.pk)).status_code == 200
