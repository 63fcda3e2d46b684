"""GET /api/score-sheets/ (filtered list), GET|PATCH /api/score-sheets/{id}/ (the sheet; the
umpire assignment), GET /api/score-sheets/{id}/history/ (the audit trail)."""

import django_filters
from django.db.models import Count
from django.urls import path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from api import fast_output
from api.common import (
    IF_MATCH,
    IntegerFilter,
    Pagination,
    error_responses,
    expected_version,
    sheet_etag,
)
from api.views.sheet_common import (
    ASSIGNS_UMPIRE,
    SheetDetailSerializer,
    readable_sheet,
    sheet_data,
    sheet_for_write,
    sheet_rows,
)
from tournaments import policies
from tournaments.models import TableSession
from tournaments.selectors.audit import sheet_audit_trail
from tournaments.selectors.scoresheet import scoresheet_table_sessions
from tournaments.services.tournament import table_sessions_assign_umpire


def sheet_response(
    sheet: TableSession, user, status: int = 200, *, fresh: bool = False
) -> Response:
    """The sheet as JSON with its ETag; read again after a write, unless `fresh` (just read
    with everything the answer shows, by readable_sheet)."""
    sheet = sheet if fresh else _fresh(sheet)
    body = fast_output.output_of(SheetDetailSerializer)(sheet_data(sheet, user))
    response = Response(body, status=status)
    response["ETag"] = sheet_etag(sheet)
    return response


def _fresh(sheet: TableSession) -> TableSession:
    return sheet_rows().get(pk=sheet.pk)


# -- the list --------------------------------------------------------------------------------


class ScoreSheetFilter(django_filters.FilterSet):
    tournament = django_filters.CharFilter(
        field_name="session__tournament__slug",
        help_text=_("the tournament's slug"),
    )
    session = IntegerFilter(field_name="session__number", help_text=_("session number"))
    table = IntegerFilter(field_name="table__number", help_text=_("table number"))
    status = django_filters.ChoiceFilter(
        choices=TableSession.Status.choices, help_text=_("the sheet's sign-off state")
    )
    umpire = django_filters.CharFilter(
        field_name="umpire__username", help_text=_("the assigned umpire's username")
    )

    class Meta:
        model = TableSession
        fields = ["tournament", "session", "table", "status", "umpire"]


class ScoreSheetListApi(generics.GenericAPIView):
    """The score sheets the caller may read: the chief umpire, organisers and the committee
    every sheet, an umpire those assigned to him, a player those of his tables."""

    queryset = TableSession.objects.none()  # the schema's model; get_queryset() reads
    filterset_class = ScoreSheetFilter
    pagination_class = Pagination

    class SheetListOutputSerializer(serializers.Serializer):
        id = serializers.IntegerField(help_text=_("the sheet's id"))
        tournament = serializers.CharField(
            source="session.tournament.slug", help_text=_("the tournament's slug")
        )
        session = serializers.IntegerField(source="session.number", help_text=_("session number"))
        table = serializers.IntegerField(source="table.number", help_text=_("table number"))
        status = serializers.CharField(help_text=_("open, complete, signed or final"))
        closed_by = serializers.CharField(
            help_text=_("why it stopped taking hands (empty while open)")
        )
        umpire = serializers.CharField(
            source="umpire.username", allow_null=True, help_text=_("assigned umpire")
        )
        version = serializers.IntegerField(help_text=_("the sheet's version (see the ETag)"))
        hands_entered = serializers.IntegerField(help_text=_("hands recorded (0-16)"))
        players = serializers.SerializerMethodField(help_text=_("who sits where"))

        def get_players(self, sheet) -> dict[str, str]:
            return {seat.position: seat.player.name for seat in sheet.seats.all()}

    serializer_class = SheetListOutputSerializer

    def get_queryset(self):
        queryset = scoresheet_table_sessions().annotate(hands_entered=Count("hands", distinct=True))
        return policies.readable_sheets(self.request.user, queryset).order_by(
            "session__tournament__slug", "session__number", "table__number"
        )

    @extend_schema(
        operation_id="score_sheets_list",
        summary="List score sheets",
        responses={200: SheetListOutputSerializer(many=True), **error_responses(400, 401, 404)},
    )
    def get(self, request):
        """The sheets the caller may read, filtered by tournament, session, table, status and
        umpire; paginated."""
        queryset = self.filter_queryset(self.get_queryset())
        page = self.paginate_queryset(queryset)
        return self.get_paginated_response(self.SheetListOutputSerializer(page, many=True).data)


# -- one sheet -------------------------------------------------------------------------------


