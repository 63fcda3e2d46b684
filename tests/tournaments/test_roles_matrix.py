"""Every role against every action, at the services (issue 12, "Roles").

`ALLOWED` below is the table: one line per action, the roles allowed to do it; every other
role is refused (PermissionRefused, code "forbidden") and nothing at all is written. The
roles are those of tournaments.roles, plus an anonymous visitor, a staff login with no role,
an umpire of another table, a player not concerned, the captain of the player's team and a
superuser (who holds every staff role, not the player's).

Readings of the issue kept here:
- the chief umpire may do what an organiser does (tournaments.roles.is_organiser);
- the organiser schedules sessions, but only the chief umpire starts and ends them (he
  announces the time and the gong, rule 3.5.6);
- check-ins: the umpire of the table, the chief umpire or an organiser (at the door);
- a player confirms only his own sheet, for himself; his captain files and withdraws his
  appeals (3.12.1) but neither confirms his sheet nor accepts his oath;
- the arbitration committee only rules on appeals (3.12.4); the chief umpire enters written
  appeals handed in on paper and withdrawals, but does not rule.
"""

import datetime
from collections.abc import Callable

import pytest

from tests.tournaments.roles_matrix_helpers import (
    DIRECTORS,
    NOW,
    ORGANISERS,
    SHEET,
    World,
    charted,
    complete,
    confirmed,
    deduction,
    lots_drawn,
    signed,
    snapshot,
    started,
)
from tournaments.errors import TournamentError
from tournaments.models import Appeal, Hand, Penalty, Sanction, TableSession
from tournaments.roles import PermissionRefused
from tournaments.services import (
    appeals,
    checkin,
    corrections,
    hands,
    lots,
    penalties,
    registration,
    sanctions,
    seating,
    sessions,
    signoff,
)
from tournaments.services.tournament import table_sessions_assign_umpire

pytestmark = pytest.mark.django_db

# -- the table ----------------------------------------------------------------------------------

ROLES = (
    "anonymous",
    "staff",  # a staff login with no role
    "organiser",
    "umpire",  # the umpire assigned to the sheet
    "other_umpire",  # an umpire of another table
    "chief_umpire",
    "committee",
    "player",  # the player concerned (seat A), on his own login
    "captain",  # the captain of his team (a player of the tournament)
    "other_player",  # another player of the same table (seat B)
    "superuser",
)


ALLOWED: dict[str, set[str]] = {
    # registration, lots, seating
    "team_create": ORGANISERS,
    "player_create": ORGANISERS,
    "players_import_csv": ORGANISERS,
    "player_register_substitute": ORGANISERS,
    "player_withdraw": ORGANISERS,
    "lots_draw": ORGANISERS,
    "player_set_lot_drawer": ORGANISERS,
    "player_accept_oath": ORGANISERS | {"player"},
    "seating_generate": ORGANISERS,
    "seating_reseat_remaining": ORGANISERS,
    # sessions
    "session_schedule": ORGANISERS,
    "session_start": DIRECTORS,
    "session_end": DIRECTORS,
    # the score sheet
    "umpire_assign": DIRECTORS,
    "hand_record_win": SHEET,
    "hand_record_no_win": SHEET,
    "hand_delete_last": SHEET,
    "penalty_record": SHEET,
    "penalty_void": SHEET,
    "checkin_record": SHEET | {"organiser"},
    "seat_replace_with_substitute": SHEET,
    "sheet_confirm_player": SHEET | {"player"},
    "sheet_sign": SHEET,
    "sheet_countersign": DIRECTORS,
    "correction_hand_replace": DIRECTORS,
    "correction_penalty_void": DIRECTORS,
    "correction_seats_swap": DIRECTORS,
    # sanctions and appeals
    "sanction_record": DIRECTORS,
    "appeal_file": DIRECTORS | {"player", "captain"},
    "appeal_start_review": {"committee", "superuser"},
    "appeal_decide": {"committee", "superuser"},
    "appeal_withdraw": DIRECTORS | {"player", "captain"},
}

