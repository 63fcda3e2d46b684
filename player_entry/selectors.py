"""What a player's phone shows of his table: the four players, the winds of the hand in play,
the hands recorded with running totals, and the entries awaiting an answer (a tiles hand with
its tiles, in short and as faces, for the other players to check)."""

from dataclasses import dataclass, field

from django.db.models import Exists, QuerySet
from django.utils.translation import gettext as _

from player_entry.models import PlayerLink, TableEntry
from player_entry.table_version import table_version
from tournaments import policies, scoring_adapter
from tournaments.admin.forms import MELD_TYPES, TilesHandForm, all_tiles
from tournaments.display import wind_letter, wind_name
from tournaments.models import Player, Seat, TableSession, Tournament
from tournaments.models.play import POSITIONS
from tournaments.seating_adapter import hand_winds, seat_wind
from tournaments.selectors import eligibility
from tournaments.selectors.scoresheet import ScoreSheet, scoresheet_compute

RECENT_ENTRIES = 5  # the table's last answered entries shown under the open one


def live_links() -> QuerySet:
    """The links a phone signs in with: not revoked, and not of a disqualified or excluded
    player (3.11.4-5: he plays no more; his link works again if that is lifted on appeal)."""
    return (
        PlayerLink.objects.select_related("player__tournament")
        .alias(player_barred=eligibility.barred_now("player"))
        .filter(revoked_at__isnull=True, player_barred=False)
    )


def player_table(player: Player) -> TableSession | None:
    """The sheet of the player's seat in the latest session started, if he holds one."""
    seat = (
        Seat.objects.filter(player=player, session__actual_start__isnull=False)
        .select_related("table_session__session__tournament", "table_session__table")
        .order_by("-session__number")
        .first()
    )
    return seat.table_session if seat else None


def table_etag(sheet_id: int, *, link_id: int | None = None) -> str | None:
    """The table's version as a phone sees it (its sheet's version and its entries' token), for
    a poll: one small query; None when the sheet is gone, or, given the phone's `link_id`,
    when that link no longer signs a phone in (revoked, its player disqualified or excluded),
    read in the same query."""
    sheets = TableSession.objects.filter(pk=sheet_id)
    if link_id is not None:
        sheets = sheets.filter(Exists(live_links().filter(pk=link_id)))
    version = sheets.values_list("version", flat=True).first()
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
    open_entry_tiles: list["TileGroup"] = field(default_factory=list)

    @property
    def hands(self):
        return [row for row in self.scoresheet.rows if row.hand is not None]


def table_view(*, sheet: TableSession, player: Player, open_to_hands: bool) -> TableView:
    """`open_to_hands`: the sheet's state takes a hand now (the caller asks the services'
    state rule)."""
    # The version of what the page shows is never newer than what it read: the sheet's row as
    # the caller read it, the entries' token before the entries. Read later, a hand or an
    # entry written in between would leave the phone holding an old sheet under a new tag,
    # answered "unchanged" until the next change (and its next hand refused, 412).
    etag = f'"{sheet.version}.{table_version(sheet.pk)}"'
    scoresheet = scoresheet_compute(table_session=sheet, teams=False)
    number = scoresheet.next_number
    shown = number or max(scoresheet.hands_entered, 1)
    totals = dict(zip(POSITIONS, scoresheet.hand_totals, strict=True))
    seats = [
        TableSeat(
            position=seat.position,
            wind=wind_letter(seat_wind(seat.position, shown)),  # in the player's language
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
        prevalent_wind=wind_name(hand_winds(number).prevalent_wind) if number else None,
        open_entry=open_entry,
        recent=[e for e in entries if e is not open_entry][:RECENT_ENTRIES],
        may_enter=(
            open_entry is None
            and number is not None
            and open_to_hands
            and policies.may_enter_at_table(player, sheet)
        ),
        points_mode=tournament.entry_mode == Tournament.EntryMode.POINTS_ONLY,
        open_entry_tiles=hand_tiles_groups(open_entry.tiles if open_entry else None),
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
        "tiles": entry.tiles,
        "tiles_text": hand_tiles_text(entry.tiles),
        "entered_by": entry.entered_by_id,
        "answered_by": entry.answered_by_id,
        "reason": entry.reason,
        "hand_recorded": entry.hand_id is not None,
    }


# -- a tiles hand, as the players check it ---------------------------------------------------


@dataclass
class TileGroup:
    label: str
    tiles: list[dict]  # {code, label, svg}: all_tiles()'s


def _tiles_of(text: str) -> list[dict]:
    faces = {tile["code"]: tile for tile in all_tiles()}
    try:
        codes = scoring_adapter.read_tiles(text or "")
    except scoring_adapter.TileTextError:
        return []
    return [faces[code] for code in codes if code in faces]


def _meld_name(meld: dict) -> str:
    if meld.get("type") == "kong" and meld.get("concealed"):
        return _("Concealed kong")
    return str(dict(MELD_TYPES).get(meld.get("type"), meld.get("type") or ""))


def _flag_names(tiles: dict) -> list[str]:
    return [_label(flag) for flag in TilesHandForm.FLAGS if tiles.get(flag)]


def _label(name: str) -> str:
    """The umpire's form's label of a tile field, in the interface's language."""
    return str(TilesHandForm.base_fields[name].label)


def hand_tiles_text(tiles: dict | None) -> str:
    """A hand in the shared format (docs/hand-format.md) in short: "123456789m5s · Winning
    tile 5s · Chow 234p · Last tile of the wall"; empty without tiles."""
    if not tiles:
        return ""
    parts = [tiles.get("concealed") or "—", f"{_label('win_tile')} {tiles.get('win_tile', '')}"]
    parts += [f"{_meld_name(meld)} {meld.get('tiles', '')}" for meld in tiles.get("melds") or []]
    return " · ".join(parts + _flag_names(tiles))


def hand_tiles_groups(tiles: dict | None) -> list[TileGroup]:
    """A hand's tiles as faces, group by group: the concealed tiles, the winning tile, each
    meld."""
    if not tiles:
        return []
    groups = [
        TileGroup(_label("concealed"), _tiles_of(tiles.get("concealed"))),
        TileGroup(_label("win_tile"), _tiles_of(tiles.get("win_tile"))),
    ]
    groups += [
        TileGroup(_meld_name(meld), _tiles_of(meld.get("tiles")))
        for meld in tiles.get("melds") or []
    ]
    return [group for group in groups if group.tiles]
