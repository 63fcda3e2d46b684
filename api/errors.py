"""One error format for every refusal of the API: `{"errors": [{"code", "message", "field"}]}`.

The services raise `TournamentError` with a `code`; this maps the code to an HTTP status, so a
view never catches what a service refused. A refused hand carries the scoring core's codes.
"""

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as ModelValidationError
from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from tournaments.errors import HandRejected, TournamentError

# TournamentError.code → HTTP status (anything else is 400: the request itself is refused).
STATUS_OF_CODE = {
    "forbidden": status.HTTP_403_FORBIDDEN,
    "not_found": status.HTTP_404_NOT_FOUND,
    "conflict": status.HTTP_412_PRECONDITION_FAILED,  # the sheet changed since it was read
    "locked": status.HTTP_409_CONFLICT,  # signed or closed: changes only by a correction
    "invalid_state": status.HTTP_409_CONFLICT,
    "changed": status.HTTP_409_CONFLICT,
    "precondition_required": status.HTTP_428_PRECONDITION_REQUIRED,
}


class PreconditionRequired(exceptions.APIException):
    status_code = status.HTTP_428_PRECONDITION_REQUIRED
    default_detail = _("Send the If-Match header with the ETag of the sheet you read.")
    default_code = "precondition_required"


class PreconditionFailed(exceptions.APIException):
    status_code = status.HTTP_412_PRECONDITION_FAILED
    default_detail = _("This sheet changed since you read it: read it again and check.")
    default_code = "conflict"


def error(code: str, message: str, field: str | None = None) -> dict:
    return {"code": code, "message": str(message), "field": field}


def errors_response(errors: list[dict], http_status: int) -> Response:
    return Response({"errors": errors}, status=http_status)


def _validation_errors(detail, field: str | None = None) -> list[dict]:
    """Flatten DRF's nested ValidationError detail into our list (fields as dotted paths)."""
    if isinstance(detail, dict):
        found = []
        for key, value in detail.items():
            name = None if key in ("non_field_errors", "detail") else str(key)
            path = ".".join(part for part in (field, name) if part) or None
            found.extend(_validation_errors(value, path))
        return found
    if isinstance(detail, list):
        found = []
        for index, value in enumerate(detail):
            nested = isinstance(value, dict | list)
            path = f"{field}.{index}" if nested and field else field
            found.extend(_validation_errors(value, path))
        return found
    return [error(getattr(detail, "code", "invalid") or "invalid", str(detail), field)]


def tournament_error_response(exc: TournamentError) -> Response:
    http_status = STATUS_OF_CODE.get(exc.code, status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, HandRejected) and exc.details:
        found = [error(code, message, "hand") for code, message in exc.details]
    else:
        found = [error(exc.code, exc.message, getattr(exc, "field", None))]
    return errors_response(found, http_status)


def exception_handler(exc, context):
    """REST_FRAMEWORK["EXCEPTION_HANDLER"]: every error in the same format."""
    if isinstance(exc, TournamentError):
        return tournament_error_response(exc)
    if isinstance(exc, ModelValidationError):  # a model's full_clean() inside a service
        detail = exc.message_dict if hasattr(exc, "error_dict") else {"detail": exc.messages}
        exc = exceptions.ValidationError(detail)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None  # a bug: Django answers 500 and logs it
    if isinstance(exc, exceptions.ValidationError):
        found = _validation_errors(exc.detail)
    else:
        found = [
            error(
                exc.get_codes() if isinstance(exc.get_codes(), str) else exc.default_code,
                str(exc.detail),
            )
        ]
    response.data = {"errors": found}
    return response


API_PREFIX = "/api/"


def page_not_found(request, exception):
    """config.urls.handler404: an address under /api/ that no route matches answers in the
    API's error format, whatever the method; any other address gets Django's page. (With
    DEBUG on, Django shows its debug page instead, as for every 404.)"""
    if not request.path_info.startswith(API_PREFIX):
        return defaults.page_not_found(request, exception)
    message = _("The API has no such address: its endpoints are listed at /api/docs/.")
    return JsonResponse(
        {"errors": [error("not_found", message)]},
        status=status.HTTP_404_NOT_FOUND,
        json_dumps_params={"ensure_ascii": False, "separators": (",", ":")},
    )
