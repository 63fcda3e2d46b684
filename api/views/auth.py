"""POST /api/auth/token/ {"username", "password"} → {"token"} (then `Authorization: Token …`)."""

from django.urls import path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import error_responses


class TokenInputSerializer(AuthTokenSerializer):
    username = serializers.CharField(help_text=_("the login's username"))
    password = serializers.CharField(
        help_text=_("the login's password"), style={"input_type": "password"}, trim_whitespace=False
    )


class TokenApi(APIView):
    """Exchange a username and password for the user's API token (the same token each time)."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="auth_token_create",
        request=TokenInputSerializer,
        responses={
            200: inline_serializer(
                name="TokenOutput",
                fields={
                    "token": serializers.CharField(
                        help_text=_("send it as `Authorization: Token …` on every request")
                    )
                },
            ),
            **error_responses(400),
        },
        auth=[],
    )
    def post(self, request):
        serializer = TokenInputSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        token, _created = Token.objects.get_or_create(user=serializer.validated_data["user"])
        return Response({"token": token.key})


urlpatterns = [path("auth/token/", TokenApi.as_view(), name="api-token")]
