"""The score sheet of one table in one session (Appendix 5) as plain data for printing.

This dict is what the fingerprint covers (reports.fingerprint), so it holds the record's values
only: codes, numbers, names and times, never a translated word and never the time of printing.
The same record gives the same dict in any language (the public verification page recomputes
it in the visitor's language), and any change of a printed value changes it. The renderer
(reports.forms.scoresheet) puts the words.

The figures come from the score-sheet selector (`scoresheets_compute`, the same computation as
`scoresheet_compute`), so the paper shows what the admin and the standings show.
"""

from datetime import datetime

from django.utils import timezone

from tournaments.display import start_wind
from tournaments.models import Correction, Player, Session, TableSession
from tournaments.models.play import POSITIONS
from tournaments.selectors.scoresheet import (
    PenaltyLine,
    ScoreSheet,
    SheetRow,
    SheetSeat,
    scoresheets_compute,
    session_scoresheets_compute,
)
from tournaments.selectors.standings import points_value


def scoresheet_data(*, table_session: TableSession) -> dict:
    """One sheet, as printed."""
    sheets = scoresheets_compute(table_sessions=TableSession.objects.filter(pk=table_session.pk))
    return _sheet(sheets[0])


def session_scoresheets_data(*, session: Session, table=None) -> list[dict]:
    """Every sheet of the session in table order (or only `table`: a Table or its number), in
    a fixed number of queries however many tables the session has."""
    return [_sheet(sheet) for sheet in session_scoresheets_compute(session=session, table=table)]


# -- small values ------------------------------------------------------------------------------


def user_name(user) -> str:
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()


def moment(value: datetime | None) -> dict | None:
    """A time as ISO and as printed (local time of the tournament's server, numeric so that it
    reads the same in every language)."""
    if value is None:
        return None
    local = timezone.localtime(value, timezone.get_default_timezone())
    return {"iso": local.isoformat(), "display": local.strftime("%Y-%m-%d %H:%M")}


def _points(value) -> str | None:
    return None if value is None else str(points_value(value))


def _player_ref(player: Player | None) -> dict | None:
    if player is None:
        return None
    return {"name": player.name, "native_name": player.native_name, "number": player.lot_number}


# -- the parts of a sheet ------------------------------------------------------------------------


def _times(session: Session) -> dict:
    start = session.actual_start or session.scheduled_start
    end = session.actual_end or session.scheduled_end
    return {
        "from": moment(start),
        "to": moment(end),
        "from_actual": session.actual_start is not None,
        "to_actual": session.actual_end is not None,
    }


def _seat(seat: SheetSeat | None, position: str, hand_total: int) -> dict:
    if seat is None:
        return {"position": position, "start_wind": start_wind(position), "empty": True}
    player = seat.player
    confirmation = seat.confirmation
    return {
        "position": position,
        "start_wind": start_wind(position),
        "empty": False,
        "name": player.name,
        "native_name": player.native_name,
        "number": player.lot_number,
        "team": player.team.name if player.team_id else "",
        "replaces": _player_ref(seat.replaced_player),
        "forfeited": seat.forfeited,
        "hand_points": hand_total,
        "penalty_points": seat.penalties,
        "score": seat.total,
        "rank": seat.rank,
        "table_points": _points(seat.table_points),
        "confirmation": None
        if confirmation is None
        else {
            "at": moment(confirmation.confirmed_at),
            "recorded_by": user_name(confirmation.recorded_by),
        },
    }


def _cell(played: bool, change: int, total: int) -> list:
    """(+, −, running total) as on Appendix 5: the loss written without its sign."""
    if not played:
        return [None, None, None]
    return [change if change > 0 else None, -change if change < 0 else None, total]


def _hand(row: SheetRow) -> dict:
    hand = row.hand
    played = hand is not None
    data = {
        "number": row.number,
        "round": row.prevalent_wind,
        "dealer": row.dealer_position,
        "played": played,
        "outcome": hand.outcome if played else None,
        "winner": hand.winner_position if played else "",
        "discarder": hand.discarder_position if played else "",
        "self_drawn": bool(played and hand.self_drawn),
        "points": hand.points if played else 0,
        "flowers": hand.flowers if played else 0,
        "total": hand.total if played else 0,
        "fans": [
            {
                "name": fan.get("name", ""),
                "points": fan.get("points", 0),
                "count": fan.get("count", 1),
            }
            for fan in ((hand.fans or []) if played else [])
        ],
        "cells": [_cell(played, row.deltas.get(p, 0), row.running.get(p, 0)) for p in POSITIONS],
    }
    return data