MATRIX = [(role, action, role in allowed) for action, allowed in ALLOWED.items() for role in ROLES]


# -- the actions: each prepares the world (as the system) and returns the call to make ---------
# (the world every case starts from, the `world` fixture, is in tests/tournaments/conftest.py;
# the steps shared with the admin's matrix are in tests/tournaments/roles_matrix_helpers.py)


def appeal_filed(w: World) -> Appeal:
    started(w)
    return appeals.appeal_file(
        session=w.sheet.session,
        player=w.player("A"),
        subject=Appeal.Subject.OTHER,
        statement="The umpire ruled on a claim made too late.",
        confirmed=True,
        user=w.users["player"],
    )


def prepare(action: str, w: World) -> Callable:
    """Bring the world to where `action` can be done, and return it as a call taking `user`."""
    a = w.player("A")
    if action == "team_create":
        return lambda user: registration.team_create(tournament=w.draft, name="Phoenix", user=user)
    if action == "player_create":
        return lambda user: registration.player_create(
            tournament=w.draft, name="Late Entrant", user=user
        )
    if action == "players_import_csv":
        return lambda user: registration.players_import_csv(
            tournament=w.draft, csv_text="name\nImported One\n", dry_run=False, user=user
        )
    if action == "player_register_substitute":
        return lambda user: registration.player_register_substitute(
            tournament=w.draft, name="Substitute", user=user
        )
    if action == "player_withdraw":
        entrant = w.draft.players.get(registration_number=8)
        return lambda user: registration.player_withdraw(player=entrant, user=user)
    if action == "lots_draw":
        return lambda user: lots.lots_draw(tournament=w.draft, seed="lots", user=user)
    if action == "player_set_lot_drawer":
        entrant = w.draft.players.get(registration_number=3)
        return lambda user: lots.player_set_lot_drawer(
            player=entrant, drawn_by="Ms Referee", user=user
        )
    if action == "player_accept_oath":
        return lambda user: registration.player_accept_oath(player=a, user=user)
    if action == "seating_generate":
        lots_drawn(w)
        return lambda user: seating.seating_generate(
            tournament=w.draft, seed="chart", time_limit=0.2, user=user
        )
    if action == "seating_reseat_remaining":
        charted(w)
        return lambda user: seating.seating_reseat_remaining(
            tournament=w.draft, from_session=2, seed="again", time_limit=0.2, user=user
        )
    if action == "session_schedule":
        start = NOW() + datetime.timedelta(hours=1)
        return lambda user: sessions.session_schedule(
            session=w.sheet.session, start=start, end=start + datetime.timedelta(hours=2), user=user
        )
    if action == "session_start":
        return lambda user: sessions.session_start(session=w.sheet.session, user=user)
    if action == "session_end":
        started(w)
        return lambda user: sessions.session_end(session=w.sheet.session, user=user)
    if action == "umpire_assign":
        new = w.users["other_umpire"]
        return lambda user: table_sessions_assign_umpire(
            table_sessions=TableSession.objects.filter(pk=w.sheet.pk), umpire=new, user=user
        )
    if action == "hand_record_win":
        return lambda user: hands.hand_record_win(
            table_session=w.sheet, winner="A", discarder="B", points=8, user=user
        )
    if action == "hand_record_no_win":
        return lambda user: hands.hand_record_no_win(
            table_session=w.sheet, outcome=Hand.Outcome.DRAW, user=user
        )
    if action == "hand_delete_last":
        hands.hand_record_no_win(table_session=w.sheet, outcome=Hand.Outcome.DRAW)
        return lambda user: hands.hand_delete_last(table_session=w.sheet, number=1, user=user)
    if action == "penalty_record":
        return lambda user: penalties.penalty_record(
            table_session=w.sheet,
            player=a,
            kind=Penalty.Kind.WARNING,
            reason="Slow play",
            user=user,
        )
    if action == "penalty_void":
        penalty = deduction(w)
        return lambda user: penalties.penalty_void(
            penalty=penalty, reason="Recorded on the wrong player", user=user
        )
    if action == "checkin_record":
        return lambda user: checkin.checkin_record(
            session=w.sheet.session, player=a, arrived_at=NOW(), user=user
        )
    if action == "seat_replace_with_substitute":
        sessions.session_start(session=w.sheet.session, at=NOW() - datetime.timedelta(minutes=30))
        checkin.checkin_record(session=w.sheet.session, player=a, arrived_at=NOW())
        substitute = registration.player_register_substitute(tournament=w.tournament, name="Sub")
        return lambda user: checkin.seat_replace_with_substitute(
            table_session=w.sheet, player=a, substitute=substitute, reason="Late", user=user
        )
    if action == "sheet_confirm_player":
        complete(w)
        return lambda user: signoff.sheet_confirm_player(table_session=w.sheet, player=a, user=user)
    if action == "sheet_sign":
        confirmed(w)
        return lambda user: signoff.sheet_sign(table_session=w.sheet, user=user)
    if action == "sheet_countersign":
        signed(w)
        return lambda user: signoff.sheet_countersign(table_session=w.sheet, user=user)
    if action == "correction_hand_replace":
        signed(w)
        hand = w.sheet.hands.get(number=1)
        return lambda user: corrections.correction_hand_replace(
            hand=hand, reason="It was a draw", outcome=Hand.Outcome.DRAW, user=user
        )
    if action == "correction_penalty_void":
        penalty = deduction(w)
        signed(w)
        return lambda user: corrections.correction_penalty_void(
            penalty=penalty, reason="Recorded in error", user=user
        )
    if action == "correction_seats_swap":
        signed(w)
        return lambda user: corrections.correction_seats_swap(
            table_session=w.sheet, first="A", second="B", reason="Sat swapped", user=user
        )
    if action == "sanction_record":
        return lambda user: sanctions.sanction_record(
            player=a, kind=Sanction.Kind.PUBLIC_CRITICISM, reason="Insulted an umpire", user=user
        )
    if action == "appeal_file":
        started(w)
        return lambda user: appeals.appeal_file(
            session=w.sheet.session,
            player=a,
            subject=Appeal.Subject.OTHER,
            statement="The umpire ruled on a claim made too late.",
            confirmed=True,
            user=user,
        )
    if action == "appeal_start_review":
        appeal = appeal_filed(w)
        return lambda user: appeals.appeal_start_review(appeal=appeal, user=user)
    if action == "appeal_decide":
        appeal = appeals.appeal_start_review(appeal=appeal_filed(w), user=None)
        return lambda user: appeals.appeal_decide(
            appeal=appeal, upheld=False, ruling="Rejected.", reasons="Claim was late.", user=user
        )
    if action == "appeal_withdraw":
        appeal = appeal_filed(w)
        return lambda user: appeals.appeal_withdraw(appeal=appeal, user=user)
    raise AssertionError(f"no such action: {action}")


