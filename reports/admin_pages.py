"""The seating chart's PDFs in a tournament's admin: the table-rotation chart, the list by
player and the seat cards (`Seating chart` page's links). Added to the tournament's admin by
ReportsConfig.ready (tournaments.admin.extensions): tournaments does not import reports.

Staff who may view the tournament reach them; reports.printing checks who may print each form.
"""

from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.urls import path
from django.utils.translation import gettext as _

from reports.printing import PrintRequest, print_form
from reports.views import pdf_response
from tournaments.admin.chart_pages import URL_PREFIX, _viewable_tournament
from tournaments.admin.extensions import tournament_page
from tournaments.errors import TournamentError
from tournaments.roles import PermissionRefused


def _positive_int(value) -> int | None:
    """A page's number parameter; anything else (missing, text, negative) means none."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if number > 0 else None


def _pdf(request, tournament, kind: str, *, session=None, table=None) -> HttpResponse:
    """The form through reports.printing, which checks who may print it."""
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


def chart_pdf_urls(model_admin) -> list:
    """The URLs of the chart's PDFs under the tournament's admin."""
    return [
        path(
            "<path:object_id>/seating-chart/chart.pdf",
            tournament_page(model_admin, chart_pdf_view),
            name=URL_PREFIX + "seating_chart_pdf",
        ),
        path(
            "<path:object_id>/seating-chart/players.pdf",
            tournament_page(model_admin, schedule_pdf_view),
            name=URL_PREFIX + "player_schedule_pdf",
        ),
        path(
            "<path:object_id>/seating-chart/seat-cards.pdf",
            tournament_page(model_admin, seat_cards_pdf_view),
            name=URL_PREFIX + "seat_cards_pdf",
        ),
    ]
