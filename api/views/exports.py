"""API: downloads of the standings and of every hand, as CSV or JSON files.

`GET /api/tournaments/{slug}/exports/standings.csv|.json` and `…/hands.csv|.json`: an
attachment named `<slug>-<what>-<date>.<csv|json>`. CSV is UTF-8 with a byte-order mark (Excel
shows names in any script) and a header row. Staff roles download everything; a player the
standings only, an umpire the hands of his own tables (tournaments.policies.may_export);
anyone else gets 403. While the director holds the standings back, only staff download them
(tournaments.policies.may_read_standings).
"""

from django.http import HttpResponse
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import renderers, serializers
from rest_framework.views import APIView

from api.common import error_responses, tournament_for
from tournaments import policies, roles
from tournaments.errors import TournamentError
from tournaments.models import Hand
from tournaments.selectors.exports import HANDS, STANDINGS, export_file


def json_errors(*statuses: int) -> dict:
    """The error responses, always JSON (a CSV endpoint's errors are not CSV)."""
    return {(code, "application/json"): r for code, r in error_responses(*statuses).items()}


ERRORS = json_errors(401, 403, 404)
LIVE = OpenApiParameter(
    "live",
    bool,
    description=gettext_lazy(
        "Also count score sheets not yet signed (their figures are provisional); by default "
        "only sheets signed by their umpire count (the official standings)."
    ),
)


def require_standings_readable(user, tournament) -> None:
    """Refuse (403) the whole standings to a login that may not read them yet
    (tournaments.policies.may_read_standings): the API's standings, standings.csv and .json,
    the EMA files."""
    roles.require(
        policies.may_read_standings(user, tournament),
        _(
            "The standings of this tournament are not published yet: the staff read them, "
            "and each player his own results on his page."
        ),
    )


class LiveQuery(serializers.Serializer):
    live = serializers.BooleanField(required=False, default=False)


class _ExportApi(APIView):
    what = ""
    fmt = ""
    renderer_classes = [renderers.JSONRenderer]  # errors; the file is sent as it is

    def perform_content_negotiation(self, request, force=False):
        # A client may ask for `Accept: text/csv`: the file is the answer, never a 406.
        return super().perform_content_negotiation(request, force=True)

    def get(self, request, slug):
        tournament = tournament_for(slug)
        if not policies.may_export(request.user, self.what):
            raise TournamentError(
                _("Your role does not allow downloading these records."), code="forbidden"
            )
        live = False
        if self.what == STANDINGS:
            require_standings_readable(request.user, tournament)
            parsed = LiveQuery(data=request.query_params)
            parsed.is_valid(raise_exception=True)
            live = parsed.validated_data["live"]
        file = export_file(
            tournament=tournament, what=self.what, fmt=self.fmt, live=live, user=request.user
        )
        return HttpResponse(
            file.content,
            content_type=file.content_type,
            headers={"Content-Disposition": f'attachment; filename="{file.name}"'},
        )


class _CsvExportApi(_ExportApi):
    fmt = "csv"


class _JsonExportApi(_ExportApi):
    fmt = "json"


# -- the JSON documents' schemas ---------------------------------------------------------------


class StandingsSessionExport(serializers.Serializer):
    session = serializers.IntegerField(help_text=gettext_lazy("session number"))
    table = serializers.IntegerField(help_text=gettext_lazy("table number"))
    position = serializers.CharField(help_text=gettext_lazy("seat (A-D)"))
    score = serializers.IntegerField(help_text=gettext_lazy("score of the session"))
    rank = serializers.IntegerField(help_text=gettext_lazy("place at the table, 1-4"))
    table_points = serializers.FloatField(help_text=gettext_lazy("table points (4, 2, 1, 0)"))
    provisional = serializers.BooleanField(help_text=gettext_lazy("the sheet is not yet signed"))
    forfeit = serializers.BooleanField(
        help_text=gettext_lazy("the player lost this session (rule 3.11.2)")
    )


