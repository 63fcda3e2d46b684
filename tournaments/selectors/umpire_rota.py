"""The umpire rota (issue 29): which umpire keeps which table in each session of a
tournament, read from its score sheets (`TableSession.umpire`), for the admin's rota page and
the API. The rota is assigned through `tournaments.services.umpire_rota`.

A session that exists in the plan (`Tournament.sessions_planned`) but whose seating has not
been generated has no sheets yet: its cells are empty ("no sheet"), and a rota assigned to it
waits for a second assignment once its sheets exist (the rota is the sheets' own umpire field,
nothing is kept apart)."""

from dataclasses import dataclass, field

from django.db.models import Max

from tournaments.models import Session, Table, TableSession, Tournament


@dataclass(frozen=True)
class RotaCell:
    """One table in one session: its sheet's id and umpire (username, or None), whether the
    sheet is signed (its umpire no longer changes through the rota), or no sheet at all."""

    session: int
    table: int
    sheet_id: int | None = None
    umpire: str | None = None
    locked: bool = False

    @property
    def has_sheet(self) -> bool:
        return self.sheet_id is not None


@dataclass(frozen=True)
class Rota:
    """The tournament's sessions (planned or existing) by number, its tables by number, and
    one cell per (session, table)."""

    sessions: list[int]
    tables: list[int]
    cells: dict[tuple[int, int], RotaCell] = field(default_factory=dict)

    def cell(self, session: int, table: int) -> RotaCell:
        return self.cells.get((session, table)) or RotaCell(session=session, table=table)

    def by_table(self) -> list[tuple[int, list[RotaCell]]]:
        """Rows of the rota's grid: each table with its cell in each session."""
        return [(t, [self.cell(s, t) for s in self.sessions]) for t in self.tables]

    def by_session(self) -> list[RotaCell]:
        """Every cell, session by session, table by table."""
        return [self.cell(s, t) for s in self.sessions for t in self.tables]


LOCKED_STATUSES = (TableSession.Status.SIGNED, TableSession.Status.FINAL)


def rota_session_numbers(tournament: Tournament) -> list[int]:
    """Every session of the tournament, by number: the planned ones (1 to
    `sessions_planned`) and any created beyond them."""
    highest = Session.objects.filter(tournament=tournament).aggregate(n=Max("number"))["n"] or 0
    return list(range(1, max(tournament.sessions_planned, highest) + 1))


def rota_table_numbers(tournament: Tournament) -> list[int]:
    """The tournament's tables, by number (they exist once the seating is generated)."""
    return list(
        Table.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("number", flat=True)
    )


def umpire_rota(*, tournament: Tournament) -> Rota:
    """The rota of the tournament as its sheets hold it (one query for the sheets)."""
    sheets = (
        TableSession.objects.filter(session__tournament=tournament)
        .order_by("session__number", "table__number")
        .values_list("pk", "session__number", "table__number", "umpire__username", "status")
    )
    cells = {
        (session, table): RotaCell(
            session=session,
            table=table,
            sheet_id=pk,
            umpire=username,
            locked=status in LOCKED_STATUSES,
        )
        for pk, session, table, username, status in sheets
    }
    return Rota(
        sessions=rota_session_numbers(tournament),
        tables=rota_table_numbers(tournament),
        cells=cells,
    )
