"""Fixtures of the printed forms' tests: the staff (an umpire and a chief umpire with full
names), a played score sheet with names in several scripts and a voided penalty, and that sheet
signed. The score-sheet and Record of Fouls tests share them; the tournaments tests' fixtures
(`tournament`, `table_session`, `sheet`, ...) are registered for the whole suite in
tests/conftest.py."""

import datetime
from types import SimpleNamespace

import pytest

from tests.reports.helpers import PURE_STRAIGHT, VOID_REASON, sheet_with_players
from tests.tournaments.appeal_helpers import file
from tests.tournaments.factories import TournamentFactory
from tests.tournaments.signoff_helpers import confirm_all, fresh, make_user, seat_player
from tournaments.models import Appeal, Correction, Hand, Penalty, Session, TableSession
from tournaments.roles import Role
from tournaments.services.appeals import appeal_decide, appeal_start_review
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


# -- an appeal record (tests/reports/test_appeal_pdf.py and the Spanish and Chinese pages) --


@pytest.fixture
def penalty(appeal_table, appeal_players):
    return Penalty.objects.create(
        table_session=appeal_table,
        player=appeal_players["A"],
        kind=Penalty.Kind.EXPOSED_HAND,
        amount=30,
        hand_number=4,
        reason="Exposed his hand when B declared Hu",
        deltas={"A": -90, "B": 30, "C": 30, "D": 30},
    )


@pytest.fixture
def upheld(appeal_session, appeal_players, penalty, committee_user, chief_user):
    """A's captain files against the exposed-hand penalty; the committee upholds it and links
    the chief umpire's correction that voids the penalty."""
    captain = appeal_players["C"]
    appeal = file(
        appeal_session,
        appeal_players["A"],
        user=captain.user,
        subject=Appeal.Subject.PENALTY,
        penalty=penalty,
        statement="B's Hu stood.\nExposing the hand deserved a warning only (3.11.6.7).",
    )
    appeal_start_review(appeal=appeal, user=committee_user)
    correction = Correction.objects.create(
        table_session=penalty.table_session,
        kind=Correction.Kind.PENALTY_VOID,
        reason="Appeal upheld: the exposed-hand payments are voided.",
        before={"penalty": penalty.pk, "kind": penalty.kind, "deltas": penalty.deltas},
        after={"penalty": penalty.pk, "voided": True},
        made_by=chief_user,
    )
    return appeal_decide(
        appeal=appeal,
        upheld=True,
        ruling="Upheld: the payments are voided.",
        reasons="The Hu stood; rule 3.11.6.7 then calls for a warning.",
        correction=correction,
        user=committee_user,
    )
