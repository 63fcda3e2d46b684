"""The standings and every hand as rows, for the CSV and JSON downloads (admin and API).

CSV files have a header row and are UTF-8 with a byte-order mark, so that Excel shows names
in Chinese, Korean or Cyrillic correctly; a text cell that a spreadsheet would run as a formula
(starting with =, +, -, @) is written with an apostrophe before it (`csv_cell`); the JSON files
keep every text as it is. File names: `<slug>-<what>-<date>.<csv|json>`.
Who may download: tournaments.policies.may_export (an umpire gets the hands of his own tables).
"""

import csv
import datetime
import io
import json
from dataclasses import dataclass

from django.utils import timezone

from tournaments import policies
from tournaments.models import Hand, HandScore, Seat, Tournament
from tournaments.models.play import POSITIONS
from tournaments.selectors.standings import (
    points_value,
    session_cells,
    standings_as_dict,
    standings_compute,
)

STANDINGS = "standings"
HANDS = "hands"
KINDS = (STANDINGS, HANDS)
FORMATS = ("csv", "json")
CONTENT_TYPES = {"csv": "text/csv; charset=utf-8", "json": "application/json; charset=utf-8"}
NO_PLACE = "—"  # the CSV's rank of a player without a place, as the pages and the paper print it


# -- standings ---------------------------------------------------------------------------------


def standings_document(*, tournament: Tournament, live: bool = False) -> dict:
    """The standings as `manage.py standings --json` writes them, with the tournament's slug."""
    standings = standings_compute(tournament=tournament, live=live)
    return {"tournament": tournament.slug, **standings_as_dict(standings)}


def standings_table(*, tournament: Tournament, live: bool = False) -> tuple[list[str], list]:
    """(header, rows): one row per player in order (those with no place last: no session
    counted, then the disqualified, their rank "—"), then his table points, score and whether
    he lost it (forfeit, rule 3.11.2) per session."""
    standings = standings_compute(tournament=tournament, live=live)
    numbers = standings.session_numbers
    header = ["rank", "number", "name", "team", "status", "table_points", "contest_points"]
    header.append("provisional")
    for number in numbers:
        header += [
            f"session_{number}_table_points",
            f"session_{number}_score",
            f"session_{number}_forfeit",
        ]
    rows = []
    for row in standings.players:
        line = [
            NO_PLACE if row.rank is None else row.rank,
            row.number,
            row.name,
            row.team,
            row.standing_status,
            points_value(row.table_points),
            row.contest_points,
            row.provisional,
        ]
        for cell in session_cells(row, numbers):
            line += (
                [cell.table_points, cell.contest_points, cell.forfeited]
                if cell
                else [None, None, None]
            )
        rows.append(line)
    return header, rows


# -- hands -------------------------------------------------------------------------------------


def _person(position: str, players: dict) -> dict | None:
    if not position:
        return None
    player = players.get(position)
    return {
        "position": position,
        "number": player.lot_number if player else None,
        "name": player.name if player else "",
    }


def hands_list(*, tournament: Tournament, user=None) -> list[dict]:
    """Every hand of the tournament, in session, table and hand order, with who won, who
    discarded, the fans and what each seat paid or received. Four queries. Given a `user`,
    only the hands of the sheets he reads as staff (an umpire: his own tables)."""
    hands = Hand.objects.filter(table_session__session__tournament=tournament)
    if user is not None:
        hands = policies.visible_sheet_rows(user, hands)
    hands = list(
        hands.select_related(
            "table_session__session", "table_session__table", "entered_by"
        ).order_by("table_session__session__number", "table_session__table__number", "number")
    )
    scores: dict[int, dict[str, HandScore]] = {}
    for score in HandScore.objects.filter(
        hand__table_session__session__tournament=tournament
    ).select_related("player"):
        scores.setdefault(score.hand_id, {})[score.position] = score
    seats: dict[int, dict] = {}
    for seat in Seat.objects.filter(session__tournament=tournament).select_related("player"):
        seats.setdefault(seat.table_session_id, {})[seat.position] = seat.player
    rows = []
    for hand in hands:
        paid = scores.get(hand.pk, {})
        # Who was paid at each seat (a seat swap corrects it); the sheet's seats otherwise.
        players = {**seats.get(hand.table_session_id, {})}
        players.update({position: score.player for position, score in paid.items()})
        rows.append(
            {
                "tournament": tournament.slug,
                "session": hand.table_session.session.number,
                "table": hand.table_session.table.number,
                "hand": hand.number,
                "prevalent_wind": hand.prevalent_wind,
                "dealer": hand.dealer_position,
                "outcome": hand.outcome,
                "winner": _person(hand.winner_position, players),
                "discarder": _person(hand.discarder_position, players),
                "self_drawn": hand.self_drawn,
                "points": hand.points,
                "flowers": hand.flowers,
                "total": hand.total,
                "fans": [
                    {
                        "name": str(fan.get("name", "")),
                        "count": int(fan.get("count", 1)),
                        "points": int(fan.get("points", 0)),
                    }
                    for fan in hand.fans or []
                ],
                "payments": [
                    {
                        **_person(position, players),
                        "points": paid[position].points if position in paid else 0,
                    }
                    for position in POSITIONS
                    if position in players
                ],
                "entered_by": hand.entered_by.username if hand.entered_by else None,
                "entered_at": hand.entered_at.astimezone(datetime.UTC).isoformat(),
            }
        )
    return rows