def _penalty(line: PenaltyLine, position_of: dict[int, str]) -> dict:
    penalty = line.penalty
    return {
        "id": penalty.pk,
        "player": penalty.player.name,
        "number": penalty.player.lot_number,
        "position": position_of.get(penalty.player_id, ""),
        "kind": penalty.kind,
        "foul": penalty.foul,
        "occurrence": penalty.occurrence,
        "points": penalty.amount,
        "invalid_claim": penalty.invalid_claim,
        "minutes_late": penalty.minutes_late,
        "forfeited": penalty.forfeited,
        "dead_hand": penalty.dead_hand,
        "hand": penalty.hand_number,
        "victim": penalty.victim.name if penalty.victim_id else "",
        "nature": penalty.reason,
        "remarks": penalty.remarks,
        "deltas": line.deltas,
        "recorded_at": moment(penalty.recorded_at),
        "recorded_by": user_name(penalty.recorded_by),
        "void": penalty.voided_at is not None,
        "void_reason": penalty.void_reason,
        "voided_at": moment(penalty.voided_at),
        "voided_by": user_name(penalty.voided_by),
    }


def _hand_state(state: dict) -> dict:
    scores = state.get("scores") or {}
    return {
        "outcome": state.get("outcome", ""),
        "winner": state.get("winner", ""),
        "discarder": state.get("discarder", ""),
        "points": state.get("points", 0),
        "flowers": state.get("flowers", 0),
        "scores": [scores.get(p, 0) for p in POSITIONS],
    }


def _correction(correction: Correction, penalties: dict[int, dict], names: dict[int, str]) -> dict:
    """When, by whom, what (the facts the renderer words) and why."""
    before, after = correction.before or {}, correction.after or {}
    what: dict = {}
    if correction.kind in (Correction.Kind.HAND, Correction.Kind.HAND_REMOVED):
        what = {"hand": before.get("number") or after.get("number"), "before": _hand_state(before)}
        if correction.kind == Correction.Kind.HAND:
            what["after"] = _hand_state(after)
    elif correction.kind in (Correction.Kind.PENALTY, Correction.Kind.PENALTY_VOID):
        penalty = penalties.get(before.get("penalty") or after.get("penalty"))
        what = {
            "penalty": None
            if penalty is None
            else {k: penalty[k] for k in ("kind", "foul", "player", "position", "points", "hand")}
        }
    elif correction.kind == Correction.Kind.SEAT:
        positions = sorted(before)
        what = {
            "positions": positions,
            "players": [names.get(before[p], f"#{before[p]}") for p in positions],
        }
    return {
        "at": moment(correction.made_at),
        "by": user_name(correction.made_by),
        "kind": correction.kind,
        "reason": correction.reason,
        "what": what,
    }


def _signature(user, at: datetime | None) -> dict | None:
    if at is None:
        return None
    return {"name": user_name(user), "at": moment(at)}


def _sheet(sheet: ScoreSheet) -> dict:
    table_session = sheet.table_session
    session = table_session.session
    seats = {seat.position: seat for seat in sheet.seats}
    hand_totals = dict(zip(POSITIONS, sheet.hand_totals, strict=True))
    hands = [_hand(row) for row in sheet.rows]
    position_of: dict[int, str] = {}
    names: dict[int, str] = {}
    for seat in sheet.seats:
        position_of[seat.player.pk] = seat.position
        names[seat.player.pk] = seat.player.name
        if seat.replaced_player is not None:
            position_of[seat.replaced_player.pk] = seat.position
            names[seat.replaced_player.pk] = seat.replaced_player.name
    penalties = [_penalty(line, position_of) for line in sheet.penalties]
    by_id = {penalty["id"]: penalty for penalty in penalties}
    return {
        "form": "scoresheet",
        "table_session_id": table_session.pk,
        "tournament": session.tournament.name,
        "session": session.number,
        "stage": session.stage,
        "group": table_session.table.group or session.group,
        "table": table_session.table.number,
        "time": _times(session),
        "umpire": user_name(table_session.umpire),
        "status": table_session.status,
        "closed_by": table_session.closed_by,
        "seats": [_seat(seats.get(p), p, hand_totals[p]) for p in POSITIONS],
        "hands": hands,
        "totals": {
            "plus": [sum(h["cells"][i][0] or 0 for h in hands) for i in range(len(POSITIONS))],
            "minus": [sum(h["cells"][i][1] or 0 for h in hands) for i in range(len(POSITIONS))],
            "hands": [hand_totals[p] for p in POSITIONS],
        },
        "penalties": penalties,
        "umpire_signature": _signature(
            table_session.umpire_signed_by, table_session.umpire_signed_at
        ),
        "chief_signature": _signature(
            table_session.countersigned_by, table_session.countersigned_at
        ),
        "corrections": [_correction(c, by_id, names) for c in sheet.corrections],
    }
