"""Writes to a score sheet: POST hands/ (and DELETE hands/{n}/ for the last one), sign/,
corrections/, GET|POST penalties/. Each needs `If-Match` with the sheet's ETag (428 without,
412 when stale); the service checks the role (403) and the sheet's state (409) under its lock.
"""

from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse, PolymorphicProxySerializer, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api import fast_output
from api.common import IF_MATCH, Pagination, error_responses, expected_version, sheet_etag
from api.views.sheet_common import (
    CORRECTS,
    POSITION_HELP,
    SIGNS_OFF,
    HandEntryInput,
    HandRecordedSerializer,
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
from tournaments.models import Appeal, Correction, Hand, Penalty, TableSession
from tournaments.models.play import HANDS_PER_SESSION, POSITIONS
from tournaments.selectors.session_time import time_warnings
from tournaments.services.corrections import (
    correction_check_in,
    correction_hand_remove,
    correction_hand_replace,
    correction_penalty_add,
    correction_penalty_void,
    correction_seats_swap,
)
from tournaments.services.hands import hand_delete_last, hand_record_no_win, hand_record_win
from tournaments.services.penalties import REMARKS_MAX_LENGTH, penalty_record
from tournaments.services.signoff import sheet_confirm_player, sheet_sign_off
from tournaments.texts import visible_text

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
                HandRecordedSerializer,
                description=gettext_lazy(
                    "The hand and the sheet's warnings (the time limit passed); ETag: the new one."
                ),
            ),
            **error_responses(*WRITE_ERRORS),
        },
    )
    def post(self, request, sheet_id: int):
        """A win (`hand`: the scoring core's hand JSON, or `points` in a points-only
        tournament), a draw or a time-limit stop, as the next hand; its number, prevalent wind
        and dealer follow from the hands already recorded. A hand the scoring core refuses is a
        400 with its codes (field `hand`); a closed or signed sheet, or a session not started,
        409. Once the time limit has passed, the answer's `warnings` say so (rule 3.5.6): the
        hand is recorded all the same until the chief umpire ends the session."""
        # Nothing read with it: the hand's service locks the sheet with what it needs.
        sheet = sheet_for_write(request.user, sheet_id, related=())
        version = expected_version(request, sheet)
        serializer = HandEntryInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if data["outcome"] == Hand.Outcome.WIN:
            check_hand_winds(data, number=lambda: min(sheet.hands.count() + 1, HANDS_PER_SESSION))
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
        answer = {**hand_data(hand), "warnings": time_warnings(hand.table_session.session)}
        body = fast_output.output_of(HandRecordedSerializer)(answer)
        response = Response(body, status=status.HTTP_201_CREATED)
        # The hand's sheet is the row the service locked and bumped: its version is the new one.
        response["ETag"] = sheet_etag(hand.table_session)
        return response


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
        sheet = sheet_for_write(request.user, sheet_id)
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
        sheet = sheet_for_write(request.user, sheet_id, SIGNS_OFF)
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
        else:
            sheet_sign_off(table_session=sheet, expected_version=version, user=request.user)
        return sheet_response(sheet, request.user)


# -- corrections -----------------------------------------------------------------------------

RECORDABLE_KINDS = [kind for kind in Penalty.Kind.values if kind != Penalty.Kind.LATE_ARRIVAL]

# The body's `kind` → the service; "hand" when absent (the clients written before the kinds).
CORRECTION_KINDS = ("hand", "remove_hand", "penalty", "void_penalty", "check_in", "swap_seats")


class _CorrectionFields(serializers.Serializer):
    """What every correction carries: its kind, a reason a reader can see, the appeal."""

    reason = serializers.CharField(
        help_text=gettext_lazy(
            "why the sheet is corrected (required, visible characters; kept in the history)"
        )
    )
    appeal = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text=gettext_lazy(
            "the id of the appeal this correction applies, if any (an appeal of this sheet)"
        ),
    )

    def validate_reason(self, value: str) -> str:
        if not visible_text(value):
            raise serializers.ValidationError(_("A correction needs a written reason."))
        return value


def _kind_field(kind: str, help_text, **kwargs):
    return serializers.ChoiceField(choices=[kind], help_text=help_text, **kwargs)


