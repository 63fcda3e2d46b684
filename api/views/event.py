"""API: the event — tournaments, teams, players, lots, the seating job and the standings.

Writes call the services the admin calls, with `user=request.user`: the services check the
roles (registration, lots and seating are the organisers' and the chief umpire's). Where the
admin guards a write by its model permissions instead (creating and editing a tournament),
the view asks `tournaments.roles` for the same roles. Reads of the event (tournaments, teams,
players, standings) are open to every logged-in user: the public pages show them anyway.
"""

import django_filters
from django.db.models import Count, F
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import MAX_INTEGER, IntegerFilter, Pagination, error_responses, tournament_for
from api.views.exports import require_standings_readable
from api.views.seeding import CutOffDecisionSerializer
from tournaments import policies, roles
from tournaments.countries import country_code, country_problem, ema_id_problem
from tournaments.display import TOURNAMENT_RECORDS, TOURNAMENT_SETTINGS
from tournaments.models import Job, Player, Team, Tournament
from tournaments.models.tournament import TIE_BREAK_CHOICES
from tournaments.selectors.cut_off import cut_off_decisions_as_dicts
from tournaments.selectors.standings import standings_as_dict, standings_compute
from tournaments.services.jobs import job_start
from tournaments.services.lots import lots_draw
from tournaments.services.registration import player_create, team_create
from tournaments.services.seating import DEFAULT_TIME_LIMIT
from tournaments.services.tournament import tournament_save

# -- shared by the list endpoints (api/views/sessions.py uses them too) -----------------------

PAGE_PARAMETERS = [
    OpenApiParameter("page", int, description=gettext_lazy("Page number, from 1.")),
    OpenApiParameter(
        "page_size",
        int,
        description=gettext_lazy("Results per page (100 unless given; at most 1000)."),
    ),
]


def page_of(name: str, item) -> serializers.Serializer:
    """The schema of a paginated list of `item` (a serializer class), named `name`."""
    return inline_serializer(
        name=name,
        fields={
            "count": serializers.IntegerField(help_text=gettext_lazy("results in all pages")),
            "next": serializers.URLField(
                allow_null=True, help_text=gettext_lazy("the next page, or null")
            ),
            "previous": serializers.URLField(
                allow_null=True, help_text=gettext_lazy("the previous page, or null")
            ),
            "results": item(many=True),
        },
    )


def paginated(request, view, queryset, output, context: dict | None = None) -> Response:
    """One page of `queryset` serialized by `output`, as {count, next, previous, results}."""
    paginator = Pagination()
    page = paginator.paginate_queryset(queryset, request, view=view)
    return paginator.get_paginated_response(output(page, many=True, context=context or {}).data)


def filtered(filterset_class, request, queryset):
    """The queryset filtered by the query string; a bad filter value is a 400 naming it."""
    filterset = filterset_class(request.GET, queryset=queryset, request=request)
    if not filterset.is_valid():
        raise ValidationError(filterset.errors)
    return filterset.qs


def query(serializer_class, request) -> dict:
    """The query string parsed by a serializer (400 naming the parameter when malformed)."""
    serializer = serializer_class(data=request.query_params)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


# -- tournaments ---------------------------------------------------------------------------

