"""Locking a score sheet: a signed sheet refuses every change but a correction, a finished
tournament refuses hands (bug 11), and a write against a stale version is refused."""

import pytest

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
from tournaments.models import Hand, Tournament
from tournaments.roles import PermissionRefused
from tournaments.services.hands import hand_delete_last, hand_record_no_win
from tournaments.services.sheets import SheetChanged, SheetLocked
from tournaments.services.signoff import sheet_confirm_player, sheet_sign

pytestmark = pytest.mark.django_db

SIGNED = "The umpire has signed this sheet"
CHANGED = "changed since you opened it"


def _hand(sheet, user, version=None):
    return win(sheet, winner="C", discarder="", user=user, expected_version=version)


def _draw(sheet, user, version=None):
    return hand_record_no_win(
        table_session=sheet, outcome=Hand.Outcome.DRAW, user=user, expected_version=version
    )


def _remove_last(sheet, user, version=None):
    last = fresh(sheet).hands.order_by("-number").first()
    return hand_delete_last(
        table_session=sheet, number=last.number, user=user, expected_version=version
    )


def _penalty(sheet, user, version=None):
    return fine_b(sheet, user, expected_version=version)


def _confirmation(sheet, user, version=None):
    return sheet_confirm_player(
        table_session=sheet, player=seat_player(sheet, "D"), user=user, expected_version=version
    )


WRITES = {
    "a hand": _hand,
    "a draw": _draw,
    "remove-last": _remove_last,
    "a penalty": _penalty,
    "a confirmation": _confirmation,
}


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
def test_a_signed_sheet_refuses_each_change_with_the_signed_message_and_nothing_changes(
    sheet, people, write
):
    signed(sheet, people)
    before = snapshot(sheet)
    with pytest.raises(SheetLocked, match=SIGNED):
        write(sheet, people.umpire)
    assert snapshot(sheet) == before


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
def test_a_signed_sheet_refuses_each_change_even_from_the_chief_umpire(sheet, people, write):
    signed(sheet, people)
    before = snapshot(sheet)
    with pytest.raises(SheetLocked, match=SIGNED):
        write(sheet, people.chief)
    assert snapshot(sheet) == before


def test_a_countersigned_sheet_refuses_a_hand_too(sheet, people):
    from tournaments.services.signoff import sheet_countersign

    signed(sheet, people)
    sheet_countersign(table_session=sheet, user=people.chief)
    before = snapshot(sheet)
    with pytest.raises(SheetLocked, match=SIGNED):
        _remove_last(sheet, people.umpire)
    assert snapshot(sheet) == before


def _finish(sheet):
    tournament = sheet.session.tournament
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])


@pytest.mark.parametrize("write", [_hand, _draw, _remove_last], ids=["hand", "draw", "remove"])
def test_a_finished_tournament_refuses_hands_and_remove_last(sheet, people, write):
    win(sheet, user=people.umpire)
    _finish(sheet)
    before = snapshot(sheet)
    with pytest.raises(SheetLocked, match="tournament is finished"):
        write(sheet, people.umpire)
    assert snapshot(sheet) == before


def test_a_finished_tournament_refuses_a_signature(sheet, people):
    complete(sheet, people.umpire)
    confirm_all(sheet, people.umpire)
    _finish(sheet)
    with pytest.raises(SheetLocked, match="tournament is finished"):
        sheet_sign(table_session=sheet, user=people.umpire)
    assert fresh(sheet).umpire_signed_at is None


# -- versions: no lost update ----------------------------------------------------------------


def test_the_version_increases_on_each_write(sheet, people):
    versions = [fresh(sheet).version]
    win(sheet, user=people.umpire)
    versions.append(fresh(sheet).version)
    _penalty(sheet, people.umpire)
    versions.append(fresh(sheet).version)
    _draw(sheet, people.umpire)
    versions.append(fresh(sheet).version)
    _remove_last(sheet, people.umpire)
    versions.append(fresh(sheet).version)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT, user=people.umpire)
    versions.append(fresh(sheet).version)
    confirm_all(sheet, people.umpire)
    versions.append(fresh(sheet).version)
    sheet_sign(table_session=sheet, user=people.umpire)
    versions.append(fresh(sheet).version)
    assert versions == sorted(set(versions)), versions


@pytest.mark.parametrize(
    "write", [_hand, _draw, _remove_last, _penalty], ids=["hand", "draw", "remove", "penalty"]
)
def test_a_write_against_a_stale_version_is_refused_and_changes_nothing(sheet, people, write):
    win(sheet, user=people.umpire)
    seen = fresh(sheet).version
    win(sheet, winner="B", discarder="A", user=people.umpire)  # somebody else's write
    before = snapshot(sheet)
    with pytest.raises(SheetChanged, match=CHANGED):
        write(sheet, people.umpire, seen)
    assert snapshot(sheet) == before


def test_a_confirmation_against_a_stale_version_is_refused(sheet, people):
    complete(sheet, people.umpire)
    seen = fresh(sheet).version
    _penalty(sheet, people.umpire)
    before = snapshot(sheet)
    with pytest.raises(SheetChanged, match=CHANGED):
        _confirmation(sheet, people.umpire, seen)
    assert snapshot(sheet) == before


def test_a_write_with_the_current_version_is_accepted(sheet, people):
    win(sheet, user=people.umpire)
    hand = _hand(sheet, people.umpire, fresh(sheet).version)
    assert hand.number == 2


def test_another_umpire_is_refused_even_with_the_current_version(sheet, people):
    win(sheet, user=people.umpire)
    with pytest.raises(PermissionRefused):
        _hand(sheet, people.other_umpire, fresh(sheet).version)
    assert fresh(sheet).hands.count() == 1


def test_a_user_without_the_role_is_refused_for_his_role_even_with_a_stale_version(sheet, people):
    win(sheet, user=people.umpire)
    with pytest.raises(PermissionRefused):
        _hand(sheet, people.other_umpire, 0)
    assert fresh(sheet).hands.count() == 1
