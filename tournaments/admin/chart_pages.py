"""Admin pages of the seating as people read it: the table-rotation chart (Appendix 3) with each
player's table and seat per session, the player numbers after lots, and their PDFs.

Read-only: staff who may view the tournament (organisers, the chief umpire, the committee);
the admin itself sends visitors who are not staff to its login page. The TournamentAdmin adds
these URLs with `chart_urls(self)`; the PDFs are reports' (reports.admin_pages), which adds
their URLs to the same admin.
"""

from django.core.exceptions import PermissionDenied
from django.urls import path
from django.utils.translation import gettext as _

from tournaments import policies
from tournaments.admin.base import get_or_404, render
from tournaments.display import wind_legend, wind_letter, wind_name
from tournaments.selectors.chart import player_numbers, player_schedule, seating_chart

TEMPLATES = "admin/tournaments/chart/"
URL_PREFIX = "tournaments_tournament_"


def _viewable_tournament(model_admin, request, object_id):
    tournament = get_or_404(model_admin, request, object_id)
    if not model_admin.has_view_permission(request, tournament):
        raise PermissionDenied
    return tournament


def _can_print(user) -> bool:
    return all(policies.may_print(user, kind) for kind in ("chart", "schedule", "seatcards"))


def _schedule_rows(schedule) -> list[dict]:
    """The by-player list with each cell's wind as the page prints it."""
    return [
        {
            "row": row,
            "cells": [
                None
                if cell is None
                else {
                    "table": cell.table,
                    "wind": wind_letter(cell.wind),
                    "wind_name": wind_name(cell.wind),
                    "replaced": cell.replaced,
                }
                for cell in row.cells
            ],
        }
        for row in schedule.rows
    ]


def seating_chart_view(model_admin, request, object_id):
    tournament = _viewable_tournament(model_admin, request, object_id)
    chart = seating_chart(tournament=tournament)
    schedule = player_schedule(tournament=tournament, chart=chart)
    return render(
        model_admin,
        request,
        TEMPLATES + "seating_chart.html",
        {
            "chart": chart,
            "schedule": schedule,
            "schedule_rows": _schedule_rows(schedule),
            "winds": [(wind["letter"], wind["name"]) for wind in wind_legend()],
            "can_print": _can_print(request.user),
        },
        obj=tournament,
        title=_("Seating chart — %(t)s") % {"t": tournament},
    )


def player_numbers_view(model_admin, request, object_id):
    tournament = _viewable_tournament(model_admin, request, object_id)
    return render(
        model_admin,
        request,
        TEMPLATES + "player_numbers.html",
        {"numbers": player_numbers(tournament=tournament)},
        obj=tournament,
        title=_("Player numbers — %(t)s") % {"t": tournament},
    )


def chart_urls(model_admin) -> list:
    """The URLs of these pages, wrapped by the admin site (login, staff only)."""

    def page(view):
        def handler(request, object_id):
            return view(model_admin, request, object_id)

        return model_admin.admin_site.admin_view(handler)

    return [
        path(
            "<path:object_id>/seating-chart/",
            page(seating_chart_view),
            name=URL_PREFIX + "seating_chart",
        ),
        path(
            "<path:object_id>/player-numbers/",
            page(player_numbers_view),
            name=URL_PREFIX + "player_numbers",
        ),
    ]
