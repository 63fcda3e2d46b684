"""The score desk's endpoints (issue 27), under /api/ beside the score sheet's own:

- `GET|POST /api/score-sheets/{id}/desk-entries/`: where the sheet stands at the desk and its
  entries; a clerk's entry of the whole paper sheet;
- `POST /api/score-sheets/{id}/desk-entries/accept/`: the chief umpire records one entry alone.

A write asks, in the API's order: who you are and whether you may touch the sheet (404 when
you may not read it, 403 when you may not do this, or gave the only entry in play), then the
sheet's version (`If-Match`: 428/412), then its state (409). The bodies reuse the API's own
inputs: each hand is the body of POST …/hands/ (without its number: its place in the list),
each penalty the body of POST …/penalties/.
"""

from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import IF_MATCH, error_responses, expected_version
from api.errors import STATUS_OF_CODE, error, errors_response
from api.views.sheet_common import (
    POSITION_HELP,
    HandEntryInput,
    check_hand_winds,
    readable_sheet,
)
from api.views.sheet_write import SheetPenaltiesApi, with_etag
from desk.models import DeskEntry
from desk.selectors import DESK_STATUSES, desk_sheet_status
from desk.services import (
    ACCEPTED_ALONE,
    AWAITING_SECOND,
    DIFFER,
    RECORDED,
    DeskOutcome,
    DeskRefusal,
    desk_clerk_check,
    desk_entry_accept,
    desk_entry_give,
)
from tournaments import policies, roles
from tournaments.models.play import HANDS_PER_SESSION, POSITIONS

# A paper sheet's Record of Fouls has a few lines; a body with more is not a sheet.
MAX_PENALTIES = 64

KEYS_AT_DESK = gettext_lazy("Only the score desk or the chief umpire keys in paper score sheets.")
ACCEPTS = gettext_lazy("Only the chief umpire accepts a desk entry alone.")
READS_ENTRIES = gettext_lazy(
    "Only the score desk, the chief umpire, the organisers and the committee read desk entries."
)


# -- bodies --------------------------------------------------------------------------------------


class DeskEntryInputSerializer(serializers.Serializer):
    hands = HandEntryInput(
        many=True,
        max_length=HANDS_PER_SESSION,
        help_text=gettext_lazy(
            "the hands of the paper sheet in order (hand 1 first), each the body of POST "
            "…/hands/; `points` without `hand` is accepted in a tiles tournament too (the "
            "paper records points)"
        ),
    )
    penalties = SheetPenaltiesApi.SheetPenaltyInputSerializer(
        many=True,
        required=False,
        max_length=MAX_PENALTIES,
        help_text=gettext_lazy(
            "the Record of Fouls of the paper sheet in order, each the body of POST "
            "…/penalties/; none when left out"
        ),
    )
    confirmed = serializers.ListField(
        child=serializers.ChoiceField(choices=POSITIONS, help_text=POSITION_HELP),
        required=False,
        max_length=len(POSITIONS),
        help_text=gettext_lazy("the seats whose players signed the paper sheet (A-D)"),
    )

    def validate_hands(self, hands):
        for index, hand in enumerate(hands):
            try:
                check_hand_winds(hand, number=index + 1)
            except serializers.ValidationError as refusal:
                raise serializers.ValidationError({index: refusal.detail}) from None
        return hands

    def validate_confirmed(self, confirmed):
        if len(set(confirmed)) != len(confirmed):
            raise serializers.ValidationError(_("Give each seat once."), code="duplicate")
        return confirmed


class DeskAcceptInputSerializer(serializers.Serializer):
    reason = serializers.CharField(
        max_length=300,
        help_text=gettext_lazy(
            "why this entry is recorded without a second one agreeing (required; kept)"
        ),
    )
    entry = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text=gettext_lazy(
            "the id of the entry to accept; required only when several entries differ"
        ),
    )


# -- answers -------------------------------------------------------------------------------------


class DeskEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text=gettext_lazy("the entry's id"))
    clerk = serializers.CharField(help_text=gettext_lazy("the login that keyed it"))
    status = serializers.ChoiceField(
        choices=DeskEntry.Status.values,
        help_text=gettext_lazy(
            "first (held, awaiting a second entry), differs (refused: it differs from another "
            "clerk's), superseded (did not count), recorded (two entries agreed), "
            "accepted_alone (the chief umpire accepted it alone)"
        ),
    )
    created_at = serializers.DateTimeField(help_text=gettext_lazy("when it was keyed"))
    decided_at = serializers.DateTimeField(
        allow_null=True, help_text=gettext_lazy("when it was recorded or superseded")
    )
    matched_with = serializers.IntegerField(
        allow_null=True,
        help_text=gettext_lazy("for the entry that recorded the sheet: the entry it agreed with"),
    )
    accepted_by = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("the chief umpire who accepted it alone")
    )
    reason = serializers.CharField(
        allow_blank=True, help_text=gettext_lazy("his reason for accepting it alone")
    )
    payload = serializers.JSONField(
        allow_null=True,
        help_text=gettext_lazy(
            "what was keyed: hands, penalties, confirmed; null for another clerk's entry not "
            "recorded (a clerk keys from the paper, not from a colleague's entry)"
        ),
    )


