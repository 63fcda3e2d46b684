"""The player-number slips of a whole tournament, under the tournament's admin
(`.../tournaments/tournament/<id>/player-slips.pdf`): added by PlayerEntryConfig.ready
through tournaments.admin.extensions, which never imports this app. The admin's Players'
links offers it (and prints the selected links' slips with an action).

Who may print them: who may manage the players' links (tournaments.policies); anybody else is
refused (403). The PDF is made within the request: 500 slips take about a second.
"""

from django.core.exceptions import PermissionDenied
from django.urls import path

from player_entry.printing import render_slips, tournament_slips_data
from reports.views import pdf_response
from tournaments import policies
from tournaments.admin.chart_pages import URL_PREFIX, _viewable_tournament
from tournaments.admin.extensions import tournament_page

SLIPS_URL_NAME = URL_PREFIX + "player_slips_pdf"


def slips_response(tournament):
    """Every player's slip (missing links made), as a PDF opened in the browser."""
    content = render_slips([tournament_slips_data(tournament)])
    return pdf_response(f"{tournament.slug}-player-slips.pdf", content)


def slips_pdf_view(model_admin, request, object_id):
    tournament = _viewable_tournament(model_admin, request, object_id)
    if not policies.may_manage_player_links(request.user):
        raise PermissionDenied
    return slips_response(tournament)


def slips_urls(model_admin) -> list:
    return [
        path(
            "<path:object_id>/player-slips.pdf",
            tournament_page(model_admin, slips_pdf_view),
            name=SLIPS_URL_NAME,
        )
    ]
