"""API: the sessions of a tournament — their list, start and end (the chief umpire's, through
the services), and the check-ins of a session with the late-arrival penalty that follows
(rule 3.11.2).

The session list is open to every logged-in user (the public pages show the sessions); the
check-ins of a session are read by the staff roles. Writes go through the services with
`user=request.user`, which check the roles.
"""

from django.db.models import Count, Q
from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema, extend_schema_field, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from api.common import (
    IF_MATCH_FOR_SCORES,
    error_responses,
    sheet_etag,
    tournament_for,
    version_sent,
)
from api.views.event import PAGE_PARAMETERS, page_of, paginated
from tournaments import policies, roles
from tournaments.models import CheckIn, Penalty, Player, Session, TableSession
from tournaments.selectors.session_time import tables_without_hands
from tournaments.services.checkin import checkin_record, minutes_late
from tournaments.services.sessions import session_end, session_end_correct, session_start
from tournaments.system_texts import system_text


def session_for(slug: str, number: int) -> Session:
    """The tournament's session `number`, or 404."""
    return get_object_or_404(Session, tournament=tournament_for(slug), number=number)


def with_counts(sessions):
    """Sessions with their number of tables and of score sheets in each status."""
    sheets = {
        f"sheets_{name}": Count("table_sessions", filter=Q(table_sessions__status=name))
        for name in TableSession.Status.values
    }
    return sessions.annotate(tables=Count("table_sessions"), **sheets)


SheetsByStatus = inline_serializer(
    name="SessionSheetsByStatus",
    fields={
        name: serializers.IntegerField(
            help_text=gettext_lazy("score sheets %(status)s") % {"status": label.lower()}
        )
        for name, label in TableSession.Status.choices
    },
)


class SessionOutput(serializers.ModelSerializer):
    status = serializers.ChoiceField(
        choices=Session.Status.choices,
        help_text=gettext_lazy(
            "scheduled until the chief umpire starts it, running until he ends it, ended"
        ),
    )
    tables = serializers.IntegerField(help_text=gettext_lazy("tables playing in the session"))
    sheets = serializers.SerializerMethodField(
        help_text=gettext_lazy("how many score sheets are in each status")
    )

    class Meta:
        model = Session
        fields = [
            "number",
            "stage",
            "group",
            "scheduled_start",
            "scheduled_end",
            "actual_start",
            "actual_end",
            "status",
            "tables",
            "sheets",
        ]
        read_only_fields = fields
        extra_kwargs = {
            "number": {"help_text": gettext_lazy("the session's number (1, 2, …)")},
            "stage": {"help_text": gettext_lazy("qualifying or final")},
            "group": {"help_text": gettext_lazy("the group playing it, if the field is split")},
            "scheduled_start": {"help_text": gettext_lazy("planned start, or null")},
            "scheduled_end": {"help_text": gettext_lazy("planned end, or null")},
            "actual_start": {
                "help_text": gettext_lazy(
                    "when the chief umpire started it (late arrivals count from it), or null"
                )
            },
            "actual_end": {
                "help_text": gettext_lazy(
                    "when it ended (the gong; appeals run 30 minutes from it), or null"
                )
            },
        }

    @extend_schema_field(SheetsByStatus)
    def get_sheets(self, session) -> dict:
        return {name: getattr(session, f"sheets_{name}") for name in TableSession.Status.values}


def session_output(session: Session) -> dict:
    return SessionOutput(with_counts(Session.objects.filter(pk=session.pk)).get()).data


class SessionListApi(APIView):
    """The sessions of a tournament with their state (any logged-in user)."""

    @extend_schema(
        operation_id="sessions_list",
        summary="List a tournament's sessions",
        parameters=PAGE_PARAMETERS,
        responses={200: page_of("SessionPage", SessionOutput), **error_responses(400, 401, 404)},
    )
    def get(self, request, slug):
        """Each session by number: its stage, planned and actual times, status, tables and
        how many of its score sheets are open, complete, signed and final."""
        tournament = tournament_for(slug)
        sessions = with_counts(tournament.sessions.order_by("number"))
        return paginated(request, self, sessions, SessionOutput)


class SessionTimeInput(serializers.Serializer):
    at = serializers.DateTimeField(
        required=False,
        allow_null=True,
        default=None,
        help_text=gettext_lazy(
            "ISO 8601 time it happened, for a time entered afterwards; absent: now"
        ),
    )


class SessionStartApi(APIView):
    """Start a session (the chief umpire): its clock and late arrivals count from then."""

    @extend_schema(
        operation_id="sessions_start",
        summary="Start a session",
        request=SessionTimeInput,
        responses={200: SessionOutput, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request, slug, number):
        """Record the session's actual start (now, or `at`). Check-ins already recorded are
        judged again against it (rule 3.11.2). Starting again moves the start. Sessions start
        in their order: a start before an earlier session's or after a later session's, or
        after the session's end, is refused (400). A session holding a disqualified or
        excluded player in a seat, or whose late arrivals it would change on a signed sheet,
        does not start (409)."""
        session = session_for(slug, number)
        serializer = SessionTimeInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        session = session_start(
            session=session, at=serializer.validated_data["at"], user=request.user
        )
        return Response(session_output(session))


class SessionEndInput(SessionTimeInput):
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        help_text=gettext_lazy(
            "only to correct the end of a session that has ended: why (kept in the session's "
            "history), with `at` the right time"
        ),
    )