class StandingsPlayerExport(serializers.Serializer):
    rank = serializers.IntegerField(
        allow_null=True,
        help_text=gettext_lazy(
            "place in the standings; null: no place (disqualified, or no session counted)"
        ),
    )
    status = serializers.CharField(
        help_text=gettext_lazy("active, withdrawn, loss_of_rank or disqualified")
    )
    number = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("player number (lot), null before the draw")
    )
    name = serializers.CharField(help_text=gettext_lazy("player's name"))
    team = serializers.CharField(help_text=gettext_lazy("team name, empty without a team"))
    table_points = serializers.FloatField(help_text=gettext_lazy("total table points"))
    contest_points = serializers.IntegerField(help_text=gettext_lazy("total score"))
    provisional = serializers.BooleanField(help_text=gettext_lazy("counts a sheet not yet signed"))
    sessions = StandingsSessionExport(many=True, help_text=gettext_lazy("per session"))


class StandingsTeamSessionExport(serializers.Serializer):
    session = serializers.IntegerField(help_text=gettext_lazy("session number"))
    table_points = serializers.FloatField(help_text=gettext_lazy("the members' table points"))
    contest_points = serializers.IntegerField(help_text=gettext_lazy("the members' scores"))


class StandingsTeamExport(serializers.Serializer):
    rank = serializers.IntegerField(help_text=gettext_lazy("place of the team"))
    name = serializers.CharField(help_text=gettext_lazy("team name"))
    members = serializers.ListField(
        child=serializers.CharField(), help_text=gettext_lazy("members' names")
    )
    table_points = serializers.FloatField(help_text=gettext_lazy("the members' table points"))
    contest_points = serializers.IntegerField(help_text=gettext_lazy("the members' scores"))
    sessions = StandingsTeamSessionExport(many=True, help_text=gettext_lazy("per session"))


class StandingsExport(serializers.Serializer):
    tournament = serializers.CharField(help_text=gettext_lazy("the tournament's slug"))
    live = serializers.BooleanField(help_text=gettext_lazy("unsigned sheets counted too"))
    sessions_counted = serializers.ListField(
        child=serializers.IntegerField(), help_text=gettext_lazy("session numbers counted")
    )
    provisional_sessions = serializers.ListField(
        child=serializers.IntegerField(),
        help_text=gettext_lazy("sessions counted with a sheet not yet signed"),
    )
    provisional = serializers.BooleanField(
        help_text=gettext_lazy(
            "a session counted has a sheet not yet signed: these standings may change"
        )
    )
    ranking = serializers.ListField(
        child=serializers.CharField(),
        help_text=gettext_lazy(
            "what decides the places, in order: table_points, contest_points (rule "
            "3.10.1), then the tournament's further tie-breaks (best_session, "
            "most_firsts); players equal on all of them share a place"
        ),
    )
    players = StandingsPlayerExport(many=True, help_text=gettext_lazy("ranked players"))
    teams = StandingsTeamExport(many=True, help_text=gettext_lazy("ranked teams"))


class HandPlayerExport(serializers.Serializer):
    position = serializers.CharField(help_text=gettext_lazy("seat (A-D)"))
    number = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("player number (lot)")
    )
    name = serializers.CharField(allow_blank=True, help_text=gettext_lazy("player's name"))


class HandPaymentExport(HandPlayerExport):
    points = serializers.IntegerField(help_text=gettext_lazy("what the seat won (+) or paid (-)"))


class HandFanExport(serializers.Serializer):
    name = serializers.CharField(help_text=gettext_lazy("fan name"))
    count = serializers.IntegerField(help_text=gettext_lazy("how many times it counts"))
    points = serializers.IntegerField(help_text=gettext_lazy("points of one occurrence"))


