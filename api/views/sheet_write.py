"""Writes to a score sheet: POST hands/ (and DELETE hands/{n}/ for the last one), sign/,
corrections/, GET|POST penalties/. Each needs `If-Match` with the sheet's ETag (428 without,
412 when stale); the service checks the role (403) and the sheet's state (409) under its lock.
"""

from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import IF_MATCH, Pagination, error_responses, expected_version, sheet_etag
from api.views.sheet_common import (
    HandEntryInput,
    SheetDetailSerializer,
    SheetHandSerializer,
    SheetPenaltySerializer,
    check_hand_winds,
    hand_data,
    hand_kwargs,
    penalty_data,
    readable_sheet,
    seat_positions,
    sheet_for_write,
)
from api.views.sheet_read import sheet_response
from tournaments import roles
from tournaments.models import Hand, Penalty, TableSession
from tournaments.models.play import HANDS_PER_SESSION, POSITIONS
from tournaments.services.corrections import correction_hand_replace
from tournaments.services.hands import hand_delete_last, hand_record_no_win, hand_record_win
from tournaments.services.penalties import penalty_record
from tournaments.services.signoff import sheet_confirm_player, sheet_countersign, sheet_sign

WRITE_ERRORS = (400, 401, 403, 404, 409, 412, 428)


def with_etag(response: Response, sheet: TableSession) -> Response:
    """The sheet's new ETag on a write's response (the version the write produced)."""
    sheet.refresh_from_db(fields=["version"])
    response["ETag"] = sheet_etag(sheet)
    return response


def _seat(sheet: TableSession, position: str, field: str):
    seat = sheet.seats.select_related("player").filter(position=position).first()
    if seat is None:
        raise serializers.ValidationError(
            {field: _("No player sits at %(p)s at this table.") % {"p": position}}
        )
    return seat


# -- hands -----------------------------------------------------------------------------------


class SheetHandsApi(APIView):
    """Record the next hand of a sheet."""

    @extend_schema(
        operation_id="score_sheets_hands_create",
        summary="Record the next hand",
        parameters=[IF_MATCH],
        request=HandEntryInput,
        responses={
            201: OpenApiResponse(
                SheetHandSerializer, description=gettext_lazy("The hand; ETag: the new one.")
            ),
            **error_responses(*WRITE_ERRORS),
        },
    )
    def post(self, request, sheet_id: int):
        """A win (`hand`: the scoring core's hand JSON, or `points` in a points-only
        tournament), a draw or a time-limit stop, as the next hand; its number, prevalent wind
        and dealer follow from the hands already recorded. A hand the scoring core refuses is a
        400 with its codes (field `hand`); a closed or signed sheet 409."""
        sheet = sheet_for_write(sheet_id)
        version = expected_version(request, sheet)
        serializer = HandEntryInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if data["outcome"] == Hand.Outcome.WIN:
            number = min(sheet.hands.count() + 1, HANDS_PER_SESSION)
            check_hand_winds(data, number=number)
            hand = hand_record_win(
                table_session=sheet,
                expected_version=version,
                user=request.user,
                **hand_kwargs(data),
            )
        else:
            hand = hand_record_no_win(
                table_session=sheet,
                outcome=data["outcome"],
                expected_version=version,
                user=request.user,
            )
        response = Response(
            SheetHandSerializer(hand_data(hand)).data, status=status.HTTP_201_CREATED
        )
        return with_etag(response, sheet)


class SheetLastHandApi(APIView):
    """Take back the last hand entered (before the umpire signs)."""

    @extend_schema(
        operation_id="score_sheets_hands_destroy",
        summary="Remove the last hand",
        parameters=[IF_MATCH],
        request=None,
        responses={
            204: OpenApiResponse(description=gettext_lazy("Removed; ETag: the new one.")),
            **error_responses(*WRITE_ERRORS),
        },
    )
    def delete(self, request, sheet_id: int, number: int):
        """Remove hand `number`, which must be the last hand of a sheet the umpire has not
        signed (a typing mistake); a hand an appeal names stays."""
        sheet = sheet_for_write(sheet_id)
        version = expected_version(request, sheet)
        hand_delete_last(
            table_session=sheet, number=number, expected_version=version, user=request.user
        )
        return with_etag(Response(status=status.HTTP_204_NO_CONTENT), sheet)


# -- sign-off --------------------------------------------------------------------------------


