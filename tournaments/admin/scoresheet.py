"""The score sheet (Appendix 5): the change page of a TableSession, where umpires enter hands.

An umpire (staff, not a director) sees and writes only the sheets he umpires; directors all.
"""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.http import HttpResponseRedirect
from django.urls import path, reverse
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import seating_adapter
from tournaments.admin.base import add_error, get_or_404, render, report_error, require_director
from tournaments.admin.forms import (
    PenaltyForm,
    PointsHandForm,
    TilesHandForm,
    UmpireForm,
    all_tiles,
)
from tournaments.errors import TournamentError
from tournaments.models import Hand, TableSession, Tournament
from tournaments.models.play import POSITIONS, WIND_CHOICES
from tournaments.selectors.scoresheet import (
    can_enter_hands,
    is_director,
    scoresheet_compute,
    scoresheet_table_sessions,
)
from tournaments.selectors.standings import points_value
from tournaments.services.hands import (
    hand_delete_last,
    hand_preview,
    hand_record_no_win,
    hand_record_win,
)
from tournaments.services.penalties import penalty_record
from tournaments.services.tournament import table_sessions_assign_umpire

WIND_NAMES = dict(WIND_CHOICES)


def hand_label(number: int) -> str:
    """ "Hand 5 — South round, dealer B": the winds come from the hand number (Appendix 4)."""
    winds = seating_adapter.hand_winds(number)
    return _("Hand %(n)s — %(wind)s round, dealer %(dealer)s") % {
        "n": number,
        "wind": WIND_NAMES.get(winds.prevalent_wind, winds.prevalent_wind),
        "dealer": winds.dealer_position,
    }


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
class TableSessionAdmin(admin.ModelAdmin):
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
    list_display_links = ["sheet"]
    list_filter = ["session__tournament", SessionNumberFilter, "umpire"]
    search_fields = ["seats__player__name"]
    actions = ["action_assign_umpire"]

    # -- permissions: staff see the list; umpires only their own sheets ---------------------

    def has_module_permission(self, request):
        return request.user.is_active and request.user.is_staff

    def has_view_permission(self, request, obj=None):
        if obj is None:
            return request.user.is_active and request.user.is_staff
        return can_enter_hands(request.user, obj)

    def has_change_permission(self, request, obj=None):
        return self.has_view_permission(request, obj)

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def get_actions(self, request):
        actions = super().get_actions(request)
        if not is_director(request.user):
            actions.pop("action_assign_umpire", None)
        return actions

    def get_list_filter(self, request):
        if is_director(request.user):
            return self.list_filter
        return [f for f in self.list_filter if f != "umpire"]

    def get_queryset(self, request):
        queryset = scoresheet_table_sessions().annotate(hand_count=Count("hands", distinct=True))
        if not is_director(request.user):
            queryset = queryset.filter(umpire=request.user)
        return queryset

    # -- list columns ---------------------------------------------------------------------

    @admin.display(description=gettext_lazy("score sheet"))
    def sheet(self, obj):
        return str(obj)

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
            mark_safe("<br>"), "{}: {}", ((s.position, s.player.name) for s in obj.seats.all())
        )

    @admin.display(description=gettext_lazy("hands"), ordering="hand_count")
    def hands_entered(self, obj):
        return f"{obj.hand_count}/16"

    @admin.display(description=gettext_lazy("totals"))
    def totals(self, obj):
        results = sorted(obj.results.all(), key=lambda r: r.position)
        return format_html_join(
            mark_safe("<br>"),
            "{}",
            (
                (
                    _("%(position)s %(score)+d (%(tp)s TP)")
                    % {
                        "position": r.position,
                        "score": r.score,
                        "tp": points_value(r.table_points),
                    },
                )
                for r in results
            ),
        )

    # -- actions -------------------------------------------------------------------------

    @admin.action(description=gettext_lazy("Assign an umpire to the selected score sheets"))
    def action_assign_umpire(self, request, queryset):
        require_director(request)
        if "apply" in request.POST:
            form = UmpireForm(request.POST)
            if form.is_valid():
                count = table_sessions_assign_umpire(
                    table_sessions=queryset, umpire=form.cleaned_data["umpire"]
                )
                self.message_user(request, _("Umpire set on %(n)s score sheet(s).") % {"n": count})
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
                "<path:object_id>/remove-last/",
                self.admin_site.admin_view(self.remove_last_view),
                name="tournaments_tablesession_remove_last",
            ),
            *super().get_urls(),
        ]

    def _sheet_or_403(self, request, object_id) -> TableSession:
        table_session = get_or_404(self, request, object_id, scoresheet_table_sessions())
        if not can_enter_hands(request.user, table_session):
            raise PermissionDenied
        return table_session

    def _sheet_url(self, table_session) -> str:
        return reverse("admin:tournaments_tablesession_change", args=[table_session.pk])

    def change_view(self, request, object_id, form_url="", extra_context=None):
        table_session = self._sheet_or_403(request, object_id)
        sheet = scoresheet_compute(table_session=table_session)
        tournament = table_session.session.tournament
        points_mode = tournament.entry_mode == Tournament.EntryMode.POINTS_ONLY
        hand_form_class = PointsHandForm if points_mode else TilesHandForm
        action = request.POST.get("action") if request.method == "POST" else None
        hand_form = hand_form_class(
            request.POST if action in ("preview", "save") else None,
            seats=sheet.seats,
            prefix="hand",
        )
        penalty_form = PenaltyForm(
            request.POST if action == "penalty" else None,
            seats=sheet.seats,
            prefix="penalty",
            initial={"hand_number": sheet.hands_entered or None},
        )
        preview = None
        if action in ("preview", "save") and hand_form.is_valid():
            kwargs = hand_form.service_kwargs()
            try:
                if action == "preview":
                    preview = hand_preview(table_session=table_session, **kwargs)
                else:
                    hand = hand_record_win(table_session=table_session, user=request.user, **kwargs)
            except TournamentError as error:
                add_error(hand_form, error)
            else:
                if action == "save":
                    messages.success(
                        request,
                        _("Hand %(n)s recorded: %(who)s wins %(total)s points.")
                        % {"n": hand.number, "who": hand.winner_position, "total": hand.total},
                    )
                    return HttpResponseRedirect(self._sheet_url(table_session))
        elif action in (Hand.Outcome.DRAW, Hand.Outcome.TIME_LIMIT):
            try:
                hand = hand_record_no_win(
                    table_session=table_session, outcome=action, user=request.user
                )
            except TournamentError as error:
                report_error(request, error)
            else:
                messages.success(
                    request,
                    _("Hand %(n)s recorded: %(outcome)s.")
                    % {"n": hand.number, "outcome": hand.get_outcome_display()},
                )
            return HttpResponseRedirect(self._sheet_url(table_session))
        elif action == "penalty" and penalty_form.is_valid():
            data = penalty_form.cleaned_data
            try:
                penalty = penalty_record(
                    table_session=table_session,
                    player=penalty_form.player_object(),
                    kind=data["kind"],
                    reason=data["reason"],
                    amount=data.get("amount"),
                    minutes_late=data.get("minutes_late"),
                    invalid_claim=bool(data.get("invalid_claim")),
                    hand_number=data.get("hand_number"),
                    user=request.user,
                )
            except TournamentError as error:
                add_error(penalty_form, error)
            else:
                messages.success(request, _("Penalty recorded: %(p)s.") % {"p": penalty})
                return HttpResponseRedirect(self._sheet_url(table_session))
        return render(
            self,
            request,
            "admin/tournaments/tablesession/scoresheet.html",
            {
                "sheet": sheet,
                "tournament": tournament,
                "positions": POSITIONS,
                "hand_form": hand_form,
                "points_mode": points_mode,
                "penalty_form": penalty_form,
                "preview": self._preview_context(preview, sheet) if preview else None,
                "next_label": hand_label(sheet.next_number) if sheet.next_number else "",
                "tiles": all_tiles(),
                "has_change_permission": True,
                "results": [
                    (seat, points_value(seat.table_points) if seat.table_points is not None else "")
                    for seat in sheet.seats
                ],
            },
            obj=table_session,
            title=_("Score sheet — %(sheet)s") % {"sheet": table_session},
        )

    @staticmethod
    def _preview_context(preview, sheet) -> dict:
        names = {seat.position: seat.player.name for seat in sheet.seats}
        return {
            "preview": preview,
            "explanation": preview.explanation,
            "seat_wind": WIND_NAMES.get(preview.winner_seat_wind, preview.winner_seat_wind),
            "prevalent_wind": WIND_NAMES.get(preview.prevalent_wind, preview.prevalent_wind),
            "fans": [
                {**fan, "subtotal": fan["points"] * fan.get("count", 1)} for fan in preview.fans
            ],
            "payments": [
                (position, names.get(position, ""), preview.payments.get(position, 0))
                for position in POSITIONS
            ],
        }

    def remove_last_view(self, request, object_id):
        table_session = self._sheet_or_403(request, object_id)
        last = table_session.hands.order_by("-number").first()
        if request.method == "POST":
            try:
                number = hand_delete_last(table_session=table_session)
            except TournamentError as error:
                report_error(request, error)
            else:
                messages.success(request, _("Hand %(n)s removed.") % {"n": number})
            return HttpResponseRedirect(self._sheet_url(table_session))
        return render(
            self,
            request,
            "admin/tournaments/tablesession/remove_last.html",
            {"last": last, "sheet_url": self._sheet_url(table_session)},
            obj=table_session,
            title=_("Remove the last hand — %(sheet)s") % {"sheet": table_session},
        )