def fans_text(fans: list[dict]) -> str:
    """ "Name ×n (points); …": the fan's points are per occurrence, as the rules list them."""
    return "; ".join(f"{fan['name']} ×{fan['count']} ({fan['points']})" for fan in fans)


def hands_table(*, tournament: Tournament, user=None) -> tuple[list[str], list]:
    header = ["tournament", "session", "table", "hand", "prevalent_wind", "dealer", "outcome"]
    header += ["winner_position", "winner_number", "winner_name"]
    header += ["discarder_position", "discarder_number", "discarder_name"]
    header += ["self_drawn", "points", "flowers", "total", "fans"]
    for position in POSITIONS:
        header += [f"{position}_number", f"{position}_name", f"{position}_points"]
    header += ["entered_by", "entered_at"]
    rows = []
    for hand in hands_list(tournament=tournament, user=user):
        line = [hand[key] for key in header[:7]]
        for who in (hand["winner"], hand["discarder"]):
            line += [who["position"], who["number"], who["name"]] if who else ["", None, ""]
        line += [hand["self_drawn"], hand["points"], hand["flowers"], hand["total"]]
        line.append(fans_text(hand["fans"]))
        payments = {p["position"]: p for p in hand["payments"]}
        for position in POSITIONS:
            payment = payments.get(position)
            line += (
                [payment["number"], payment["name"], payment["points"]] if payment else [None] * 3
            )
        line += [hand["entered_by"], hand["entered_at"]]
        rows.append(line)
    return header, rows


# -- files -------------------------------------------------------------------------------------


# A spreadsheet runs a cell starting with one of these as a formula (CSV injection, OWASP).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value):
    """A cell as written: None as empty; a text starting like a formula (`=1+2`, `-Bob`,
    `@SUM(…)`) with an apostrophe before it, so that a spreadsheet shows it as text instead of
    running it. Numbers stay numbers, negative scores included."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_bytes(header: list[str], rows: list) -> bytes:
    """UTF-8 with a byte-order mark (Excel), a header row; cells as `csv_cell` writes them."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([csv_cell(value) for value in row])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


@dataclass
class ExportFile:
    name: str
    content_type: str
    content: bytes


def export_file(
    *, tournament: Tournament, what: str, fmt: str, live: bool = False, user=None
) -> ExportFile:
    """The standings or the hands as a CSV or JSON file, named `<slug>-<what>-<date>.<fmt>`;
    the hands those `user` reads (all of them for `user=None`, the system)."""
    if fmt == "csv":
        header, rows = (
            standings_table(tournament=tournament, live=live)
            if what == STANDINGS
            else hands_table(tournament=tournament, user=user)
        )
        content = csv_bytes(header, rows)
    else:
        document = (
            standings_document(tournament=tournament, live=live)
            if what == STANDINGS
            else {
                "tournament": tournament.slug,
                "hands": hands_list(tournament=tournament, user=user),
            }
        )
        content = json.dumps(document, ensure_ascii=False, indent=2).encode("utf-8")
    today = timezone.localdate().isoformat()
    return ExportFile(f"{tournament.slug}-{what}-{today}.{fmt}", CONTENT_TYPES[fmt], content)
