"""API: seeding the final stage (elimination and mixed formats) and a tie at its cut-off
(rule 3.10.1): seed the next final session from the official standings, read the tie at the
cut-off and the decisions recorded, record a decision (a lot drawn from a printed seed, or a
play-off's result). Organisers and the chief umpire, through
`tournaments.services.seating.seating_seed_final_session` and `tournaments.services.cut_off`."""

from django.urls import path
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import error_responses, tournament_for
from tournaments import policies, roles
from tournaments.models import CutOffDecision
from tournaments.selectors.cut_off import (
    CutOffTie,
    cut_off_decision_dict,
    cut_off_decision_line,
    cut_off_decision_of,
    cut_off_decisions_as_dicts,
    cut_off_tie,
    tie_points,
)
from tournaments.services.cut_off import cut_off_decide_by_lot, cut_off_decide_by_play_off
from tournaments.services.seating import seating_seed_final_session

REFUSED = gettext_lazy("Only an organiser seeds the final stage and records how a tie is decided.")
FINALISTS_HELP = gettext_lazy(
    "how many players advance (a multiple of four); absent: the tournament's setting"
)


class CutOffPlayerSerializer(serializers.Serializer):
    class Meta:
        ref_name = "CutOffPlayer"

    number = serializers.IntegerField(help_text=gettext_lazy("player number"))
    name = serializers.CharField(help_text=gettext_lazy("player's name"))


class CutOffTieSerializer(serializers.Serializer):
    class Meta:
        ref_name = "CutOffTie"

    session = serializers.IntegerField(help_text=gettext_lazy("the final session to seed"))
    finalists = serializers.IntegerField(help_text=gettext_lazy("players advancing"))
    first_place = serializers.IntegerField(help_text=gettext_lazy("first place tied"))
    last_place = serializers.IntegerField(help_text=gettext_lazy("last place tied"))
    advancing = serializers.IntegerField(
        help_text=gettext_lazy("how many of the tied players advance")
    )
    table_points = serializers.FloatField(help_text=gettext_lazy("their table points"))
    contest_points = serializers.IntegerField(help_text=gettext_lazy("their contest points"))
    players = CutOffPlayerSerializer(many=True, help_text=gettext_lazy("the tied players"))


class CutOffDecisionSerializer(serializers.Serializer):
    """A recorded decision (`tournaments.selectors.cut_off.cut_off_decision_dict`)."""

    class Meta:
        ref_name = "CutOffDecision"

    session = serializers.IntegerField(help_text=gettext_lazy("the final session seeded"))
    finalists = serializers.IntegerField(help_text=gettext_lazy("players advancing"))
    first_place = serializers.IntegerField(help_text=gettext_lazy("first place tied"))
    last_place = serializers.IntegerField(help_text=gettext_lazy("last place tied"))
    method = serializers.ChoiceField(
        choices=CutOffDecision.Method.choices,
        help_text=gettext_lazy("lot (drawn from a printed seed) or play_off"),
    )
    seed = serializers.CharField(help_text=gettext_lazy("the lot's seed; empty: a play-off"))
    verify = serializers.CharField(
        help_text=gettext_lazy("the command that re-runs the lot; empty: a play-off")
    )
    result = serializers.CharField(
        help_text=gettext_lazy("the play-off's result as recorded; empty: a lot")
    )
    order = CutOffPlayerSerializer(
        many=True,
        help_text=gettext_lazy("the tied players in the order decided, the highest first"),
    )
    advancing = serializers.ListField(
        child=serializers.IntegerField(),
        help_text=gettext_lazy("the numbers of those of them who advance"),
    )
    decided_by = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("who recorded it (username)")
    )
    decided_at = serializers.DateTimeField(help_text=gettext_lazy("when it was recorded"))
    text = serializers.CharField(help_text=gettext_lazy("the decision in words"))


def _player(p) -> dict:
    return {"number": p.number, "name": p.name}


def tie_output(tie: CutOffTie | None) -> dict | None:
    if tie is None:
        return None
    return {
        "session": tie.session,
        "finalists": tie.finalists,
        "first_place": tie.first_place,
        "last_place": tie.last_place,
        "advancing": tie.advancing,
        "table_points": tie_points(tie),
        "contest_points": tie.contest_points,
        "players": [_player(p) for p in tie.players],
    }


def _finalists_field():
    return serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=4,
        max_value=32767,
        help_text=FINALISTS_HELP,
    )