class SessionEndOutput(SessionOutput):
    tables_without_hands = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "the numbers of the tables whose sheet records no hand (they are ended all the "
            "same: check them)"
        )
    )

    class Meta(SessionOutput.Meta):
        fields = [*SessionOutput.Meta.fields, "tables_without_hands"]
        read_only_fields = fields

    def get_tables_without_hands(self, session) -> list[int]:
        return [table.number for table in tables_without_hands(session)]


class SessionEndApi(APIView):
    """End a session (the chief umpire): the gong; every open sheet becomes complete. With a
    reason, correct the end of a session that has ended."""

    @extend_schema(
        operation_id="sessions_end",
        summary="End a session, or correct its end",
        request=SessionEndInput,
        responses={200: SessionEndOutput, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request, slug, number):
        """Record the session's end (now, or `at`): every sheet still open is complete, and
        the 30 minutes for appeals (rule 3.12) run from this time; `tables_without_hands`
        lists the tables that recorded no hand. Refused (409) before it starts, and once it
        has ended: then only a correction changes the end, by the chief umpire with a `reason`
        and the right `at` (rule 3.5.6; docs/results.md, "Time")."""
        session = session_for(slug, number)
        serializer = SessionEndInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if data["reason"].strip():
            session = session_end_correct(
                session=session, at=data["at"], reason=data["reason"], user=request.user
            )
        else:
            session = session_end(session=session, at=data["at"], user=request.user)
        output = with_counts(Session.objects.filter(pk=session.pk)).get()
        return Response(SessionEndOutput(output).data)


# -- check-ins ---------------------------------------------------------------------------

LatePenalty = inline_serializer(
    name="CheckInLatePenalty",
    allow_null=True,
    fields={
        "id": serializers.IntegerField(help_text=gettext_lazy("the penalty's id")),
        "minutes_late": serializers.IntegerField(
            allow_null=True,
            help_text=gettext_lazy("minutes late; null for a player who did not come"),
        ),
        "amount": serializers.IntegerField(
            help_text=gettext_lazy("points off: 10 (1-10 minutes), 20 (11-15), 0 when lost")
        ),
        "forfeited": serializers.BooleanField(
            help_text=gettext_lazy(
                "more than 15 minutes late, or did not come: the session is lost (a substitute "
                "may take the seat)"
            )
        ),
        "reason": serializers.CharField(help_text=gettext_lazy("the penalty as recorded")),
    },
)


class CheckInOutput(serializers.Serializer):
    id = serializers.IntegerField(help_text=gettext_lazy("the check-in's id"))
    session = serializers.IntegerField(
        source="session.number", help_text=gettext_lazy("session number")
    )
    player = serializers.IntegerField(source="player.pk", help_text=gettext_lazy("player's id"))
    number = serializers.IntegerField(
        source="player.lot_number", allow_null=True, help_text=gettext_lazy("player number")
    )
    name = serializers.CharField(source="player.name", help_text=gettext_lazy("player's name"))
    arrived_at = serializers.DateTimeField(
        allow_null=True, help_text=gettext_lazy("arrival time; null when the player did not come")
    )
    absent = serializers.BooleanField(
        help_text=gettext_lazy("did not come: the session is lost (rule 3.11.2)")
    )
    minutes_late = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "whole minutes after the session's actual start, a started minute counting as a "
            "whole one; 0 when on time or the session has not started; null when the player "
            "did not come"
        )
    )
    penalty = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "the late-arrival penalty that follows (rule 3.11.2), or null when on time"
        )
    )
    recorded_by = serializers.CharField(
        source="recorded_by.username",
        allow_null=True,
        default=None,
        help_text=gettext_lazy("who recorded it"),
    )
    recorded_at = serializers.DateTimeField(help_text=gettext_lazy("when it was first recorded"))

    def get_minutes_late(self, check_in) -> int | None:
        if check_in.absent:
            return None
        return minutes_late(
            actual_start=check_in.session.actual_start, arrived_at=check_in.arrived_at
        )

    @extend_schema_field(LatePenalty)
    def get_penalty(self, check_in) -> dict | None:
        penalty = self.context["penalties"].get(check_in.player_id)
        if penalty is None:
            return None
        return {
            "id": penalty.pk,
            "minutes_late": penalty.minutes_late,
            "amount": penalty.amount,
            "forfeited": penalty.forfeited,
            "reason": system_text(penalty.reason),
        }