class DeskSheetSerializer(serializers.Serializer):
    sheet = serializers.IntegerField(help_text=gettext_lazy("the score sheet's id"))
    version = serializers.IntegerField(help_text=gettext_lazy("the sheet's version (its ETag)"))
    status = serializers.ChoiceField(
        choices=DESK_STATUSES,
        help_text=gettext_lazy(
            "where the sheet stands at the desk: not_started (its session), "
            "awaiting_first_entry, awaiting_second_entry, differ (entries that do not agree), "
            "recorded, kept_by_umpire (its umpire recorded play on it, or signed it)"
        ),
    )
    entries = DeskEntrySerializer(many=True, help_text=gettext_lazy("its entries, oldest first"))


class DeskResultSerializer(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=[AWAITING_SECOND, RECORDED, ACCEPTED_ALONE],
        help_text=gettext_lazy(
            "awaiting_second_entry (held: nothing counts yet), recorded (it agreed with "
            "another clerk's entry: the sheet is recorded), accepted_alone"
        ),
    )
    entry = DeskEntrySerializer(help_text=gettext_lazy("the entry"))
    clerks = serializers.ListField(
        child=serializers.CharField(help_text=gettext_lazy("a login")),
        help_text=gettext_lazy("who keyed the entries that count, first entry first"),
    )
    version = serializers.IntegerField(help_text=gettext_lazy("the sheet's version now"))


class DeskDifferenceSerializer(serializers.Serializer):
    hand = serializers.IntegerField(
        required=False, help_text=gettext_lazy("the hand's number (1-16), for a hand's cell")
    )
    penalty = serializers.IntegerField(
        required=False,
        help_text=gettext_lazy("the penalty's place in the Record of Fouls (1, 2, …)"),
    )
    field = serializers.CharField(
        help_text=gettext_lazy("the cell: a field of the hand or penalty body, or confirmed")
    )
    second = serializers.JSONField(
        allow_null=True,
        help_text=gettext_lazy(
            "what this entry holds there (what the other entry holds is never shown: read the "
            "paper again)"
        ),
    )


class DeskErrorSerializer(serializers.Serializer):
    code = serializers.CharField(help_text=gettext_lazy("machine-readable reason"))
    message = serializers.CharField(help_text=gettext_lazy("what to fix, in words"))
    field = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("the input field at fault, if one is")
    )


class DeskConflictSerializer(serializers.Serializer):
    errors = DeskErrorSerializer(many=True, help_text=gettext_lazy("why it is refused"))
    differences = DeskDifferenceSerializer(
        many=True,
        required=False,
        help_text=gettext_lazy(
            "when the entry differs from another clerk's: each differing cell (the entry is "
            "kept as differing; nothing is recorded)"
        ),
    )
    entry = serializers.IntegerField(
        required=False, help_text=gettext_lazy("when it differs: the id of the entry kept")
    )
    compared_with = serializers.IntegerField(
        required=False, help_text=gettext_lazy("when it differs: the entry it was compared with")
    )


CONFLICT = OpenApiResponse(
    DeskConflictSerializer,
    description=gettext_lazy(
        "The sheet's state refuses it (signed, closed, kept by its umpire, already recorded), "
        "or the entry differs from another clerk's: `differences` lists the cells."
    ),
)


def _username(user) -> str | None:
    return user.get_username() if user is not None else None


def entry_data(entry: DeskEntry, viewer) -> dict:
    shown = (
        entry.clerk_id == viewer.pk
        or entry.status in DeskEntry.COUNTED
        or policies.may_read_other_clerks_entries(viewer)
    )
    return {
        "id": entry.pk,
        "clerk": _username(entry.clerk),
        "status": entry.status,
        "created_at": entry.created_at,
        "decided_at": entry.decided_at,
        "matched_with": entry.matched_with_id,
        "accepted_by": _username(entry.accepted_by),
        "reason": entry.reason,
        "payload": entry.payload if shown else None,
    }


def _refused(refusal: DeskRefusal) -> Response:
    """A part of the entry the services refused: every problem, naming the hand or penalty."""
    http_status = STATUS_OF_CODE.get(refusal.code, status.HTTP_400_BAD_REQUEST)
    found = [error(code, message, refusal.field) for code, message in refusal.details]
    found = found or [error(refusal.code, refusal.message, refusal.field)]
    return errors_response(found, http_status)


def _result(outcome: DeskOutcome, sheet, viewer) -> Response:
    counted = [e for e in (outcome.matched, outcome.entry) if e is not None]
    sheet.refresh_from_db(fields=["version"])
    body = {
        "status": outcome.status,
        "entry": entry_data(outcome.entry, viewer),
        "clerks": [_username(e.clerk) for e in counted],
        "version": sheet.version,
    }
    response = Response(DeskResultSerializer(body).data, status=status.HTTP_201_CREATED)
    return with_etag(response, sheet)


