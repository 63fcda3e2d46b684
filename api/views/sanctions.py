"""API: sanctions on a player rather than on a session's score (rules 3.11, 3.11.1, 3.11.4-5,
3.11.6.10).

- `GET /api/tournaments/{slug}/players/{registration_number}/sanctions/`: the player's
  sanctions (the staff roles: organisers, umpires, the chief umpire, the committee).
- `POST` on the same path: the chief umpire records one, as the admin's "Record a sanction"
  does, through `sanction_record` (a disqualification also marks the player disqualified).
  Every kind of the admin is accepted: warning, loss_of_rank, disqualification, exclusion,
  criticism (docs/penalties.md).
- `POST …/sanctions/{id}/void/` `{"reason", "appeal"?}`: the chief umpire lifts one (3.12.1),
  through `sanction_void`; it stays listed, marked lifted.
"""

from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import error_responses, tournament_for
from api.views.event import PAGE_PARAMETERS, page_of, paginated
from tournaments import policies, roles
from tournaments.models import Appeal, Player, Sanction
from tournaments.services.sanctions import (
    SANCTION_REASON_MAX_LENGTH,
    sanction_record,
    sanction_void,
)
from tournaments.texts import has_visible_text


class SanctionOutput(serializers.Serializer):
    class Meta:
        ref_name = "Sanction"

    id = serializers.IntegerField(help_text=gettext_lazy("the sanction's id"))
    kind = serializers.ChoiceField(
        choices=Sanction.Kind.choices,
        help_text=gettext_lazy(
            "warning, disqualification, loss_of_rank, exclusion (from later competitions) or "
            "criticism (public)"
        ),
    )
    reason = serializers.CharField(help_text=gettext_lazy("why the chief umpire decided it"))
    registration_number = serializers.IntegerField(
        source="player.registration_number",
        help_text=gettext_lazy("the player's registration number"),
    )
    player_status = serializers.ChoiceField(
        source="player.status",
        choices=Player.Status.choices,
        help_text=gettext_lazy("the player's status now (disqualified after a disqualification)"),
    )
    session = serializers.IntegerField(
        source="session.number",
        allow_null=True,
        default=None,
        help_text=gettext_lazy("number of the session it concerns, or null"),
    )
    decided_at = serializers.DateTimeField(help_text=gettext_lazy("when it was recorded"))
    decided_by = serializers.CharField(
        source="decided_by.username",
        allow_null=True,
        default=None,
        help_text=gettext_lazy("username of the chief umpire who decided it, or null"),
    )
    voided_at = serializers.DateTimeField(
        allow_null=True, help_text=gettext_lazy("when it was lifted, or null: in force")
    )
    voided_by = serializers.CharField(
        source="voided_by.username",
        allow_null=True,
        default=None,
        help_text=gettext_lazy("username of the chief umpire who lifted it, or null"),
    )
    void_reason = serializers.CharField(help_text=gettext_lazy("why it was lifted, or empty"))
    void_appeal = serializers.IntegerField(
        source="void_appeal_id",
        allow_null=True,
        help_text=gettext_lazy("id of the appeal that lifted it, or null"),
    )


