"""A tournament for the tests of the umpire rota (service, API, admin): six tables, sessions
1-3 with a score sheet at every table (no players needed), sessions 4-5 planned without
sheets (their seating not generated), session 1 table 1 signed by its umpire."""

from dataclasses import dataclass

from django.utils import timezone

from tests.tournaments.factories import TournamentFactory
from tests.tournaments.signoff_helpers import make_user
from tournaments.models import Session, Table, TableSession, Tournament
from tournaments.models.play import SheetClosure
from tournaments.roles import Role

TABLES = 6
SESSIONS_WITH_SHEETS = (1, 2, 3)
PLANNED = 5
SIGNED = (1, 1)  # (session, table)


@dataclass
class RotaWorld:
    tournament: Tournament
    umpire: object  # an umpire with no table yet
    signer: object  # the umpire of the signed sheet (session 1, table 1)


def rota_world() -> RotaWorld:
    tournament = TournamentFactory(sessions_planned=PLANNED)
    tables = [Table.objects.create(tournament=tournament, number=n) for n in range(1, TABLES + 1)]
    for number in SESSIONS_WITH_SHEETS:
        session = Session.objects.create(tournament=tournament, number=number)
        for table in tables:
            TableSession.objects.create(session=session, table=table)
    signer = make_user("signer", Role.UMPIRE)
    TableSession.objects.filter(
        session__tournament=tournament, session__number=SIGNED[0], table__number=SIGNED[1]
    ).update(
        umpire=signer,
        status=TableSession.Status.SIGNED,
        umpire_signed_at=timezone.now(),
        umpire_signed_by=signer,
        closed_by=SheetClosure.ALL_HANDS,
    )
    return RotaWorld(
        tournament=tournament, umpire=make_user("rota-umpire", Role.UMPIRE), signer=signer
    )


def umpires(tournament: Tournament) -> dict[tuple[int, int], str | None]:
    """Each sheet's umpire (username or None), by (session, table)."""
    rows = TableSession.objects.filter(session__tournament=tournament).values_list(
        "session__number", "table__number", "umpire__username"
    )
    return {(s, t): u for s, t, u in rows}


def versions(tournament: Tournament) -> dict[tuple[int, int], int]:
    rows = TableSession.objects.filter(session__tournament=tournament).values_list(
        "session__number", "table__number", "version"
    )
    return {(s, t): v for s, t, v in rows}
