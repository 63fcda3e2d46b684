"""API: the EMA results of a tournament's official standings, for the European Mahjong
Association's ranking (docs/federation.md).

`GET /api/tournaments/{slug}/exports/ema.csv` and `…/ema.xlsx`: attachments named
`<slug>-ema.csv|.xlsx`. Final results only: while a score sheet is not countersigned (or,
until the tournament is finished, a planned session has no sheet), 409 naming them, unless
`?provisional=true`, which gives the file with a first line marking it provisional. Who may
download: whoever may download the standings
(tournaments.policies.may_export: staff roles and players; while the director holds the
standings back, staff only: may_read_standings); anyone else gets 403, no login 401, an
unknown tournament 404, each in the API's JSON error format.
"""

from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import renderers, serializers
from rest_framework.views import APIView

from api.common import tournament_for
from api.views.exports import CSV_FILE, ERRORS, json_errors, require_standings_readable
from federation.exports import XLSX_TYPE, ema_csv_file, ema_xlsx_file
from federation.selectors import not_final_yet
from tournaments import policies
from tournaments.errors import TournamentError
from tournaments.selectors.exports import STANDINGS, ExportFile

XLSX_FILE = OpenApiResponse(
    OpenApiTypes.BINARY,
    description=gettext_lazy("An Excel workbook (.xlsx) sent as an attachment."),
)


SHOWN_NOT_FINAL = 20  # what the refusal names at most (then "and N more")
PROVISIONAL = OpenApiParameter(
    "provisional",
    bool,
    description=gettext_lazy(
        "true: the file even if the results are not final yet, its first line saying it is "
        "provisional and why; by default, 409 until every score sheet is countersigned"
    ),
)


class ProvisionalQuery(serializers.Serializer):
    provisional = serializers.BooleanField(required=False, default=False)


def _not_final_text(missing: list[str]) -> str:
    """The sheets (and sessions) that keep the results from being final, the first
    SHOWN_NOT_FINAL of them named."""
    shown = ", ".join(missing[:SHOWN_NOT_FINAL])
    more = len(missing) - SHOWN_NOT_FINAL
    if more > 0:
        shown += ngettext(" and %(count)s more", " and %(count)s more", more) % {"count": more}
    return shown


def provisional_line(missing: list[str]) -> str:
    """The first line of a provisional EMA file."""
    return _("PROVISIONAL, not final results. Still waiting for: %(what)s.") % {
        "what": _not_final_text(missing)
    }


class _EmaExportApi(APIView):
    renderer_classes = [renderers.JSONRenderer]  # errors; the file is sent as it is

    def perform_content_negotiation(self, request, force=False):
        # A client may ask for `Accept: text/csv`: the file is the answer, never a 406.
        return super().perform_content_negotiation(request, force=True)

    def build(self, tournament, provisional: str) -> ExportFile:
        raise NotImplementedError

    def get(self, request, slug):
        tournament = tournament_for(slug)
        if not policies.may_export(request.user, STANDINGS):
            raise TournamentError(
                _("Your role does not allow downloading these records."), code="forbidden"
            )
        require_standings_readable(request.user, tournament)
        parsed = ProvisionalQuery(data=request.query_params)
        parsed.is_valid(raise_exception=True)
        missing = not_final_yet(tournament=tournament)
        if missing and not parsed.validated_data["provisional"]:
            raise TournamentError(
                _(
                    "The EMA file is final results: every score sheet of the tournament must "
                    "be countersigned by the chief umpire first. Still waiting for: "
                    "%(what)s. Ask with ?provisional=true for a file marked provisional."
                )
                % {"what": _not_final_text(missing)},
                code="invalid_state",
            )
        file = self.build(tournament, provisional_line(missing) if missing else "")
        return HttpResponse(
            file.content,
            content_type=file.content_type,
            headers={"Content-Disposition": f'attachment; filename="{file.name}"'},
        )


class EmaCsvApi(_EmaExportApi):
    """The EMA results as a CSV file: one row per player of the official standings (rank,
    name, ema_id, country, table_points, contest_points, mers_base_rating), the disqualified
    last without rank or rating. Final results only: 409 naming the score sheets not
    countersigned yet, unless `?provisional=true` (a first line then says the file is
    provisional). Staff roles and players."""

    def build(self, tournament, provisional: str) -> ExportFile:
        return ema_csv_file(tournament=tournament, provisional=provisional)

    @extend_schema(
        operation_id="tournament_export_ema_csv",
        summary=gettext_lazy("Download the EMA results (CSV)"),
        parameters=[PROVISIONAL],
        responses={(200, "text/csv"): CSV_FILE, **json_errors(400, 409), **ERRORS},
    )
    def get(self, request, slug):
        return super().get(request, slug)


class EmaXlsxApi(_EmaExportApi):
    """The EMA results as an Excel workbook: the columns and rows of ema.csv, numbers as
    numbers and every text as text; final results only, as ema.csv (`?provisional=true`: the
    first row says it is provisional). Staff roles and players."""

    def build(self, tournament, provisional: str) -> ExportFile:
        return ema_xlsx_file(tournament=tournament, provisional=provisional)

    @extend_schema(
        operation_id="tournament_export_ema_xlsx",
        summary=gettext_lazy("Download the EMA results (Excel)"),
        parameters=[PROVISIONAL],
        responses={(200, XLSX_TYPE): XLSX_FILE, **json_errors(400, 409), **ERRORS},
    )
    def get(self, request, slug):
        return super().get(request, slug)