class HandExport(serializers.Serializer):
    tournament = serializers.CharField(help_text=gettext_lazy("the tournament's slug"))
    session = serializers.IntegerField(help_text=gettext_lazy("session number"))
    table = serializers.IntegerField(help_text=gettext_lazy("table number"))
    hand = serializers.IntegerField(help_text=gettext_lazy("hand number, 1-16"))
    prevalent_wind = serializers.CharField(help_text=gettext_lazy("prevalent wind (E, S, W, N)"))
    dealer = serializers.CharField(help_text=gettext_lazy("the dealer's seat (A-D)"))
    outcome = serializers.ChoiceField(
        choices=Hand.Outcome.values,
        help_text=gettext_lazy("win, draw (wall exhausted) or time (stopped by the time limit)"),
    )
    winner = HandPlayerExport(allow_null=True, help_text=gettext_lazy("null unless a win"))
    discarder = HandPlayerExport(
        allow_null=True, help_text=gettext_lazy("null when self-drawn or not a win")
    )
    self_drawn = serializers.BooleanField(help_text=gettext_lazy("the winner drew the tile"))
    points = serializers.IntegerField(help_text=gettext_lazy("points without flowers"))
    flowers = serializers.IntegerField(help_text=gettext_lazy("flowers"))
    total = serializers.IntegerField(help_text=gettext_lazy("points with flowers"))
    fans = HandFanExport(many=True, help_text=gettext_lazy("the fans scored"))
    payments = HandPaymentExport(many=True, help_text=gettext_lazy("per seat"))
    entered_by = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("username of who entered it")
    )
    entered_at = serializers.DateTimeField(help_text=gettext_lazy("when it was entered"))


class HandsExport(serializers.Serializer):
    tournament = serializers.CharField(help_text=gettext_lazy("the tournament's slug"))
    hands = HandExport(many=True, help_text=gettext_lazy("in session, table and hand order"))


CSV_FILE = OpenApiResponse(
    OpenApiTypes.STR,
    description=gettext_lazy(
        "A CSV file (UTF-8 with a byte-order mark, a header row) sent as an attachment."
    ),
)


class StandingsCsvApi(_CsvExportApi):
    """The standings as a CSV file: one row per ranked player, then his table points and score
    in each session counted. Staff roles and players."""

    what = STANDINGS

    @extend_schema(
        operation_id="tournament_export_standings_csv",
        summary=gettext_lazy("Download the standings (CSV)"),
        parameters=[LIVE],
        responses={(200, "text/csv"): CSV_FILE, **json_errors(400), **ERRORS},
    )
    def get(self, request, slug):
        return super().get(request, slug)


class StandingsJsonApi(_JsonExportApi):
    """The standings as a JSON file (the shape of `manage.py standings --json`, with the
    tournament's slug). Staff roles and players."""

    what = STANDINGS

    @extend_schema(
        operation_id="tournament_export_standings_json",
        summary=gettext_lazy("Download the standings (JSON)"),
        parameters=[LIVE],
        responses={200: StandingsExport, **json_errors(400), **ERRORS},
    )
    def get(self, request, slug):
        return super().get(request, slug)


class HandsCsvApi(_CsvExportApi):
    """Every hand as a CSV file: session, table, hand, winds, outcome, winner and discarder
    (seat, player number, name), points, flowers, the fans ("Name ×n (points); …"), each seat's
    player and payment, who entered it and when. Staff roles only."""

    what = HANDS

    @extend_schema(
        operation_id="tournament_export_hands_csv",
        summary=gettext_lazy("Download every hand (CSV)"),
        responses={(200, "text/csv"): CSV_FILE, **ERRORS},
    )
    def get(self, request, slug):
        return super().get(request, slug)


class HandsJsonApi(_JsonExportApi):
    """Every hand as a JSON file, with its fans and each seat's payment. Staff roles only."""

    what = HANDS

    @extend_schema(
        operation_id="tournament_export_hands_json",
        summary=gettext_lazy("Download every hand (JSON)"),
        responses={200: HandsExport, **ERRORS},
    )
    def get(self, request, slug):
        return super().get(request, slug)


PREFIX = "tournaments/<slug:slug>/exports/"
urlpatterns = [
    path(PREFIX + "standings.csv", StandingsCsvApi.as_view(), name="api-export-standings-csv"),
    path(PREFIX + "standings.json", StandingsJsonApi.as_view(), name="api-export-standings-json"),
    path(PREFIX + "hands.csv", HandsCsvApi.as_view(), name="api-export-hands-csv"),
    path(PREFIX + "hands.json", HandsJsonApi.as_view(), name="api-export-hands-json"),
]
