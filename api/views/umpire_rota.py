"""API: the umpire rota of a tournament (issue 29): which umpire keeps which table in each
session (GET, the staff), and the chief umpire's assignment of an umpire to several tables
for several sessions at once (POST, through `tournaments.services.umpire_rota`, which checks
the role, the umpire and the numbers, and writes all or nothing)."""

from django.contrib.auth import get_user_model
from django.urls import path
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import error_responses, tournament_for
from tournaments import policies, roles
from tournaments.selectors.umpire_rota import Rota, rota_session_numbers, umpire_rota
from tournaments.services.umpire_rota import RotaResult, umpire_rota_assign

# Table and session numbers are PositiveSmallIntegerFields; a larger number names nothing.
LARGEST_NUMBER = 32767
REFUSED = gettext_lazy("Only the chief umpire assigns umpires.")


def _numbers(help_text, *, required: bool = True):
    return serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=LARGEST_NUMBER),
        allow_empty=False,
        max_length=1000,
        required=required,
        help_text=help_text,
    )


class UmpireRotaInput(serializers.Serializer):
    umpire = serializers.SlugRelatedField(
        slug_field="username",
        queryset=get_user_model().objects.all(),
        allow_null=True,
        help_text=gettext_lazy(
            "username of the umpire (or chief umpire) who takes the tables; null takes their "
            "umpire away"
        ),
        error_messages={
            "does_not_exist": gettext_lazy("No login has the username {value}."),
            "invalid": gettext_lazy("Give a username."),
        },
    )
    tables = _numbers(gettext_lazy("the table numbers, e.g. [1, 2, 3, 4]"))
    sessions = _numbers(
        gettext_lazy("the session numbers; omitted: every session of the tournament"),
        required=False,
    )


def _pair(name: str, fields: dict | None = None):
    return inline_serializer(
        name=name,
        fields={
            "session": serializers.IntegerField(help_text=gettext_lazy("session number")),
            "table": serializers.IntegerField(help_text=gettext_lazy("table number")),
            **(fields or {}),
        },
    )


RotaAssignOutput = inline_serializer(
    name="UmpireRotaAssignment",
    fields={
        "assigned": serializers.IntegerField(
            help_text=gettext_lazy(
                "how many score sheets have this umpire now (those that had him already included)"
            )
        ),
        "changed": serializers.IntegerField(
            help_text=gettext_lazy("how many of them had another umpire (or none) before")
        ),
        "missing": serializers.ListField(
            child=_pair("UmpireRotaMissing"),
            help_text=gettext_lazy(
                "the tables in sessions that have no score sheet yet (the seating of that "
                "session is not generated): nothing is kept for them, assign them again later"
            ),
        ),
        "locked": serializers.ListField(
            child=_pair(
                "UmpireRotaLocked",
                {
                    "umpire": serializers.CharField(
                        allow_null=True,
                        help_text=gettext_lazy("the umpire it keeps (username), or null"),
                    )
                },
            ),
            help_text=gettext_lazy(
                "the sheets already signed by their umpire, left as they are: who umpired a "
                "played sheet stays on record"
            ),
        ),
    },
)

RotaOutput = inline_serializer(
    name="UmpireRota",
    fields={
        "sessions": serializers.ListField(
            child=serializers.IntegerField(),
            help_text=gettext_lazy("every session of the tournament, planned or created"),
        ),
        "tables": serializers.ListField(
            child=serializers.IntegerField(), help_text=gettext_lazy("the tournament's tables")
        ),
        "sheets": serializers.ListField(
            child=_pair(
                "UmpireRotaCell",
                {
                    "sheet": serializers.IntegerField(
                        allow_null=True,
                        help_text=gettext_lazy("the score sheet's id, or null: no sheet yet"),
                    ),
                    "umpire": serializers.CharField(
                        allow_null=True,
                        help_text=gettext_lazy("its umpire's username, or null: none"),
                    ),
                    "locked": serializers.BooleanField(
                        help_text=gettext_lazy(
                            "signed by its umpire: the rota leaves its umpire as it is"
                        )
                    ),
                },
            ),
            help_text=gettext_lazy("each table in each session, session by session"),
        ),
    },
)


def rota_output(rota: Rota) -> dict:
    return {
        "sessions": rota.sessions,
        "tables": rota.tables,
        "sheets": [
            {
                "session": cell.session,
                "table": cell.table,
                "sheet": cell.sheet_id,
                "umpire": cell.umpire,
                "locked": cell.locked,
            }
            for cell in rota.by_session()
        ],
    }


def assignment_output(done: RotaResult) -> dict:
    return {
        "assigned": len(done.assigned),
        "changed": done.changed,
        "missing": [{"session": s, "table": t} for s, t in done.missing],
        "locked": [{"session": s, "table": t, "umpire": u} for s, t, u in done.locked],
    }


class UmpireRotaApi(APIView):
    """The umpire rota: read it (the staff), assign it (the chief umpire)."""

    @extend_schema(
        operation_id="umpire_rota_retrieve",
        summary="Read the umpire rota",
        responses={200: RotaOutput, **error_responses(401, 403, 404)},
    )
    def get(self, request, slug):
        """Each table in each session of the tournament with its score sheet's umpire (or
        none), whether that sheet is signed, or that it has no sheet yet."""
        tournament = tournament_for(slug)
        roles.require(policies.may_read_umpire_rota(request.user))
        return Response(rota_output(umpire_rota(tournament=tournament)))

    @extend_schema(
        operation_id="umpire_rota_assign",
        summary="Assign an umpire to tables for several sessions",
        request=UmpireRotaInput,
        responses={200: RotaAssignOutput, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request, slug):
        """The chief umpire gives one umpire (or none: `null`) every score sheet of these
        tables in these sessions (all sessions when `sessions` is omitted), in one
        transaction. Left as they are and listed: tables in sessions without a sheet yet
        (`missing`) and sheets already signed (`locked`). Refused as a whole (nothing
        changes): a login that is not an umpire (400 `not_an_umpire`), a table or session the
        tournament does not have (400), a finished tournament (409)."""
        tournament = tournament_for(slug)
        roles.require(policies.may_assign_umpire(request.user), str(REFUSED))  # who first
        serializer = UmpireRotaInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        sessions = data.get("sessions") or rota_session_numbers(tournament)
        done = umpire_rota_assign(
            user=request.user,
            tournament=tournament,
            umpire=data["umpire"],
            table_numbers=data["tables"],
            session_numbers=sessions,
        )
        return Response(assignment_output(done))


urlpatterns = [
    path(
        "tournaments/<slug:slug>/umpire-rota/",
        UmpireRotaApi.as_view(),
        name="api-umpire-rota",
    ),
]
