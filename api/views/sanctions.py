"""API: sanctions on a player rather than on a session's score (rules 3.11, 3.11.1, 3.11.4-5,
3.11.6.10).

- `GET /api/tournaments/{slug}/players/{registration_number}/sanctions/`: the player's
  sanctions (the staff roles: organisers, umpires, the chief umpire, the committee).
- `POST` on the same path: the chief umpire records one, as the admin's "Record a sanction"
  does, through `sanction_record` (a disqualification also marks the player disqualified).
  Every kind of the admin is accepted: warning, loss_of_rank, disqualification, exclusion,
  criticism (docs/penalties.md).
"""

from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import error_responses, tournament_for
from api.views.event import PAGE_PARAMETERS, page_of, paginated
from tournaments import policies, roles
from tournaments.models import Player, Sanction
from tournaments.services.sanctions import SANCTION_REASON_MAX_LENGTH, sanction_record
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
            .select_related("player", "session", "decided_by")
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
        sanction = Sanction.objects.select_related("player", "session", "decided_by").get(
            pk=sanction.pk
        )
        return Response(SanctionOutput(sanction).data, status=status.HTTP_201_CREATED)


urlpatterns = [
    path(
        "tournaments/<slug:slug>/players/<int:registration_number>/sanctions/",
        PlayerSanctionsApi.as_view(),
        name="api-player-sanctions",
    ),
]
