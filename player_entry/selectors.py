"""What a player's phone shows of his table: the four players, the winds of the hand in play,
the hands recorded with running totals, and the entries awaiting an answer."""

from dataclasses import dataclass, field

from player_entry.models import TableEntry
from player_entry.table_version import table_version
from tournaments import policies
from tournaments.models import Player, Seat, TableSession, Tournament
from tournaments.models.play import POSITIONS
from tournaments.seating_adapter import hand_winds, seat_wind
from tournaments.selectors.scoresheet import ScoreSheet, scoresheet_compute

RECENT_ENTRIES = 5  # the table's last answered entries shown under the open one


def player_table(player: Player) -> TableSession | None:
    """The sheet of the player's seat in the latest session started, if he holds one."""
    seat = (
        Seat.objects.filter(player=player, session__actual_start__isnull=False)
        .select_related("table_session__session__tournament", "table_session__table")
        .order_by("-session__number")
        .first()
    )
    return seat.table_session if seat else None


def table_etag(sheet_id: int) -> str | None:
    """The table's version as a phone sees it (its sheet's version and its entries' token), for
    a poll: one small query; None when the sheet is gone."""
    version = TableSession.objects.filter(pk=sheet_id).values_list("version", flat=True).first()
    if version is None:
        return None
    return f'"{version}.{table_version(sheet_id)}"'


@dataclass
class TableSeat:
    position: str
    wind: str  # his seat wind in the hand in play (of the last hand once all are played)
    player: Player
    total: int
    me: bool


@dataclass
class TableView:
    sheet: TableSession
    etag: str
    seats: list[TableSeat]
    scoresheet: ScoreSheet
    next_number: int | None
    prevalent_wind: str | None
    open_entry: TableEntry | None
    recent: list[TableEntry] = field(default_factory=list)
    may_enter: bool = False
    points_mode: bool = False

    @property
    def hands(self):
        return [row for row in self.scoresheet.rows if row.hand is not None]


def table_view(*, sheet: TableSession, player: Player, open_to_hands: bool) -> TableView:
    """`open_to_hands`: the sheet's state takes a hand now (the caller asks the services'
    state rule)."""
    etag = table_etag(sheet.pk) or '""'
    scoresheet = scoresheet_compute(table_session=sheet, teams=False)
    number = scoresheet.next_number
    shown = number or max(scoresheet.hands_entered, 1)
    totals = dict(zip(POSITIONS, scoresheet.hand_totals, strict=True))
    seats = [
        TableSeat(
            position=seat.position,
            wind=seat_wind(seat.position, shown),
            player=seat.player,
            total=totals.get(seat.position, 0),
            me=seat.player.pk == player.pk,
        )
        for seat in scoresheet.seats
    ]
    entries = list(
        TableEntry.objects.filter(table_session=sheet)
        .select_related("entered_by", "answered_by")
        .order_by("-created_at")[: RECENT_ENTRIES + 1]
    )
    open_entry = next((e for e in entries if e.status in TableEntry.OPEN), None)
    tournament = sheet.session.tournament
    return TableView(
        sheet=sheet,
        etag=etag,
        seats=seats,
        scoresheet=scoresheet,
        next_number=number,
        prevalent_wind=hand_winds(number).prevalent_wind if number else None,
        open_entry=open_entry,
        recent=[e for e in entries if e is not open_entry][:RECENT_ENTRIES],
        may_enter=(
            open_entry is None
            and number is not None
            and open_to_hands
            and policies.may_enter_at_table(player, sheet)
        ),
        points_mode=tournament.entry_mode == Tournament.EntryMode.POINTS_ONLY,
    )


def entry_data(entry: TableEntry) -> dict:
    """An entry as the phone's page reads it (JSON)."""
    return {
        "id": entry.pk,
        "number": entry.number,
        "status": entry.status,
        "status_display": str(entry.get_status_display()),
        "outcome": entry.outcome,
        "winner": entry.winner or None,
        "discarder": entry.discarder or None,
        "points": entry.points,
        "flowers": entry.flowers,
        "entered_by": entry.entered_by_id,
        "answered_by": entry.answered_by_id,
        "reason": entry.reason,
        "hand_recorded": entry.hand_id is not None,
    }