class SheetSignApi(APIView):
    """A player's confirmation, the umpire's signature or the chief umpire's countersignature."""

    class SheetSignInputSerializer(serializers.Serializer):
        position = serializers.ChoiceField(
            choices=POSITIONS,
            required=False,
            allow_null=True,
            help_text=gettext_lazy(
                "Record the confirmation of the player at this seat (by the sheet's umpire, or "
                "by the player himself). Leave it out to sign as the sheet's umpire, or, as the "
                "chief umpire, to countersign a sheet its umpire has signed."
            ),
        )

    @extend_schema(
        operation_id="score_sheets_sign",
        summary="Confirm, sign or countersign a score sheet",
        parameters=[IF_MATCH],
        request=SheetSignInputSerializer,
        responses={
            200: OpenApiResponse(
                SheetDetailSerializer, description=gettext_lazy("The sheet; ETag: the new one.")
            ),
            **error_responses(*WRITE_ERRORS),
        },
    )
    def post(self, request, sheet_id: int):
        """Sign-off (3.9.2, Appendix 5): `{"position": "B"}` records that player's confirmation
        of a complete sheet; `{}` signs it as its umpire once the four have confirmed (it is
        locked from then on), or countersigns it as the chief umpire once signed (final)."""
        sheet = sheet_for_write(sheet_id)
        version = expected_version(request, sheet)
        serializer = self.SheetSignInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        position = serializer.validated_data.get("position")
        if position:
            sheet_confirm_player(
                table_session=sheet,
                player=_seat(sheet, position, "position").player,
                expected_version=version,
                user=request.user,
            )
        elif sheet.status == TableSession.Status.SIGNED and roles.is_director(request.user):
            sheet_countersign(table_session=sheet, expected_version=version, user=request.user)
        else:
            sheet_sign(table_session=sheet, expected_version=version, user=request.user)
        return sheet_response(sheet)


# -- corrections -----------------------------------------------------------------------------


class CorrectionInput(HandEntryInput):
    reason = serializers.CharField(
        help_text=gettext_lazy("why the hand is corrected (required; kept in the history)")
    )
    hand_number = serializers.IntegerField(
        min_value=1, max_value=HANDS_PER_SESSION, help_text=gettext_lazy("the hand to replace")
    )


class SheetCorrectionsApi(APIView):
    """The chief umpire replaces a hand of a sheet, with a written reason."""

    class SheetCorrectionOutputSerializer(serializers.Serializer):
        id = serializers.IntegerField(help_text=gettext_lazy("the correction's id"))
        kind = serializers.CharField(help_text=gettext_lazy("hand (a hand replaced)"))
        reason = serializers.CharField(help_text=gettext_lazy("the reason given"))
        before = serializers.JSONField(help_text=gettext_lazy("the hand as it was"))
        after = serializers.JSONField(help_text=gettext_lazy("the hand as it is now"))
        made_by = serializers.CharField(help_text=gettext_lazy("the chief umpire's username"))
        made_at = serializers.DateTimeField(help_text=gettext_lazy("when"))
        hand = SheetHandSerializer(help_text=gettext_lazy("the hand now"))

    @extend_schema(
        operation_id="score_sheets_corrections_create",
        summary="Replace a hand (correction)",
        parameters=[IF_MATCH],
        request=CorrectionInput,
        responses={
            201: OpenApiResponse(
                SheetCorrectionOutputSerializer,
                description=gettext_lazy("The correction; ETag: the new one."),
            ),
            **error_responses(*WRITE_ERRORS),
        },
    )
    def post(self, request, sheet_id: int):
        """Replace what hand `hand_number` recorded, by the same body as a hand entry plus the
        `reason`: a signed sheet changes only so. The scoring core rescores a win; results and
        standings are recomputed; the history keeps the reason, the author and the values
        before and after. Chief umpire only."""
        sheet = sheet_for_write(sheet_id)
        version = expected_version(request, sheet)
        serializer = CorrectionInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        hand = sheet.hands.filter(number=data["hand_number"]).first()
        if hand is None:
            raise serializers.ValidationError(
                {"hand_number": _("This sheet has no hand %(n)s.") % {"n": data["hand_number"]}}
            )
        kwargs = {}
        if data["outcome"] == Hand.Outcome.WIN:
            check_hand_winds(data, number=hand.number)
            kwargs = hand_kwargs(data)
        correction = correction_hand_replace(
            hand=hand,
            reason=data["reason"],
            outcome=data["outcome"],
            expected_version=version,
            user=request.user,
            **kwargs,
        )
        hand.refresh_from_db()
        body = {
            "id": correction.pk,
            "kind": correction.kind,
            "reason": correction.reason,
            "before": correction.before,
            "after": correction.after,
            "made_by": correction.made_by.get_username(),
            "made_at": correction.made_at,
            "hand": hand_data(hand),
        }
        response = Response(
            self.SheetCorrectionOutputSerializer(body).data, status=status.HTTP_201_CREATED
        )
        return with_etag(response, sheet)


# -- penalties -------------------------------------------------------------------------------

RECORDABLE_KINDS = [kind for kind in Penalty.Kind.values if kind != Penalty.Kind.LATE_ARRIVAL]


