"""The score sheet (Appendix 5): the change page of a TableSession, where umpires enter hands.

An umpire (staff, not a director) sees and writes only the sheets he umpires; directors all.
"""

from fractions import Fraction

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.urls import path, reverse
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import policies
from tournaments.admin.base import add_error, get_or_404, render, report_error, require_director
from tournaments.admin.fast_rows import FastRowsMixin
from tournaments.admin.forms import (
    UmpireForm,
)
from tournaments.admin.sheet_page import SheetPage, posted_int
from tournaments.errors import TournamentError
from tournaments.models import TableSession
from tournaments.models.play import HANDS_PER_SESSION, TABLE_POINT_UNIT
from tournaments.selectors.audit_sentences import sheet_audit_lines, sheet_correction_lines
from tournaments.selectors.scoresheet import (
    hands_count,
    scoresheet_list_rows,
    scoresheet_table_sessions,
)
from tournaments.selectors.standings import points_value
from tournaments.services.hands import (
    hand_delete_last,
)
from tournaments.services.sheets import SheetChanged
from tournaments.services.tournament import table_sessions_assign_umpire


class SessionNumberFilter(admin.SimpleListFilter):
    title = gettext_lazy("session")
    parameter_name = "session__number"

    def lookups(self, request, model_admin):
        numbers = (
            model_admin.get_queryset(request)
            .order_by("session__number")
            .values_list("session__number", flat=True)
            .distinct()
        )
        return [(str(n), str(n)) for n in numbers]

    def queryset(self, request, queryset):
        if self.value():
            return queryset.filter(session__number=self.value())
        return queryset


