"""Countersigning a whole session at once (Appendix 5): the service
`session_countersign`, its refusals, the sheets it leaves out, and its one transaction."""

import pytest
from django.utils import timezone

from tests.tournaments.countersign_helpers import session_of_five_tables, statuses
from tests.tournaments.signoff_helpers import make_user
from tournaments.errors import TournamentError
from tournaments.models import TableSession
from tournaments.roles import Role
from tournaments.services import signoff
from tournaments.services.signoff import session_countersign, session_countersign_plan

pytestmark = pytest.mark.django_db

SIGNED, COMPLETE, FINAL = "signed", "complete", "final"
BEFORE = {1: SIGNED, 2: SIGNED, 3: COMPLETE, 4: SIGNED, 5: FINAL}


@pytest.fixture
def chief():
    return make_user("chief", Role.CHIEF_UMPIRE)


@pytest.fixture
def five(chief):
    return session_of_five_tables(chief)


def test_the_chief_umpire_countersigns_every_signed_sheet_and_the_others_are_listed(five, chief):
    done = session_countersign(session=five.session, user=chief)

    assert [s.table.number for s in done.countersigned] == [1, 2]
    assert done.not_signed == [five.complete]
    assert done.already_countersigned == [five.final]
    assert list(done.held) == [five.appealed]
    assert "appeal" in done.held[five.appealed][0].lower()
    assert statuses(five.session) == {1: FINAL, 2: FINAL, 3: COMPLETE, 4: SIGNED, 5: FINAL}
    first = TableSession.objects.get(pk=five.signed[0].pk)
    assert first.countersigned_by == chief and first.countersigned_at is not None


def test_a_ruled_appeal_no_longer_holds_its_sheet_back(five, chief):
    five.appealed.appeals.update(status="rejected", ruled_at=timezone.now(), fee_status="forfeited")

    done = session_countersign(session=five.session, user=chief)

    assert [s.table.number for s in done.countersigned] == [1, 2, 4]
    assert done.held == {}


@pytest.mark.parametrize("role", [Role.UMPIRE, Role.ORGANISER, Role.COMMITTEE, None])
def test_anyone_but_the_chief_umpire_is_refused_and_nothing_changes(five, role):
    user = make_user(f"someone-{role}", role)

    with pytest.raises(TournamentError) as refused:
        session_countersign(session=five.session, user=user)

    assert refused.value.code == "forbidden"
    assert statuses(five.session) == BEFORE


def test_a_sheet_refused_midway_leaves_every_sheet_of_the_session_as_it_was(
    five, chief, monkeypatch
):
    real = signoff.sheet_countersign

    def refusing_table_2(*, table_session, **kwargs):
        if table_session.table.number == 2:
            raise TournamentError("refused for the test", code="invalid_state")
        return real(table_session=table_session, **kwargs)

    monkeypatch.setattr(signoff, "sheet_countersign", refusing_table_2)

    with pytest.raises(TournamentError) as refused:
        session_countersign(session=five.session, user=chief)

    assert "table 2" in refused.value.message and "refused for the test" in refused.value.message
    assert refused.value.code == "invalid_state"
    assert statuses(five.session) == BEFORE


def test_a_sheet_the_chief_umpire_signed_as_its_umpire_is_left_to_another_chief_umpire(five, chief):
    TableSession.objects.filter(pk=five.signed[1].pk).update(umpire_signed_by=chief)

    done = session_countersign(session=five.session, user=chief)

    assert [s.table.number for s in done.countersigned] == [1]
    assert [s.table.number for s in done.signed_by_you] == [2]
    assert statuses(five.session)[2] == SIGNED


def test_countersigning_again_countersigns_nothing_more(five, chief):
    session_countersign(session=five.session, user=chief)

    again = session_countersign(session=five.session, user=chief)

    assert again.countersigned == []
    assert [s.table.number for s in again.already_countersigned] == [1, 2, 5]


def test_the_plan_names_what_would_be_countersigned_and_writes_nothing(five, chief):
    plan = session_countersign_plan(session=five.session, user=chief)

    assert [s.table.number for s in plan.countersigned] == [1, 2]
    assert statuses(five.session) == BEFORE


def test_a_registered_blocker_holds_its_sheets_back_with_its_reason(five, chief, monkeypatch):
    blockers = []
    monkeypatch.setattr(signoff, "_COUNTERSIGN_BLOCKERS", blockers)
    signoff.countersign_blockers_register(lambda sheets: {five.signed[0].pk: "Disputed hand 3."})

    done = session_countersign(session=five.session, user=chief)

    assert [s.table.number for s in done.countersigned] == [2]
    assert done.held[five.signed[0]] == ["Disputed hand 3."]
    assert statuses(five.session)[1] == SIGNED
