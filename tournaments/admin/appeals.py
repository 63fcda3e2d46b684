"""Appeals (rules 3.12-3.13) in the admin: the list, one appeal with its history, the
committee's review and ruling, withdrawal, and the chief umpire's entry of a paper appeal.

Every change goes through tournaments.services.appeals; the page itself edits nothing. The
module is for the chief umpire and the arbitration committee (and superusers); other staff
get 403.
"""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpResponseRedirect
from django.urls import path, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from simple_history.admin import SimpleHistoryAdmin

from tournaments import policies
from tournaments.admin.base import HistoryInWords, add_error, get_or_404, render, report_error
from tournaments.admin.datetime_field import LocalDateTimeField
from tournaments.errors import TournamentError
from tournaments.models import Appeal, Correction, Hand, Penalty, Player, Session
from tournaments.selectors.appeals import (
    appeal_deadline,
    appeal_filed_on_paper,
    appeals_queryset,
    local_time,
)
from tournaments.services.actions import appeal_actions
from tournaments.services.appeals import (
    appeal_decide,
    appeal_file,
    appeal_start_review,
    appeal_withdraw,
)

RULE_3_13_3 = gettext_lazy(
    "Rule 3.13.3: the committee judges and verifies, but may not overturn an umpire's ruling "
    "made according to the rules and the competition's regulations."
)


# -- forms -------------------------------------------------------------------------------


class SessionChoiceForm(forms.Form):
    session = forms.ModelChoiceField(
        queryset=Session.objects.none(), label=gettext_lazy("Session concerned")
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["session"]
        field.queryset = (
            Session.objects.filter(actual_start__isnull=False)
            .select_related("tournament")
            .order_by("tournament__name", "number")
        )
        field.label_from_instance = lambda s: f"{s.tournament} — {s}"


class AppealFileForm(forms.Form):
    """A written appeal handed in on paper, entered by the chief umpire."""

    player = forms.ModelChoiceField(
        queryset=Player.objects.none(), label=gettext_lazy("Player concerned")
    )
    signed_by_captain = forms.BooleanField(
        required=False,
        label=gettext_lazy("Signed by the team's captain (not by the player himself)"),
    )
    subject = forms.ChoiceField(choices=Appeal.Subject.choices, label=gettext_lazy("Against"))
    hand = forms.ModelChoiceField(
        queryset=Hand.objects.none(),
        required=False,
        label=gettext_lazy("Hand"),
        help_text=gettext_lazy("Only for an appeal against a hand: a hand of his table."),
    )
    penalty = forms.ModelChoiceField(
        queryset=Penalty.objects.none(),
        required=False,
        label=gettext_lazy("Penalty"),
        help_text=gettext_lazy("Only for an appeal against a penalty: one of his table."),
    )
    statement = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 6}),
        label=gettext_lazy("Statement (as written)"),
        required=False,
    )
    filed_at = LocalDateTimeField(
        label=gettext_lazy("Handed in at"),
        help_text=gettext_lazy("Within 30 minutes after the end of the session (rule 3.12.2)."),
    )
    confirmed = forms.BooleanField(
        required=False,
        label=gettext_lazy(
            'The written appeal is signed by the filer: "I confirm this appeal and its fee"'
        ),
    )

    def __init__(self, *args, session: Session, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = (
            Player.objects.filter(tournament=session.tournament)
            .filter(Q(seats__session=session) | Q(pk__in=_replaced_in(session)))
            .distinct()
            .order_by("lot_number", "registration_number")
        )
        self.fields["hand"].queryset = (
            Hand.objects.filter(table_session__session=session)
            .select_related("table_session__table", "table_session__session")
            .order_by("table_session__table__number", "number")
        )
        self.fields["hand"].label_from_instance = lambda h: (
            _("Table %(table)s, hand %(number)s")
            % {"table": h.table_session.table.number, "number": h.number}
        )
        self.fields["penalty"].queryset = (
            Penalty.objects.filter(table_session__session=session)
            .select_related("player", "table_session__table")
            .order_by("table_session__table__number", "recorded_at")
        )
        self.fields["penalty"].label_from_instance = lambda p: (
            _("Table %(table)s: %(p)s")
            % {
                "table": p.table_session.table.number,
                "p": p,
            }
        )
        if not self.is_bound:
            self.initial.setdefault(
                "filed_at", timezone.localtime().replace(second=0, microsecond=0)
            )


def _replaced_in(session: Session):
    return session.seats.exclude(replaced_player=None).values("replaced_player")


class AppealDecideForm(forms.Form):
    outcome = forms.ChoiceField(
        choices=[
            ("upheld", gettext_lazy("Upheld: the fee is returned")),
            ("rejected", gettext_lazy("Rejected: the fee is forfeited")),
        ],
        widget=forms.RadioSelect,
        label=gettext_lazy("Decision"),
    )
    ruling = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        label=gettext_lazy("Ruling"),
        help_text=RULE_3_13_3,
        required=False,
    )
    reasons = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}), label=gettext_lazy("Reasons"), required=False
    )
    correction = forms.ModelChoiceField(
        queryset=Correction.objects.none(),
        required=False,
        label=gettext_lazy("Correction made on the ruling"),
        help_text=gettext_lazy(
            "An upheld appeal that changes a result: the chief umpire first makes the "
            "correction of this score sheet, then the committee links it here."
        ),
    )

    def __init__(self, *args, appeal: Appeal, **kwargs):
        super().__init__(*args, **kwargs)
        if appeal.table_session_id is not None:
            self.fields["correction"].queryset = Correction.objects.filter(
                table_session_id=appeal.table_session_id
            ).order_by("-made_at")