class SheetPenaltiesApi(APIView):
    """The sheet's Record of Fouls; record a foul and its penalty."""

    pagination_class = Pagination

    class SheetPenaltyInputSerializer(serializers.Serializer):
        offender = serializers.ChoiceField(
            choices=POSITIONS, help_text=gettext_lazy("the offender's position A-D")
        )
        kind = serializers.ChoiceField(
            choices=RECORDABLE_KINDS,
            help_text=gettext_lazy(
                "warning; deduction (`amount` 5-60, to nobody); repeated_foul (`foul`; the "
                "points follow from his earlier records); false_hu (`hand_number`, "
                "`invalid_claim`); exposed_hand; revealed_tile (`amount`, `victim`); dead_hand "
                "(`hand_number`). Late arrival follows from the check-in time, not from here."
            ),
        )
        foul = serializers.ChoiceField(
            choices=Penalty.Foul.values,
            required=False,
            allow_blank=True,
            default="",
            help_text=gettext_lazy("for a repeated foul: which foul (rules 3.11.6.3-5)"),
        )
        amount = serializers.IntegerField(
            required=False,
            allow_null=True,
            min_value=0,
            help_text=gettext_lazy("a deduction's or a revealed tile's points; else leave out"),
        )
        victim = serializers.ChoiceField(
            choices=POSITIONS,
            required=False,
            allow_null=True,
            help_text=gettext_lazy("for a revealed tile: whose tile it was (position)"),
        )
        invalid_claim = serializers.BooleanField(
            required=False,
            default=False,
            help_text=gettext_lazy("a False Hu claimed on a discard (20 to each)"),
        )
        hand_number = serializers.IntegerField(
            required=False,
            allow_null=True,
            min_value=1,
            max_value=HANDS_PER_SESSION,
            help_text=gettext_lazy("the hand of the foul (required for false_hu and dead_hand)"),
        )
        reason = serializers.CharField(
            max_length=300, help_text=gettext_lazy("the nature of the foul")
        )
        remarks = serializers.CharField(
            required=False, allow_blank=True, default="", help_text=gettext_lazy("remarks")
        )

    @extend_schema(
        operation_id="score_sheets_penalties_list",
        summary="A score sheet's penalties",
        responses={200: SheetPenaltySerializer(many=True), **error_responses(401, 404)},
    )
    def get(self, request, sheet_id: int):
        """The sheet's Record of Fouls in order, voided penalties included (marked void)."""
        sheet = readable_sheet(request.user, sheet_id)
        positions = seat_positions(sheet)
        penalties = sheet.penalties.select_related(
            "player", "victim", "recorded_by", "voided_by"
        ).order_by("recorded_at", "pk")
        paginator = Pagination()
        page = paginator.paginate_queryset(penalties, request, view=self)
        data = [penalty_data(penalty, positions) for penalty in page]
        return paginator.get_paginated_response(SheetPenaltySerializer(data, many=True).data)

    @extend_schema(
        operation_id="score_sheets_penalties_create",
        summary="Record a penalty",
        parameters=[IF_MATCH],
        request=SheetPenaltyInputSerializer,
        responses={
            201: OpenApiResponse(
                SheetPenaltySerializer, description=gettext_lazy("The penalty; ETag: new one.")
            ),
            **error_responses(*WRITE_ERRORS),
        },
    )
    def post(self, request, sheet_id: int):
        """Record a foul (rule 3.11) on a sheet the umpire has not signed; its points follow
        from the rules (and the player's earlier records), except a deduction's and a revealed
        tile's, which the umpire decides."""
        sheet = sheet_for_write(sheet_id)
        version = expected_version(request, sheet)
        serializer = self.SheetPenaltyInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        victim = _seat(sheet, data["victim"], "victim").player if data.get("victim") else None
        penalty = penalty_record(
            table_session=sheet,
            player=_seat(sheet, data["offender"], "offender").player,
            kind=data["kind"],
            reason=data["reason"],
            foul=data.get("foul") or "",
            amount=data.get("amount"),
            victim=victim,
            invalid_claim=data.get("invalid_claim", False),
            hand_number=data.get("hand_number"),
            remarks=data.get("remarks", ""),
            expected_version=version,
            user=request.user,
        )
        body = penalty_data(penalty, seat_positions(sheet))
        response = Response(SheetPenaltySerializer(body).data, status=status.HTTP_201_CREATED)
        return with_etag(response, sheet)


urlpatterns = [
    path(
        "score-sheets/<int:sheet_id>/hands/", SheetHandsApi.as_view(), name="api-score-sheet-hands"
    ),
    path(
        "score-sheets/<int:sheet_id>/hands/<int:number>/",
        SheetLastHandApi.as_view(),
        name="api-score-sheet-hand",
    ),
    path("score-sheets/<int:sheet_id>/sign/", SheetSignApi.as_view(), name="api-score-sheet-sign"),
    path(
        "score-sheets/<int:sheet_id>/corrections/",
        SheetCorrectionsApi.as_view(),
        name="api-score-sheet-corrections",
    ),
    path(
        "score-sheets/<int:sheet_id>/penalties/",
        SheetPenaltiesApi.as_view(),
        name="api-score-sheet-penalties",
    ),
]
