"""Sign-off of a score sheet (3.9.1.4, 3.9.2, Appendix 5): the four players confirm, the
umpire signs (the sheet locks), the chief umpire countersigns.

The fixtures and helpers at the top are shared with the other tests of issue 12's services
(sessions, corrections, locking, audit, the admin sign-off page).
"""

from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.errors import TournamentError
from tournaments.models import (
    Hand,
    Penalty,
    Player,
    SessionResult,
    SheetConfirmation,
    TableSession,
    Tournament,
)
from tournaments.roles import ROLE_GROUPS, STAFF_ROLES, PermissionRefused, Role
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.signoff import sheet_confirm_player, sheet_countersign, sheet_sign

pytestmark = pytest.mark.django_db

# The fixtures, for `from tests.tournaments.test_signoff import *` in the other test modules
# (the helpers are imported by name).
__all__ = ["people", "sheet"]


# -- shared fixtures and helpers -----------------------------------------------------------


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


@pytest.fixture
def sheet(db) -> TableSession:
    """Session 1, table 1 of a points-only tournament: players A-D seated, no hand yet."""
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    return seated_table(tournament, started=True)


@pytest.fixture
def people(sheet) -> People:
    umpire = make_user("umpire", Role.UMPIRE)
    sheet.umpire = umpire
    sheet.save(update_fields=["umpire"])
    result = People(
        umpire=umpire,
        other_umpire=make_user("other-umpire", Role.UMPIRE),
        chief=make_user("chief", Role.CHIEF_UMPIRE),
        committee=make_user("committee", Role.COMMITTEE),
        organiser=make_user("organiser", Role.ORGANISER),
        player_user=make_user("player-a", Role.PLAYER),
        other_player_user=make_user("player-b", Role.PLAYER),
    )
    for position, login in (("A", result.player_user), ("B", result.other_player_user)):
        player = seat_player(sheet, position)
        player.user = login
        player.save(update_fields=["user"])
    return result


def fresh(sheet: TableSession) -> TableSession:
    return TableSession.objects.select_related("session__tournament").get(pk=sheet.pk)


def seat_player(sheet: TableSession, position: str) -> Player:
    return sheet.seats.get(position=position).player