TOURNAMENT_HELP = {
    "id": gettext_lazy("the tournament's id"),
    "name": gettext_lazy("the tournament's name"),
    "slug": gettext_lazy("its short name in addresses: /api/tournaments/{slug}/, /t/{slug}/"),
    "start_date": gettext_lazy("first day (YYYY-MM-DD), or null"),
    "end_date": gettext_lazy("last day (YYYY-MM-DD), or null"),
    "venue": gettext_lazy("where it is played"),
    "status": gettext_lazy("registration, seated (chart drawn), running or finished"),
    "format": gettext_lazy("round_robin, elimination or mixed (qualifying then a final stage)"),
    "sessions_planned": gettext_lazy(
        "number of sessions, at least six (rule 3.5.4), at most 99; fixed once the tournament "
        "is finished"
    ),
    "session_minutes": gettext_lazy("length of a session in minutes (150, rule 3.5.6)"),
    "entry_mode": gettext_lazy(
        "tiles: the tiles of every winning hand are entered; points: winner, discarder and "
        "points only"
    ),
    "hand_entry": gettext_lazy(
        "umpires (default), players (a player's entry counts once another player of the table "
        "confirms it; umpires settle disputes) or both"
    ),
    "qualifying_sessions": gettext_lazy(
        "elimination or mixed: sessions before the seeded final stage, or null"
    ),
    "finalists": gettext_lazy("players advancing to the final stage, or null"),
    "carry_over_points": gettext_lazy("points of the qualifying sessions carry into the final"),
    "tie_rule": gettext_lazy(
        "equal table scores: share the table points of their places, or all take the highest"
    ),
    "tie_breaks": gettext_lazy(
        "further tie-breaks in order after table and contest points, chosen from best_session "
        "and most_firsts; none for a new tournament: players still equal share their place "
        "(rule 3.10.1)"
    ),
    "forfeit_contest_points": gettext_lazy(
        "contest points a player scores for a lost session (rule 3.11.2); its table points are 0"
    ),
    "team_counts_disqualified": gettext_lazy(
        "a disqualified player's points still count for his team (rule 3.11.5); false: his "
        "team's totals leave him out"
    ),
    "oath_required": gettext_lazy(
        "lots are drawn only for players who took the Player's Oath (Appendix 2), unless the "
        "organiser confirms drawing without it; true for a new tournament"
    ),
    "appeal_fee": gettext_lazy("fee deposited with an appeal (rule 3.12)"),
    "appeal_currency": gettext_lazy("currency of the appeal fee (ISO 4217)"),
    "standings_public": gettext_lazy(
        "the standings are published (true for a new tournament); false: the staff's until "
        "the director publishes them: the public pages show none, nor the sessions' scores "
        "and table points; the API's standings and their downloads answer 403 to other "
        "logins; each player reads his own figures on his own page"
    ),
    "lots_seed": gettext_lazy("seed of the drawing of lots (re-run the draw with it)"),
    "seating_seed": gettext_lazy("seed of the seating chart"),
    "created_at": gettext_lazy("when the tournament was created"),
}


class TournamentOutput(serializers.ModelSerializer):
    tie_breaks = serializers.ListField(
        child=serializers.ChoiceField(choices=list(TIE_BREAK_CHOICES)),
        help_text=TOURNAMENT_HELP["tie_breaks"],
    )

    class Meta:
        model = Tournament
        fields = ["id", *TOURNAMENT_SETTINGS, *TOURNAMENT_RECORDS]
        read_only_fields = fields
        extra_kwargs = {name: {"help_text": text} for name, text in TOURNAMENT_HELP.items()}


class TournamentInput(serializers.ModelSerializer):
    """The settings as the admin's tournament form has them (types, choices and ranges from
    the model); `tournament_save` checks what may change once play started."""

    tie_breaks = serializers.ListField(
        child=serializers.ChoiceField(choices=list(TIE_BREAK_CHOICES)),
        required=False,
        help_text=TOURNAMENT_HELP["tie_breaks"],
    )

    class Meta:
        model = Tournament
        fields = list(TOURNAMENT_SETTINGS)
        extra_kwargs = {name: {"help_text": TOURNAMENT_HELP[name]} for name in TOURNAMENT_SETTINGS}


class TournamentFilter(django_filters.FilterSet):
    status = django_filters.ChoiceFilter(choices=Tournament.Status.choices)

    class Meta:
        model = Tournament
        fields = ["status"]


def require_organiser(user, message: str) -> None:
    """The roles the admin lets add and change tournaments (organisers, the chief umpire)."""
    roles.require(policies.may_organise(user), message)


