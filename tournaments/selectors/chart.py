"""The seating as people read it: the table-rotation chart (Appendix 3), each player's table and
seat per session (the notice board), per-table seat cards with the seat rotation (Appendix 4)
and the list of player numbers after the drawing of lots.

Everything is read in at most three queries whatever the size of the tournament, returned as
plain frozen dataclasses (no ORM object), so that pages and PDF renderers only lay them out.
The winds come from tournaments.seating_adapter: nothing here knows the rotation itself.
"""

from dataclasses import dataclass

from django.db import connection
from django.utils.translation import pgettext

from tournaments import seating_adapter
from tournaments.display import WINDS, start_wind
from tournaments.models import Player, Seat, Session, Tournament
from tournaments.models.play import HANDS_PER_SESSION

HANDS_PER_ROUND = HANDS_PER_SESSION // len(WINDS)


@dataclass(frozen=True)
class ChartSeat:
    """One seat of a table in one session, as drawn."""

    position: str  # A..D, the seat on the score sheet
    wind: str  # E/S/W/N: the seat's wind at the start of the session
    player_id: int
    number: int | None  # the player's lot number (None for a substitute)
    label: str  # what the chart prints: the number, or the substitute's mark ("S1")
    name: str
    native_name: str
    team: str
    substitute: bool  # a registered substitute fills this seat
    # The player drawn for this seat whom the substitute replaces (he lost the session, 3.11.2).
    replaced: "ChartSeat | None" = None


@dataclass(frozen=True)
class ChartTable:
    number: int
    group: str
    sheet_id: int
    seats: tuple[ChartSeat, ...]  # in the order East, South, West, North at the start


@dataclass(frozen=True)
class ChartSession:
    number: int
    stage: str
    group: str
    tables: tuple[ChartTable, ...]


@dataclass(frozen=True)
class SubstituteMark:
    mark: str  # "S1", "S2", ...: substitutes have no player number
    player_id: int
    name: str
    native_name: str


@dataclass(frozen=True)
class SeatingChart:
    tournament: str
    sessions: tuple[ChartSession, ...]
    substitutes: tuple[SubstituteMark, ...]  # the legend of the marks used in the chart


# What a chart seat shows, and no more: a 500-player chart reads thousands of rows, and the
# sessions' and sheets' other fields (times, signatures) cost more to load than the seats.
_PERSON = ("lot_number", "name", "native_name", "status", "team__name")
_CHART_FIELDS = (
    "position",
    "session__number",
    "session__stage",
    "session__group",
    "table_session__table__number",
    "table_session__table__group",
    *(f"player__{name}" for name in _PERSON),
    *(f"replaced_player__{name}" for name in _PERSON),
)


def _seats(tournament: Tournament, session: int | None = None, table: int | None = None):
    seats = (
        Seat.objects.filter(session__tournament=tournament)
        .select_related("player__team", "replaced_player__team", "session", "table_session__table")
        .only(*_CHART_FIELDS)
    )
    if session is not None:
        seats = seats.filter(session__number=session)
    if table is not None:
        seats = seats.filter(table_session__table__number=table)
    return seats.order_by("session__number", "table_session__table__number", "position")


def substitute_marks(tournament: Tournament) -> tuple[SubstituteMark, ...]:
    """Substitutes have no number: the chart shows them as S1, S2, ... in the order they were
    registered, the same marks on every page and form. One query."""
    substitutes = tournament.players.filter(status=Player.Status.SUBSTITUTE).order_by("pk")
    return tuple(
        SubstituteMark(
            mark=pgettext("mark of a substitute on the chart", "S%(n)s") % {"n": i},
            player_id=p.pk,
            name=p.name,
            native_name=p.native_name,
        )
        for i, p in enumerate(substitutes, start=1)
    )


class _SeatMaker:
    """Seat rows to ChartSeats, with the substitutes' marks."""

    def __init__(self, marks: tuple[SubstituteMark, ...]):
        self.marks = {m.player_id: m.mark for m in marks}

    def seated(self, player: Player, position: str, replaced: ChartSeat | None = None):
        number = player.lot_number
        return ChartSeat(
            position=position,
            wind=start_wind(position),
            player_id=player.pk,
            number=number,
            label=str(number) if number is not None else self.marks.get(player.pk, player.name),
            name=player.name,
            native_name=player.native_name,
            team=player.team.name if player.team_id else "",
            substitute=player.status == Player.Status.SUBSTITUTE,
            replaced=replaced,
        )

    def __call__(self, seat: Seat) -> ChartSeat:
        replaced = seat.replaced_player
        return self.seated(
            seat.player,
            seat.position,
            self.seated(replaced, seat.position) if replaced is not None else None,
        )