# -- the endpoints -------------------------------------------------------------------------------


class DeskEntriesApi(APIView):
    """A paper score sheet keyed at the score desk, twice."""

    @extend_schema(
        operation_id="score_sheets_desk_entries_list",
        summary="Where a sheet stands at the score desk",
        responses={200: DeskSheetSerializer, **error_responses(401, 403, 404)},
    )
    def get(self, request, sheet_id: int):
        """The sheet's state at the desk and its entries, oldest first. A clerk does not see
        what another clerk keyed before it is recorded."""
        sheet = readable_sheet(request.user, sheet_id, players=False)
        roles.require(policies.may_read_desk_entries(request.user, sheet), str(READS_ENTRIES))
        entries = DeskEntry.objects.filter(table_session=sheet).select_related(
            "clerk", "accepted_by"
        )
        body = {
            "sheet": sheet.pk,
            "version": sheet.version,
            "status": desk_sheet_status(sheet),
            "entries": [entry_data(entry, request.user) for entry in entries],
        }
        return Response(DeskSheetSerializer(body).data)

    @extend_schema(
        operation_id="score_sheets_desk_entries_create",
        summary="Key in a paper score sheet",
        parameters=[IF_MATCH],
        request=DeskEntryInputSerializer,
        responses={
            201: OpenApiResponse(
                DeskResultSerializer,
                description=gettext_lazy(
                    "Held as the first entry (nothing counts yet), or recorded (it agreed with "
                    "another clerk's entry); ETag: the sheet's."
                ),
            ),
            409: CONFLICT,
            **error_responses(400, 401, 403, 404, 412, 428),
        },
    )
    def post(self, request, sheet_id: int):
        """The whole paper sheet as one clerk keyed it. The first entry is held; an entry by
        another clerk that agrees with it cell by cell records the sheet in one transaction,
        as if its umpire had entered it hand by hand (the same scoring and refusals: if any
        hand is refused, nothing is recorded and the error names the hand); one that differs
        is kept, refused with 409 and the differing cells. The clerk whose entry is the only
        one in play may not give the second (403). A sheet its umpire has recorded play on is
        not keyed at the desk (409)."""
        sheet = readable_sheet(request.user, sheet_id)
        roles.require(policies.may_use_score_desk(request.user), str(KEYS_AT_DESK))
        desk_clerk_check(user=request.user, table_session=sheet)
        version = expected_version(request, sheet)
        serializer = DeskEntryInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            outcome = desk_entry_give(
                table_session=sheet,
                hands=data["hands"],
                penalties=data.get("penalties", []),
                confirmed=data.get("confirmed", []),
                expected_version=version,
                user=request.user,
            )
        except DeskRefusal as refusal:
            return _refused(refusal)
        if outcome.status == DIFFER:
            message = _(
                "This entry differs from another clerk's entry of the sheet: nothing is "
                "recorded. Check the differing cells against the paper and key it again."
            )
            body = {
                "errors": [error("entries_differ", message)],
                "differences": outcome.differences,
                "entry": outcome.entry.pk,
                "compared_with": outcome.compared.pk,
            }
            return Response(body, status=status.HTTP_409_CONFLICT)
        return _result(outcome, sheet, request.user)


class DeskAcceptApi(APIView):
    """The chief umpire records a sheet from one desk entry alone."""

    @extend_schema(
        operation_id="score_sheets_desk_entries_accept",
        summary="Accept a desk entry alone",
        parameters=[IF_MATCH],
        request=DeskAcceptInputSerializer,
        responses={
            201: OpenApiResponse(
                DeskResultSerializer,
                description=gettext_lazy("The sheet is recorded from it; ETag: the sheet's."),
            ),
            409: CONFLICT,
            **error_responses(400, 401, 403, 404, 412, 428),
        },
    )
    def post(self, request, sheet_id: int):
        """Record the sheet from the entry awaiting a second one (or, when entries differ,
        from the one named by `entry`) without a second clerk's agreeing: the chief umpire's
        decision, with a `reason` kept on the entry. It is recorded as a second entry would
        record it (the same refusals)."""
        sheet = readable_sheet(request.user, sheet_id)
        roles.require(policies.may_accept_desk_entry(request.user), str(ACCEPTS))
        version = expected_version(request, sheet)
        serializer = DeskAcceptInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            outcome = desk_entry_accept(
                table_session=sheet,
                reason=data["reason"],
                entry_id=data.get("entry"),
                expected_version=version,
                user=request.user,
            )
        except DeskRefusal as refusal:
            return _refused(refusal)
        return _result(outcome, sheet, request.user)


urlpatterns = [
    path(
        "score-sheets/<int:sheet_id>/desk-entries/",
        DeskEntriesApi.as_view(),
        name="api-score-sheet-desk-entries",
    ),
    path(
        "score-sheets/<int:sheet_id>/desk-entries/accept/",
        DeskAcceptApi.as_view(),
        name="api-score-sheet-desk-accept",
    ),
]
