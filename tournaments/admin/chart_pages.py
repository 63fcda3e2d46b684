"""Admin pages of the seating as people read it: the table-rotation chart (Appendix 3) with each
player's table and seat per session, the player numbers after lots, and their PDFs.

Read-only: staff who may view the tournament (organisers, the chief umpire, the committee);
the admin itself sends visitors who are not staff to its login page. The TournamentAdmin adds
these URLs with `chart_urls(self)`.
"""

from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.urls import path
from django.utils.translation import gettext as _

from tournaments.admin.base import get_or_404, render
from tournaments.errors import TournamentError
from tournaments.roles import PermissionRefused
from tournaments.selectors.chart import (
    WIND_LETTERS,
    WIND_NAMES,
    WINDS,
    player_numbers,
    player_schedule,
    seating_chart,
)

TEMPLATES = "admin/tournaments/chart/"
URL_PREFIX = "tournaments_tournament_"


def _viewable_tournament(model_admin, request, object_id):
    tournament = get_or_404(model_admin, request, object_id)
    if not model_admin.has_view_permission(request, tournament):
        raise PermissionDenied
    return tournament


def _can_print(user) -> bool:
    from reports.printing import print_allowed

    return all(print_allowed(user, kind) for kind in ("chart", "schedule", "seatcards"))


def _positive_int(value) -> int | None:
    """A page's number parameter; anything else (missing, text, negative) means none."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if number > 0 else None


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
                    "wind": WIND_LETTERS[cell.wind],
                    "wind_name": WIND_NAMES[cell.wind],
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
            "winds": [(WIND_LETTERS[w], WIND_NAMES[w]) for w in WINDS],
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


def _pdf(request, tournament, kind: str, *, session=None, table=None) -> HttpResponse:
    """The form through reports.printing, which checks who may print it."""
    from reports.printing import PrintRequest, print_form
    from reports.views import pdf_response

    try:
        filename, content = print_form(
            kind=kind,
            request=PrintRequest(
                tournament=tournament, session=session, table=table, user=request.user
            ),
        )
    except PermissionRefused:
        raise PermissionDenied from None
    except TournamentError as error:
        return HttpResponse(error.message, status=404, content_type="text/plain; charset=utf-8")
    return pdf_response(filename, content)


def chart_pdf_view(model_admin, request, object_id):
    tournament = _viewable_tournament(model_admin, request, object_id)
    return _pdf(request, tournament, "chart")


def schedule_pdf_view(model_admin, request, object_id):
    tournament = _viewable_tournament(model_admin, request, object_id)
    return _pdf(request, tournament, "schedule")


def seat_cards_pdf_view(model_admin, request, object_id):
    """Seat cards of one session (`?session=N`, the first if none is given), or of one table
    in it (`&table=T`): a session's cards are what is printed at once."""
    tournament = _viewable_tournament(model_admin, request, object_id)
    first = tournament.sessions.order_by("number").values_list("number", flat=True).first()
    given = request.GET.get("session")
    session = _positive_int(given) if given is not None else first
    if session is None:
        return HttpResponse(
            _("This tournament has no session %(n)s.") % {"n": given or ""},
            status=404,
            content_type="text/plain; charset=utf-8",
        )
    table = _positive_int(request.GET.get("table"))
    return _pdf(request, tournament, "seatcards", session=session, table=table)


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
            "<path:object_id>/seating-chart/chart.pdf",
            page(chart_pdf_view),
            name=URL_PREFIX + "seating_chart_pdf",
        ),
        path(
            "<path:object_id>/seating-chart/players.pdf",
            page(schedule_pdf_view),
            name=URL_PREFIX + "player_schedule_pdf",
        ),
        path(
            "<path:object_id>/seating-chart/seat-cards.pdf",
            page(seat_cards_pdf_view),
            name=URL_PREFIX + "seat_cards_pdf",
        ),
        path(
            "<path:object_id>/player-numbers/",
            page(player_numbers_view),
            name=URL_PREFIX + "player_numbers",
        ),
    ]