class PlayerSanctionsApi(APIView):
    """A player's sanctions (staff roles); the chief umpire records a new one."""

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "SanctionInput"

        kind = serializers.ChoiceField(
            choices=Sanction.Kind.choices,
            help_text=gettext_lazy(
                "warning (3.11.1), loss_of_rank (3.11.5), disqualification (3.11.5, "
                "3.11.6.10: the player is marked disqualified), exclusion (from later "
                "competitions, 3.11.4) or criticism (public, 3.11)"
            ),
        )
        reason = serializers.CharField(
            max_length=SANCTION_REASON_MAX_LENGTH,
            help_text=gettext_lazy(
                "why: required, with at least one visible character (not only spaces, "
                "zero-width or control characters)"
            ),
        )
        session = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            min_value=1,
            help_text=gettext_lazy("number of the session it concerns, if one does"),
        )

        def validate_reason(self, value: str) -> str:
            if not has_visible_text(value):
                raise serializers.ValidationError(_("Give the reason for the sanction."))
            return value

    def _player(self, slug: str, registration_number: int) -> Player:
        return get_object_or_404(
            Player, tournament=tournament_for(slug), registration_number=registration_number
        )

    @extend_schema(
        operation_id="player_sanctions_list",
        summary="List a player's sanctions",
        parameters=PAGE_PARAMETERS,
        responses={
            200: page_of("SanctionPage", SanctionOutput),
            **error_responses(401, 403, 404),
        },
    )
    def get(self, request, slug, registration_number):
        """The player's sanctions in the order they were decided (staff roles)."""
        roles.require(policies.may_read_sanctions(request.user))
        player = self._player(slug, registration_number)
        sanctions = (
            Sanction.objects.filter(player=player)
            .select_related("player", "session", "decided_by", "voided_by")
            .order_by("decided_at", "pk")
        )
        return paginated(request, self, sanctions, SanctionOutput)

    @extend_schema(
        operation_id="player_sanctions_create",
        summary="Record a sanction on a player",
        request=InputSerializer,
        responses={201: SanctionOutput, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request, slug, registration_number):
        """The chief umpire records a sanction with its reason (and the session it concerns,
        if one does), as in the admin. A disqualification also marks the player disqualified
        (re-seat the remaining sessions afterwards); disqualifying him again is refused (409).
        Other roles are refused (403)."""
        roles.require(
            policies.may_decide_sanction(request.user),
            _("Only the chief umpire decides sanctions."),
        )
        player = self._player(slug, registration_number)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        session = None
        if data["session"] is not None:
            session = player.tournament.sessions.filter(number=data["session"]).first()
            if session is None:
                raise serializers.ValidationError(
                    {
                        "session": [
                            _("This tournament has no session %(n)s.") % {"n": data["session"]}
                        ]
                    }
                )
        sanction = sanction_record(
            player=player,
            kind=data["kind"],
            reason=data["reason"],
            session=session,
            user=request.user,
        )
        return Response(SanctionOutput(_read(sanction.pk)).data, status=status.HTTP_201_CREATED)


def _read(pk: int) -> Sanction:
    return Sanction.objects.select_related("player", "session", "decided_by", "voided_by").get(
        pk=pk
    )


class SanctionVoidApi(APIView):
    """The chief umpire lifts a sanction (3.12.1), on appeal or with his own reason."""

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "SanctionVoidInput"

        reason = serializers.CharField(
            max_length=SANCTION_REASON_MAX_LENGTH,
            help_text=gettext_lazy("why it is lifted: required, with a visible character"),
        )
        appeal = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            min_value=1,
            help_text=gettext_lazy("id of the appeal that lifts it (of the same player), if any"),
        )

        def validate_reason(self, value: str) -> str:
            if not has_visible_text(value):
                raise serializers.ValidationError(_("Give the reason for lifting the sanction."))
            return value

    @extend_schema(
        operation_id="player_sanctions_void",
        summary="Lift a sanction",
        parameters=[
            OpenApiParameter(
                "sanction_id",
                int,
                OpenApiParameter.PATH,
                description=gettext_lazy("the sanction's id (as listed)"),
            )
        ],
        request=InputSerializer,
        responses={200: SanctionOutput, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request, slug, registration_number, sanction_id):
        """The chief umpire lifts a sanction with a reason, naming the appeal that lifted it if
        one did (3.12.1). It stays in the player's list, marked lifted; a lifted
        disqualification gives the player back his status, and the standings follow at once.
        Other roles are refused (403); a sanction already lifted, or an appeal rejected or
        withdrawn, 409."""
        roles.require(
            policies.may_decide_sanction(request.user),
            _("Only the chief umpire lifts sanctions."),
        )
        tournament = tournament_for(slug)
        sanction = get_object_or_404(
            Sanction,
            pk=sanction_id,
            player__tournament=tournament,
            player__registration_number=registration_number,
        )
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        appeal = None
        if data["appeal"] is not None:
            appeal = Appeal.objects.filter(
                pk=data["appeal"], session__tournament=tournament
            ).first()
            if appeal is None:
                raise serializers.ValidationError(
                    {"appeal": [_("This tournament has no appeal %(n)s.") % {"n": data["appeal"]}]}
                )
        sanction_void(sanction=sanction, reason=data["reason"], appeal=appeal, user=request.user)
        return Response(SanctionOutput(_read(sanction.pk)).data)


urlpatterns = [
    path(
        "tournaments/<slug:slug>/players/<int:registration_number>/sanctions/",
        PlayerSanctionsApi.as_view(),
        name="api-player-sanctions",
    ),
    path(
        "tournaments/<slug:slug>/players/<int:registration_number>/sanctions/<int:sanction_id>"
        "/void/",
        SanctionVoidApi.as_view(),
        name="api-player-sanction-void",
    ),
]