class SeedFinalSessionApi(APIView):
    """Seed the next session of the final stage from the official standings."""

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "SeedFinalSessionInput"

        method = serializers.ChoiceField(
            choices=[("straight", "straight"), ("snake", "snake")],
            default="straight",
            help_text=gettext_lazy(
                "straight: the top four at table 1, the next four at table 2…; snake: the "
                "players spread over the tables in bands"
            ),
        )
        finalists = _finalists_field()
        without_oath = serializers.BooleanField(
            required=False,
            default=False,
            help_text=gettext_lazy(
                "the organiser confirms seating players for the first time although they have "
                "not taken the Player's Oath the tournament requires (Appendix 2)"
            ),
        )

    OutputSerializer = inline_serializer(
        name="SeedFinalSessionOutput",
        fields={
            "session": serializers.IntegerField(help_text=gettext_lazy("the session added")),
            "tables": serializers.ListField(
                child=serializers.ListField(child=serializers.IntegerField()),
                help_text=gettext_lazy("each table's player numbers, seats A to D"),
            ),
        },
    )

    @extend_schema(
        operation_id="final_session_seed",
        summary="Seed the next final session",
        request=InputSerializer,
        responses={201: OutputSerializer, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request, slug):
        """Adds the next session of the final stage, seated by the official standings (every
        sheet before it signed). Players sharing a place across the cut-off (rule 3.10.1) are
        never told apart by their number: refused with 409 (field `cut_off`) naming them and
        their places until a decision is recorded (POST …/cut-off/decisions/). A first seat
        without the Player's Oath is refused with 409 (field `without_oath`) unless
        `without_oath` is true."""
        tournament = tournament_for(slug)
        roles.require(policies.may_organise(request.user), str(REFUSED))
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        session = seating_seed_final_session(
            tournament=tournament, user=request.user, **serializer.validated_data
        )
        tables = [
            [seat.player.lot_number for seat in sheet.seats.select_related("player")]
            for sheet in session.table_sessions.order_by("table__number")
        ]
        return Response(
            {"session": session.number, "tables": tables}, status=status.HTTP_201_CREATED
        )


class CutOffApi(APIView):
    """The tie at the cut-off of the next final session, and the decisions recorded."""

    class QuerySerializer(serializers.Serializer):
        class Meta:
            ref_name = "CutOffQuery"

        finalists = _finalists_field()

    OutputSerializer = inline_serializer(
        name="CutOffOutput",
        fields={
            "tie": CutOffTieSerializer(
                allow_null=True,
                help_text=gettext_lazy(
                    "the players sharing a place across the cut-off of the next final session "
                    "in the official standings, or null"
                ),
            ),
            "decided": serializers.BooleanField(
                help_text=gettext_lazy("a decision of that tie is recorded")
            ),
            "decisions": serializers.ListField(
                child=CutOffDecisionSerializer(), help_text=gettext_lazy("every decision recorded")
            ),
        },
    )

    @extend_schema(
        operation_id="cut_off_retrieve",
        summary="Read the tie at the final's cut-off",
        parameters=[QuerySerializer],
        responses={200: OutputSerializer, **error_responses(400, 401, 403, 404)},
    )
    def get(self, request, slug):
        """The tie the next seeding would refuse (null: none) and every decision recorded."""
        tournament = tournament_for(slug)
        roles.require(policies.may_organise(request.user), str(REFUSED))
        query = self.QuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        tie = cut_off_tie(tournament=tournament, finalists=query.validated_data["finalists"])
        decided = tie is not None and cut_off_decision_of(tournament, tie) is not None
        return Response(
            {
                "tie": tie_output(tie),
                "decided": decided,
                "decisions": cut_off_decisions_as_dicts(tournament=tournament),
            }
        )


class CutOffDecisionApi(APIView):
    """Record how the tie at the cut-off of the next final session is decided."""

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "CutOffDecisionInput"

        method = serializers.ChoiceField(
            choices=CutOffDecision.Method.choices,
            help_text=gettext_lazy(
                "lot: drawn now from `seed` (empty: a fresh one, recorded); play_off: its "
                "`result` and `order`"
            ),
        )
        seed = serializers.CharField(
            required=False,
            allow_blank=True,
            default="",
            max_length=64,
            help_text=gettext_lazy("the lot's seed, to print; empty: a fresh random seed"),
        )
        result = serializers.CharField(
            required=False,
            allow_blank=True,
            default="",
            max_length=2000,
            help_text=gettext_lazy("the play-off's result, as it will be shown"),
        )
        order = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=32767),
            required=False,
            default=list,
            max_length=1000,
            help_text=gettext_lazy(
                "the tied players' numbers in the order the play-off placed them"
            ),
        )
        finalists = _finalists_field()

    @extend_schema(
        operation_id="cut_off_decide",
        summary="Record how a tie at the final's cut-off is decided",
        request=InputSerializer,
        responses={201: CutOffDecisionSerializer, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request, slug):
        """A lot drawn from a printed seed (`python -m seating lot --seed SEED NUMBERS…`
        re-runs it) or a play-off's result: the tied players in that order, the seeding then
        follows it. Refused (409) when there is no tie across the cut-off, or when it is
        already decided; a play-off's `order` that is not the tied players each once (400)."""
        tournament = tournament_for(slug)
        roles.require(policies.may_organise(request.user), str(REFUSED))
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        common = {"tournament": tournament, "finalists": data["finalists"], "user": request.user}
        if data["method"] == CutOffDecision.Method.LOT:
            decision = cut_off_decide_by_lot(seed=data["seed"], **common)
        else:
            decision = cut_off_decide_by_play_off(
                order=data["order"], result=data["result"], **common
            )
        line = cut_off_decision_line(decision=decision)
        return Response(cut_off_decision_dict(line), status=status.HTTP_201_CREATED)


urlpatterns = [
    path(
        "tournaments/<slug:slug>/final-sessions/",
        SeedFinalSessionApi.as_view(),
        name="api-final-sessions",
    ),
    path("tournaments/<slug:slug>/cut-off/", CutOffApi.as_view(), name="api-cut-off"),
    path(
        "tournaments/<slug:slug>/cut-off/decisions/",
        CutOffDecisionApi.as_view(),
        name="api-cut-off-decisions",
    ),
]
