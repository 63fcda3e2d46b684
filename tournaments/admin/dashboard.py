"""The tournament's dashboard: the organiser's and chief umpire's home for an event.

It shows the status and the next thing to do, and each session's tables; while a session runs
the tables' part asks `dashboard/live/` every 10 seconds and swaps in the new fragment. The
tables are computed and drawn once per version of the tournament for every director
(`_dashboard_with_sessions`); the rest, one query per kind of fact, at each refresh.

Another app may add a panel (`dashboard_panel_register`, from its AppConfig.ready: the score
desk's counts) and a count of what it has waiting for the directors
(`dashboard_counter_register`: the players' disputed hands, the desk's entries awaiting a
second keying), which the top of the page ("now": the running session's time left, idle
tables, the one next thing to do; tournaments.selectors.dashboard_now) shows at every
refresh; tournaments never imports those apps."""

from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.template.loader import render_to_string
from django.urls import path
from django.utils import timezone, translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from tournaments import policies
from tournaments.admin.base import get_or_404, render
from tournaments.admin.fast_rows import url_around_id
from tournaments.live import published_version
from tournaments.selectors.dashboard import (
    Dashboard,
    SessionState,
    dashboard_compute,
    dashboard_sessions,
)
from tournaments.selectors.dashboard_now import (
    DashboardNow,
    dashboard_now,
    waiting_counter_register,
)

REFRESH_SECONDS = 10
TEMPLATE = "admin/tournaments/tournament/dashboard.html"
FRAGMENT = "admin/tournaments/tournament/_dashboard_sessions.html"
NOW = "admin/tournaments/tournament/_dashboard_now.html"

# Panels other apps show on the dashboard, in the order registered: each is called with the
# request and the tournament and returns its HTML (a rendered template), or "" for nothing.
_PANELS: list[Callable] = []


def dashboard_panel_register(panel: Callable) -> None:
    """Show `panel(request, tournament) -> html` on every tournament's dashboard."""
    if panel not in _PANELS:
        _PANELS.append(panel)


def dashboard_counter_register(counter: Callable) -> None:
    """Count `counter(tournament) -> Waiting | None` among what waits for the directors, at
    the top of every tournament's dashboard (tournaments.selectors.dashboard_now.Waiting; its
    `order` places it among the next things to do)."""
    waiting_counter_register(counter)


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


def _fragment(request, sessions: list[SessionState]) -> str:
    # A sheet's admin page as (before, after) its id: a 500-player event shows 1,250 tables.
    sheet_url = url_around_id("admin:tournaments_tablesession_change")
    return render_to_string(
        FRAGMENT, {"sessions": sessions, "sheet_url": sheet_url}, request=request
    )


def _dashboard_with_sessions(request, tournament) -> tuple[Dashboard, str]:
    """The dashboard and its sessions' HTML (`_sessions_drawn`); the rest (status, next step,
    appeals, the oath) read at each refresh."""
    sessions, html = _sessions_drawn(request, tournament)
    return dashboard_compute(tournament=tournament, sessions=sessions), html


def _sessions_drawn(request, tournament) -> tuple[list[SessionState], str]:
    """The sessions' tables and their HTML, computed and drawn once per published version of
    the tournament (tournaments/live.py: every write to a sheet, a session or the seating
    makes a new version, published within PUBLIC_RENDER_SECONDS) for every director and web
    process: the 750 tables of a 1,000-player event, refreshed by five directors, were a
    sixth of the server's CPU (issue #31). Kept DASHBOARD_SHARED_SECONDS at most, so that a
    change making no new version (none is known) shows then (0: drawn at every refresh)."""
    seconds = settings.DASHBOARD_SHARED_SECONDS
    key = f"dashboard:{tournament.pk}:{translation.get_language()}:"
    found = None
    if seconds:
        key += published_version(tournament.pk)
        found = cache.get(key)
    if found is None:
        sessions = dashboard_sessions(tournament=tournament)
        found = (sessions, _fragment(request, sessions))
        if seconds:
            cache.set(key, found, seconds)
    return found


def _now(request, tournament, dashboard: Dashboard) -> tuple[DashboardNow, str]:
    """The top of the page, read at every refresh: it moves with the clock."""
    now = dashboard_now(
        tournament=tournament,
        dashboard=dashboard,
        now=timezone.now(),
        countersigns=policies.may_countersign(request.user),
    )
    return now, render_to_string(NOW, {"now": now}, request=request)


def dashboard_view(model_admin, request, object_id):
    tournament = _dashboard_tournament(model_admin, request, object_id)
    dashboard, sessions_html = _dashboard_with_sessions(request, tournament)
    now_html = _now(request, tournament, dashboard)[1]
    return render(
        model_admin,
        request,
        TEMPLATE,
        {
            "dashboard": dashboard,
            "now_html": now_html,
            "sessions_html": sessions_html,
            "panels_html": _panels_html(request, tournament),
            "refresh_seconds": REFRESH_SECONDS,
        },
        obj=tournament,
        title=_("Dashboard — %(t)s") % {"t": tournament},
    )


def dashboard_live_view(model_admin, request, object_id):
    """The parts that change during play, for the page's refresh."""
    tournament = _dashboard_tournament(model_admin, request, object_id)
    dashboard, sessions_html = _dashboard_with_sessions(request, tournament)
    now, now_html = _now(request, tournament, dashboard)
    response = JsonResponse(
        {
            "status": tournament.get_status_display(),
            "next": now.next.text,
            "now": now_html,
            "html": sessions_html,
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
