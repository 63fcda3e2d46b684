"""A hand its players dispute holds its sheet back from the session's countersigning (the
blocker player_entry registers with tournaments.services.signoff)."""

import pytest

from player_entry.models import TableEntry
from tests.tournaments.countersign_helpers import session_of_five_tables, statuses
from tests.tournaments.signoff_helpers import make_user
from tournaments.roles import Role
from tournaments.services.signoff import session_countersign

pytestmark = pytest.mark.django_db


def entry(sheet, status) -> TableEntry:
    return TableEntry.objects.create(
        table_session=sheet,
        number=3,
        outcome="draw",
        entered_by=sheet.seats.get(position="A").player,
        key=f"key-{sheet.pk}-{status}",
        seen_version=sheet.version,
        status=status,
    )


def test_a_disputed_hand_holds_its_sheet_back_and_says_which_hand():
    chief = make_user("chief", Role.CHIEF_UMPIRE)
    five = session_of_five_tables(chief)
    disputed, settled = five.signed
    entry(disputed, TableEntry.Status.DISPUTED)
    entry(settled, TableEntry.Status.SETTLED)

    done = session_countersign(session=five.session, user=chief)

    assert [sheet.table.number for sheet in done.countersigned] == [2]
    assert done.held[disputed] == ["Disputed by its players: hand 3."]
    assert statuses(five.session)[1] == "signed"