@admin.register(TableSession)
class TableSessionAdmin(FastRowsMixin, admin.ModelAdmin):
    list_display = [
        "sheet",
        "tournament",
        "session_number",
        "table_number",
        "players",
        "hands_entered",
        "totals",
        "umpire",
    ]
    # The umpires who umpire a listed sheet, not every login (a player's too): 1,000 of them
    # at a 1,000-player event, drawn on every refresh.
    UMPIRE_FILTER = ("umpire", admin.RelatedOnlyFieldListFilter)
    list_filter = ["session__tournament", SessionNumberFilter, UMPIRE_FILTER]
    search_fields = ["seats__player__name"]
    actions = ["action_assign_umpire"]

    # -- permissions: tournaments.policies (an umpire reads only his own sheets) -----------

    def has_module_permission(self, request):
        return policies.may_use_admin_lists(request.user)

    def has_view_permission(self, request, obj=None):
        if obj is None:
            return policies.may_use_admin_lists(request.user)
        return policies.may_read_sheet(request.user, obj, players=False)

    def has_change_permission(self, request, obj=None):
        return self.has_view_permission(request, obj)

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def get_actions(self, request):
        actions = super().get_actions(request)
        if not policies.may_assign_umpire(request.user):
            actions.pop("action_assign_umpire", None)
        return actions

    def get_list_filter(self, request):
        if policies.reads_every_sheet(request.user):
            return self.list_filter
        return [f for f in self.list_filter if f != self.UMPIRE_FILTER]

    def get_queryset(self, request):
        queryset = scoresheet_list_rows().annotate(hand_count=hands_count())
        return policies.readable_sheets(request.user, queryset, players=False)

    # -- list columns ---------------------------------------------------------------------

    @admin.display(description=gettext_lazy("score sheet"))
    def sheet(self, obj):
        return self.row_link(obj, str(obj))

    @admin.display(description=gettext_lazy("tournament"), ordering="session__tournament")
    def tournament(self, obj):
        return obj.session.tournament

    @admin.display(description=gettext_lazy("session"), ordering="session__number")
    def session_number(self, obj):
        return obj.session.number

    @admin.display(description=gettext_lazy("table"), ordering="table__number")
    def table_number(self, obj):
        return obj.table.number

    @admin.display(description=gettext_lazy("players"))
    def players(self, obj):
        return format_html_join(
            mark_safe("<br>"), "{}: {}", sorted(tuple(seat) for seat in obj.listed_seats)
        )

    @admin.display(description=gettext_lazy("hands"), ordering="hand_count")
    def hands_entered(self, obj):
        return f"{obj.hand_count}/{HANDS_PER_SESSION}"

    @admin.display(description=gettext_lazy("totals"))
    def totals(self, obj):
        line = _("%(position)s %(score)+d (%(tp)s TP)")  # translated once a row, not a result
        return format_html_join(
            mark_safe("<br>"),
            "{}",
            (
                (
                    line
                    % {
                        "position": position,
                        "score": score,
                        "tp": points_value(Fraction(tp_12, TABLE_POINT_UNIT)),
                    },
                )
                # by position, then as written (a replaced player's forfeit shares the position)
                for position, _id, score, tp_12 in sorted(map(tuple, obj.listed_results))
            ),
        )

    # -- actions -------------------------------------------------------------------------

    @admin.action(description=gettext_lazy("Assign an umpire to the selected score sheets"))
    def action_assign_umpire(self, request, queryset):
        require_director(request)
        if "apply" in request.POST:
            form = UmpireForm(request.POST)
            if form.is_valid():
                try:
                    count = table_sessions_assign_umpire(
                        table_sessions=queryset,
                        umpire=form.cleaned_data["umpire"],
                        user=request.user,
                    )
                except TournamentError as error:  # a signed sheet, a finished tournament
                    add_error(form, error)
                else:
                    message = _("Umpire set on %(n)s score sheet(s).") % {"n": count}
                    self.message_user(request, message)
                    return None
        else:
            form = UmpireForm()
        return render(
            self,
            request,
            "admin/tournaments/tablesession/assign_umpire.html",
            {
                "form": form,
                "queryset": queryset,
                "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
            },
            title=_("Assign an umpire"),
        )

    # -- the score sheet -----------------------------------------------------------------

    def get_urls(self):
        return [
            path(
                "<path:object_id>/audit/",
                self.admin_site.admin_view(self.audit_view),
                name="tournaments_tablesession_audit",
            ),
            path(
                "<path:object_id>/remove-last/",
                self.admin_site.admin_view(self.remove_last_view),
                name="tournaments_tablesession_remove_last",
            ),
            *super().get_urls(),
        ]

    def _sheet_or_403(self, request, object_id) -> TableSession:
        table_session = get_or_404(self, request, object_id, scoresheet_table_sessions())
        if not policies.may_read_sheet(request.user, table_session, players=False):
            raise PermissionDenied
        return table_session

    def _sheet_url(self, table_session) -> str:
        return reverse("admin:tournaments_tablesession_change", args=[table_session.pk])

    def change_view(self, request, object_id, form_url="", extra_context=None):
        table_session = self._sheet_or_403(request, object_id)
        page = SheetPage(self, request, table_session)
        if request.method == "POST":
            response = page.handle(request.POST.get("action", ""))
            if response is not None:
                return response
        return page.render()

    def audit_view(self, request, object_id):
        table_session = self._sheet_or_403(request, object_id)
        return render(
            self,
            request,
            "admin/tournaments/tablesession/audit.html",
            {
                "lines": sheet_audit_lines(table_session=table_session),
                "corrections": sheet_correction_lines(table_session=table_session),
                "sheet_url": self._sheet_url(table_session),
            },
            obj=table_session,
            title=_("Audit trail — %(sheet)s") % {"sheet": table_session},
        )

    def remove_last_view(self, request, object_id):
        table_session = self._sheet_or_403(request, object_id)
        last = table_session.hands.order_by("-number").first()
        if request.method == "POST":
            try:
                if posted_int(request, "version") is None:
                    raise SheetChanged()
                number = hand_delete_last(
                    table_session=table_session,
                    number=posted_int(request, "number") or 0,
                    expected_version=posted_int(request, "version"),
                    user=request.user,
                )
            except TournamentError as error:
                report_error(request, error)
            else:
                messages.success(request, _("Hand %(n)s removed.") % {"n": number})
            return HttpResponseRedirect(self._sheet_url(table_session))
        return render(
            self,
            request,
            "admin/tournaments/tablesession/remove_last.html",
            {
                "last": last,
                "sheet_url": self._sheet_url(table_session),
                "version": table_session.version,
            },
            obj=table_session,
            title=_("Remove the last hand — %(sheet)s") % {"sheet": table_session},
        )
