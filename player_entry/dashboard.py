"""The players' entries on the tournament's dashboard and on the umpire's score-sheet page
(registered in PlayerEntryConfig.ready): every disputed entry, at once, with the way to settle
it; how many await an answer; the open entry of the sheet the umpire has open."""

from django.template.loader import render_to_string

from player_entry.models import TableEntry
from tournaments import policies
from tournaments.models import TableSession, Tournament

TEMPLATE = "player_entry/dashboard_panel.html"


def disputes_dashboard_panel(request, tournament: Tournament) -> str:
    """Shown in a tournament whose players enter hands (else nothing)."""
    if tournament.hand_entry == Tournament.HandEntry.UMPIRES:
        return ""
    open_entries = TableEntry.objects.filter(
        table_session__session__tournament=tournament, status__in=TableEntry.OPEN
    ).select_related("table_session__session", "table_session__table", "entered_by", "answered_by")
    disputed = [e for e in open_entries if e.status == TableEntry.Status.DISPUTED]
    pending = len(open_entries) - len(disputed)
    return render_to_string(TEMPLATE, {"disputed": disputed, "pending": pending}, request=request)


def sheet_entry_panel(request, table_session: TableSession) -> str:
    """The hand the table's players entered and that awaits an answer (or the umpire's
    ruling), on the umpire's page of the sheet; nothing when there is none."""
    entry = (
        TableEntry.objects.filter(table_session=table_session, status__in=TableEntry.OPEN)
        .select_related("entered_by", "answered_by")
        .first()
    )
    if entry is None:
        return ""
    may_settle = policies.may_settle_entry(request.user, table_session)
    return render_to_string(
        "player_entry/sheet_panel.html", {"entry": entry, "may_settle": may_settle}, request=request
    )
