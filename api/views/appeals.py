"""API: appeals against a ruling (rules 3.12-3.13).

- `GET|POST /api/tournaments/{slug}/appeals/`: the appeals the caller may read
  (`appeals_for`: the committee and the chief umpire all, a player his own and, as captain,
  his team's); filing calls `appeal_file` (the player concerned or his captain on their own
  login, or the chief umpire entering a written appeal handed in on paper).
- `GET /api/appeals/{id}/`: one appeal, if the caller may read it (else 404).
- `POST /api/appeals/{id}/review/`, `…/ruling/`, `…/withdraw/`: the committee takes it under
  review and rules on it; a ruling on an appeal still only filed takes it under review first,
  as the admin's two buttons would, in one transaction. The services check every role.
"""

import django_filters
from django.db import transaction
from django.db.models import Q
from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import IntegerFilter, error_responses, tournament_for
from api.views.event import PAGE_PARAMETERS, filtered, page_of, paginated
from tournaments import roles
from tournaments.models import Appeal, Correction, Hand, Penalty, Player
from tournaments.models.play import HANDS_PER_SESSION
from tournaments.selectors.appeals import appeal_deadline, appeal_filed_on_paper, appeals_for
from tournaments.services.appeals import (
    RULING_MAX_LENGTH,
    STATEMENT_MAX_LENGTH,
    appeal_decide,
    appeal_file,
    appeal_filer_capacity,
    appeal_start_review,
    appeal_withdraw,
)

# -- the appeal as JSON ----------------------------------------------------------------------


class AppealPlayerOutput(serializers.Serializer):
    class Meta:
        ref_name = "AppealPlayer"

    id = serializers.IntegerField(help_text=gettext_lazy("the player's id in the API"))
    number = serializers.IntegerField(
        source="lot_number", allow_null=True, help_text=gettext_lazy("player number, or null")
    )
    name = serializers.CharField(help_text=gettext_lazy("the player's name"))


class AppealOutput(serializers.Serializer):
    class Meta:
        ref_name = "Appeal"

    id = serializers.IntegerField(help_text=gettext_lazy("the appeal's id"))
    tournament = serializers.CharField(
        source="session.tournament.slug", help_text=gettext_lazy("the tournament's slug")
    )
    session = serializers.IntegerField(
        source="session.number", help_text=gettext_lazy("number of the session concerned")
    )
    score_sheet = serializers.IntegerField(
        source="table_session_id",
        allow_null=True,
        help_text=gettext_lazy("id of the player's score sheet in that session"),
    )
    table = serializers.IntegerField(
        source="table_session.table.number",
        allow_null=True,
        default=None,
        help_text=gettext_lazy("number of the player's table in that session"),
    )
    player = AppealPlayerOutput(help_text=gettext_lazy("the player concerned"))
    filed_by = serializers.CharField(
        source="filed_by.username", help_text=gettext_lazy("username of the login that filed it")
    )
    filed_as_captain = serializers.BooleanField(
        help_text=gettext_lazy("filed (or signed on paper) by the team's captain")
    )
    filed_on_paper = serializers.SerializerMethodField(
        help_text=gettext_lazy("a written appeal entered by the chief umpire")
    )
    filed_at = serializers.DateTimeField(help_text=gettext_lazy("when it was filed"))
    deadline = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "last moment to appeal about the session (30 minutes after its end, rule 3.12.2); "
            "null while it runs"
        )
    )
    subject = serializers.ChoiceField(
        choices=Appeal.Subject.choices,
        help_text=gettext_lazy("what it is against: hand, penalty, result or other"),
    )
    hand = serializers.IntegerField(
        source="hand.number",
        allow_null=True,
        default=None,
        help_text=gettext_lazy("number of the hand appealed against (subject hand), or null"),
    )
    penalty = serializers.IntegerField(
        source="penalty_id",
        allow_null=True,
        help_text=gettext_lazy("id of the penalty appealed against (subject penalty), or null"),
    )
    statement = serializers.CharField(help_text=gettext_lazy("the appeal in writing"))
    fee_amount = serializers.DecimalField(
        max_digits=9, decimal_places=2, help_text=gettext_lazy("the fee deposited")
    )
    fee_currency = serializers.CharField(help_text=gettext_lazy("its currency (ISO 4217)"))
    fee_status = serializers.ChoiceField(
        choices=Appeal.FeeStatus.choices,
        help_text=gettext_lazy("held, returned (upheld) or forfeited"),
    )
    status = serializers.ChoiceField(
        choices=Appeal.Status.choices,
        help_text=gettext_lazy("filed, review (under review), upheld, rejected or withdrawn"),
    )
    ruling = serializers.CharField(help_text=gettext_lazy("the committee's ruling (empty before)"))
    reasons = serializers.CharField(help_text=gettext_lazy("the reasons of the ruling"))
    ruled_by = serializers.CharField(
        source="ruled_by.username",
        allow_null=True,
        default=None,
        help_text=gettext_lazy("username of the committee member who ruled, or null"),
    )
    ruled_at = serializers.DateTimeField(
        allow_null=True, help_text=gettext_lazy("when it was ruled or withdrawn, or null")
    )
    correction = serializers.IntegerField(
        source="correction_id",
        allow_null=True,
        help_text=gettext_lazy("id of the correction an upheld ruling made, or null"),
    )

    def get_filed_on_paper(self, appeal) -> bool:
        return appeal_filed_on_paper(appeal)

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_deadline(self, appeal) -> str | None:
        moment = appeal_deadline(appeal.session)
        return serializers.DateTimeField().to_representation(moment) if moment else None