class ScoreSheetDetailApi(APIView):
    """One score sheet (Appendix 5) with its ETag; PATCH assigns its umpire."""

    class SheetUmpireInputSerializer(serializers.Serializer):
        umpire = serializers.SlugRelatedField(
            slug_field="username",
            queryset=policies.assignable_umpires(),
            allow_null=True,
            help_text=_(
                "username of an umpire or chief umpire to assign; null leaves the sheet "
                "without an umpire"
            ),
            error_messages={
                "does_not_exist": _("No umpire has the username {value}."),
                "invalid": _("Give a username."),
            },
        )

    @extend_schema(
        operation_id="score_sheets_retrieve",
        summary="Read a score sheet",
        responses={
            200: OpenApiResponse(
                SheetDetailSerializer, description=_("The sheet; the ETag header carries it.")
            ),
            **error_responses(401, 404),
        },
    )
    def get(self, request, sheet_id: int):
        """Seats, hands with their fans and payments, penalties, results and the sign-off
        state. Send the `ETag` back as `If-Match` with every write to this sheet."""
        return sheet_response(readable_sheet(request.user, sheet_id), request.user, fresh=True)

    @extend_schema(
        operation_id="score_sheets_assign_umpire",
        summary="Assign the umpire of a score sheet",
        request=SheetUmpireInputSerializer,
        parameters=[IF_MATCH],
        responses={
            200: SheetDetailSerializer,
            **error_responses(400, 401, 403, 404, 409, 412, 428),
        },
    )
    def patch(self, request, sheet_id: int):
        """The chief umpire assigns the one umpire who enters hands on this sheet (an umpire
        or chief umpire by username), or none (null). Needs `If-Match` with the sheet's ETag
        (428 without, 412 when stale); kept in the sheet's history; the ETag changes. A signed
        or countersigned sheet keeps its umpire (409 `locked`), and so does every sheet of a
        finished tournament (409 `invalid_state`), as on the umpire rota."""
        # Who first, then the version, then the body (docs/api.md).
        sheet = sheet_for_write(request.user, sheet_id, ASSIGNS_UMPIRE)
        version = expected_version(request, sheet)
        serializer = self.SheetUmpireInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        table_sessions_assign_umpire(
            table_sessions=TableSession.objects.filter(pk=sheet.pk),
            umpire=serializer.validated_data["umpire"],
            expected_version=version,
            user=request.user,
        )
        sheet.refresh_from_db()
        return sheet_response(sheet, request.user)


# -- its history -----------------------------------------------------------------------------


class ScoreSheetHistoryApi(APIView):
    """The sheet's audit trail, newest first: who, when, what, before and after, and why."""

    pagination_class = Pagination

    class SheetHistoryOutputSerializer(serializers.Serializer):
        class SheetHistoryChangeSerializer(serializers.Serializer):
            field = serializers.CharField(help_text=_("the field that changed"))
            before = serializers.JSONField(
                allow_null=True, help_text=_("its value before (null when created)")
            )
            after = serializers.JSONField(
                allow_null=True, help_text=_("its value after (null when deleted)")
            )

        when = serializers.DateTimeField(help_text=_("when"))
        who = serializers.CharField(help_text=_("username, or 'system'"))
        what = serializers.CharField(help_text=_("the row: sheet, hand n, penalty, seat, ..."))
        action = serializers.CharField(help_text=_("created, changed or deleted"))
        reason = serializers.CharField(
            allow_blank=True, help_text=_("the reason given (a correction's, a void's, ...)")
        )
        changes = SheetHistoryChangeSerializer(
            many=True, help_text=_("each field's before and after")
        )

    @extend_schema(
        operation_id="score_sheets_history",
        summary="A score sheet's audit trail",
        responses={200: SheetHistoryOutputSerializer(many=True), **error_responses(401, 404)},
    )
    def get(self, request, sheet_id: int):
        """Every create, change and delete of the sheet's hands, penalties, seats, results,
        confirmations, sign-offs, check-ins and appeals. For the chief umpire, organisers, the
        committee and the sheet's umpire."""
        sheet = readable_sheet(request.user, sheet_id, players=False)
        entries = [
            {
                "when": entry.when,
                "who": entry.who,
                "what": entry.what,
                "action": entry.action,
                "reason": entry.reason,
                "changes": [
                    {"field": name, "before": _plain(before), "after": _plain(after)}
                    for name, before, after in entry.changes
                ],
            }
            for entry in sheet_audit_trail(table_session=sheet)
        ]
        paginator = Pagination()
        page = paginator.paginate_queryset(entries, request, view=self)
        return paginator.get_paginated_response(
            self.SheetHistoryOutputSerializer(page, many=True).data
        )


def _plain(value):
    """A history value as JSON: numbers, strings, lists and objects as they are, anything else
    (times, decimals) as text."""
    if value is None or isinstance(value, bool | int | float | str | list | dict):
        return value
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


urlpatterns = [
    path("score-sheets/", ScoreSheetListApi.as_view(), name="api-score-sheets"),
    path("score-sheets/<int:sheet_id>/", ScoreSheetDetailApi.as_view(), name="api-score-sheet"),
    path(
        "score-sheets/<int:sheet_id>/history/",
        ScoreSheetHistoryApi.as_view(),
        name="api-score-sheet-history",
    ),
]
