"""API: the EMA results of a tournament's official standings, for the European Mahjong
Association's ranking (docs/federation.md).

`GET /api/tournaments/{slug}/exports/ema.csv` and `…/ema.xlsx`: attachments named
`<slug>-ema.csv|.xlsx`. Who may download: whoever may download the standings
(tournaments.policies.may_export: staff roles and players; while the director holds the
standings back, staff only: may_read_standings); anyone else gets 403, no login 401, an
unknown tournament 404, each in the API's JSON error format.
"""

from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import renderers
from rest_framework.views import APIView

from api.common import tournament_for
from api.views.exports import CSV_FILE, ERRORS, require_standings_readable
from federation.exports import XLSX_TYPE, ema_csv_file, ema_xlsx_file
from tournaments import policies
from tournaments.errors import TournamentError
from tournaments.selectors.exports import STANDINGS, ExportFile

XLSX_FILE = OpenApiResponse(
    OpenApiTypes.BINARY,
    description=gettext_lazy("An Excel workbook (.xlsx) sent as an attachment."),
)


class _EmaExportApi(APIView):
    renderer_classes = [renderers.JSONRenderer]  # errors; the file is sent as it is

    def perform_content_negotiation(self, request, force=False):
        # A client may ask for `Accept: text/csv`: the file is the answer, never a 406.
        return super().perform_content_negotiation(request, force=True)

    def build(self, tournament) -> ExportFile:
        raise NotImplementedError

    def get(self, request, slug):
        tournament = tournament_for(slug)
        if not policies.may_export(request.user, STANDINGS):
            raise TournamentError(
                _("Your role does not allow downloading these records."), code="forbidden"
            )
        require_standings_readable(request.user, tournament)
        file = self.build(tournament)
        return HttpResponse(
            file.content,
            content_type=file.content_type,
            headers={"Content-Disposition": f'attachment; filename="{file.name}"'},
        )


class EmaCsvApi(_EmaExportApi):
    """The EMA results as a CSV file: one row per player of the official standings (rank,
    name, ema_id, country, table_points, contest_points, mers_base_rating), the disqualified
    last without rank or rating. Staff roles and players."""

    def build(self, tournament) -> ExportFile:
        return ema_csv_file(tournament=tournament)

    @extend_schema(
        operation_id="tournament_export_ema_csv",
        summary=gettext_lazy("Download the EMA results (CSV)"),
        responses={(200, "text/csv"): CSV_FILE, **ERRORS},
    )
    def get(self, request, slug):
        return super().get(request, slug)


class EmaXlsxApi(_EmaExportApi):
    """The EMA results as an Excel workbook: the columns and rows of ema.csv, numbers as
    numbers and every text as text. Staff roles and players."""

    def build(self, tournament) -> ExportFile:
        return ema_xlsx_file(tournament=tournament)

    @extend_schema(
        operation_id="tournament_export_ema_xlsx",
        summary=gettext_lazy("Download the EMA results (Excel)"),
        responses={(200, XLSX_TYPE): XLSX_FILE, **ERRORS},
    )
    def get(self, request, slug):
        return super().get(request, slug)
