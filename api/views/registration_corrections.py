"""API: the chief umpire's correction of a settled registration (issue #26).

- `POST /api/tournaments/{slug}/players/{registration_number}/corrections/`: correct a
  player's name, native name, registration number or team, with a reason.
- `POST /api/tournaments/{slug}/teams/{team_id}/corrections/`: correct a team's name.

Once results depend on a registration (the tournament is finished, or a sheet of the player is
signed), an organiser's edit of those fields is refused; only this correction changes them. It
is kept (values before and after, the reason, who and when), written into the row's history,
and named on the verify page of every paper printed before it (docs/results.md).
"""

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import MAX_INTEGER, error_responses, tournament_for
from tournaments import policies, roles
from tournaments.models import Player, RegistrationCorrection, Team
from tournaments.services.registration_corrections import (
    REASON_MAX_LENGTH,
    registration_correct,
)
from tournaments.texts import has_visible_text

REFUSED = gettext_lazy("Only the chief umpire corrects a registration once results depend on it.")


class RegistrationCorrectionOutput(serializers.Serializer):
    class Meta:
        ref_name = "RegistrationCorrection"

    id = serializers.IntegerField(help_text=gettext_lazy("the correction's id"))
    registration_number = serializers.IntegerField(
        source="player.registration_number",
        allow_null=True,
        default=None,
        help_text=gettext_lazy("the player's registration number now, or null for a team"),
    )
    team_id = serializers.IntegerField(
        allow_null=True,
        help_text=gettext_lazy("the id of the team corrected, or null for a player"),
    )
    before = serializers.DictField(
        help_text=gettext_lazy(
            "the fields that changed, as they were (a team as {id, name}, or null)"
        )
    )
    after = serializers.DictField(
        help_text=gettext_lazy("the fields that changed, as they are now")
    )
    reason = serializers.CharField(help_text=gettext_lazy("why the chief umpire corrected it"))
    made_by = serializers.CharField(
        source="made_by.username", help_text=gettext_lazy("username of the chief umpire")
    )
    made_at = serializers.DateTimeField(help_text=gettext_lazy("when it was recorded"))


class _ReasonInput(serializers.Serializer):
    reason = serializers.CharField(
        max_length=REASON_MAX_LENGTH,
        help_text=gettext_lazy(
            "why: required, with at least one visible character (not only spaces, zero-width "
            "or control characters); the staff read it, the public verify page does not show it"
        ),
    )

    def validate_reason(self, value: str) -> str:
        if not has_visible_text(value):
            raise serializers.ValidationError(_("Give the reason for the correction."))
        return value


def _created(correction: RegistrationCorrection) -> Response:
    correction = RegistrationCorrection.objects.select_related("player", "made_by").get(
        pk=correction.pk
    )
    return Response(RegistrationCorrectionOutput(correction).data, status=status.HTTP_201_CREATED)


class PlayerRegistrationCorrectionApi(APIView):
    class InputSerializer(_ReasonInput):
        class Meta:
            ref_name = "PlayerRegistrationCorrectionInput"

        name = serializers.CharField(
            required=False,
            max_length=120,
            help_text=gettext_lazy("the player's name as it should read"),
        )
        native_name = serializers.CharField(
            required=False,
            allow_blank=True,
            max_length=120,
            help_text=gettext_lazy("his name in native script (empty: none)"),
        )
        registration_number = serializers.IntegerField(
            required=False,
            min_value=1,
            max_value=MAX_INTEGER,
            help_text=gettext_lazy("his registration number, unused by another player"),
        )
        team = serializers.IntegerField(
            required=False,
            allow_null=True,
            min_value=1,
            max_value=MAX_INTEGER,
            help_text=gettext_lazy(
                "the id of his team in this tournament (GET …/teams/), or null for none"
            ),
        )

    @extend_schema(
        operation_id="player_registration_correct",
        summary="Correct a player's registration (chief umpire)",
        request=InputSerializer,
        responses={
            201: RegistrationCorrectionOutput,
            **error_responses(400, 401, 403, 404),
        },
    )
    def post(self, request, slug, registration_number):
        """The chief umpire corrects a player's name, native name, registration number or team,
        with a reason; give only the fields to change. Other roles are refused (403), a reason
        that shows nothing, a number another player has, a team of another tournament or a
        change to nothing is refused (400). Allowed whether or not the registration is settled
        (an organiser's edit is refused once it is)."""
        roles.require(policies.may_correct_registration(request.user), str(REFUSED))
        tournament = tournament_for(slug)
        if registration_number > MAX_INTEGER:
            raise Http404
        player = get_object_or_404(
            Player, tournament=tournament, registration_number=registration_number
        )
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        reason = data.pop("reason")
        correction = registration_correct(
            player=player, changes=data, reason=reason, user=request.user
        )
        return _created(correction)


class TeamRegistrationCorrectionApi(APIView):
    class InputSerializer(_ReasonInput):
        class Meta:
            ref_name = "TeamRegistrationCorrectionInput"

        name = serializers.CharField(
            max_length=120,
            help_text=gettext_lazy("the team's name as it should read, unique (any case)"),
        )

    @extend_schema(
        operation_id="team_registration_correct",
        summary="Correct a team's name (chief umpire)",
        parameters=[
            OpenApiParameter(
                "team_id",
                OpenApiTypes.INT,
                OpenApiParameter.PATH,
                description=gettext_lazy(
                    "The team's id (from GET /api/tournaments/{slug}/teams/)."
                ),
            )
        ],
        request=InputSerializer,
        responses={
            201: RegistrationCorrectionOutput,
            **error_responses(400, 401, 403, 404),
        },
    )
    def post(self, request, slug, team_id):
        """The chief umpire corrects a team's name, with a reason (the team standings print
        it). Other roles are refused (403)."""
        roles.require(policies.may_correct_registration(request.user), str(REFUSED))
        tournament = tournament_for(slug)
        if team_id > MAX_INTEGER:
            raise Http404
        team = get_object_or_404(Team, tournament=tournament, pk=team_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        reason = data.pop("reason")
        correction = registration_correct(team=team, changes=data, reason=reason, user=request.user)
        return _created(correction)


urlpatterns = [
    path(
        "tournaments/<slug:slug>/players/<int:registration_number>/corrections/",
        PlayerRegistrationCorrectionApi.as_view(),
        name="api-player-registration-corrections",
    ),
    path(
        "tournaments/<slug:slug>/teams/<int:team_id>/corrections/",
        TeamRegistrationCorrectionApi.as_view(),
        name="api-team-registration-corrections",
    ),
]
