"""`GET|PUT /api/tournaments/{slug}/players/{registration_number}/login/`: which login acts as
a player (his results, his sheets' confirmation, his appeals), set by an organiser."""

from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import error_responses, tournament_for
from tournaments import policies, roles
from tournaments.models import Player
from tournaments.services.registration import player_link_login


class PlayerLoginOutput(serializers.Serializer):
    class Meta:
        ref_name = "PlayerLogin"

    registration_number = serializers.IntegerField(
        help_text=gettext_lazy("the player's registration number")
    )
    username = serializers.CharField(
        source="user.username",
        allow_null=True,
        default=None,
        help_text=gettext_lazy("the login that acts as this player, or null"),
    )


class PlayerLoginApi(APIView):
    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "PlayerLoginInput"

        username = serializers.CharField(
            allow_null=True,
            allow_blank=True,
            max_length=150,
            help_text=gettext_lazy(
                "a login with the role player (made with manage.py create_user --role player), "
                "or null to unlink"
            ),
        )

    def _player(self, slug: str, registration_number: int) -> Player:
        tournament = tournament_for(slug)
        return get_object_or_404(
            Player.objects.select_related("user"),
            tournament=tournament,
            registration_number=registration_number,
        )

    @extend_schema(
        operation_id="player_login_read",
        summary="Which login acts as a player",
        responses={200: PlayerLoginOutput, **error_responses(401, 403, 404)},
    )
    def get(self, request, slug, registration_number):
        """Organisers and the chief umpire see which login is linked to the player."""
        roles.require(policies.may_read_player_login(request.user))
        return Response(PlayerLoginOutput(self._player(slug, registration_number)).data)

    @extend_schema(
        operation_id="player_login_set",
        summary="Link a login to a player (or unlink it)",
        request=InputSerializer,
        responses={200: PlayerLoginOutput, **error_responses(400, 401, 403, 404)},
    )
    def put(self, request, slug, registration_number):
        """The chief umpire links a login with the role player to the player's record, or
        unlinks it with `null` (an organiser may not: he could confirm sheets as the player).
        One login is one player per tournament."""
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        player = player_link_login(
            player=self._player(slug, registration_number),
            username=serializer.validated_data["username"] or None,
            user=request.user,
        )
        return Response(PlayerLoginOutput(player).data)


urlpatterns = [
    path(
        "tournaments/<slug:slug>/players/<int:registration_number>/login/",
        PlayerLoginApi.as_view(),
        name="api-player-login",
    ),
]
