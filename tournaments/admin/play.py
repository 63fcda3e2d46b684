"""Read-only lists of sessions, hands, penalties and results: changes go through the score
sheet (and so through the services)."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournaments.models import Hand, Penalty, Session, SessionResult
from tournaments.selectors.standings import points_value


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


def sheet_link(table_session) -> str:
    return format_html(
        '<a href="{}">{}</a>',
        reverse("admin:tournaments_tablesession_change", args=[table_session.pk]),
        table_session,
    )


@admin.register(Session)
class SessionAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "tournament", "stage", "group", "scheduled_start", "sheets"]
    list_filter = ["tournament", "stage"]

    @admin.display(description=_("score sheets"))
    def sheets(self, obj):
        return format_html(
            '<a href="{}?session__id__exact={}">{}</a>',
            reverse("admin:tournaments_tablesession_changelist"),
            obj.pk,
            _("Score sheets"),
        )


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
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
class PenaltyAdmin(ReadOnlyAdmin):
    list_display = ["sheet", "player", "kind", "reason", "hand_number", "deltas", "recorded_at"]
    list_filter = ["table_session__session__tournament", "kind"]
    search_fields = ["player__name", "reason"]
    list_select_related = ["table_session__session", "table_session__table", "player"]

    @admin.display(description=_("score sheet"))
    def sheet(self, obj):
        return sheet_link(obj.table_session)


@admin.register(SessionResult)
class SessionResultAdmin(ReadOnlyAdmin):
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
