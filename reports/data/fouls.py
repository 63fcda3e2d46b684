"""The Record of Fouls (Appendix 6, "Registro de Faltas") as plain data for printing.

Built from the selector `record_of_fouls`: one row per penalty with the columns of the form,
voided penalties included and marked with their reason. Printed per score sheet (the form's
"Game / Group / Table" heading, then the umpire's signature and the date), for a session
(every sheet of it, those without fouls blank for the umpire to fill in) or for the whole
tournament (one table with Game and Table columns).
"""

from reports.data.scoresheet import moment, user_name
from tournaments.models import Player, Session, TableSession, Tournament
from tournaments.selectors.fouls import FoulRow, record_of_fouls

SHEET, SESSION, TOURNAMENT = "sheet", "session", "tournament"


def fouls_data(
    *,
    tournament: Tournament,
    session: Session | None = None,
    table_session: TableSession | None = None,
) -> dict:
    """The record of one score sheet, of one session's sheets, or of the whole tournament."""
    if table_session is not None:
        session = table_session.session
        scope = SHEET
    else:
        scope = SESSION if session is not None else TOURNAMENT
    rows = [
        _row(row)
        for row in record_of_fouls(
            tournament=tournament, session=session, table_session=table_session
        )
    ]
    _add_native_names(rows)
    return {
        "form": "fouls",
        "tournament": tournament.name,
        "scope": scope,
        "session": session.number if session is not None else None,
        "table": table_session.table.number if table_session is not None else None,
        "rows": rows,
        "sheets": _sheets(tournament, rows, table_session, session),
    }


def _row(row: FoulRow) -> dict:
    return {
        "id": row.penalty_id,
        "team": row.team,
        "player": row.player,
        "player_id": row.player_id,
        "number": row.player_number,
        "session": row.session,
        "group": row.group,
        "round": row.round,
        "table": row.table,
        "position": row.position,
        "seat_wind": row.seat_wind,
        "hand": row.hand,
        "kind": row.kind,
        "nature": row.nature,
        "penalty": row.penalty,
        "points": row.points,
        "forfeited": row.forfeited,
        "dead_hand": row.dead_hand,
        "remarks": row.remarks,
        "umpire": row.umpire,
        "recorded_at": moment(row.recorded_at),
        "void": row.voided,
        "void_reason": row.void_reason,
        "voided_by": row.voided_by,
    }


def _add_native_names(rows: list[dict]) -> None:
    """Each row's player's name in his own script too, as he registered it. One query."""
    ids = {row["player_id"] for row in rows}
    natives = dict(Player.objects.filter(pk__in=ids).values_list("pk", "native_name"))
    for row in rows:
        row["native"] = natives.get(row["player_id"]) or ""


def _sheets(
    tournament: Tournament,
    rows: list[dict],
    table_session: TableSession | None,
    session: Session | None,
) -> list[dict]:
    """One record per score sheet: the one asked for, or every sheet of the session asked
    for (with or without fouls: the blank record each table's umpire fills in, Appendix 6),
    else each sheet that has fouls; in the order of sessions, then tables. One query."""
    by_sheet: dict[tuple[int, int], list[dict]] = {}
    if table_session is not None:
        by_sheet[(table_session.session.number, table_session.table.number)] = []
    elif session is not None:
        numbers = session.table_sessions.values_list("table__number", flat=True)
        by_sheet = {(session.number, number): [] for number in sorted(numbers)}
    for row in rows:
        by_sheet.setdefault((row["session"], row["table"]), []).append(row)
    if not by_sheet:
        return []
    sheets = TableSession.objects.filter(
        session__tournament=tournament, session__number__in={key[0] for key in by_sheet}
    ).select_related("session", "table", "umpire")
    if table_session is not None:
        sheets = sheets.filter(pk=table_session.pk)
    found = {(sheet.session.number, sheet.table.number): sheet for sheet in sheets}
    return [
        {
            "session": sheet.session.number,
            "group": sheet.table.group or sheet.session.group,
            "table": sheet.table.number,
            "umpire": user_name(sheet.umpire),
            "date": _date(sheet.session),
            "rows": sheet_rows,
        }
        for key, sheet_rows in by_sheet.items()
        if (sheet := found.get(key)) is not None
    ]


def _date(session: Session) -> str:
    """The day the session was played (or is planned), as printed."""
    when = moment(session.actual_start or session.scheduled_start)
    return when["display"][:10] if when else ""
