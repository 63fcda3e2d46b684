"""The players' links and entries in the admin (issue 28).

Links: the organisers list them (one per player: his number, name and address), print the
player-number slips with their QR codes (the selected links', or a whole tournament's:
player_entry.admin_pages) and revoke one, which gives the player a new link at once.
Entries: read-only, as the players' phones made them; the umpire of the table (or the chief
umpire) settles a disputed or pending one on its page, with a reason: recorded as entered, or
rejected.
"""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.urls import path, reverse
from django.utils.translation import gettext_lazy as _

from player_entry.admin_pages import SLIPS_URL_NAME
from player_entry.links import link_address
from player_entry.models import PlayerLink, TableEntry
from player_entry.printing import render_slips, selected_slips_data
from player_entry.services import player_link_revoke, table_entry_settle
from reports.views import pdf_response
from tournaments import policies
from tournaments.admin.base import get_or_404, render, report_error
from tournaments.admin.play import ReadOnlyAdmin, sheet_link
from tournaments.errors import TournamentError
from tournaments.models import Tournament


@admin.register(PlayerLink)
class PlayerLinkAdmin(ReadOnlyAdmin):
    list_display = ["number", "player", "address", "created_at", "revoked_at"]
    list_filter = ["player__tournament", ("revoked_at", admin.EmptyFieldListFilter)]
    list_select_related = ["player__tournament"]
    search_fields = ["player__name"]
    ordering = ["player__tournament", "player__lot_number", "-created_at"]
    readonly_fields = ["player", "address", "created_at", "revoked_at"]
    exclude = ["token"]
    actions = ["action_print_slips", "action_revoke"]
    change_list_template = "admin/player_entry/playerlink/change_list.html"

    def has_module_permission(self, request):
        return policies.may_manage_player_links(request.user)

    def has_view_permission(self, request, obj=None):
        return policies.may_manage_player_links(request.user)

    @admin.display(description=_("player number"), ordering="player__lot_number")
    def number(self, obj):
        return obj.player.lot_number

    @admin.display(description=_("link"))
    def address(self, obj):
        return "" if obj.revoked_at else link_address(obj)

    def changelist_view(self, request, extra_context=None):
        context = {**(extra_context or {}), "slips": self._slips_to_print(request)}
        return super().changelist_view(request, context)

    @staticmethod
    def _slips_to_print(request) -> list[tuple[str, str]]:
        """(tournament, address of its slips): the tournament the list is filtered by, else
        the one tournament not finished (with several, the list asks to filter: one button
        each would crowd the page's tools)."""
        tournaments = Tournament.objects.order_by("-start_date", "name")
        chosen = request.GET.get("player__tournament__id__exact")
        if chosen:
            tournaments = tournaments.filter(pk=chosen) if chosen.isdigit() else []
        else:
            tournaments = tournaments.exclude(status=Tournament.Status.FINISHED)[:2]
            tournaments = tournaments if len(tournaments) == 1 else []
        return [(str(t), reverse("admin:" + SLIPS_URL_NAME, args=[t.pk])) for t in tournaments]

    @admin.action(description=_("Print the player-number slips (PDF)"))
    def action_print_slips(self, request, queryset):
        if not policies.may_manage_player_links(request.user):
            raise PermissionDenied
        return pdf_response("player-slips.pdf", render_slips(selected_slips_data(queryset)))

    @admin.action(description=_("Revoke the selected links (each player gets a new one)"))
    def action_revoke(self, request, queryset):
        revoked = 0
        for link in queryset.filter(revoked_at__isnull=True).select_related("player"):
            try:
                player_link_revoke(player=link.player, user=request.user)
            except TournamentError as error:
                report_error(request, error)
                return
            revoked += 1
        messages.success(request, _("%(count)d links revoked.") % {"count": revoked})


class SettleForm(forms.Form):
    decision = forms.ChoiceField(
        label=_("Ruling"),
        choices=[
            ("record", _("Record the hand as entered")),
            ("reject", _("Reject it (the right hand is entered again)")),
        ],
        widget=forms.RadioSelect,
    )
    reason = forms.CharField(
        label=_("Reason"), max_length=300, widget=forms.Textarea(attrs={"rows": 3})
    )


@admin.register(TableEntry)
class TableEntryAdmin(ReadOnlyAdmin):
    list_display = ["pk", "sheet", "number", "entered_by", "status", "answered_by", "created_at"]
    list_filter = ["status", "table_session__session__tournament"]
    list_select_related = [
        "table_session__session__tournament",
        "table_session__table",
        "entered_by",
        "answered_by",
    ]
    readonly_fields = [
        "table_session",
        "number",
        "outcome",
        "winner",
        "discarder",
        "points",
        "flowers",
        "tiles",
        "entered_by",
        "status",
        "answered_by",
        "settled_by",
        "hand",
        "reason",
        "created_at",
        "answered_at",
    ]
    exclude = ["key", "fingerprint", "seen_version"]
    change_form_template = "admin/player_entry/tableentry/change_form.html"

    def has_module_permission(self, request):
        return policies.reads_every_sheet(request.user) or policies.may_use_admin_lists(
            request.user
        )

    def has_view_permission(self, request, obj=None):
        if obj is None:
            return self.has_module_permission(request)
        return policies.may_read_sheet(request.user, obj.table_session, players=False)

    def get_queryset(self, request):
        entries = super().get_queryset(request)
        sheets = policies.readable_sheets(request.user, players=False)
        return entries.filter(table_session__in=sheets)

    @admin.display(description=_("score sheet"), ordering="table_session")
    def sheet(self, obj):
        return sheet_link(obj.table_session)

    def get_urls(self):
        settle = self.admin_site.admin_view(self.settle_view)
        return [
            path("<path:object_id>/settle/", settle, name="player_entry_tableentry_settle"),
            *super().get_urls(),
        ]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        entry = get_or_404(self, request, object_id, self.get_queryset(request))
        may_settle = (
            policies.may_settle_entry(request.user, entry.table_session)
            and entry.status in TableEntry.OPEN
        )
        context = {**(extra_context or {}), "may_settle": may_settle}
        return super().change_view(request, object_id, form_url, context)

    def settle_view(self, request, object_id):
        entry = get_or_404(self, request, object_id, self.get_queryset(request))
        if not policies.may_settle_entry(request.user, entry.table_session):
            raise PermissionDenied
        form = SettleForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                table_entry_settle(
                    user=request.user,
                    entry_id=entry.pk,
                    record=form.cleaned_data["decision"] == "record",
                    reason=form.cleaned_data["reason"],
                )
            except TournamentError as error:
                report_error(request, error)
            else:
                messages.success(request, _("The entry is settled."))
                return redirect("admin:player_entry_tableentry_change", entry.pk)
        return render(
            self,
            request,
            "admin/player_entry/tableentry/settle.html",
            {"form": form, "entry": entry},
            obj=entry,
            title=_("Settle entry %(id)s") % {"id": entry.pk},
        )