class HandCorrectionInput(_CorrectionFields, HandEntryInput):
    kind = _kind_field(
        "hand",
        gettext_lazy("hand: replace what a hand recorded (the default when `kind` is left out)"),
        required=False,
        default="hand",
    )
    hand_number = serializers.IntegerField(
        min_value=1, max_value=HANDS_PER_SESSION, help_text=gettext_lazy("the hand to replace")
    )


class RemoveHandCorrectionInput(_CorrectionFields):
    kind = _kind_field(
        "remove_hand",
        gettext_lazy(
            "remove_hand: remove a hand; the later hands are renumbered and rescored with "
            "their new winds (Appendix 4)"
        ),
    )
    hand_number = serializers.IntegerField(
        min_value=1, max_value=HANDS_PER_SESSION, help_text=gettext_lazy("the hand to remove")
    )


class PenaltyDetailFields(serializers.Serializer):
    """What a penalty records besides its kind (POST …/penalties/ and a penalty correction)."""

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
    remarks = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=REMARKS_MAX_LENGTH,
        help_text=gettext_lazy("remarks"),
    )


class PenaltyCorrectionInput(_CorrectionFields, PenaltyDetailFields):
    kind = _kind_field(
        "penalty",
        gettext_lazy("penalty: record a foul and its penalty (rule 3.11) on a signed sheet"),
    )
    offender = serializers.ChoiceField(
        choices=POSITIONS, help_text=gettext_lazy("the offender's position A-D")
    )
    penalty_kind = serializers.ChoiceField(
        # With their labels: the schema describes each kind (and names this set apart from
        # POST …/penalties/'s `kind`, whose enum has the same values).
        choices=[c for c in Penalty.Kind.choices if c[0] in RECORDABLE_KINDS],
        help_text=gettext_lazy(
            "the penalty's kind, as `kind` of POST …/penalties/ (late arrival follows from "
            "the check-in: use kind check_in)"
        ),
    )
    nature = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=300,
        help_text=gettext_lazy(
            "the nature of the foul for the Record of Fouls; left out: the correction's reason"
        ),
    )


class VoidPenaltyCorrectionInput(_CorrectionFields):
    kind = _kind_field(
        "void_penalty",
        gettext_lazy("void_penalty: void a penalty; it stays on the Record of Fouls, marked void"),
    )
    penalty = serializers.IntegerField(
        help_text=gettext_lazy("the id of the penalty to void (GET …/penalties/)")
    )


class CheckInCorrectionInput(_CorrectionFields):
    kind = _kind_field(
        "check_in",
        gettext_lazy(
            "check_in: record or change a player's arrival, or that the player did not come; "
            "the late-arrival penalty follows (rule 3.11.2)"
        ),
    )
    player = serializers.IntegerField(
        required=False,
        help_text=gettext_lazy("the player's id (GET …/players/); or give `number`"),
    )
    number = serializers.IntegerField(
        required=False,
        help_text=gettext_lazy(
            "the player number drawn by lot (as on his seat card); or give `player`"
        ),
    )
    arrived_at = serializers.DateTimeField(
        required=False,
        allow_null=True,
        default=None,
        help_text=gettext_lazy("ISO 8601 arrival time; leave out when `absent`"),
    )
    absent = serializers.BooleanField(
        required=False,
        default=False,
        help_text=gettext_lazy("true: the player did not come (the session is lost, rule 3.11.2)"),
    )

    def validate(self, data):
        if ("player" in data) == ("number" in data):
            raise serializers.ValidationError(
                _("Give the player either by `player` (his id) or by `number`.")
            )
        if data["absent"] and data.get("arrived_at") is not None:
            raise serializers.ValidationError(
                {
                    "arrived_at": _(
                        "A player who did not come has no arrival time: give one or the other."
                    )
                }
            )
        if not data["absent"] and data.get("arrived_at") is None:
            raise serializers.ValidationError(
                {"arrived_at": _("Give the date and time the player arrived.")}
            )
        return data


class SwapSeatsCorrectionInput(_CorrectionFields):
    kind = _kind_field(
        "swap_seats",
        gettext_lazy("swap_seats: two players were recorded in each other's seat"),
    )
    first = serializers.ChoiceField(choices=POSITIONS, help_text=POSITION_HELP)
    second = serializers.ChoiceField(choices=POSITIONS, help_text=POSITION_HELP)


