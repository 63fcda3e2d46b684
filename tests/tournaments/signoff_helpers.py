"""Helpers of the tests of a score sheet's services (sign-off, sessions, corrections, locking,
audit, the admin sign-off page): logins with a role, a sheet made complete or signed, and a
snapshot of everything a write could change. The fixtures `sheet`, `people` and `locked` are in
tests/tournaments/sheet_fixtures.py."""

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from tournaments.models import (
    Hand,
    Penalty,
    Player,
    SessionResult,
    TableSession,
)
from tournaments.roles import ROLE_GROUPS, STAFF_ROLES, Role
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.signoff import sheet_confirm_player, sheet_sign


def make_user(username: str, role: str | None = None):
    """A login with one role (staff for the staff roles), no password (tests force_login)."""
    user = get_user_model().objects.create_user(
        username, f"{username}@example.org", is_staff=role in STAFF_ROLES
    )
    if role is not None:
        user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role(role)])[0])
    return user


@dataclass
class People:
    umpire: object  # assigned to the sheet
    other_umpire: object
    chief: object
    committee: object
    organiser: object
    player_user: object  # the login of the player in seat A
    other_player_user: object  # the login of the player in seat B


def fresh(sheet: TableSession) -> TableSession:
    return TableSession.objects.select_related("session__tournament").get(pk=sheet.pk)


def seat_player(sheet: TableSession, position: str) -> Player:
    return sheet.seats.get(position=position).player


def win(sheet, winner="A", discarder="B", points=8, user=None, **kwargs) -> Hand:
    return hand_record_win(
        table_session=sheet, winner=winner, discarder=discarder, points=points, user=user, **kwargs
    )


def fine_b(sheet, user, **write) -> Penalty:
    """A deduction of 10 on the player at B: the penalty these tests record on a sheet
    (`write`: more of penalty_record's keywords, e.g. expected_version)."""
    from tournaments.services.penalties import penalty_record

    return penalty_record(
        table_session=sheet,
        player=seat_player(sheet, "B"),
        kind="deduction",
        amount=10,
        reason="x",
        user=user,
        **write,
    )


def complete(sheet, user=None) -> TableSession:
    """One win, then a time-limit stop: the sheet is complete (3.5.6)."""
    win(sheet, user=user)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT, user=user)
    return fresh(sheet)


def confirm_all(sheet, user) -> None:
    for seat in sheet.seats.order_by("position"):
        sheet_confirm_player(table_session=sheet, player=seat.player, user=user)


def signed(sheet, people: People) -> TableSession:
    complete(sheet, people.umpire)
    confirm_all(sheet, people.umpire)
    sheet_sign(table_session=sheet, user=people.umpire)
    return fresh(sheet)


def snapshot(sheet) -> dict:
    """Everything a write could change on a sheet."""
    sheet = fresh(sheet)
    return {
        "status": sheet.status,
        "version": sheet.version,
        "hands": list(sheet.hands.values_list("number", "outcome", "winner_position", "points")),
        "penalties": list(Penalty.objects.filter(table_session=sheet).values_list("pk", "deltas")),
        "confirmations": sorted(sheet.confirmations.values_list("player_id", flat=True)),
        "results": sorted(
            SessionResult.objects.filter(table_session=sheet).values_list(
                "player_id", "score", "rank", "table_points_12"
            )
        ),
    }


# -- corrections ----------------------------------------------------------------------------

REASON = "The umpire wrote the winner in the wrong column."


def hand_one(sheet) -> Hand:
    return Hand.objects.get(table_session=sheet, number=1)


def logins() -> People:
    """An umpire, another umpire, the chief umpire, the committee, an organiser and two
    players' logins (the `people` of tests/tournaments/sheet_fixtures.py)."""
    return People(
        umpire=make_user("umpire", Role.UMPIRE),
        other_umpire=make_user("other-umpire", Role.UMPIRE),
        chief=make_user("chief", Role.CHIEF_UMPIRE),
        committee=make_user("committee", Role.COMMITTEE),
        organiser=make_user("organiser", Role.ORGANISER),
        player_user=make_user("player-a", Role.PLAYER),
        other_player_user=make_user("player-b", Role.PLAYER),
    )


def umpired(sheet, people: People) -> None:
    """`people.umpire` umpires the sheet; the players in seats A and B have their logins."""
    sheet.umpire = people.umpire
    sheet.save(update_fields=["umpire"])
    for position, login in (("A", people.player_user), ("B", people.other_player_user)):
        player = seat_player(sheet, position)
        player.user = login
        player.save(update_fields=["user"])
