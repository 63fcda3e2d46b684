"""The score desk's reads: where each sheet stands at the desk, and per session how many sheets
await a first entry, a second entry, or differ (the dashboard's panel, issue 27)."""

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Exists, OuterRef
from django.utils.translation import gettext_lazy

from desk.models import DeskEntry
from tournaments.models import Hand, Penalty, Session, TableSession, Tournament
from tournaments.selectors.standings import SIGNED

# Where a sheet stands at the desk (the API's `status` of GET …/desk-entries/).
NOT_STARTED = "not_started"  # its session has not started: nothing to key yet
AWAITING_FIRST = "awaiting_first_entry"
AWAITING_SECOND = "awaiting_second_entry"
DIFFER = "differ"  # entries in play that do not agree
RECORDED = "recorded"  # recorded at the desk (two entries agreed, or one accepted alone)
KEPT_BY_UMPIRE = "kept_by_umpire"  # play recorded by its umpire, or signed without the desk

DESK_STATUSES = (NOT_STARTED, AWAITING_FIRST, AWAITING_SECOND, DIFFER, RECORDED, KEPT_BY_UMPIRE)
DESK_STATUS_LABELS = {
    NOT_STARTED: gettext_lazy("session not started"),
    AWAITING_FIRST: gettext_lazy("awaiting a first entry"),
    AWAITING_SECOND: gettext_lazy("awaiting a second entry"),
    DIFFER: gettext_lazy("entries differ"),
    RECORDED: gettext_lazy("recorded at the desk"),
    KEPT_BY_UMPIRE: gettext_lazy("kept by its umpire"),
}


def _status(*, started: bool, entries: set[str], played: bool, signed: bool) -> str:
    if entries & set(DeskEntry.COUNTED):
        return RECORDED
    if DeskEntry.Status.DIFFERS in entries:
        return DIFFER
    if DeskEntry.Status.FIRST in entries:
        return AWAITING_SECOND
    if played or signed:
        return KEPT_BY_UMPIRE
    return AWAITING_FIRST if started else NOT_STARTED


def _with_play(queryset):
    fouls = Penalty.objects.filter(table_session=OuterRef("pk")).exclude(
        kind=Penalty.Kind.LATE_ARRIVAL
    )
    return queryset.annotate(
        desk_hands=Exists(Hand.objects.filter(table_session=OuterRef("pk"))),
        desk_fouls=Exists(fouls),
    )


def _signed(sheet: TableSession) -> bool:
    return sheet.status in SIGNED


def desk_sheet_status(sheet: TableSession) -> str:
    """Where this sheet stands at the desk (one of DESK_STATUSES)."""
    row = _with_play(TableSession.objects.filter(pk=sheet.pk)).select_related("session").get()
    entries = set(DeskEntry.objects.filter(table_session=sheet).values_list("status", flat=True))
    return _status(
        started=row.session.actual_start is not None,
        entries=entries,
        played=row.desk_hands or row.desk_fouls,
        signed=_signed(row),
    )


@dataclass(frozen=True)
class SessionDeskProgress:
    session: Session
    awaiting_first: int
    awaiting_second: int
    differ: int
    recorded: int
    kept_by_umpire: int

    @property
    def to_key(self) -> int:
        """Sheets the desk still has work on."""
        return self.awaiting_first + self.awaiting_second + self.differ


def desk_progress(tournament: Tournament) -> list[SessionDeskProgress]:
    """Per started session, in order: its sheets by where they stand at the desk. The sheets
    are read as plain values: the dashboard shows this for 1,250 sheets at every refresh."""
    started = {
        s.pk: s
        for s in Session.objects.filter(tournament=tournament, actual_start__isnull=False)
    }
    sheets = _with_play(TableSession.objects.filter(session_id__in=started)).values_list(
        "pk", "session_id", "status", "desk_hands", "desk_fouls"
    )
    entries = defaultdict(set)
    for sheet_id, status in DeskEntry.objects.filter(
        table_session__session__tournament=tournament
    ).values_list("table_session_id", "status"):
        entries[sheet_id].add(status)
    counts: dict[int, dict[str, int]] = {}
    for sheet_id, session_id, sheet_status, hands, fouls in sheets:
        status = _status(
            started=True,
            entries=entries[sheet_id],
            played=hands or fouls,
            signed=sheet_status in SIGNED,
        )
        by_status = counts.setdefault(session_id, dict.fromkeys(DESK_STATUSES, 0))
        by_status[status] += 1
    return [
        SessionDeskProgress(
            session=started[session_id],
            awaiting_first=counts[session_id][AWAITING_FIRST],
            awaiting_second=counts[session_id][AWAITING_SECOND],
            differ=counts[session_id][DIFFER],
            recorded=counts[session_id][RECORDED],
            kept_by_umpire=counts[session_id][KEPT_BY_UMPIRE],
        )
        for session_id in sorted(counts, key=lambda pk: started[pk].number)
    ]


def desk_in_use(tournament: Tournament) -> bool:
    """The score desk keyed at least one sheet of this tournament."""
    return DeskEntry.objects.filter(table_session__session__tournament=tournament).exists()
