"""The players' entries on the tournament's dashboard (registered in PlayerEntryConfig.ready):
every disputed entry, at once, with the way to settle it; and how many await an answer."""

from django.template.loader import render_to_string

from player_entry.models import TableEntry
from tournaments.models import Tournament

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
