"""The audit trail of a score sheet: every create, change and delete of its hands, penalties,
seats, results, confirmations, sign-offs, its players' check-ins and the appeals against it,
with who, when, before/after and the reason."""

from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import (
    Appeal,
    CheckIn,
    Hand,
    Penalty,
    Player,
    Seat,
    SessionResult,
    SheetConfirmation,
    TableSession,
)
from tournaments.system_texts import system_text

# Lazy: read in the language of the page or request, not of the process's start.
CHANGE_TYPES = {
    "+": gettext_lazy("created"),
    "~": gettext_lazy("changed"),
    "-": gettext_lazy("deleted"),
}
# Bookkeeping columns that say nothing about the sheet itself.
_SKIPPED_FIELDS = {"id", "version"}


@dataclass
class AuditEntry:
    when: datetime
    who: str
    what: str
    action: str
    reason: str
    # (field, before, after): every change of a changed row; the values of a created row
    # (before None) or of a deleted one (after None).
    changes: list[tuple[str, object, object]] = field(default_factory=list)
    # For the trail in words (selectors.audit_sentences): the row's model, "+", "~" or "-",
    # its historical record and the one before it (None for the first), the author's login.
    model: type | None = field(default=None, repr=False)
    history_type: str = ""
    record: object = field(default=None, repr=False, compare=False)
    previous: object = field(default=None, repr=False, compare=False)
    user: object = field(default=None, repr=False, compare=False)


# Foreign keys shown by name rather than by id.
_PLAYER_FIELDS = {"player", "victim", "replaced_player"}
_USER_FIELDS = {
    "umpire",
    "entered_by",
    "recorded_by",
    "voided_by",
    "umpire_signed_by",
    "countersigned_by",
    "filed_by",
    "ruled_by",
    "started_by",
    "ended_by",
}


class Names:
    """Players and logins by id, read once per trail."""

    def __init__(self, tournament_id: int):
        self.players = dict(
            Player.objects.filter(tournament_id=tournament_id).values_list("pk", "name")
        )
        self.users = dict(get_user_model().objects.values_list("pk", "username"))

    def player(self, player_id) -> str:
        return self.players.get(player_id, str(player_id))

    def shown(self, field_name: str, value):
        if value is None:
            return None
        if field_name in _PLAYER_FIELDS:
            return self.player(value)
        if field_name in _USER_FIELDS:
            return self.users.get(value, value)
        return system_text(value)  # a late arrival's nature, a void's reason: in words


def _values(record) -> list[tuple[str, object]]:
    values = []
    for model_field in record.tracked_fields:
        if model_field.name in _SKIPPED_FIELDS:
            continue
        value = getattr(record, model_field.attname, None)
        if value not in (None, "", [], {}):
            values.append((model_field.name, value))
    return values


def _changes(record, before) -> list[tuple[str, object, object]]:
    if record.history_type == "~":
        if before is None:
            return []
        delta = record.diff_against(before)
        return [(c.field, c.old, c.new) for c in delta.changes if c.field not in _SKIPPED_FIELDS]
    if record.history_type == "+":
        return [(name, None, value) for name, value in _values(record)]
    return [(name, value, None) for name, value in _values(record)]


def _entries(history_qs, describe, names: Names) -> list[AuditEntry]:
    entries = []
    previous = {}
    for record in history_qs.select_related("history_user").order_by("history_date", "history_id"):
        before = previous.get(record.id)
        changes = [
            (name, names.shown(name, old), names.shown(name, new))
            for name, old, new in _changes(record, before)
        ]
        previous[record.id] = record
        entries.append(
            AuditEntry(
                when=record.history_date,
                who=str(record.history_user or _("system")),
                what=describe(record),
                action=str(CHANGE_TYPES.get(record.history_type, record.history_type)),
                reason=system_text(record.history_change_reason or ""),
                changes=changes,
                model=history_qs.model.instance_type,
                history_type=record.history_type,
                record=record,
                previous=before,
                user=record.history_user,
            )
        )
    return entries


def sheet_audit_trail(
    *, table_session: TableSession, names: Names | None = None
) -> list[AuditEntry]:
    """Newest first, across every kind of row the sheet is made of (`names`: the players and
    logins by id, when the caller has read them already)."""
    pk = table_session.pk
    names = names or Names(table_session.session.tournament_id)
    name = names.player
    seat_players = [
        *Seat.history.filter(table_session_id=pk).values_list("player_id", "replaced_player_id"),
        *Seat.objects.filter(table_session_id=pk).values_list("player_id", "replaced_player_id"),
    ]
    player_ids = {player_id for pair in seat_players for player_id in pair} - {None}

    kinds = dict(Penalty.Kind.choices)
    sources = [
        (TableSession.history.filter(id=pk), lambda r: _("Sheet")),
        (Hand.history.filter(table_session_id=pk), lambda r: _("Hand %(n)s") % {"n": r.number}),
        (
            Penalty.history.filter(table_session_id=pk),
            lambda r: (
                _("Penalty %(id)s (%(kind)s, %(player)s)")
                % {"id": r.id, "kind": kinds.get(r.kind, r.kind), "player": name(r.player_id)}
            ),
        ),
        (
            Seat.history.filter(table_session_id=pk),
            lambda r: _("Seat of %(player)s") % {"player": name(r.player_id)},
        ),
        (
            SessionResult.history.filter(table_session_id=pk),
            lambda r: _("Result of %(player)s") % {"player": name(r.player_id)},
        ),
        (
            SheetConfirmation.history.filter(table_session_id=pk),
            lambda r: _("Confirmation by %(player)s") % {"player": name(r.player_id)},
        ),
        (
            CheckIn.history.filter(session_id=table_session.session_id, player_id__in=player_ids),
            lambda r: _("Check-in of %(player)s") % {"player": name(r.player_id)},
        ),
        (
            Appeal.history.filter(table_session_id=pk),
            lambda r: _("Appeal %(id)s of %(player)s") % {"id": r.id, "player": name(r.player_id)},
        ),
    ]
    entries = [entry for qs, describe in sources for entry in _entries(qs, describe, names)]
    return sorted(entries, key=lambda e: e.when, reverse=True)