# -- the tests ------------------------------------------------------------------------------------


def test_the_table_names_every_action_and_every_role_once():
    assert len(MATRIX) == len(ALLOWED) * len(ROLES)
    assert len({(role, action) for role, action, _allowed in MATRIX}) == len(MATRIX)
    assert all(allowed <= set(ROLES) for allowed in ALLOWED.values())


@pytest.mark.parametrize(("role", "action", "allowed"), MATRIX)
def test_each_role_may_do_exactly_its_own_part(world, role, action, allowed):
    do = prepare(action, world)
    before = snapshot()
    if allowed:
        do(world.users[role])
        assert snapshot() != before, f"{role} was allowed {action} but nothing was written"
    else:
        with pytest.raises(PermissionRefused) as refused:
            do(world.users[role])
        assert refused.value.code == "forbidden"
        assert snapshot() == before, f"{role} was refused {action} yet something was written"


# The umpire's rights on his sheet end when he signs it: what he could do before is refused
# (the sheet is locked, code "locked"), and only a director's correction changes it.
UNTIL_SIGNED = [
    "hand_record_win",
    "hand_record_no_win",
    "hand_delete_last",
    "penalty_record",
    "penalty_void",
    "checkin_record",
    "sheet_confirm_player",
]


def _after_signing(action: str, w: World) -> Callable:
    penalty = deduction(w) if action == "penalty_void" else None
    signed(w)
    a = w.player("A")
    calls = {
        "hand_record_win": lambda user: hands.hand_record_win(
            table_session=w.sheet, winner="A", discarder="B", points=8, user=user
        ),
        "hand_record_no_win": lambda user: hands.hand_record_no_win(
            table_session=w.sheet, outcome=Hand.Outcome.DRAW, user=user
        ),
        "hand_delete_last": lambda user: hands.hand_delete_last(
            table_session=w.sheet, number=2, user=user
        ),
        "penalty_record": lambda user: penalties.penalty_record(
            table_session=w.sheet, player=a, kind=Penalty.Kind.WARNING, reason="Slow", user=user
        ),
        "penalty_void": lambda user: penalties.penalty_void(
            penalty=penalty, reason="Wrong player", user=user
        ),
        "checkin_record": lambda user: checkin.checkin_record(
            session=w.sheet.session, player=a, arrived_at=NOW(), user=user
        ),
        "sheet_confirm_player": lambda user: signoff.sheet_confirm_player(
            table_session=w.sheet, player=a, user=user
        ),
    }
    return calls[action]