def _by_wind(seats: list[ChartSeat]) -> tuple[ChartSeat, ...]:
    return tuple(sorted(seats, key=lambda s: WINDS.index(s.wind)))


def _chart_sessions(seats, sessions, marks) -> tuple[ChartSession, ...]:
    """Seats grouped by session and table; `sessions` adds those with no seat yet."""
    make = _SeatMaker(marks)
    grouped: dict[int, dict[int, list[Seat]]] = {s.number: {} for s in sessions}
    session_of = {s.number: s for s in sessions}
    for seat in seats:
        session_of.setdefault(seat.session.number, seat.session)
        tables = grouped.setdefault(seat.session.number, {})
        tables.setdefault(seat.table_session.table.number, []).append(seat)
    out = []
    for number in sorted(grouped):
        session = session_of[number]
        tables = tuple(
            ChartTable(
                number=table_number,
                group=table_seats[0].table_session.table.group,
                sheet_id=table_seats[0].table_session_id,
                seats=_by_wind([make(s) for s in table_seats]),
            )
            for table_number, table_seats in sorted(grouped[number].items())
        )
        out.append(
            ChartSession(number=number, stage=session.stage, group=session.group, tables=tables)
        )
    return tuple(out)


def seating_chart(*, tournament: Tournament) -> SeatingChart:
    """Every session, its tables and the four players at E/S/W/N at the start (Appendix 3).
    Three queries."""
    sessions = list(tournament.sessions.order_by("number"))
    marks = substitute_marks(tournament)
    return SeatingChart(
        tournament=tournament.name,
        sessions=_chart_sessions(_seats(tournament), sessions, marks),
        substitutes=marks,
    )


def chart_stamp() -> str:
    """A token that moves whenever what a chart shows may have changed: the last history row
    of the seats, the players (names, numbers, substitutes) and the sessions, of any
    tournament. One query of three index lookups, against thousands of rows for the chart
    itself. Every write to those models leaves a history row (the bulk writes of seating and
    lots too: `bulk_*_with_history`)."""
    quote = connection.ops.quote_name
    tables = (Seat.history.model, Player.history.model, Session.history.model)
    columns = ", ".join(
        f"(SELECT MAX({quote('history_id')}) FROM {quote(model._meta.db_table)})"
        for model in tables
    )
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns}")
        return ".".join(str(value or 0) for value in cursor.fetchone())


# -- each player's table and seat per session (the notice board) -------------------------------


@dataclass(frozen=True)
class ScheduleCell:
    table: int
    wind: str  # the starting seat
    replaced: bool = False  # he lost this session; a substitute took his seat


@dataclass(frozen=True)
class ScheduleRow:
    player_id: int
    number: int | None
    label: str  # the number, or a substitute's mark
    name: str
    native_name: str
    team: str
    substitute: bool
    cells: tuple[ScheduleCell | None, ...]  # one per session of `PlayerSchedule.sessions`


@dataclass(frozen=True)
class PlayerSchedule:
    tournament: str
    sessions: tuple[int, ...]  # the session numbers, the columns of the list
    rows: tuple[ScheduleRow, ...]


def _number_order(number: int | None, name: str) -> tuple:
    # Numbered players by number; players without a number (substitutes) after, by name.
    return (number is None, number or 0, name)


def player_schedule(*, tournament: Tournament, chart: SeatingChart | None = None) -> PlayerSchedule:
    """One row per seated player, sorted by player number: his table and starting seat in each
    session. Three queries, none when the tournament's `chart` is given."""
    chart = chart if chart is not None else seating_chart(tournament=tournament)
    numbers = tuple(s.number for s in chart.sessions)
    column = {n: i for i, n in enumerate(numbers)}
    players: dict[int, ChartSeat] = {}
    cells: dict[int, list[ScheduleCell | None]] = {}
    for session in chart.sessions:
        for table in session.tables:
            for seat in table.seats:
                # A player replaced by a substitute still sees where he was seated, marked.
                for who, replaced in ((seat, False), (seat.replaced, True)):
                    if who is None:
                        continue
                    players.setdefault(who.player_id, who)
                    row = cells.setdefault(who.player_id, [None] * len(numbers))
                    row[column[session.number]] = ScheduleCell(
                        table=table.number, wind=seat.wind, replaced=replaced
                    )
    rows = [
        ScheduleRow(
            player_id=pk,
            number=seat.number,
            label=seat.label,
            name=seat.name,
            native_name=seat.native_name,
            team=seat.team,
            substitute=seat.substitute,
            cells=tuple(cells[pk]),
        )
        for pk, seat in players.items()
    ]
    rows.sort(key=lambda r: _number_order(r.number, r.label))
    return PlayerSchedule(tournament=chart.tournament, sessions=numbers, rows=tuple(rows))


