"""The audit trail of a score sheet: every create, change and delete of its hands, penalties,
seats, results, confirmations and sign-offs, with who, when, before/after and the reason."""

from dataclasses import dataclass, field
from datetime import datetime

from django.utils.translation import gettext as _

from tournaments.models import (
    Hand,
    Penalty,
    Seat,
    SessionResult,
    SheetConfirmation,
    TableSession,
)

CHANGE_TYPES = {"+": _("created"), "~": _("changed"), "-": _("deleted")}


@dataclass
class AuditEntry:
    when: datetime
    who: str
    what: str
    action: str
    reason: str
    changes: list[tuple[str, object, object]] = field(default_factory=list)


def _entries(history_qs, describe) -> list[AuditEntry]:
    entries = []
    previous = {}
    for record in history_qs.order_by("history_date", "history_id"):
        changes = []
        before = previous.get(record.id)
        if before is not None and record.history_type == "~":
            delta = record.diff_against(before)
            changes = [(c.field, c.old, c.new) for c in delta.changes]
        previous[record.id] = record
        entries.append(
            AuditEntry(
                when=record.history_date,
                who=str(record.history_user or _("system")),
                what=describe(record),
                action=str(CHANGE_TYPES.get(record.history_type, record.history_type)),
                reason=record.history_change_reason or "",
                changes=changes,
            )
        )
    return entries


def sheet_audit_trail(*, table_session: TableSession) -> list[AuditEntry]:
    """Newest first, across every kind of row the sheet is made of."""
    pk = table_session.pk
    sources = [
        (TableSession.history.filter(id=pk), lambda r: _("Sheet")),
        (Hand.history.filter(table_session_id=pk), lambda r: _("Hand %(n)s") % {"n": r.number}),
        (
            Penalty.history.filter(table_session_id=pk),
            lambda r: _("Penalty %(id)s (%(kind)s)") % {"id": r.id, "kind": r.kind},
        ),
        (
            Seat.history.filter(table_session_id=pk),
            lambda r: _("Seat of player %(p)s") % {"p": r.player_id},
        ),
        (
            SessionResult.history.filter(table_session_id=pk),
            lambda r: _("Result of seat %(pos)s") % {"pos": r.position},
        ),
        (
            SheetConfirmation.history.filter(table_session_id=pk),
            lambda r: _("Confirmation by player %(p)s") % {"p": r.player_id},
        ),
    ]
    entries = [entry for qs, describe in sources for entry in _entries(qs, describe)]
    return sorted(entries, key=lambda e: e.when, reverse=True)