def win(sheet, winner="A", discarder="B", points=8, user=None, **kwargs) -> Hand:
    return hand_record_win(
        table_session=sheet, winner=winner, discarder=discarder, points=points, user=user, **kwargs
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


# -- confirmations ---------------------------------------------------------------------------


def test_a_player_cannot_confirm_a_sheet_that_is_still_open(sheet, people):
    win(sheet, user=people.umpire)
    with pytest.raises(TournamentError, match="still open"):
        sheet_confirm_player(
            table_session=sheet, player=seat_player(sheet, "A"), user=people.umpire
        )
    assert not SheetConfirmation.objects.exists()


def test_the_umpire_of_the_sheet_records_a_players_confirmation(sheet, people):
    complete(sheet, people.umpire)
    confirmation = sheet_confirm_player(
        table_session=sheet, player=seat_player(sheet, "C"), user=people.umpire
    )
    assert confirmation.recorded_by == people.umpire
    assert confirmation.player == seat_player(sheet, "C")
    assert confirmation.confirmed_at is not None


def test_a_player_confirms_the_sheet_himself_on_his_own_login(sheet, people):
    complete(sheet, people.umpire)
    confirmation = sheet_confirm_player(
        table_session=sheet, player=seat_player(sheet, "A"), user=people.player_user
    )
    assert confirmation.recorded_by == people.player_user
    assert list(SheetConfirmation.objects.values_list("player__user", flat=True)) == [
        people.player_user.pk
    ]


def test_a_player_cannot_confirm_for_another_player(sheet, people):
    complete(sheet, people.umpire)
    before = snapshot(sheet)
    with pytest.raises(PermissionRefused):
        sheet_confirm_player(
            table_session=sheet, player=seat_player(sheet, "A"), user=people.other_player_user
        )
    assert snapshot(sheet) == before


@pytest.mark.parametrize("who", ["other_umpire", "organiser", "committee"])
def test_staff_who_do_not_umpire_the_sheet_cannot_record_a_confirmation(sheet, people, who):
    complete(sheet, people.umpire)
    with pytest.raises(PermissionRefused):
        sheet_confirm_player(
            table_session=sheet, player=seat_player(sheet, "C"), user=getattr(people, who)
        )
    assert not SheetConfirmation.objects.exists()


def test_a_player_cannot_confirm_the_same_sheet_twice(sheet, people):
    complete(sheet, people.umpire)
    player = seat_player(sheet, "B")
    sheet_confirm_player(table_session=sheet, player=player, user=people.umpire)
    with pytest.raises(TournamentError, match="already confirmed"):
        sheet_confirm_player(table_session=sheet, player=player, user=people.other_player_user)
    assert SheetConfirmation.objects.filter(player=player).count() == 1


def test_a_player_of_another_table_cannot_confirm_this_sheet(sheet, people):
    complete(sheet, people.umpire)
    stranger = seated_table(sheet.session.tournament, table_number=2).seats.first().player
    with pytest.raises(TournamentError, match="does not sit at this table"):
        sheet_confirm_player(table_session=sheet, player=stranger, user=people.umpire)


# -- the umpire's signature --------------------------------------------------------------------


def test_the_umpire_cannot_sign_until_all_four_players_confirmed_and_the_message_names_them(
    sheet, people
):
    complete(sheet, people.umpire)
    for position in ("A", "C"):
        sheet_confirm_player(
            table_session=sheet, player=seat_player(sheet, position), user=people.umpire
        )
    with pytest.raises(TournamentError, match="Not every player has confirmed") as refused:
        sheet_sign(table_session=sheet, user=people.umpire)
    message = refused.value.message
    assert seat_player(sheet, "B").name in message and seat_player(sheet, "D").name in message
    assert seat_player(sheet, "A").name not in message
    assert fresh(sheet).status == TableSession.Status.COMPLETE


def test_the_umpire_cannot_sign_an_open_sheet(sheet, people):
    win(sheet, user=people.umpire)
    with pytest.raises(TournamentError, match="still open"):
        sheet_sign(table_session=sheet, user=people.umpire)
    assert fresh(sheet).status == TableSession.Status.OPEN


def test_the_umpire_of_the_sheet_signs_and_the_sheet_is_locked(sheet, people):
    sheet = signed(sheet, people)
    assert sheet.status == TableSession.Status.SIGNED
    assert sheet.umpire_signed_by == people.umpire
    assert sheet.umpire_signed_at is not None


def test_the_chief_umpire_may_sign_any_sheet(sheet, people):
    complete(sheet, people.umpire)
    confirm_all(sheet, people.umpire)
    sheet_sign(table_session=sheet, user=people.chief)
    assert fresh(sheet).umpire_signed_by == people.chief


@pytest.mark.parametrize("who", ["other_umpire", "organiser", "committee", "player_user"])
def test_nobody_but_the_sheets_umpire_or_the_chief_umpire_signs(sheet, people, who):
    complete(sheet, people.umpire)
    confirm_all(sheet, people.umpire)
    with pytest.raises(PermissionRefused):
        sheet_sign(table_session=sheet, user=getattr(people, who))
    assert fresh(sheet).status == TableSession.Status.COMPLETE


def test_a_sheet_cannot_be_signed_twice(sheet, people):
    signed(sheet, people)
    with pytest.raises(TournamentError, match="already signed"):
        sheet_sign(table_session=sheet, user=people.umpire)
    assert fresh(sheet).umpire_signed_by == people.umpire


# -- the chief umpire's countersignature ------------------------------------------------------


def test_the_chief_umpire_countersigns_a_signed_sheet_and_it_is_final(sheet, people):
    signed(sheet, people)
    sheet_countersign(table_session=sheet, user=people.chief)
    sheet = fresh(sheet)
    assert sheet.status == TableSession.Status.FINAL
    assert sheet.countersigned_by == people.chief and sheet.countersigned_at is not None


@pytest.mark.parametrize("who", ["umpire", "other_umpire", "organiser", "committee"])
def test_only_the_chief_umpire_countersigns(sheet, people, who):
    signed(sheet, people)
    with pytest.raises(PermissionRefused):
        sheet_countersign(table_session=sheet, user=getattr(people, who))
    assert fresh(sheet).status == TableSession.Status.SIGNED


def test_a_sheet_the_umpire_has_not_signed_cannot_be_countersigned(sheet, people):
    complete(sheet, people.umpire)
    confirm_all(sheet, people.umpire)
    with pytest.raises(TournamentError, match="Only a sheet the umpire has signed"):
        sheet_countersign(table_session=sheet, user=people.chief)
    assert fresh(sheet).status == TableSession.Status.COMPLETE


def test_a_final_sheet_cannot_be_countersigned_again(sheet, people):
    signed(sheet, people)
    sheet_countersign(table_session=sheet, user=people.chief)
    first = fresh(sheet).countersigned_at
    with pytest.raises(TournamentError, match="Only a sheet the umpire has signed"):
        sheet_countersign(table_session=sheet, user=people.chief)
    assert fresh(sheet).countersigned_at == first


# -- a change after the confirmations ----------------------------------------------------------


def test_a_penalty_recorded_after_the_players_confirmed_withdraws_their_confirmations(
    sheet, people
):
    from tournaments.services.penalties import penalty_record

    complete(sheet, people.umpire)
    confirm_all(sheet, people.umpire)
    penalty_record(
        table_session=sheet,
        player=seat_player(sheet, "B"),
        kind="deduction",
        amount=10,
        reason="x",
        user=people.umpire,
    )
    assert not SheetConfirmation.objects.filter(table_session=sheet).exists()
    with pytest.raises(TournamentError, match="Not every player has confirmed"):
        sheet_sign(table_session=sheet, user=people.umpire)
    withdrawn = SheetConfirmation.history.filter(table_session_id=sheet.pk, history_type="-")
    assert withdrawn.count() == 4
    assert "the sheet changed" in withdrawn.first().history_change_reason
    confirm_all(sheet, people.umpire)  # they confirm the sheet as it now stands
    sheet_sign(table_session=sheet, user=people.umpire)
    assert fresh(sheet).status == TableSession.Status.SIGNED


def test_removing_a_hand_after_the_players_confirmed_withdraws_their_confirmations(sheet, people):
    from tournaments.services.hands import hand_delete_last

    complete(sheet, people.umpire)
    confirm_all(sheet, people.umpire)
    hand_delete_last(table_session=sheet, number=2, user=people.umpire)
    assert not SheetConfirmation.objects.filter(table_session=sheet).exists()


def test_signing_and_countersigning_keep_the_confirmations(sheet, people):
    from tournaments.services.signoff import sheet_countersign

    signed(sheet, people)
    sheet_countersign(table_session=sheet, user=people.chief)
    assert SheetConfirmation.objects.filter(table_session=sheet).count() == 4


def test_a_correction_of_a_signed_sheet_keeps_the_confirmations(sheet, people):
    from tournaments.services.corrections import correction_seats_swap

    signed(sheet, people)
    correction_seats_swap(
        table_session=sheet, first="A", second="B", reason="swapped", user=people.chief
    )
    assert SheetConfirmation.objects.filter(table_session=sheet).count() == 4