class TournamentListApi(APIView):
    """The tournaments (any logged-in user), and a new tournament (organiser, chief umpire)."""

    @extend_schema(
        operation_id="tournaments_list",
        summary="List tournaments",
        parameters=[
            OpenApiParameter(
                "status",
                str,
                enum=list(Tournament.Status.values),
                description=gettext_lazy("Only the tournaments in this status."),
            ),
            *PAGE_PARAMETERS,
        ],
        responses={
            200: page_of("TournamentPage", TournamentOutput),
            **error_responses(400, 401, 404),
        },
    )
    def get(self, request):
        """Every tournament, newest first; filter by `status`."""
        tournaments = filtered(TournamentFilter, request, Tournament.objects.all())
        return paginated(request, self, tournaments, TournamentOutput)

    @extend_schema(
        operation_id="tournaments_create",
        summary="Create a tournament",
        request=TournamentInput,
        responses={201: TournamentOutput, **error_responses(400, 401, 403)},
    )
    def post(self, request):
        """A new tournament needs only `name` and `slug`; every other setting has its default.
        Organisers and the chief umpire create tournaments."""
        require_organiser(request.user, _("Only an organiser creates tournaments."))
        serializer = TournamentInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        tournament = tournament_save(
            tournament=Tournament(**serializer.validated_data), user=request.user
        )
        return Response(TournamentOutput(tournament).data, status=status.HTTP_201_CREATED)


