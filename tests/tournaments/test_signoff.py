"""Sign-off of a score sheet (3.9.1.4, 3.9.2, Appendix 5): the four players confirm, the
umpire signs (the sheet locks), the chief umpire countersigns.

The fixtures `sheet` and `people` (tests/tournaments/sheet_fixtures.py) and the helpers of
tests/tournaments/signoff_helpers.py are shared with the other tests of issue 12's services
(sessions, corrections, locking, audit, the admin sign-off page).
"""

import pytest

from tests.tournaments.factories import seated_table
from tests.tournaments.signoff_helpers import (
    complete,
    confirm_all,
    fine_b,
    fresh,
    seat_player,
    signed,
    snapshot,
    win,
)
from tournaments.errors import TournamentError
from tournaments.models import (
    SheetConfirmation,
    TableSession,
)
from tournaments.roles import PermissionRefused
from tournaments.services.signoff import sheet_confirm_player, sheet_countersign, sheet_sign
from tournaments.system_texts import system_text

pytestmark = pytest.mark.django_db

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
    complete(sheet, people.umpire)
    confirm_all(sheet, people.umpire)
    fine_b(sheet, people.umpire)
    assert not SheetConfirmation.objects.filter(table_session=sheet).exists()
    with pytest.raises(TournamentError, match="Not every player has confirmed"):
        sheet_sign(table_session=sheet, user=people.umpire)
    withdrawn = SheetConfirmation.history.filter(table_session_id=sheet.pk, history_type="-")
    assert withdrawn.count() == 4
    assert "the sheet changed" in system_text(withdrawn.first().history_change_reason)
    confirm_all(sheet, people.umpire)  # they confirm the sheet as it now stands
    sheet_sign(table_session=sheet, user=people.umpire)
    assert fresh(sheet).status == TableSession.Status.SIGNED


def test_removing_a_hand_after_the_players_confirmed_withdraws_their_confirmations(sheet, people):
    from tournaments.services.hands import hand_delete_last

    complete(sheet, people.umpire)
    confirm_all(sheet, people.umpire)
    hand_delete_last(table_session=sheet, number=2, user=people.umpire)
    assert not SheetConfirmation.objects.filter(table_session=sheet).exists()


def test_within_one_batch_a_penalty_after_the_confirmations_withdraws_them(sheet, people):
    """The score desk's batch locks the sheet once: the sheet was open when first locked, yet
    the confirmations given after its last hand are withdrawn by a later penalty (each write
    of the batch looks at the sheet as that write begins)."""
    from django.db import transaction

    from tournaments.services.sheets import sheet_writes_batched

    with transaction.atomic(), sheet_writes_batched():
        complete(sheet, people.umpire)
        confirm_all(sheet, people.umpire)
        assert SheetConfirmation.objects.filter(table_session=sheet).count() == 4
        fine_b(sheet, people.umpire)
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
