"""The tournament's dashboard: the organiser's and chief umpire's home for an event.

It shows the status and the next thing to do, and each session's tables; while a session runs
the tables' part asks `dashboard/live/` every 10 seconds and swaps in the new fragment (a
small page polled by a few directors: no cache needed, one query per kind of fact).

Another app may add a panel (`dashboard_panel_register`, from its AppConfig.ready: the score
desk's counts); tournaments never imports it."""

from collections.abc import Callable

from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.template.loader import render_to_string
from django.urls import path
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from tournaments import policies
from tournaments.admin.base import get_or_404, render
from tournaments.admin.fast_rows import url_around_id
from tournaments.selectors.dashboard import dashboard_compute

REFRESH_SECONDS = 10
TEMPLATE = "admin/tournaments/tournament/dashboard.html"
FRAGMENT = "admin/tournaments/tournament/_dashboard_sessions.html"

# Panels other apps show on the dashboard, in the order registered: each is called with the
# request and the tournament and returns its HTML (a rendered template), or "" for nothing.
_PANELS: list[Callable] = []


def dashboard_panel_register(panel: Callable) -> None:
    """Show `panel(request, tournament) -> html` on every tournament's dashboard."""
    if panel not in _PANELS:
        _PANELS.append(panel)


def _panels_html(request, tournament) -> str:
    # Each panel renders a template (escaped by Django); their concatenation stays safe.
    return mark_safe("".join(str(panel(request, tournament)) for panel in _PANELS))


def _dashboard_tournament(model_admin, request, object_id):
    tournament = get_or_404(model_admin, request, object_id)
    user = request.user
    if not (
        policies.may_read_dashboard(user) and model_admin.has_view_permission(request, tournament)
    ):
        raise PermissionDenied
    return tournament


def _fragment(request, dashboard) -> str:
    # A sheet's admin page as (before, after) its id: a 500-player event shows 1,250 tables.
    sheet_url = url_around_id("admin:tournaments_tablesession_change")
    return render_to_string(
        FRAGMENT, {"dashboard": dashboard, "sheet_url": sheet_url}, request=request
    )


def dashboard_view(model_admin, request, object_id):
    tournament = _dashboard_tournament(model_admin, request, object_id)
    dashboard = dashboard_compute(tournament=tournament)
    return render(
        model_admin,
        request,
        TEMPLATE,
        {
            "dashboard": dashboard,
            "sessions_html": _fragment(request, dashboard),
            "panels_html": _panels_html(request, tournament),
            "refresh_seconds": REFRESH_SECONDS,
        },
        obj=tournament,
        title=_("Dashboard — %(t)s") % {"t": tournament},
    )


def dashboard_live_view(model_admin, request, object_id):
    """The parts that change during play, for the page's refresh."""
    tournament = _dashboard_tournament(model_admin, request, object_id)
    dashboard = dashboard_compute(tournament=tournament)
    response = JsonResponse(
        {
            "status": tournament.get_status_display(),
            "next": dashboard.next_step.text,
            "html": _fragment(request, dashboard),
            "panels": _panels_html(request, tournament),
        }
    )
    response["Cache-Control"] = "no-store"
    return response


def dashboard_urls(model_admin) -> list:
    view = model_admin.admin_site.admin_view
    name = "tournaments_tournament_"
    return [
        path(
            "<path:object_id>/dashboard/",
            view(lambda request, object_id: dashboard_view(model_admin, request, object_id)),
            name=name + "dashboard",
        ),
        path(
            "<path:object_id>/dashboard/live/",
            view(lambda request, object_id: dashboard_live_view(model_admin, request, object_id)),
            name=name + "dashboard_live",
        ),
    ]