# -- seat cards: one table in one session, with the seat rotation (Appendix 4) -----------------


@dataclass(frozen=True)
class RoundSeat:
    wind: str  # the seat (E/S/W/N) this player takes for the round
    position: str  # A..D
    seat: ChartSeat


@dataclass(frozen=True)
class RotationRound:
    number: int  # 1..4
    prevalent_wind: str  # East round, South round, ...
    first_hand: int
    dealer_position: str  # who deals the round's first hand (he sits East)
    seats: tuple[RoundSeat, ...]  # East, South, West, North

    @property
    def dealer(self) -> RoundSeat:
        return next(s for s in self.seats if s.position == self.dealer_position)


@dataclass(frozen=True)
class SeatCard:
    tournament: str
    session: int
    session_group: str
    stage: str
    table: int
    table_group: str
    seats: tuple[ChartSeat, ...]  # East, South, West, North at the start
    rounds: tuple[RotationRound, ...]


def _rotation(seats: tuple[ChartSeat, ...]) -> tuple[RotationRound, ...]:
    by_position = {s.position: s for s in seats}
    rounds = []
    for number in range(1, len(WINDS) + 1):
        first_hand = (number - 1) * HANDS_PER_ROUND + 1
        winds = seating_adapter.hand_winds(first_hand)
        # In the round's first hand the dealer sits East, so these seat winds are the seats
        # the players keep for the whole round.
        placed = [
            RoundSeat(wind=seating_adapter.seat_wind(p, first_hand), position=p, seat=seat)
            for p, seat in sorted(by_position.items())
        ]
        rounds.append(
            RotationRound(
                number=number,
                prevalent_wind=winds.prevalent_wind,
                first_hand=first_hand,
                dealer_position=winds.dealer_position,
                seats=tuple(sorted(placed, key=lambda s: WINDS.index(s.wind))),
            )
        )
    return tuple(rounds)


def _session_number(session: Session | int | None) -> int | None:
    return session.number if isinstance(session, Session) else session


def seat_cards(
    *, tournament: Tournament, session: Session | int | None = None, table: int | None = None
) -> list[SeatCard]:
    """One card per table and session (all of them, or those of one session and/or one table
    number), with who sits at which wind in each of the four rounds and who deals first in
    it. Two queries."""
    seats = _seats(tournament, _session_number(session), table)
    chart_sessions = _chart_sessions(seats, [], substitute_marks(tournament))
    return [
        SeatCard(
            tournament=tournament.name,
            session=s.number,
            session_group=s.group,
            stage=s.stage,
            table=t.number,
            table_group=t.group,
            seats=t.seats,
            rounds=_rotation(t.seats),
        )
        for s in chart_sessions
        for t in s.tables
    ]


# -- the player numbers after lots ------------------------------------------------------------


@dataclass(frozen=True)
class NumberRow:
    player_id: int
    number: int | None
    name: str
    native_name: str
    team: str
    club: str
    country: str
    status: str
    status_label: str
    lot_drawn_by: str  # who drew on his behalf (rule 3.5.1); empty if he drew himself


@dataclass(frozen=True)
class PlayerNumbers:
    tournament: str
    lots_seed: str
    rows: tuple[NumberRow, ...]


def player_numbers(*, tournament: Tournament) -> PlayerNumbers:
    """Every player with his number after the drawing of lots, by number (players without a
    number, such as substitutes, last). One query."""
    rows = [
        NumberRow(
            player_id=p.pk,
            number=p.lot_number,
            name=p.name,
            native_name=p.native_name,
            team=p.team.name if p.team_id else "",
            club=p.club,
            country=p.country.name,
            status=p.status,
            status_label=str(p.get_status_display()),
            lot_drawn_by=p.lot_drawn_by,
        )
        for p in tournament.players.select_related("team")
    ]
    rows.sort(key=lambda r: _number_order(r.number, r.name))
    return PlayerNumbers(
        tournament=tournament.name, lots_seed=tournament.lots_seed, rows=tuple(rows)
    )
