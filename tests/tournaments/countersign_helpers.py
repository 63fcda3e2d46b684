"""A session for the tests of countersigning a whole session (service, API, admin): four
tables of a points-only tournament, each in a different state."""

from dataclasses import dataclass

from django.utils import timezone

from tests.tournaments.factories import TournamentFactory, seated_table, sign_sheets
from tests.tournaments.signoff_helpers import complete
from tournaments.models import Appeal, Session, TableSession, Tournament
from tournaments.services.signoff import sheet_countersign


@dataclass
class SessionSheets:
    session: Session
    signed: list[TableSession]  # tables 1 and 2: signed by their umpire
    complete: TableSession  # table 3: complete, not signed
    appealed: TableSession  # table 4: signed, with an open appeal
    final: TableSession  # table 5: countersigned already


def session_of_five_tables(filer) -> SessionSheets:
    """Session 1 of five tables, each with one win and a time-limit stop: tables 1, 2 and 4
    signed (the system's signature), 3 only complete, 5 countersigned; table 4's player A
    appealed (filed by `filer`, a login; open)."""
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    sheets = [complete(seated_table(tournament, table_number=n, started=True)) for n in range(1, 6)]
    sign_sheets(sheets[0], sheets[1], sheets[3], sheets[4])
    sheet_countersign(table_session=sheets[4])
    Appeal.objects.create(
        session=sheets[3].session,
        table_session=sheets[3],
        player=sheets[3].seats.get(position="A").player,
        filed_by=filer,
        filed_at=timezone.now(),
        subject=Appeal.Subject.OTHER,
        statement="The wall was short.",
        confirmed_by_filer=True,
        fee_amount=0,
        fee_currency="EUR",
    )
    return SessionSheets(
        session=sheets[0].session,
        signed=sheets[:2],
        complete=sheets[2],
        appealed=sheets[3],
        final=sheets[4],
    )


def statuses(session: Session) -> dict[int, str]:
    """Each table's sheet status, by table number."""
    return dict(TableSession.objects.filter(session=session).values_list("table__number", "status"))