CORRECTION_INPUTS = {
    "hand": HandCorrectionInput,
    "remove_hand": RemoveHandCorrectionInput,
    "penalty": PenaltyCorrectionInput,
    "void_penalty": VoidPenaltyCorrectionInput,
    "check_in": CheckInCorrectionInput,
    "swap_seats": SwapSeatsCorrectionInput,
}


class CorrectionKindInput(serializers.Serializer):
    """The first reading of a correction's body: which kind (then its own serializer)."""

    kind = serializers.ChoiceField(
        choices=CORRECTION_KINDS,
        required=False,
        default="hand",
        help_text=gettext_lazy("the kind of correction"),
    )


def _appeal(appeal_id: int | None) -> Appeal | None:
    """The appeal named (the service checks it is one of this sheet's)."""
    if appeal_id is None:
        return None
    appeal = Appeal.objects.filter(pk=appeal_id).first()
    if appeal is None:
        raise serializers.ValidationError(
            {"appeal": _("There is no appeal %(id)s.") % {"id": appeal_id}}
        )
    return appeal


def _correct_hand(sheet: TableSession, data: dict, common: dict):
    hand = sheet.hands.filter(number=data["hand_number"]).first()
    if hand is None:
        raise serializers.ValidationError(
            {"hand_number": _("This sheet has no hand %(n)s.") % {"n": data["hand_number"]}}
        )
    kwargs = {}
    if data["outcome"] == Hand.Outcome.WIN:
        check_hand_winds(data, number=hand.number)
        kwargs = hand_kwargs(data)
    return correction_hand_replace(hand=hand, outcome=data["outcome"], **common, **kwargs)


def _correct_penalty(sheet: TableSession, data: dict, common: dict):
    victim = _seat(sheet, data["victim"], "victim").player if data.get("victim") else None
    return correction_penalty_add(
        table_session=sheet,
        player=_seat(sheet, data["offender"], "offender").player,
        kind=data["penalty_kind"],
        nature=data.get("nature") or data["reason"],
        foul=data.get("foul") or "",
        amount=data.get("amount"),
        victim=victim,
        invalid_claim=data.get("invalid_claim", False),
        hand_number=data.get("hand_number"),
        remarks=data.get("remarks", ""),
        **common,
    )


def _correct_void(sheet: TableSession, data: dict, common: dict):
    penalty = sheet.penalties.filter(pk=data["penalty"]).first()
    if penalty is None:
        raise serializers.ValidationError(
            {"penalty": _("This sheet has no penalty %(id)s.") % {"id": data["penalty"]}}
        )
    return correction_penalty_void(penalty=penalty, **common)


def _correct_check_in(sheet: TableSession, data: dict, common: dict):
    field, lookup = (
        ("player", {"pk": data["player"]})
        if "player" in data
        else ("number", {"lot_number": data["number"]})
    )
    player = sheet.session.tournament.players.filter(**lookup).first()
    if player is None:
        raise serializers.ValidationError(
            {field: _("No player of this tournament has this %(f)s.") % {"f": field}}
        )
    return correction_check_in(
        table_session=sheet,
        player=player,
        arrived_at=data.get("arrived_at"),
        absent=data["absent"],
        **common,
    )


CORRECTIONS = {
    "hand": _correct_hand,
    "remove_hand": lambda sheet, data, common: correction_hand_remove(
        table_session=sheet, number=data["hand_number"], **common
    ),
    "penalty": _correct_penalty,
    "void_penalty": _correct_void,
    "check_in": _correct_check_in,
    "swap_seats": lambda sheet, data, common: correction_seats_swap(
        table_session=sheet, first=data["first"], second=data["second"], **common
    ),
}