class TournamentDetailApi(APIView):
    """One tournament's settings and status; organisers and the chief umpire change them."""

    @extend_schema(
        operation_id="tournaments_retrieve",
        summary="Read a tournament",
        responses={200: TournamentOutput, **error_responses(401, 404)},
    )
    def get(self, request, slug):
        """The tournament's settings and status."""
        return Response(TournamentOutput(tournament_for(slug)).data)

    @extend_schema(
        operation_id="tournaments_partial_update",
        summary="Change a tournament's settings",
        request=TournamentInput(partial=True),
        responses={200: TournamentOutput, **error_responses(400, 401, 403, 404, 409)},
    )
    def patch(self, request, slug):
        """Change the settings given (the others stay). Once a sheet is signed, the settings
        that decide results and the ranking (tie_rule, tie_breaks, carry_over_points,
        qualifying_sessions, finalists, forfeit_contest_points, team_counts_disqualified) no
        longer change; a changed tie rule or forfeit_contest_points recomputes every session
        result; only the chief umpire reopens a finished tournament. A finished tournament
        keeps its sessions_planned and hand_entry (409) unless the same request reopens it."""
        tournament = tournament_for(slug)
        require_organiser(request.user, _("Only an organiser changes a tournament's settings."))
        serializer = TournamentInput(tournament, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        changed = []
        for name, value in serializer.validated_data.items():
            if getattr(tournament, name) != value:
                setattr(tournament, name, value)
                changed.append(name)
        tournament = tournament_save(tournament=tournament, changed=changed, user=request.user)
        return Response(TournamentOutput(tournament).data)


# -- teams -------------------------------------------------------------------------------


class TeamListApi(APIView):
    """A tournament's teams (any logged-in user); organisers register new ones."""

    class OutputSerializer(serializers.ModelSerializer):
        members = serializers.IntegerField(
            source="member_count", help_text=gettext_lazy("number of registered members")
        )

        class Meta:
            model = Team
            ref_name = "TeamOutput"
            fields = ["id", "name", "country", "captain", "members"]
            read_only_fields = fields
            extra_kwargs = {
                "id": {"help_text": gettext_lazy("the team's id (give it as a player's team)")},
                "name": {"help_text": gettext_lazy("the team's name, unique in the tournament")},
                "country": {"help_text": gettext_lazy("the team's country or club")},
                "captain": {"help_text": gettext_lazy("the captain's player id, or null")},
            }

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "TeamInput"

        name = serializers.CharField(
            trim_whitespace=False, help_text=gettext_lazy("the team's name, unique (any case)")
        )
        country = serializers.CharField(
            required=False,
            allow_blank=True,
            trim_whitespace=False,
            default="",
            help_text=gettext_lazy("country or club"),
        )

    @extend_schema(
        operation_id="teams_list",
        summary="List a tournament's teams",
        parameters=PAGE_PARAMETERS,
        responses={
            200: page_of("TeamPage", OutputSerializer),
            **error_responses(400, 401, 404),
        },
    )
    def get(self, request, slug):
        """The tournament's teams by name, with their number of members."""
        tournament = tournament_for(slug)
        teams = tournament.teams.annotate(member_count=Count("members")).order_by("name", "pk")
        return paginated(request, self, teams, self.OutputSerializer)

    @extend_schema(
        operation_id="teams_create",
        summary="Register a team",
        request=InputSerializer,
        responses={201: OutputSerializer, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request, slug):
        """Register a team (organiser, chief umpire); a name used by another team of the
        tournament, in any case, is refused; a finished tournament takes no team (409)."""
        tournament = tournament_for(slug)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        team = team_create(tournament=tournament, user=request.user, **serializer.validated_data)
        team.member_count = 0
        return Response(self.OutputSerializer(team).data, status=status.HTTP_201_CREATED)


# -- players -----------------------------------------------------------------------------


class PlayerOutput(serializers.ModelSerializer):
    number = serializers.IntegerField(
        source="lot_number",
        allow_null=True,
        help_text=gettext_lazy("player number drawn by lot (rule 3.5.1), null before the draw"),
    )
    team_name = serializers.CharField(
        source="team.name",
        allow_null=True,
        default=None,
        help_text=gettext_lazy("the team's name, or null"),
    )
    country = serializers.CharField(
        source="country.code",
        help_text=gettext_lazy("ISO 3166-1 alpha-2 code of his country, or empty"),
    )

    class Meta:
        model = Player
        fields = [
            "id",
            "number",
            "registration_number",
            "name",
            "native_name",
            "country",
            "ema_id",
            "club",
            "team",
            "team_name",
            "status",
            "oath_accepted_at",
            "lot_drawn_by",
        ]
        read_only_fields = fields
        extra_kwargs = {
            "id": {"help_text": gettext_lazy("the player's id in the API")},
            "registration_number": {
                "help_text": gettext_lazy("order of registration (1, 2, …), fixed")
            },
            "name": {"help_text": gettext_lazy("name in Latin letters")},
            "native_name": {"help_text": gettext_lazy("name in the native script")},
            "ema_id": {"help_text": gettext_lazy("EMA number (8 digits), or empty")},
            "club": {"help_text": gettext_lazy("club")},
            "team": {"help_text": gettext_lazy("the team's id, or null")},
            "status": {
                "help_text": gettext_lazy(
                    "active, withdrawn, substitute (fills seats, not ranked) or disqualified"
                )
            },
            "oath_accepted_at": {
                "help_text": gettext_lazy("when he accepted the Player's Oath, or null")
            },
            "lot_drawn_by": {
                "help_text": gettext_lazy("who drew the lot for him when absent (empty: himself)")
            },
        }


class PlayerFilter(django_filters.FilterSet):
    team = IntegerFilter(field_name="team_id")
    status = django_filters.ChoiceFilter(choices=Player.Status.choices)

    class Meta:
        model = Player
        fields = ["team", "status"]


class PlayerListApi(APIView):
    """A tournament's players (any logged-in user); organisers register new ones."""

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "PlayerInput"

        name = serializers.CharField(
            trim_whitespace=False, help_text=gettext_lazy("name in Latin letters (required)")
        )
        native_name = serializers.CharField(
            required=False,
            allow_blank=True,
            trim_whitespace=False,
            default="",
            help_text=gettext_lazy("name in the native script"),
        )
        country = serializers.CharField(
            required=False,
            allow_blank=True,
            default="",
            help_text=gettext_lazy(
                "his country: an ISO 3166-1 alpha-2 code (ES), or its name in English"
            ),
        )
        ema_id = serializers.CharField(
            required=False,
            allow_blank=True,
            default="",
            help_text=gettext_lazy("his EMA number: 8 digits, or empty"),
        )
        club = serializers.CharField(
            required=False,
            allow_blank=True,
            trim_whitespace=False,
            default="",
            help_text=gettext_lazy("club"),
        )
        team = serializers.PrimaryKeyRelatedField(
            queryset=Team.objects.all(),
            required=False,
            allow_null=True,
            default=None,
            help_text=gettext_lazy(
                "the id of his team in this tournament (GET …/teams/), or null for none"
            ),
        )
        status = serializers.ChoiceField(
            choices=[Player.Status.ACTIVE, Player.Status.SUBSTITUTE],
            required=False,
            default=Player.Status.ACTIVE,
            help_text=gettext_lazy(
                "active (default) or substitute: a substitute fills seats and is not ranked"
            ),
        )

        def validate_country(self, value: str) -> str:
            problem = country_problem(value)
            if problem:
                raise serializers.ValidationError(problem)
            return country_code(value)

        def validate_ema_id(self, value: str) -> str:
            problem = ema_id_problem(value)
            if problem:
                raise serializers.ValidationError(problem)
            return value

    @extend_schema(
        operation_id="players_list",
        summary="List a tournament's players",
        parameters=[
            OpenApiParameter("team", int, description=gettext_lazy("Only this team's members.")),
            OpenApiParameter(
                "status",
                str,
                enum=list(Player.Status.values),
                description=gettext_lazy("Only the players in this status."),
            ),
            *PAGE_PARAMETERS,
        ],
        responses={200: page_of("PlayerPage", PlayerOutput), **error_responses(400, 401, 404)},
    )
    def get(self, request, slug):
        """The players by player number (those without one yet last, by registration)."""
        tournament = tournament_for(slug)
        players = filtered(
            PlayerFilter, request, tournament.players.select_related("team")
        ).order_by(F("lot_number").asc(nulls_last=True), "registration_number")
        return paginated(request, self, players, PlayerOutput)

    @extend_schema(
        operation_id="players_create",
        summary="Register a player",
        request=InputSerializer,
        responses={201: PlayerOutput, **error_responses(400, 401, 403, 404)},
    )
    def post(self, request, slug):
        """Register a player (organiser, chief umpire): he gets the next registration number;
        his player number comes from the drawing of lots. Closed once the tournament is
        finished."""
        tournament = tournament_for(slug)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        player = player_create(
            tournament=tournament, user=request.user, **serializer.validated_data
        )
        return Response(PlayerOutput(player).data, status=status.HTTP_201_CREATED)


# -- lots and seating --------------------------------------------------------------------


class LotsApi(APIView):
    """Draw lots for the player numbers (rule 3.5.1): organisers and the chief umpire."""

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "LotsInput"

        seed = serializers.CharField(
            required=False,
            allow_blank=True,
            max_length=64,
            default="",
            help_text=gettext_lazy("the draw's seed; empty: a fresh random seed (recorded)"),
        )
        drawn_by = serializers.ListField(
            child=inline_serializer(
                name="LotsDrawnBy",
                fields={
                    "registration_number": serializers.IntegerField(
                        help_text=gettext_lazy("registration number of the absent player")
                    ),
                    "name": serializers.CharField(
                        help_text=gettext_lazy("who the organising committee named to draw")
                    ),
                },
            ),
            required=False,
            default=list,
            help_text=gettext_lazy("players absent at the draw and who drew for each (rule 3.5.1)"),
        )
        without_oath = serializers.BooleanField(
            required=False,
            default=False,
            help_text=gettext_lazy(
                "the organiser confirms drawing although players have not taken the Player's "
                "Oath the tournament requires (Appendix 2); noted in the history"
            ),
        )

        def validate_drawn_by(self, value):
            numbers = [entry["registration_number"] for entry in value]
            twice = sorted({n for n in numbers if numbers.count(n) > 1})
            if twice:
                raise ValidationError(_("Player %(n)s is named twice.") % {"n": twice[0]})
            return value

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "LotsOutput"

        seed = serializers.CharField(help_text=gettext_lazy("the seed of the draw: print it"))
        players = PlayerOutput(
            many=True, help_text=gettext_lazy("every player, by the number drawn")
        )

    @extend_schema(
        operation_id="lots_draw",
        summary="Draw lots for the player numbers",
        request=InputSerializer,
        responses={200: OutputSerializer, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request, slug):
        """Every active player gets a number 1..N from a recorded seed, so anyone can re-run
        the draw. Refused once the seating chart exists, and with fewer than four players.
        Where the tournament requires the Player's Oath (`oath_required`, Appendix 2) and
        active players have not taken it, refused with 409 naming them (field
        `without_oath`), unless `without_oath` is true: the organiser's confirmation, noted in
        the history of the tournament and of those players."""
        tournament = tournament_for(slug)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        seed = lots_draw(
            tournament=tournament,
            seed=data["seed"],
            drawn_by={e["registration_number"]: e["name"] for e in data["drawn_by"]},
            without_oath=data["without_oath"],
            user=request.user,
        )
        players = tournament.players.select_related("team").order_by(
            F("lot_number").asc(nulls_last=True), "registration_number"
        )
        return Response(self.OutputSerializer({"seed": seed, "players": players}).data)


def job_url(job: Job) -> str:
    return f"/api/jobs/{job.pk}/"


class SeatingApi(APIView):
    """Start the seating job (organisers, the chief umpire): the chart is searched in the
    background; follow the job at its `url`."""

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "SeatingInput"

        seed = serializers.CharField(
            required=False,
            allow_blank=True,
            max_length=64,
            default="",
            help_text=gettext_lazy("the chart's seed; empty: a fresh random seed (recorded)"),
        )
        time_limit = serializers.FloatField(
            required=False,
            default=DEFAULT_TIME_LIMIT,
            help_text=gettext_lazy("seconds the engine searches for a better chart (0.5 to 300)"),
        )
        from_session = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            help_text=gettext_lazy(
                "re-seat from this session on (after a withdrawal or a substitution); "
                "absent: draw the whole chart"
            ),
        )
        without_oath = serializers.BooleanField(
            required=False,
            default=False,
            help_text=gettext_lazy(
                "the organiser confirms seating players for the first time although they have "
                "not taken the Player's Oath the tournament requires (Appendix 2); noted in "
                "their history"
            ),
        )

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "SeatingOutput"

        job = serializers.IntegerField(help_text=gettext_lazy("the job's id"))
        status = serializers.ChoiceField(
            choices=Job.Status.choices, help_text=gettext_lazy("queued, running, done or failed")
        )
        url = serializers.CharField(help_text=gettext_lazy("where to follow the job (GET)"))

    @extend_schema(
        operation_id="seating_start",
        summary="Start the seating chart job",
        request=InputSerializer,
        responses={202: OutputSerializer, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request, slug):
        """Queue the search for the table-rotation chart (Appendix 3); answers at once with the
        job. Refused before lots are drawn and once hands are recorded. Where the tournament
        requires the Player's Oath (Appendix 2) and players would take their first seat
        without it (the whole chart; on a re-seat, players registered after the draw and
        substitutes), refused with 409 naming them (field `without_oath`), unless
        `without_oath` is true. A re-seat keeps the umpire rota with the table numbers: the
        job's message lists what could not stay."""
        tournament = tournament_for(slug)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        params = {"seed": data["seed"], "time_limit": data["time_limit"]}
        if data["from_session"] is not None:
            params["from_session"] = data["from_session"]
        if data["without_oath"]:
            params["without_oath"] = True
        job = job_start(
            kind=Job.Kind.SEATING, tournament=tournament, params=params, user=request.user
        )
        output = {"job": job.pk, "status": job.status, "url": job_url(job)}
        return Response(
            self.OutputSerializer(output).data,
            status=status.HTTP_202_ACCEPTED,
            headers={"Location": job_url(job)},
        )


# -- standings ---------------------------------------------------------------------------

_POINTS = gettext_lazy("table points (4, 2, 1, 0 by place; shared places share them)")

StandingsSession = inline_serializer(
    name="StandingsSession",
    fields={
        "session": serializers.IntegerField(help_text=gettext_lazy("session number")),
        "table": serializers.IntegerField(help_text=gettext_lazy("table number")),
        "position": serializers.CharField(help_text=gettext_lazy("seat, A to D")),
        "score": serializers.IntegerField(help_text=gettext_lazy("contest points of the session")),
        "rank": serializers.IntegerField(help_text=gettext_lazy("place at the table, 1 to 4")),
        "table_points": serializers.FloatField(help_text=_POINTS),
        "provisional": serializers.BooleanField(
            help_text=gettext_lazy("the sheet is not yet signed: the figures may change")
        ),
        "forfeit": serializers.BooleanField(
            help_text=gettext_lazy(
                "the player lost this session (rule 3.11.2): 0 table points and the "
                "tournament's fixed contest points"
            )
        ),
    },
)
StandingsPlayer = inline_serializer(
    name="StandingsPlayer",
    fields={
        "rank": serializers.IntegerField(
            allow_null=True,
            help_text=gettext_lazy(
                "place; equal places share it; null: no place (a disqualified player, rule "
                "3.11.5, or one with no session counted, listed before the disqualified)"
            ),
        ),
        "status": serializers.CharField(
            help_text=gettext_lazy(
                "active, withdrawn, loss_of_rank (ranked after every player without that "
                "sanction) or disqualified (not ranked, listed last)"
            )
        ),
        "number": serializers.IntegerField(
            allow_null=True, help_text=gettext_lazy("player number")
        ),
        "name": serializers.CharField(help_text=gettext_lazy("player's name")),
        "team": serializers.CharField(help_text=gettext_lazy("team's name, or empty")),
        "table_points": serializers.FloatField(help_text=_POINTS),
        "contest_points": serializers.IntegerField(help_text=gettext_lazy("sum of the scores")),
        "provisional": serializers.BooleanField(
            help_text=gettext_lazy("counts a sheet not yet signed: the figures may change")
        ),
        "sessions": serializers.ListField(
            child=StandingsSession, help_text=gettext_lazy("each session counted")
        ),
    },
)
StandingsTeam = inline_serializer(
    name="StandingsTeam",
    fields={
        "rank": serializers.IntegerField(help_text=gettext_lazy("place; equal places share it")),
        "name": serializers.CharField(help_text=gettext_lazy("team's name")),
        "members": serializers.ListField(
            child=serializers.CharField(), help_text=gettext_lazy("members' names")
        ),
        "table_points": serializers.FloatField(help_text=_POINTS),
        "contest_points": serializers.IntegerField(help_text=gettext_lazy("sum of the scores")),
        "sessions": serializers.ListField(
            child=inline_serializer(
                name="StandingsTeamSession",
                fields={
                    "session": serializers.IntegerField(help_text=gettext_lazy("session number")),
                    "table_points": serializers.FloatField(help_text=_POINTS),
                    "contest_points": serializers.IntegerField(
                        help_text=gettext_lazy("the members' scores")
                    ),
                },
            ),
            help_text=gettext_lazy("each session counted"),
        ),
    },
)


class StandingsApi(APIView):
    """The standings (rule 3.10, Appendix 7) as `manage.py standings --json` gives them."""

    class QuerySerializer(serializers.Serializer):
        class Meta:
            ref_name = "StandingsQuery"

        live = serializers.BooleanField(
            required=False,
            default=False,
            help_text=gettext_lazy("also count sheets not yet signed (provisional)"),
        )
        through_session = serializers.IntegerField(
            required=False,
            min_value=1,
            max_value=MAX_INTEGER,
            default=None,
            help_text=gettext_lazy("count sessions up to this number only"),
        )

    OutputSerializer = inline_serializer(
        name="StandingsOutput",
        fields={
            "live": serializers.BooleanField(
                help_text=gettext_lazy("counts unsigned sheets too (asked with ?live=true)")
            ),
            "sessions_counted": serializers.ListField(
                child=serializers.IntegerField(),
                help_text=gettext_lazy("numbers of the sessions counted"),
            ),
            "provisional_sessions": serializers.ListField(
                child=serializers.IntegerField(),
                help_text=gettext_lazy("sessions counted with a sheet not yet signed"),
            ),
            "provisional": serializers.BooleanField(
                help_text=gettext_lazy(
                    "a session counted has a sheet not yet signed: these standings may change"
                )
            ),
            "ranking": serializers.ListField(
                child=serializers.CharField(),
                help_text=gettext_lazy(
                    "what decides the places, in order: table_points, contest_points (rule "
                    "3.10.1), then the tournament's further tie-breaks (best_session, "
                    "most_firsts); players equal on all of them share a place"
                ),
            ),
            "players": serializers.ListField(
                child=StandingsPlayer,
                help_text=gettext_lazy(
                    "players in order (not substitutes); those with no place last (no session "
                    "counted, then the disqualified), with a null rank"
                ),
            ),
            "teams": serializers.ListField(
                child=StandingsTeam, help_text=gettext_lazy("ranked teams")
            ),
            "cut_off_decisions": serializers.ListField(
                child=CutOffDecisionSerializer(),
                help_text=gettext_lazy(
                    "how each tie at a final's cut-off was decided (rule 3.10.1): a lot or a "
                    "play-off"
                ),
            ),
        },
    )

    @extend_schema(
        operation_id="standings_retrieve",
        summary="Read the standings",
        parameters=[QuerySerializer],
        responses={200: OutputSerializer, **error_responses(400, 401, 403, 404)},
    )
    def get(self, request, slug):
        """Official standings count sheets signed by their umpire only (Appendix 5);
        `?live=true` counts the others too (marked provisional); `?through_session=n` stops at
        session n. Any logged-in user once they are published; while the director holds them
        back, the staff only (403 for others)."""
        tournament = tournament_for(slug)
        require_standings_readable(request.user, tournament)
        options = query(self.QuerySerializer, request)
        standings = standings_compute(
            tournament=tournament,
            through_session=options["through_session"],
            live=options["live"],
        )
        data = standings_as_dict(standings)
        data["cut_off_decisions"] = cut_off_decisions_as_dicts(tournament=tournament)
        return Response(data)


urlpatterns = [
    path("tournaments/", TournamentListApi.as_view(), name="api-tournaments"),
    path("tournaments/<slug:slug>/", TournamentDetailApi.as_view(), name="api-tournament"),
    path("tournaments/<slug:slug>/teams/", TeamListApi.as_view(), name="api-teams"),
    path("tournaments/<slug:slug>/players/", PlayerListApi.as_view(), name="api-players"),
    path("tournaments/<slug:slug>/lots/", LotsApi.as_view(), name="api-lots"),
    path("tournaments/<slug:slug>/seating/", SeatingApi.as_view(), name="api-seating"),
    path("tournaments/<slug:slug>/standings/", StandingsApi.as_view(), name="api-standings"),
]

__all__ = ["PAGE_PARAMETERS", "filtered", "page_of", "paginated", "query", "urlpatterns"]