def _answer(appeal: Appeal, http_status=status.HTTP_200_OK) -> Response:
    """The appeal as it is now in the database (read again with what the output names)."""
    appeal = _readable_queryset().get(pk=appeal.pk)
    return Response(AppealOutput(appeal).data, status=http_status)


def _readable_queryset():
    return Appeal.objects.select_related(
        "session__tournament",
        "table_session__table",
        "player__team__captain",
        "filed_by",
        "ruled_by",
        "hand",
    )


# -- GET|POST /api/tournaments/{slug}/appeals/ ---------------------------------------------


class AppealFilter(django_filters.FilterSet):
    status = django_filters.ChoiceFilter(choices=Appeal.Status.choices)
    session = IntegerFilter(field_name="session__number")
    player = IntegerFilter(field_name="player_id")

    class Meta:
        model = Appeal
        fields = ["status", "session", "player"]


class AppealListApi(APIView):
    """A tournament's appeals as the caller may read them; filing an appeal."""

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "AppealFileInput"

        session = serializers.IntegerField(
            min_value=1, help_text=gettext_lazy("number of the session whose ruling is appealed")
        )
        player = serializers.PrimaryKeyRelatedField(
            queryset=Player.objects.all(),
            required=False,
            allow_null=True,
            default=None,
            help_text=gettext_lazy(
                "the id of the player concerned (GET …/players/); leave out to appeal for yourself"
            ),
        )
        subject = serializers.ChoiceField(
            choices=Appeal.Subject.choices,
            help_text=gettext_lazy("what it is against: hand, penalty, result or other"),
        )
        hand = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            min_value=1,
            max_value=HANDS_PER_SESSION,
            help_text=gettext_lazy(
                "subject hand: the number of the hand on the player's score sheet of that session"
            ),
        )
        penalty = serializers.PrimaryKeyRelatedField(
            queryset=Penalty.objects.all(),
            required=False,
            allow_null=True,
            default=None,
            help_text=gettext_lazy(
                "subject penalty: the penalty's id (GET /api/score-sheets/{id}/penalties/)"
            ),
        )
        statement = serializers.CharField(
            allow_blank=True,
            trim_whitespace=False,
            max_length=STATEMENT_MAX_LENGTH,
            help_text=gettext_lazy("the appeal in writing: which ruling, and why it is wrong"),
        )
        confirmed = serializers.BooleanField(
            help_text=gettext_lazy(
                "the filer confirms the appeal and its fee in writing (rule 3.12.3): must be true"
            )
        )
        filed_at = serializers.DateTimeField(
            required=False,
            allow_null=True,
            default=None,
            help_text=gettext_lazy(
                "chief umpire only: when a written appeal was handed in on paper (ISO 8601); "
                "others file now"
            ),
        )
        signed_by_captain = serializers.BooleanField(
            required=False,
            default=False,
            help_text=gettext_lazy("chief umpire only: the paper appeal is signed by the captain"),
        )

    @extend_schema(
        operation_id="appeals_list",
        summary="List a tournament's appeals",
        parameters=[
            OpenApiParameter(
                "status",
                str,
                enum=list(Appeal.Status.values),
                description=gettext_lazy("Only the appeals in this status."),
            ),
            OpenApiParameter(
                "session", int, description=gettext_lazy("Only those about this session.")
            ),
            OpenApiParameter(
                "player", int, description=gettext_lazy("Only those of this player (his id).")
            ),
            *PAGE_PARAMETERS,
        ],
        responses={200: page_of("AppealPage", AppealOutput), **error_responses(400, 401, 404)},
    )
    def get(self, request, slug):
        """The appeals the caller may read, newest first: the arbitration committee and the
        chief umpire see all; a player those about him or filed by him, a captain also his
        team's; anyone else none."""
        tournament = tournament_for(slug)
        appeals = filtered(
            AppealFilter, request, appeals_for(tournament=tournament, user=request.user)
        )
        return paginated(request, self, appeals.order_by("-filed_at", "-pk"), AppealOutput)

    @extend_schema(
        operation_id="appeals_create",
        summary="File an appeal",
        request=InputSerializer,
        responses={201: AppealOutput, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request, slug):
        """File an appeal in writing against a ruling of a session (rules 3.12.1-3.12.3), within
        30 minutes after the session's end. The player concerned files on his own login, his
        team's captain for him, or the chief umpire enters a written appeal handed in on paper
        (with `filed_at`). The fee is the tournament's `appeal_fee`. A player with three
        appeals open already files no fourth (409)."""
        tournament = tournament_for(slug)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        session = tournament.sessions.filter(number=data["session"]).first()
        if session is None:
            raise ValidationError(
                {"session": [_("This tournament has no session %(n)s.") % {"n": data["session"]}]}
            )
        player = data["player"] or roles.player_of(request.user, tournament)
        if player is None:
            raise ValidationError({"player": [_("Name the player concerned.")]})
        # Who may appeal is settled before the hand is looked up: a refused login learns
        # nothing about another player's score sheet.
        appeal_filer_capacity(user=request.user, player=player)
        appeal = appeal_file(
            session=session,
            player=player,
            subject=data["subject"],
            statement=data["statement"],
            confirmed=data["confirmed"],
            hand=_hand(session, player, data["hand"]),
            penalty=data["penalty"],
            filed_at=data["filed_at"],
            signed_by_captain=data["signed_by_captain"],
            user=request.user,
        )
        return _answer(appeal, status.HTTP_201_CREATED)


def _hand(session, player: Player, number: int | None) -> Hand | None:
    """Hand `number` of the sheet where the player sat in the session (or lost his seat)."""
    if number is None:
        return None
    hand = (
        Hand.objects.filter(table_session__session=session, number=number)
        .filter(
            Q(table_session__seats__player=player) | Q(table_session__seats__replaced_player=player)
        )
        .first()
    )
    if hand is None:
        raise ValidationError(
            {
                "hand": [
                    _("The player's score sheet of this session has no hand %(n)s.") % {"n": number}
                ]
            }
        )
    return hand


# -- GET /api/appeals/{id}/ ------------------------------------------------------------------


class AppealDetailApi(APIView):
    """One appeal, for those who may read it (else 404)."""

    @extend_schema(
        operation_id="appeals_retrieve",
        summary="Read an appeal",
        responses={200: AppealOutput, **error_responses(401, 404)},
    )
    def get(self, request, appeal_id):
        """The appeal with its ruling: the committee and the chief umpire read every appeal,
        a player those about him or filed by him, a captain his team's."""
        appeal = get_object_or_404(_readable_queryset(), pk=appeal_id)
        readable = appeals_for(tournament=appeal.session.tournament, user=request.user)
        get_object_or_404(readable, pk=appeal.pk)
        return Response(AppealOutput(appeal).data)


def _appeal(appeal_id: int) -> Appeal:
    """The appeal to act on (404 if none); the service decides whether this login may."""
    return get_object_or_404(Appeal, pk=appeal_id)


# -- POST /api/appeals/{id}/review/ ----------------------------------------------------------


class AppealReviewApi(APIView):
    """The arbitration committee takes a filed appeal under review (rule 3.12.4)."""

    @extend_schema(
        operation_id="appeals_review",
        summary="Take an appeal under review",
        request=None,
        responses={200: AppealOutput, **error_responses(401, 403, 404, 409)},
    )
    def post(self, request, appeal_id):
        """The committee only; refused (409) unless the appeal is filed."""
        appeal = appeal_start_review(appeal=_appeal(appeal_id), user=request.user)
        return _answer(appeal)


# -- POST /api/appeals/{id}/ruling/ ----------------------------------------------------------


class AppealRulingApi(APIView):
    """The committee's ruling (rules 3.12.2, 3.13.3)."""

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "AppealRulingInput"

        upheld = serializers.BooleanField(
            help_text=gettext_lazy(
                "true: upheld, the fee is returned; false: rejected, the fee is forfeited"
            )
        )
        ruling = serializers.CharField(
            allow_blank=True,
            trim_whitespace=False,
            max_length=RULING_MAX_LENGTH,
            help_text=gettext_lazy(
                "the committee's ruling; it may not overturn an umpire's ruling made "
                "according to the rules (3.13.3)"
            ),
        )
        reasons = serializers.CharField(
            allow_blank=True,
            trim_whitespace=False,
            max_length=RULING_MAX_LENGTH,
            help_text=gettext_lazy("the reasons of the ruling"),
        )
        correction = serializers.PrimaryKeyRelatedField(
            queryset=Correction.objects.all(),
            required=False,
            allow_null=True,
            default=None,
            help_text=gettext_lazy(
                "upheld and changing a result: the id of the chief umpire's correction of the "
                "appeal's score sheet (POST /api/score-sheets/{id}/corrections/), made first"
            ),
        )

    @extend_schema(
        operation_id="appeals_ruling",
        summary="Rule on an appeal",
        request=InputSerializer,
        responses={200: AppealOutput, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request, appeal_id):
        """The arbitration committee upholds or rejects the appeal. An appeal still only filed
        is taken under review first (as with the admin's "Take under review" button), in the
        same transaction: a refused ruling leaves it filed. 409 once it is decided or
        withdrawn."""
        appeal = _appeal(appeal_id)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        with transaction.atomic():
            if appeal.status == Appeal.Status.FILED:
                appeal = appeal_start_review(appeal=appeal, user=request.user)
            appeal = appeal_decide(
                appeal=appeal,
                upheld=data["upheld"],
                ruling=data["ruling"],
                reasons=data["reasons"],
                correction=data["correction"],
                user=request.user,
            )
        return _answer(appeal)


# -- POST /api/appeals/{id}/withdraw/ --------------------------------------------------------


class AppealWithdrawApi(APIView):
    """Withdraw an open appeal: its fee is forfeited (rule 3.12.2)."""

    @extend_schema(
        operation_id="appeals_withdraw",
        summary="Withdraw an appeal",
        request=None,
        responses={200: AppealOutput, **error_responses(401, 403, 404, 409)},
    )
    def post(self, request, appeal_id):
        """The filer, the player concerned, his captain or the chief umpire; 409 once it is
        decided or withdrawn."""
        appeal = appeal_withdraw(appeal=_appeal(appeal_id), user=request.user)
        return _answer(appeal)


urlpatterns = [
    path("tournaments/<slug:slug>/appeals/", AppealListApi.as_view(), name="api-appeals"),
    path("appeals/<int:appeal_id>/", AppealDetailApi.as_view(), name="api-appeal"),
    path("appeals/<int:appeal_id>/review/", AppealReviewApi.as_view(), name="api-appeal-review"),
    path("appeals/<int:appeal_id>/ruling/", AppealRulingApi.as_view(), name="api-appeal-ruling"),
    path(
        "appeals/<int:appeal_id>/withdraw/",
        AppealWithdrawApi.as_view(),
        name="api-appeal-withdraw",
    ),
]