def late_penalties(session: Session, players: list[int] | None = None) -> dict[int, Penalty]:
    """The late-arrival penalties in force in a session, by player id (one query)."""
    penalties = Penalty.objects.filter(
        table_session__session=session, kind=Penalty.Kind.LATE_ARRIVAL, voided_at__isnull=True
    )
    if players is not None:
        penalties = penalties.filter(player_id__in=players)
    return {penalty.player_id: penalty for penalty in penalties.order_by("pk")}


def player_sheet(session: Session, player: Player) -> TableSession | None:
    """The score sheet of the player's seat in the session (also after a substitute took it)."""
    return (
        TableSession.objects.filter(session=session)
        .filter(Q(seats__player=player) | Q(seats__replaced_player=player))
        .first()
    )


class CheckInListApi(APIView):
    """The arrivals of a session (staff), and recording one (the umpire of the player's
    table, the chief umpire or an organiser)."""

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "CheckInInput"

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
            help_text=gettext_lazy("ISO 8601 arrival time; not given: now"),
        )
        absent = serializers.BooleanField(
            required=False,
            default=False,
            help_text=gettext_lazy(
                "true: the player did not come (a no-show): the session is lost at once (rule "
                "3.11.2) and the seat is free for a substitute; give no arrival time"
            ),
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
            return data

        def player_object(self, tournament) -> Player:
            """The player meant, in this tournament (400 naming the field when unknown)."""
            data = self.validated_data
            field, lookup = (
                ("player", {"pk": data["player"]})
                if "player" in data
                else ("number", {"lot_number": data["number"]})
            )
            player = tournament.players.filter(**lookup).first()
            if player is None:
                raise serializers.ValidationError(
                    {field: _("No player of this tournament has this %(f)s.") % {"f": field}}
                )
            return player

    @extend_schema(
        operation_id="check_ins_list",
        summary="List a session's check-ins",
        parameters=PAGE_PARAMETERS,
        responses={
            200: page_of("CheckInPage", CheckInOutput),
            **error_responses(400, 401, 403, 404),
        },
    )
    def get(self, request, slug, number):
        """Every arrival recorded for the session, in order, with the late-arrival penalty in
        force for each (staff roles; an umpire those of his own tables)."""
        session = session_for(slug, number)
        roles.require(policies.is_staff_member(request.user))
        check_ins = (
            policies.visible_check_ins(request.user, CheckIn.objects.filter(session=session))
            .select_related("session", "player", "recorded_by")
            .order_by("arrived_at", "pk")
        )
        return paginated(
            request, self, check_ins, CheckInOutput, context={"penalties": late_penalties(session)}
        )

    @extend_schema(
        operation_id="check_ins_create",
        summary="Record a player's arrival",
        request=InputSerializer,
        parameters=[IF_MATCH_FOR_SCORES],
        responses={
            201: CheckInOutput,
            200: CheckInOutput,
            **error_responses(400, 401, 403, 404, 409, 412, 428),
        },
    )
    def post(self, request, slug, number):
        """Record (201) or correct (200) when a player arrived, or that the player did not
        come (`absent`). Late arrival follows from the session's actual start (rule 3.11.2): 1-10
        minutes, 10 points off; 11-15, 20 points; more than 15, or absent, the session is lost.
        A check-in that changes the sheet's scores (a late-arrival penalty) is a write to the
        player's score sheet: it needs `If-Match` with that sheet's ETag (428 without, 412 when
        stale); the answer's ETag is the sheet's new one. Refused once the umpire signed."""
        session = session_for(slug, number)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        player = serializer.player_object(session.tournament)
        existed = CheckIn.objects.filter(session=session, player=player).exists()
        data = serializer.validated_data
        sheet = player_sheet(session, player)
        check_in = checkin_record(
            session=session,
            player=player,
            arrived_at=None if data["absent"] else data["arrived_at"] or timezone.now(),
            absent=data["absent"],
            expected_version=version_sent(request, sheet) if sheet else None,
            version_for_scores=True,
            user=request.user,
        )
        check_in = CheckIn.objects.select_related("session", "player", "recorded_by").get(
            pk=check_in.pk
        )
        context = {"penalties": late_penalties(session, [player.pk])}
        sheet = player_sheet(session, player)
        return Response(
            CheckInOutput(check_in, context=context).data,
            status=status.HTTP_200_OK if existed else status.HTTP_201_CREATED,
            headers={"ETag": sheet_etag(sheet)} if sheet else {},
        )


urlpatterns = [
    path("tournaments/<slug:slug>/sessions/", SessionListApi.as_view(), name="api-sessions"),
    path(
        "tournaments/<slug:slug>/sessions/<int:number>/start/",
        SessionStartApi.as_view(),
        name="api-session-start",
    ),
    path(
        "tournaments/<slug:slug>/sessions/<int:number>/end/",
        SessionEndApi.as_view(),
        name="api-session-end",
    ),
    path(
        "tournaments/<slug:slug>/sessions/<int:number>/check-ins/",
        CheckInListApi.as_view(),
        name="api-check-ins",
    ),
]
