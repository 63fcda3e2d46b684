"""The players' entries on the tournament's dashboard and on the umpire's score-sheet page
(registered in PlayerEntryConfig.ready): every disputed entry, at once, with the way to settle
it; how many await an answer; the open entry of the sheet the umpire has open; the count
of disputed hands among what waits at the top of the dashboard (`disputes_waiting`); and the
disputed hands of his tables at the top of the umpire's home (`umpire_home_disputes`)."""

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import ngettext

from player_entry.models import TableEntry
from tournaments import policies
from tournaments.models import TableSession, Tournament
from tournaments.selectors.dashboard_now import ORDER_DISPUTES, Waiting
from tournaments.selectors.umpire_home import UmpireDispute

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


def disputes_waiting(tournament: Tournament) -> Waiting | None:
    """The disputed hands the umpires have to settle, counted at the top of the dashboard
    (registered in PlayerEntryConfig.ready); None where only umpires enter hands."""
    if tournament.hand_entry == Tournament.HandEntry.UMPIRES:
        return None
    # A few at a time (each is answered within minutes): their ids, in one query.
    disputed = list(
        TableEntry.objects.filter(
            table_session__session__tournament=tournament, status=TableEntry.Status.DISPUTED
        )
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    count = len(disputed)
    if count == 1:
        url = reverse("admin:player_entry_tableentry_settle", args=[disputed[0]])
    else:
        url = reverse("admin:player_entry_tableentry_changelist") + (
            f"?status__exact={TableEntry.Status.DISPUTED}"
            f"&table_session__session__tournament__id__exact={tournament.pk}"
        )
    values = {"count": count}
    return Waiting(
        key="disputes",
        count=count,
        summary=ngettext("%(count)s disputed hand", "%(count)s disputed hands", count) % values,
        action=ngettext(
            "%(count)s hand is disputed by its players: settle it.",
            "%(count)s hands are disputed by their players: settle them.",
            count,
        )
        % values,
        url=url,
        order=ORDER_DISPUTES,
    )


def umpire_home_disputes(sheets) -> list[UmpireDispute]:
    """The disputed entries of these sheets (the ones the login umpires), oldest first, for
    the top of the umpire's home: one query."""
    disputed = (
        TableEntry.objects.filter(table_session__in=sheets, status=TableEntry.Status.DISPUTED)
        .select_related(
            "table_session__session__tournament",
            "table_session__table",
            "entered_by",
            "answered_by",
        )
        .order_by("answered_at", "pk")
    )
    return [
        UmpireDispute(
            sheet_id=entry.table_session_id,
            table=entry.table_session.table.number,
            tournament=str(entry.table_session.session.tournament),
            session=str(entry.table_session.session),
            hand=entry.number,
            hand_text=render_to_string("player_entry/_entry_text.html", {"entry": entry}).strip(),
            entered_by=entry.entered_by.name,
            disputed_by=entry.answered_by.name if entry.answered_by else "",
            reason=entry.reason,
            settle_url=reverse("admin:player_entry_tableentry_settle", args=[entry.pk]),
        )
        for entry in disputed
    ]
