"""Read-only lists of sessions, hands, penalties and results: changes go through the score
sheet (and so through the services)."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from tournaments import policies
from tournaments.admin.base import HistoryInWords, render, report_error
from tournaments.admin.datetime_field import LocalDateTimeField
from tournaments.errors import TournamentError
from tournaments.models import (
    CheckIn,
    Correction,
    Hand,
    Penalty,
    Session,
    SessionResult,
    SheetConfirmation,
)
from tournaments.selectors.audit_sentences import correction_details, correction_sentence
from tournaments.selectors.session_time import tables_without_hands
from tournaments.selectors.standings import points_value
from tournaments.services.sessions import (
    session_end,
    session_end_correct,
    session_schedule,
    session_start,
)
from tournaments.system_texts import system_text


class ReadOnlyAdmin(HistoryInWords, SimpleHistoryAdmin):
    """Rows written only by the services; each one's History shows who changed what, when,
    and why."""

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        # A past version is shown, never saved back: changes go through the services.
        if request.method != "GET":
            raise PermissionDenied
        return super().history_form_view(request, object_id, version_id, extra_context)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class OwnTablesOnly:
    """Rows of sheets: an umpire reads those of his own tables only (tournaments.policies)."""

    sheet_path = "table_session"

    def get_queryset(self, request):
        rows = super().get_queryset(request)
        return policies.visible_sheet_rows(request.user, rows, self.sheet_path)


def sheet_link(table_session) -> str:
    return format_html(
        '<a href="{}">{}</a>',
        reverse("admin:tournaments_tablesession_change", args=[table_session.pk]),
        table_session,
    )


class TournamentColumn:
    """A "tournament" column first: rows of two tournaments' "session 1, table 1" differ.
    `tournament_path` is the row's way to its tournament (it is also selected with the row)."""

    tournament_path = "table_session__session__tournament"

    def get_list_display(self, request):
        return ["tournament", *super().get_list_display(request)]

    def get_list_select_related(self, request):
        selected = super().get_list_select_related(request)
        return True if selected is True else [self.tournament_path, *(selected or [])]

    @admin.display(description=_("tournament"))
    def tournament(self, obj):
        for step in self.tournament_path.split("__"):
            obj = getattr(obj, step)
        return obj


def deltas_words(deltas: dict) -> str:
    """A penalty's effect per seat in words ("A −10, B +5; session forfeited")."""
    parts = [
        f"{position} {'+' if value > 0 else '−' if value < 0 else '±'}{abs(value)}"
        for position, value in sorted(deltas.items())
        if position in "ABCD" and len(position) == 1
    ]
    text = ", ".join(parts) or "—"
    if deltas.get("forfeited"):
        text += "; " + gettext("session forfeited")
    return text


class SessionTimeForm(forms.Form):
    at = LocalDateTimeField(
        label=_("When"),
        required=False,
        help_text=_("Empty: now. Enter the time it happened if you record it afterwards."),
    )


