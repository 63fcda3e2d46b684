"""Fixtures of the printed forms' tests: the staff (an umpire and a chief umpire with full
names), a played score sheet with names in several scripts and a voided penalty, and that sheet
signed. The score-sheet and Record of Fouls tests share them; the tournaments tests' fixtures
(`tournament`, `table_session`, `sheet`, ...) are registered for the whole suite in
tests/conftest.py."""

import datetime
from types import SimpleNamespace

import pytest

from tests.reports.helpers import PURE_STRAIGHT, VOID_REASON, sheet_with_players
from tests.tournaments.factories import TournamentFactory
from tests.tournaments.signoff_helpers import confirm_all, fresh, make_user, seat_player
from tournaments.models import Hand, Session, TableSession
from tournaments.roles import Role
from tournaments.services.hands import hand_record_no_win, hand_record_win
from tournaments.services.penalties import penalty_record, penalty_void
from tournaments.services.signoff import sheet_sign


@pytest.fixture
def staff(db):
    umpire = make_user("umpire", Role.UMPIRE)
    umpire.first_name, umpire.last_name = "Marta", "Árbitra"
    umpire.save()
    chief = make_user("chief", Role.CHIEF_UMPIRE)
    chief.first_name, chief.last_name = "Jefe", "Principal"
    chief.save()
    return SimpleNamespace(umpire=umpire, chief=chief)


@pytest.fixture
def played(staff) -> TableSession:
    """Session 1, table 1: A wins on C's discard, B self-drawn, a draw, a 10-point deduction
    on D, a 20-point deduction on B voided, then a time-limit stop: complete, not signed."""
    tournament = TournamentFactory(name="Open de Madrid 2026")
    sheet = sheet_with_players(tournament)
    Session.objects.filter(pk=sheet.session_id).update(
        scheduled_start=datetime.datetime(2026, 5, 2, 9, 0, tzinfo=datetime.UTC),
        scheduled_end=datetime.datetime(2026, 5, 2, 11, 30, tzinfo=datetime.UTC),
        actual_start=datetime.datetime(2026, 5, 2, 9, 0, tzinfo=datetime.UTC),  # on time
    )
    sheet.umpire = staff.umpire
    sheet.save(update_fields=["umpire"])
    user = staff.umpire
    hand_record_win(table_session=sheet, winner="A", discarder="C", tiles=PURE_STRAIGHT, user=user)
    hand_record_win(table_session=sheet, winner="B", discarder=None, tiles=PURE_STRAIGHT, user=user)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.DRAW, user=user)
    penalty_record(
        table_session=sheet,
        player=seat_player(sheet, "D"),
        kind="deduction",
        amount=10,
        reason="Slow play after a warning",
        hand_number=3,
        user=user,
    )
    wrong = penalty_record(
        table_session=sheet,
        player=seat_player(sheet, "B"),
        kind="deduction",
        amount=20,
        reason="Slow play",
        user=user,
    )
    penalty_void(penalty=wrong, reason=VOID_REASON, user=user)
    hand_record_no_win(table_session=sheet, outcome=Hand.Outcome.TIME_LIMIT, user=user)
    return fresh(sheet)


@pytest.fixture
def signed_sheet(played, staff) -> TableSession:
    confirm_all(played, staff.umpire)
    sheet_sign(table_session=played, user=staff.umpire)
    return fresh(played)
