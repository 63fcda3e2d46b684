"""What every endpoint shares: the error schema for the docs, lookups that answer 404, the
sheet's ETag and the If-Match check, pagination."""

import django_filters
from django import forms
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, inline_serializer
from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination

from api.errors import PreconditionFailed, PreconditionRequired
from tournaments.models import TableSession, Tournament

ErrorListSerializer = inline_serializer(
    name="ErrorList",
    fields={
        "errors": serializers.ListField(
            child=inline_serializer(
                name="Error",
                fields={
                    "code": serializers.CharField(help_text=_("machine-readable reason")),
                    "message": serializers.CharField(help_text=_("what to fix, in words")),
                    "field": serializers.CharField(
                        allow_null=True, help_text=_("the input field at fault, if one is")
                    ),
                },
            )
        )
    },
)


def error_responses(*statuses: int) -> dict:
    """`extend_schema(responses=…)` entries for the error statuses an endpoint may answer."""
    described = {
        400: _("The request is refused: `errors` says why (nothing was changed)."),
        401: _("Not authenticated: log in or send `Authorization: Token …`."),
        403: _("Your role does not allow this on this object."),
        404: _("No such object."),
        409: _("The object's state refuses this (a signed sheet changes only by correction)."),
        412: _("`If-Match` is stale: the object changed since you read it."),
        428: _("`If-Match` is missing: send the ETag you read."),
        429: _(
            "Too many failed logins with this username or from this address: `Retry-After` "
            "says in how many seconds to try again."
        ),
    }
    return {
        code: OpenApiResponse(ErrorListSerializer, description=described[code]) for code in statuses
    }


IF_MATCH = OpenApiParameter(
    "If-Match",
    str,
    OpenApiParameter.HEADER,
    required=True,
    description=_("The ETag of the score sheet as you last read it (GET /api/score-sheets/{id}/)."),
)

IF_MATCH_FOR_SCORES = OpenApiParameter(
    "If-Match",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description=_(
        "The ETag of the player's score sheet as you last read it: required when the check-in "
        "changes the sheet's scores (a late arrival), else optional."
    ),
)


# The largest number a filter or a query parameter takes: PostgreSQL's integer. Session and
# table numbers and the ids of an event stay far below it; a larger value would be matched
# against nothing by PostgreSQL and refused by SQLite with an OverflowError (a 500).
MAX_INTEGER = 2**31 - 1


class IntegerFilter(django_filters.NumberFilter):
    """A whole number from 1 to MAX_INTEGER: anything else (`1e30`, `1.5`, `-3`, a number of
    twenty digits) is a 400 naming the parameter, before any query."""

    field_class = forms.IntegerField

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_INTEGER)
        super().__init__(*args, **kwargs)


def tournament_for(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def sheet_etag(sheet: TableSession) -> str:
    """A strong ETag that changes with every write to the sheet (its row version)."""
    return f'"{sheet.pk}-{sheet.version}"'


def expected_version(request, sheet: TableSession) -> int:
    """The version the client read, from If-Match: 428 when missing, 412 when stale.

    The service compares it again under the row lock, since check and write are not atomic.
    """
    header = request.headers.get("If-Match", "").strip()
    if not header:
        raise PreconditionRequired()
    tags = [tag.strip().removeprefix("W/") for tag in header.split(",")]
    if sheet_etag(sheet) not in tags:
        raise PreconditionFailed()
    return sheet.version


def version_sent(request, sheet: TableSession) -> int | None:
    """The version of `sheet` the client names in If-Match, None when it sent no If-Match; a
    header that names no version of this sheet gives -1, which the service refuses (412)
    after checking who may write (the order: who, then the version, then the state)."""
    header = request.headers.get("If-Match", "").strip()
    if not header:
        return None
    for tag in (tag.strip().removeprefix("W/") for tag in header.split(",")):
        prefix = f'"{sheet.pk}-'
        if tag.startswith(prefix) and tag.endswith('"') and tag[len(prefix) : -1].isdigit():
            return int(tag[len(prefix) : -1])
    return -1


class Pagination(PageNumberPagination):
    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 1000

    def get_paginated_response_schema(self, schema):
        described = super().get_paginated_response_schema(schema)
        for name, text in {
            "count": _("how many results there are on all pages"),
            "next": _("the next page, or null on the last"),
            "previous": _("the previous page, or null on the first"),
        }.items():
            described["properties"][name]["description"] = text
        return described