class SessionEndForm(SessionTimeForm):
    """The End action: the time, a reason only to correct an end already recorded, and the
    confirmation asked when tables recorded no hand."""

    reason = forms.CharField(
        label=_("Reason for a correction"),
        required=False,
        max_length=300,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_(
            "Only to correct the end of a session that has ended: why (kept in its history), "
            "with the right time above."
        ),
    )
    confirm_no_hands = forms.BooleanField(
        label=_("End it although the tables listed recorded no hand"), required=False
    )

    def __init__(self, *args, without_hands: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.without_hands = without_hands
        if not without_hands:
            del self.fields["confirm_no_hands"]

    def clean(self):
        cleaned = super().clean()
        correction = (cleaned.get("reason") or "").strip()
        if self.without_hands and not correction and not cleaned.get("confirm_no_hands"):
            self.add_error(
                "confirm_no_hands",
                _("Some tables recorded no hand: check them, then tick the box to end."),
            )
        return cleaned


def _end_or_correct(*, session, user, at=None, reason: str = "", confirm_no_hands=False):
    """End the session, or, with a reason, correct the end recorded (3.5.6)."""
    if reason.strip():
        return session_end_correct(session=session, at=at, reason=reason, user=user)
    return session_end(session=session, at=at, user=user)


class SessionScheduleForm(forms.Form):
    start = LocalDateTimeField(label=_("Planned start"))
    end = LocalDateTimeField(label=_("Planned end"), required=False)


@admin.register(Session)
class SessionAdmin(ReadOnlyAdmin):
    list_display = [
        "__str__",
        "tournament",
        "stage",
        "group",
        "scheduled_start",
        "actual_start",
        "actual_end",
        "state",
        "sheets",
    ]
    list_filter = ["tournament", "stage"]
    actions = ["action_schedule", "action_start", "action_end"]

    @admin.display(description=_("state"))
    def state(self, obj):
        return Session.Status(obj.status).label

    def get_urls(self):
        from tournaments.admin.session_countersign import countersign_urls
        from tournaments.admin.umpire_rota import rota_urls

        return countersign_urls(self) + rota_urls(self) + super().get_urls()

    def changelist_view(self, request, extra_context=None):
        # The list's "Umpire rota" button (tournaments/admin/umpire_rota.py).
        from tournaments.admin.umpire_rota import rota_button_context

        extra = {**rota_button_context(request), **(extra_context or {})}
        return super().changelist_view(request, extra)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        # The session's page offers the chief umpire to countersign its signed sheets at once.
        extra = {"may_countersign": policies.may_countersign(request.user), **(extra_context or {})}
        return super().change_view(request, object_id, form_url, extra)

    def get_actions(self, request):
        actions = super().get_actions(request)
        if not policies.may_run_sessions(request.user):
            actions.pop("action_start", None)
            actions.pop("action_end", None)
        if not policies.may_organise(request.user):
            actions.pop("action_schedule", None)
        return actions

    def _timed_action(
        self,
        request,
        queryset,
        *,
        service,
        name: str,
        title: str,
        done: str,
        form_class=None,
        form_kwargs=None,
        context=None,
    ):
        form_class = form_class or SessionTimeForm
        data = request.POST if "apply" in request.POST else None
        form = form_class(data, **(form_kwargs or {}))
        if form.is_valid():
            for session in queryset:
                try:
                    service(session=session, user=request.user, **form.cleaned_data)
                except TournamentError as error:
                    report_error(request, error)
                else:
                    messages.success(request, done % {"session": session})
            return None
        return render(
            self,
            request,
            "admin/tournaments/session/timed_action.html",
            {
                "form": form,
                "queryset": queryset,
                "action_name": name,
                "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
                **(context or {}),
            },
            title=title,
        )

    @admin.action(description=_("Schedule the selected sessions (organiser)"))
    def action_schedule(self, request, queryset):
        return self._timed_action(
            request,
            queryset,
            service=session_schedule,
            name="action_schedule",
            title=gettext("Schedule sessions"),
            done=gettext("%(session)s scheduled."),
            form_class=SessionScheduleForm,
        )

    @admin.action(description=_("Start the selected sessions (chief umpire)"))
    def action_start(self, request, queryset):
        return self._timed_action(
            request,
            queryset,
            service=session_start,
            name="action_start",
            title=gettext("Start sessions"),
            done=gettext("%(session)s started."),
        )

    @admin.action(description=_("End the selected sessions: open sheets close (chief umpire)"))
    def action_end(self, request, queryset):
        """The gong (3.5.6). The page lists the tables of the running sessions that recorded
        no hand and asks to confirm before anything ends; with a reason, it corrects the end
        of a session that has ended."""
        without_hands = [
            (session, tables)
            for session in queryset.order_by("tournament", "number")
            if session.status == Session.Status.RUNNING
            for tables in [tables_without_hands(session)]
            if tables
        ]
        correcting = bool((request.POST.get("reason") or "").strip())
        return self._timed_action(
            request,
            queryset,
            service=_end_or_correct,
            name="action_end",
            title=gettext("End sessions"),
            done=(
                gettext("%(session)s: its end is corrected.")
                if correcting
                else gettext("%(session)s ended; its open sheets are complete.")
            ),
            form_class=SessionEndForm,
            form_kwargs={"without_hands": bool(without_hands)},
            context={"without_hands": without_hands},
        )

    @admin.display(description=_("score sheets"))
    def sheets(self, obj):
        return format_html(
            '<a href="{}?session__id__exact={}">{}</a>',
            reverse("admin:tournaments_tablesession_changelist"),
            obj.pk,
            _("Score sheets"),
        )


@admin.register(Hand)
class HandAdmin(OwnTablesOnly, TournamentColumn, ReadOnlyAdmin):
    list_display = [
        "sheet",
        "number",
        "prevalent_wind",
        "dealer_position",
        "outcome",
        "winner_position",
        "discarder_position",
        "points",
        "flowers",
        "entered_by",
        "entered_at",
    ]
    list_filter = ["table_session__session__tournament", "outcome", "table_session__session"]
    list_select_related = ["table_session__session", "table_session__table", "entered_by"]

    @admin.display(description=_("score sheet"))
    def sheet(self, obj):
        return sheet_link(obj.table_session)


@admin.register(Penalty)
class PenaltyAdmin(OwnTablesOnly, TournamentColumn, ReadOnlyAdmin):
    list_display = [
        "sheet",
        "player",
        "kind",
        "foul",
        "nature",
        "hand_number",
        "effect",
        "recorded_by",
        "recorded_at",
        "voided_at",
    ]
    list_filter = ["table_session__session__tournament", "kind", "foul"]
    search_fields = ["player__name", "reason"]
    list_select_related = ["table_session__session", "table_session__table", "player"]
    # The page of a penalty shows these in words in place of the stored fields (issue 27).
    readonly_fields = ["nature", "why_voided"]
    _IN_WORDS = {"reason": "nature", "void_reason": "why_voided"}

    def get_fields(self, request, obj=None):
        fields = [f for f in super().get_fields(request, obj) if f not in self.readonly_fields]
        return [self._IN_WORDS.get(f, f) for f in fields]

    @admin.display(description=_("score sheet"))
    def sheet(self, obj):
        return sheet_link(obj.table_session)

    @admin.display(description=Penalty._meta.get_field("reason").verbose_name, ordering="reason")
    def nature(self, obj):
        """The nature of the foul: a late arrival's, written by the system, in words."""
        return system_text(obj.reason)

    @admin.display(description=Penalty._meta.get_field("void_reason").verbose_name)
    def why_voided(self, obj):
        return system_text(obj.void_reason)

    @admin.display(description=_("score change per seat"))
    def effect(self, obj):
        return deltas_words(obj.deltas or {})


@admin.register(SessionResult)
class SessionResultAdmin(OwnTablesOnly, TournamentColumn, ReadOnlyAdmin):
    tournament_path = "session__tournament"
    list_display = ["session", "sheet", "position", "player", "score", "rank", "tp"]
    list_filter = ["session__tournament", "session"]
    search_fields = ["player__name"]
    list_select_related = ["session", "table_session__table", "table_session__session", "player"]

    @admin.display(description=_("score sheet"))
    def sheet(self, obj):
        return sheet_link(obj.table_session)

    @admin.display(description=_("table points"))
    def tp(self, obj):
        return points_value(obj.table_points)


@admin.register(CheckIn)
class CheckInAdmin(TournamentColumn, ReadOnlyAdmin):
    tournament_path = "session__tournament"
    list_display = ["session", "player", "arrived_at", "recorded_by", "recorded_at"]
    list_filter = ["session__tournament", "session"]
    search_fields = ["player__name"]

    def get_queryset(self, request):
        return policies.visible_check_ins(request.user, super().get_queryset(request))


@admin.register(SheetConfirmation)
class SheetConfirmationAdmin(OwnTablesOnly, TournamentColumn, ReadOnlyAdmin):
    list_display = ["table_session", "player", "confirmed_at", "recorded_by"]
    list_filter = ["table_session__session__tournament"]


@admin.register(Correction)
class CorrectionAdmin(OwnTablesOnly, TournamentColumn, admin.ModelAdmin):
    """Append-only: a correction is itself the record of a change (it has no history)."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    list_display = ["sheet", "kind", "reason", "made_by", "made_at"]
    list_filter = ["table_session__session__tournament", "kind"]
    # In words, as the sheet's audit trail says it: the stored before/after stay for the API
    # and the archive, not for the reader.
    fields = readonly_fields = [
        "table_session",
        "what_happened",
        "in_detail",
        "made_by",
        "made_at",
    ]

    @admin.display(description=_("score sheet"))
    def sheet(self, obj):
        return sheet_link(obj.table_session)

    @admin.display(description=_("What happened"))
    def what_happened(self, obj):
        return correction_sentence(obj)

    @admin.display(description=_("Details"))
    def in_detail(self, obj):
        return format_html_join("", "<div>{}</div>", ((line,) for line in correction_details(obj)))