@pytest.mark.parametrize("action", UNTIL_SIGNED)
def test_the_umpire_can_no_longer_change_his_sheet_once_he_signed_it(world, action):
    do = _after_signing(action, world)
    before = snapshot()
    with pytest.raises(TournamentError) as refused:
        do(world.users["umpire"])
    assert refused.value.code == "locked"
    assert snapshot() == before


def test_a_sheet_given_to_another_umpire_is_no_longer_the_first_umpires(world):
    table_sessions_assign_umpire(
        table_sessions=TableSession.objects.filter(pk=world.sheet.pk),
        umpire=world.users["other_umpire"],
        user=world.users["chief_umpire"],
    )
    with pytest.raises(PermissionRefused):
        hands.hand_record_no_win(
            table_session=world.sheet, outcome=Hand.Outcome.DRAW, user=world.users["umpire"]
        )
    hands.hand_record_no_win(
        table_session=world.sheet, outcome=Hand.Outcome.DRAW, user=world.users["other_umpire"]
    )
    assert world.sheet.hands.count() == 1


def test_an_inactive_chief_umpire_is_refused_like_anyone(world):
    chief = world.users["chief_umpire"]
    chief.is_active = False
    chief.save(update_fields=["is_active"])
    before = snapshot()
    with pytest.raises(PermissionRefused):
        sessions.session_start(session=world.sheet.session, user=chief)
    assert snapshot() == before


# A deactivated login is refused like anyone: a player's or a captain's rights follow from
# the link between his login and his player record, which outlives the deactivation.
DEACTIVATED = [
    ("player", "player_accept_oath"),
    ("player", "sheet_confirm_player"),
    ("player", "appeal_file"),
    ("captain", "appeal_file"),
    ("player", "appeal_withdraw"),  # he filed it
    ("captain", "appeal_withdraw"),
]


@pytest.mark.parametrize(("role", "action"), DEACTIVATED)
def test_a_deactivated_login_of_a_player_or_captain_is_refused(world, role, action):
    do = prepare(action, world)
    login = world.users[role]
    login.is_active = False
    login.save(update_fields=["is_active"])
    before = snapshot()
    with pytest.raises(PermissionRefused):
        do(login)
    assert snapshot() == before