class SheetCorrectionsApi(APIView):
    """The chief umpire corrects a sheet, with a written reason: a hand replaced or removed, a
    penalty added or voided, a check-in changed, two seats swapped."""

    class SheetCorrectionOutputSerializer(serializers.Serializer):
        id = serializers.IntegerField(help_text=gettext_lazy("the correction's id"))
        kind = serializers.ChoiceField(
            choices=Correction.Kind.values,
            help_text=gettext_lazy(
                "what was corrected: hand (replaced), hand_removed, penalty (added), "
                "penalty_void, check_in, seat (swapped)"
            ),
        )
        reason = serializers.CharField(help_text=gettext_lazy("the reason given"))
        appeal = serializers.IntegerField(
            allow_null=True, help_text=gettext_lazy("the id of the appeal it applies, or null")
        )
        before = serializers.JSONField(help_text=gettext_lazy("what the sheet recorded before"))
        after = serializers.JSONField(help_text=gettext_lazy("what it records now"))
        made_by = serializers.CharField(help_text=gettext_lazy("the chief umpire's username"))
        made_at = serializers.DateTimeField(help_text=gettext_lazy("when"))
        hand = SheetHandSerializer(
            allow_null=True,
            help_text=gettext_lazy("for a replaced hand: the hand now; else null"),
        )

    @extend_schema(
        operation_id="score_sheets_corrections_create",
        summary="Correct a score sheet",
        parameters=[IF_MATCH],
        request=PolymorphicProxySerializer(
            component_name="SheetCorrectionInput",
            serializers=CORRECTION_INPUTS,
            resource_type_field_name="kind",
        ),
        responses={
            201: OpenApiResponse(
                SheetCorrectionOutputSerializer,
                description=gettext_lazy("The correction; ETag: the new one."),
            ),
            **error_responses(*WRITE_ERRORS),
        },
    )
    def post(self, request, sheet_id: int):
        """A signed sheet changes only so (Appendix 5), by the chief umpire with a `reason`,
        naming the `appeal` it applies when there is one. `kind` (default `hand`):

        - `hand`: replace hand `hand_number` by the body of a hand entry; a win is rescored;
        - `remove_hand`: remove hand `hand_number`; the later hands move down one number each
          and are rescored with their new winds (a hand that would no longer reach 8 points
          refuses the removal);
        - `penalty`: the fields of POST …/penalties/, the penalty's kind in `penalty_kind`
          and its nature in `nature`;
        - `void_penalty`: void penalty `penalty`;
        - `check_in`: player `number` arrived at `arrived_at`, or is `absent`; his late-arrival
          penalty follows (rule 3.11.2);
        - `swap_seats`: the players of seats `first` and `second` change places.

        Results and standings are recomputed; the history keeps the reason, the author and the
        values before and after; an earlier printed form stops matching (the verify page names
        the correction)."""
        sheet = sheet_for_write(request.user, sheet_id, CORRECTS)
        version = expected_version(request, sheet)
        chosen = CorrectionKindInput(data=request.data)
        chosen.is_valid(raise_exception=True)
        kind = chosen.validated_data["kind"]
        serializer = CORRECTION_INPUTS[kind](data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        common = {
            "reason": data["reason"],
            "appeal": _appeal(data.get("appeal")),
            "expected_version": version,
            "user": request.user,
        }
        correction = CORRECTIONS[kind](sheet, data, common)
        hand = None
        if kind == "hand":
            hand = hand_data(sheet.hands.get(number=data["hand_number"]))
        body = {
            "id": correction.pk,
            "kind": correction.kind,
            "reason": correction.reason,
            "appeal": correction.appeal_id,
            "before": correction.before,
            "after": correction.after,
            "made_by": correction.made_by.get_username(),
            "made_at": correction.made_at,
            "hand": hand,
        }
        response = Response(
            self.SheetCorrectionOutputSerializer(body).data, status=status.HTTP_201_CREATED
        )
        return with_etag(response, sheet)


# -- penalties -------------------------------------------------------------------------------


class SheetPenaltiesApi(APIView):
    """The sheet's Record of Fouls; record a foul and its penalty."""

    pagination_class = Pagination

    class SheetPenaltyInputSerializer(PenaltyDetailFields):
        offender = serializers.ChoiceField(
            choices=POSITIONS, help_text=gettext_lazy("the offender's position A-D")
        )
        kind = serializers.ChoiceField(
            choices=RECORDABLE_KINDS,
            help_text=gettext_lazy(
                "warning; deduction (`amount` 5-60, to nobody); repeated_foul (`foul`; the "
                "points follow from the offender's earlier records); false_hu (`hand_number`, "
                "`invalid_claim`); exposed_hand; revealed_tile (`amount`, `victim`); dead_hand "
                "(`hand_number`). Late arrival follows from the check-in time, not from here."
            ),
        )
        reason = serializers.CharField(
            max_length=300, help_text=gettext_lazy("the nature of the foul")
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
        sheet = sheet_for_write(request.user, sheet_id)
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
