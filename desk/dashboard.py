"""The score desk's panel on the tournament's dashboard (registered in DeskConfig.ready): per
started session, the sheets awaiting a first entry, a second entry, or whose entries differ;
and, at the top of the dashboard, how many sheets keyed at the desk wait for a second entry or
a decision (`desk_waiting`)."""

from django.db.models import Count, Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import ngettext

from desk.models import DeskEntry
from desk.selectors import desk_in_use, desk_progress
from tournaments.selectors.dashboard_now import ORDER_DESK, Waiting

TEMPLATE = "desk/dashboard_panel.html"


def desk_dashboard_panel(request, tournament) -> str:
    """Shown once the desk keyed a sheet of this tournament (a tournament whose umpires enter
    every hand has nothing to show here)."""
    if not desk_in_use(tournament):
        return ""
    return render_to_string(
        TEMPLATE, {"progress": desk_progress(tournament), "tournament": tournament}, request=request
    )


def desk_waiting(tournament) -> Waiting | None:
    """The sheets keyed once at the desk (awaiting a second clerk's entry) or whose entries
    differ (a clerk keys again, or the chief umpire accepts one alone), in one query; None
    while the desk has keyed nothing of this tournament."""
    counts = DeskEntry.objects.filter(table_session__session__tournament=tournament).aggregate(
        keyed=Count("pk"),
        waiting=Count("table_session", filter=Q(status__in=DeskEntry.LIVE), distinct=True),
        differ=Count("table_session", filter=Q(status=DeskEntry.Status.DIFFERS), distinct=True),
    )
    if not counts["keyed"]:
        return None
    count = counts["waiting"]
    # The entries that differ first: the chief umpire decides those.
    status = DeskEntry.Status.DIFFERS if counts["differ"] else DeskEntry.Status.FIRST
    url = reverse("admin:desk_deskentry_changelist") + (
        f"?status__exact={status}&table_session__session__tournament__id__exact={tournament.pk}"
    )
    values = {"count": count}
    return Waiting(
        key="desk",
        count=count,
        summary=ngettext(
            "%(count)s sheet waiting at the score desk",
            "%(count)s sheets waiting at the score desk",
            count,
        )
        % values,
        action=ngettext(
            "%(count)s sheet keyed at the score desk awaits a second entry or differs: see "
            "its entries.",
            "%(count)s sheets keyed at the score desk await a second entry or differ: see "
            "their entries.",
            count,
        )
        % values,
        url=url,
        order=ORDER_DESK,
    )
