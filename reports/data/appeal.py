"""The record of one appeal (rules 3.12-3.13) as plain data for printing.

Values and codes only (statuses, subjects, fee states, correction kinds): the renderer in
reports.forms.appeal puts the words. The texts the system wrote (the history's notes, a late
arrival's nature, a void's reason) are put into words of the active language here
(tournaments.system_texts, issue 27); the record is not fingerprinted.
Times are given as ISO and as printed, in the server's time zone.
"""

from reports.data.scoresheet import moment, user_name
from tournaments.display import penalty_description
from tournaments.models import Appeal, Correction, Hand, Penalty, Player
from tournaments.selectors.appeals import appeal_deadline, appeal_filed_on_paper
from tournaments.system_texts import system_text


def _player(player: Player | None) -> dict | None:
    if player is None:
        return None
    return {
        "name": player.name,
        "native_name": player.native_name,
        "number": player.lot_number,
        "team": player.team.name if player.team_id else "",
    }


def _seat_names(appeal: Appeal) -> dict[str, dict]:
    if appeal.table_session_id is None:
        return {}
    seats = appeal.table_session.seats.select_related("player__team")
    return {seat.position: _player(seat.player) for seat in seats}


def _hand(hand: Hand | None, seats: dict[str, dict]) -> dict | None:
    if hand is None:
        return None
    return {
        "number": hand.number,
        "outcome": hand.outcome,
        "winner": hand.winner_position,
        "winner_player": seats.get(hand.winner_position),
        "discarder": hand.discarder_position,
        "discarder_player": seats.get(hand.discarder_position),
        "points": hand.points,
        "flowers": hand.flowers,
    }


def _penalty(penalty: Penalty | None) -> dict | None:
    if penalty is None:
        return None
    return {
        "kind": penalty.kind,
        "foul": penalty.foul,
        # as recorded: a repeated foul's time and points, a late arrival's minutes, ...
        "description": penalty_description(penalty, void=False),
        "player": _player(penalty.player),
        "points": penalty.amount,
        "hand": penalty.hand_number,
        "reason": system_text(penalty.reason),
        "remarks": penalty.remarks,
        "deltas": {p: penalty.deltas[p] for p in sorted(penalty.deltas)},
        "voided_at": moment(penalty.voided_at),
        "void_reason": system_text(penalty.void_reason),
    }


def _correction(correction: Correction | None, seats: dict[str, dict]) -> dict | None:
    """The correction the ruling links: what it changed (before and after, players named by
    their seat), why, by whom and when."""
    if correction is None:
        return None
    before, after = correction.before or {}, correction.after or {}
    if correction.kind == Correction.Kind.SEAT:
        names = dict(Player.objects.filter(pk__in=before.values()).values_list("pk", "name"))
        before = {p: names.get(pk, pk) for p, pk in sorted(before.items())}
        after = {p: names.get(pk, pk) for p, pk in sorted(after.items())}
    return {
        "kind": correction.kind,
        "reason": correction.reason,
        "before": before,
        "after": after,
        "seats": {p: (seats[p] or {}).get("name", "") for p in sorted(seats)},
        "made_by": user_name(correction.made_by),
        "made_at": moment(correction.made_at),
    }


def _filer(appeal: Appeal) -> dict:
    """Who appeals (3.12.1): the player concerned, or his team's captain."""
    if appeal.filed_as_captain:
        team = appeal.player.team
        captain = team.captain if team is not None else None
        return {"capacity": "captain", "player": _player(captain)}
    return {"capacity": "player", "player": _player(appeal.player)}


def _history(appeal: Appeal) -> list[dict]:
    records = appeal.history.select_related("history_user").order_by("history_date", "history_id")
    return [
        {
            "at": moment(record.history_date),
            "by": user_name(record.history_user),
            "status": record.status,
            "fee_status": record.fee_status,
            "reason": system_text(record.history_change_reason or ""),
        }
        for record in records
    ]


def _timing(appeal: Appeal) -> dict:
    """The deadline of rule 3.12.2 (30 minutes after the session's end, that moment included)
    and whether the appeal was filed by then."""
    deadline = appeal_deadline(appeal.session)
    end = appeal.session.actual_end
    return {
        "session_end": moment(end),
        "deadline": moment(deadline),
        "in_time": deadline is None or appeal.filed_at <= deadline,
        "minutes_after_end": None
        if end is None
        else int((appeal.filed_at - end).total_seconds() // 60),
    }


def _withdrawn_by(history: list[dict]) -> str:
    return next((h["by"] for h in history if h["status"] == Appeal.Status.WITHDRAWN), "")


def appeal_data(*, appeal: Appeal) -> dict:
    appeal = (
        Appeal.objects.select_related(
            "session__tournament",
            "table_session__table",
            "player__team__captain__team",
            "filed_by",
            "ruled_by",
            "hand",
            "penalty__player__team",
            "correction__made_by",
        )
        .filter(pk=appeal.pk)
        .get()
    )
    session = appeal.session
    seats = _seat_names(appeal)
    history = _history(appeal)
    paper = appeal_filed_on_paper(appeal)
    return {
        "form": "appeal",
        "tournament": session.tournament.name,
        "appeal_id": appeal.pk,
        "session": session.number,
        "table": appeal.table_session.table.number if appeal.table_session_id else None,
        "subject": appeal.subject,
        "hand": _hand(appeal.hand, seats),
        "penalty": _penalty(appeal.penalty),
        "player": _player(appeal.player),
        "filer": _filer(appeal),
        "on_paper": paper,
        "recorded_by": user_name(appeal.filed_by),
        "filed_at": moment(appeal.filed_at),
        **_timing(appeal),
        "fee": {
            "amount": str(appeal.fee_amount),
            "currency": appeal.fee_currency,
            "status": appeal.fee_status,
        },
        "statement": appeal.statement,
        "confirmed_by_filer": appeal.confirmed_by_filer,
        "status": appeal.status,
        "ruling": appeal.ruling,
        "reasons": appeal.reasons,
        "ruled_by": user_name(appeal.ruled_by),
        "ruled_at": moment(appeal.ruled_at),
        "withdrawn_by": _withdrawn_by(history) if appeal.status == Appeal.Status.WITHDRAWN else "",
        "correction": _correction(appeal.correction, seats),
        "history": history,
        "chief_umpire": _chief_umpire(appeal, paper),
    }


def _chief_umpire(appeal: Appeal, paper: bool) -> str:
    """The chief umpire's name where the record has it: he made the linked correction, or
    entered the written appeal."""
    if appeal.correction_id is not None:
        return user_name(appeal.correction.made_by)
    return user_name(appeal.filed_by) if paper else ""