# -- the admin ---------------------------------------------------------------------------


class AppealSessionFilter(admin.SimpleListFilter):
    title = gettext_lazy("session")
    parameter_name = "session__number"

    def lookups(self, request, model_admin):
        numbers = (
            Appeal.objects.order_by("session__number")
            .values_list("session__number", flat=True)
            .distinct()
        )
        return [(str(n), str(n)) for n in numbers]

    def queryset(self, request, queryset):
        if self.value():
            return queryset.filter(session__number=self.value())
        return queryset


def can_see_appeals(user) -> bool:
    return user.is_active and user.is_staff and policies.may_read_every_appeal(user)


@admin.register(Appeal)
class AppealAdmin(HistoryInWords, SimpleHistoryAdmin):
    list_display = [
        "__str__",
        "status",
        "session_label",
        "player",
        "subject",
        "filed_at",
        "deadline",
        "fee_status",
    ]
    list_filter = ["session__tournament", "status", "fee_status", "subject", AppealSessionFilter]
    search_fields = ["player__name", "statement", "ruling"]
    date_hierarchy = "filed_at"
    # Columns of the History page, read from each historical record (who, when, why: always).
    history_list_display = ["status", "fee_status"]

    # -- permissions: the chief umpire and the committee read; services do the rest --------

    def has_module_permission(self, request):
        return can_see_appeals(request.user)

    def has_view_permission(self, request, obj=None):
        return can_see_appeals(request.user)

    def has_change_permission(self, request, obj=None):
        return False  # changes go through the buttons of the appeal's page only

    def has_add_permission(self, request):
        return False  # the chief umpire files through "File an appeal"

    def has_delete_permission(self, request, obj=None):
        return False

    def get_queryset(self, request):
        return appeals_queryset()

    # -- list columns ----------------------------------------------------------------------

    @admin.display(description=gettext_lazy("status"), ordering="status")
    def status(self, obj):
        """Also a column of the History page, where `obj` is a historical record."""
        return obj.get_status_display()

    @admin.display(description=gettext_lazy("fee"), ordering="fee_status")
    def fee_status(self, obj):
        return obj.get_fee_status_display()

    @admin.display(description=gettext_lazy("session"), ordering="session__number")
    def session_label(self, obj):
        return f"{obj.session.tournament} — {obj.session}"

    @admin.display(description=gettext_lazy("deadline"))
    def deadline(self, obj):
        moment = appeal_deadline(obj.session)
        return local_time(moment) if moment else _("30 min after the session ends")

    # -- pages -------------------------------------------------------------------------------

    def get_urls(self):
        return [
            path(
                "file/",
                self.admin_site.admin_view(self.file_view),
                name="tournaments_appeal_file",
            ),
            *super().get_urls(),
        ]

    def changelist_view(self, request, extra_context=None):
        context = {
            "can_file": policies.appeal_files_on_paper(request.user),
            **(extra_context or {}),
        }
        return super().changelist_view(request, extra_context=context)

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        # Read-only: simple-history's revert form would save the appeal past the services.
        if request.method != "GET":
            raise PermissionDenied
        return super().history_form_view(request, object_id, version_id, extra_context)

    def _appeal_url(self, appeal) -> str:
        return reverse("admin:tournaments_appeal_change", args=[appeal.pk])

    def change_view(self, request, object_id, form_url="", extra_context=None):
        if not can_see_appeals(request.user):
            raise PermissionDenied
        appeal = get_or_404(self, request, object_id, self.get_queryset(request))
        action = request.POST.get("action") if request.method == "POST" else None
        decide_form = AppealDecideForm(
            request.POST if action == "decide" else None, appeal=appeal, prefix="decide"
        )
        try:
            if action == "review":
                appeal_start_review(appeal=appeal, user=request.user)
                messages.success(request, _("The appeal is under review."))
                return HttpResponseRedirect(self._appeal_url(appeal))
            if action == "withdraw":
                appeal_withdraw(appeal=appeal, user=request.user)
                messages.success(request, _("The appeal is withdrawn; its fee is forfeited."))
                return HttpResponseRedirect(self._appeal_url(appeal))
            if action == "decide" and decide_form.is_valid():
                data = decide_form.cleaned_data
                decided = appeal_decide(
                    appeal=appeal,
                    upheld=data["outcome"] == "upheld",
                    ruling=data["ruling"],
                    reasons=data["reasons"],
                    correction=data["correction"],
                    user=request.user,
                )
                messages.success(
                    request,
                    _("The appeal is %(status)s.")
                    % {"status": decided.get_status_display().lower()},
                )
                return HttpResponseRedirect(self._appeal_url(appeal))
        except TournamentError as error:
            if error.code == "forbidden":
                raise PermissionDenied(error.message) from error
            if action == "decide":
                add_error(decide_form, error)
            else:
                report_error(request, error)
                return HttpResponseRedirect(self._appeal_url(appeal))
        user = request.user
        deadline = appeal_deadline(appeal.session)
        return render(
            self,
            request,
            "admin/tournaments/appeal/detail.html",
            {
                "appeal": appeal,
                "deadline": local_time(deadline) if deadline else None,
                "on_paper": appeal_filed_on_paper(appeal),
                "actions": appeal_actions(user=user, appeal=appeal),
                "decide_form": decide_form,
                "rule_3_13_3": RULE_3_13_3,
                "history_url": reverse("admin:tournaments_appeal_history", args=[appeal.pk]),
                "print_url": _appeal_print_url(user, appeal),
                "sheet_url": reverse(
                    "admin:tournaments_tablesession_change", args=[appeal.table_session_id]
                )
                if appeal.table_session_id
                else "",
            },
            obj=appeal,
            title=str(appeal),
        )

    def file_view(self, request):
        """A written appeal handed in on paper, entered by the chief umpire (two steps: the
        session, then the appeal)."""
        if not policies.appeal_files_on_paper(request.user):
            raise PermissionDenied
        session_form = SessionChoiceForm(request.GET if "session" in request.GET else None)
        if not session_form.is_valid():
            return render(
                self,
                request,
                "admin/tournaments/appeal/file.html",
                {"session_form": session_form, "form": None},
                title=_("File an appeal"),
            )
        session = session_form.cleaned_data["session"]
        form = AppealFileForm(request.POST or None, session=session)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                appeal = appeal_file(
                    session=session,
                    player=data["player"],
                    subject=data["subject"],
                    statement=data["statement"],
                    confirmed=data["confirmed"],
                    hand=data["hand"],
                    penalty=data["penalty"],
                    filed_at=data["filed_at"],
                    signed_by_captain=data["signed_by_captain"],
                    user=request.user,
                )
            except TournamentError as error:
                add_error(form, error)
            else:
                messages.success(request, _("%(appeal)s filed.") % {"appeal": appeal})
                return HttpResponseRedirect(self._appeal_url(appeal))
        deadline = appeal_deadline(session)
        return render(
            self,
            request,
            "admin/tournaments/appeal/file.html",
            {
                "session_form": session_form,
                "session": session,
                "form": form,
                "deadline": local_time(deadline) if deadline else None,
            },
            title=_("File an appeal — %(tournament)s, %(session)s")
            % {"tournament": session.tournament, "session": session},
        )


def _appeal_print_url(user, appeal) -> str | None:
    """The appeal's record as a PDF, for the chief umpire and the committee."""
    if not policies.may_print(user, "appeal"):
        return None
    url = reverse("print-now", args=[appeal.session.tournament_id, "appeal"])
    return f"{url}?appeal={appeal.pk}"
