"""POST /api/auth/token/ {"username", "password"} → {"token"} (then `Authorization: Token …`).

Failed logins count as on the login forms (tournaments/login_throttle.py): once a username or
an address is locked, the answer is 429 with `Retry-After`, in the API's error format.
"""

from django.urls import path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import error_responses
from tournaments.login_throttle import lockout_message, retry_after_seconds


class TokenInputSerializer(AuthTokenSerializer):
    username = serializers.CharField(help_text=_("the login's username"))
    password = serializers.CharField(
        help_text=_("the login's password"), style={"input_type": "password"}, trim_whitespace=False
    )


class LoginLockedOut(exceptions.APIException):
    """429 with `Retry-After` (DRF's exception handler sends `wait` as that header)."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "throttled"

    def __init__(self, wait: int):
        super().__init__(lockout_message(wait))
        self.wait = wait


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
            **error_responses(400, 429),
        },
        auth=[],
    )
    def post(self, request):
        serializer = TokenInputSerializer(data=request.data, context={"request": request})
        if not serializer.is_valid():
            # Axes marks the request once the username or the address is locked (this failure
            # reached the limit, or the login was refused without checking the password).
            if getattr(request, "axes_locked_out", False):
                raise LoginLockedOut(retry_after_seconds(request))
            raise exceptions.ValidationError(serializer.errors)
        token, _created = Token.objects.get_or_create(user=serializer.validated_data["user"])
        return Response({"token": token.key})


urlpatterns = [path("auth/token/", TokenApi.as_view(), name="api-token")]
