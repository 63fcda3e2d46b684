"""Countersigning a whole session from the admin (the chief umpire): a review page lists each
sheet with its totals and what is left out (not signed, an open appeal or dispute, already
countersigned), and its button countersigns the rest at once through
`tournaments.services.signoff.session_countersign`. The session's page and the dashboard link
it (the dashboard's panel is registered in TournamentsConfig.ready)."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.http import HttpResponseRedirect
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import policies
from tournaments.admin.base import get_or_404, render, report_error
from tournaments.errors import TournamentError
from tournaments.models import SessionResult, TableSession
from tournaments.selectors.standings import points_value
from tournaments.services.signoff import session_countersign, session_countersign_plan

TEMPLATE = "admin/tournaments/session/countersign.html"
PANEL = "admin/tournaments/tournament/_countersign_panel.html"


def _totals(sheets: list[TableSession]) -> dict[int, list[dict]]:
    """Each sheet's result per seat: position, player, score, table points (one query)."""
    totals: dict[int, list[dict]] = {sheet.pk: [] for sheet in sheets}
    results = (
        SessionResult.objects.filter(table_session__in=sheets)
        .select_related("player")
        .order_by("table_session_id", "position")
    )
    for result in results:
        totals[result.table_session_id].append(
            {
                "position": result.position,
                "player": result.player,
                "score": result.score,
                "table_points": points_value(result.table_points),
            }
        )
    return totals


def _rows(plan) -> list[dict]:
    """The session's sheets by table, each with its totals and what happens to it."""
    will = _("Countersigned now")
    states = [
        *((sheet, will, []) for sheet in plan.countersigned),
        *((sheet, _("Not signed by the umpire yet: left out"), []) for sheet in plan.not_signed),
        *((sheet, _("Already countersigned"), []) for sheet in plan.already_countersigned),
        *(
            (sheet, _("You signed it as its umpire: another chief umpire countersigns it"), [])
            for sheet in plan.signed_by_you
        ),
        *((sheet, _("Held back: left out"), reasons) for sheet, reasons in plan.held.items()),
    ]
    totals = _totals([sheet for sheet, _state, _reasons in states])
    rows = [
        {
            "sheet": sheet,
            "state": state,
            "countersigned_now": state is will,
            "reasons": reasons,
            "totals": totals[sheet.pk],
        }
        for sheet, state, reasons in states
    ]
    return sorted(rows, key=lambda row: row["sheet"].table.number)


def countersign_view(model_admin, request, object_id):
    """GET: the review page; POST: countersign the session, back to the session's page."""
    if not policies.may_countersign(request.user):
        raise PermissionDenied
    session = get_or_404(model_admin, request, object_id)
    session_url = reverse("admin:tournaments_session_change", args=[session.pk])
    if request.method == "POST":
        try:
            done = session_countersign(session=session, user=request.user)
        except TournamentError as error:
            report_error(request, error)
        else:
            count = len(done.countersigned)
            messages.success(
                request,
                ngettext(
                    "%(session)s: %(count)d sheet countersigned.",
                    "%(session)s: %(count)d sheets countersigned.",
                    count,
                )
                % {"session": session, "count": count},
            )
            left = len(done.not_signed) + len(done.held) + len(done.signed_by_you)
            if left:
                messages.warning(
                    request,
                    ngettext(
                        "%(count)d sheet is left out (see the review page).",
                        "%(count)d sheets are left out (see the review page).",
                        left,
                    )
                    % {"count": left},
                )
        return HttpResponseRedirect(session_url)
    plan = session_countersign_plan(session=session, user=request.user)
    return render(
        model_admin,
        request,
        TEMPLATE,
        {
            "session": session,
            "rows": _rows(plan),
            "to_countersign": len(plan.countersigned),
            "session_url": session_url,
        },
        obj=session,
        title=_("Countersign %(session)s (%(tournament)s)")
        % {"session": session, "tournament": session.tournament},
    )


def countersign_urls(model_admin) -> list:
    def view(request, object_id):
        return countersign_view(model_admin, request, object_id)

    return [
        path(
            "<path:object_id>/countersign/",
            model_admin.admin_site.admin_view(view),
            name="tournaments_session_countersign",
        )
    ]


def countersign_dashboard_panel(request, tournament) -> str:
    """The dashboard's panel, for the chief umpire only: each session with sheets signed and
    waiting for his countersignature, and the button to review and countersign it."""
    if not policies.may_countersign(request.user):
        return ""
    waiting = (
        tournament.sessions.annotate(
            signed=Count("table_sessions", filter=Q(table_sessions__status="signed"))
        )
        .filter(signed__gt=0)
        .order_by("number")
    )
    if not waiting:
        return ""
    return render_to_string(PANEL, {"sessions": waiting}, request=request)
