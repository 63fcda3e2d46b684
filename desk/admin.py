"""The desk entries in the admin: who keyed which sheet, when, what, and how it ended; and the
chief umpire's page to record a sheet from one entry alone, with a reason (issue 27).

Read-only otherwise: entries are given at the desk (`/desk/`, the API) and decided by the
services. Who reads them is the policy's (`tournaments.policies`): the chief umpire, the
organisers and the committee read every entry; a clerk reads his own (never another clerk's
before it is recorded: he keys from the paper, not from a colleague's entry).
"""

import json

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.urls import path
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from desk.models import DeskEntry
from desk.services import desk_entry_accept
from tournaments import policies
from tournaments.admin.base import get_or_404, render, report_error
from tournaments.admin.play import ReadOnlyAdmin, sheet_link
from tournaments.errors import TournamentError
from tournaments.services.penalties import REASON_MAX_LENGTH


class AcceptAloneForm(forms.Form):
    reason = forms.CharField(
        label=_("Why this entry is accepted alone"),
        max_length=REASON_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("For example: only one clerk on duty; checked against the paper."),
    )


@admin.register(DeskEntry)
class DeskEntryAdmin(ReadOnlyAdmin):
    list_display = ["pk", "sheet", "clerk", "created_at", "status", "decided_at", "accepted_by"]
    list_filter = ["status", "table_session__session__tournament"]
    list_select_related = ["table_session__session__tournament", "table_session__table", "clerk"]
    readonly_fields = [
        "table_session",
        "clerk",
        "created_at",
        "status",
        "matched_with",
        "decided_at",
        "accepted_by",
        "reason",
        "keyed",
    ]
    exclude = ["payload"]
    change_form_template = "admin/desk/deskentry/change_form.html"

    def has_module_permission(self, request):
        return policies.may_use_score_desk(request.user) or policies.reads_every_sheet(
            request.user
        )

    def has_view_permission(self, request, obj=None):
        if obj is None:
            return self.has_module_permission(request)
        return self._may_read(request.user, obj)

    @staticmethod
    def _may_read(user, entry: DeskEntry) -> bool:
        if not policies.may_read_desk_entries(user, entry.table_session):
            return False
        if entry.clerk_id == user.pk or entry.status in DeskEntry.COUNTED:
            return True
        return policies.may_read_other_clerks_entries(user)

    def get_queryset(self, request):
        entries = super().get_queryset(request)
        if policies.may_read_other_clerks_entries(request.user):
            return entries
        # A clerk: his own entries, and the counted ones (recorded: no longer a secret).
        return entries.filter(clerk=request.user) | entries.filter(status__in=DeskEntry.COUNTED)

    @admin.display(description=_("score sheet"), ordering="table_session")
    def sheet(self, obj):
        return sheet_link(obj.table_session)

    @admin.display(description=_("what was keyed"))
    def keyed(self, obj):
        return format_html("<pre>{}</pre>", json.dumps(obj.payload, indent=1, ensure_ascii=False))

    def get_urls(self):
        accept = self.admin_site.admin_view(self.accept_view)
        return [
            path("<path:object_id>/accept/", accept, name="desk_deskentry_accept"),
            *super().get_urls(),
        ]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        entry = get_or_404(self, request, object_id, self.get_queryset(request))
        context = {**(extra_context or {}), "may_accept": self._may_accept(request.user, entry)}
        return super().change_view(request, object_id, form_url, context)

    @staticmethod
    def _may_accept(user, entry: DeskEntry) -> bool:
        return policies.may_accept_desk_entry(user) and entry.status in DeskEntry.LIVE

    def accept_view(self, request, object_id):
        """The chief umpire records the sheet from this entry alone, with a reason."""
        entry = get_or_404(self, request, object_id, self.get_queryset(request))
        if not policies.may_accept_desk_entry(request.user):
            raise PermissionDenied
        form = AcceptAloneForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                desk_entry_accept(
                    table_session=entry.table_session,
                    reason=form.cleaned_data["reason"],
                    entry_id=entry.pk,
                    user=request.user,
                )
            except TournamentError as error:
                report_error(request, error)
            else:
                messages.success(request, _("The sheet is recorded from this entry alone."))
                return redirect("admin:desk_deskentry_change", entry.pk)
        return render(
            self,
            request,
            "admin/desk/deskentry/accept.html",
            {"form": form, "entry": entry},
            obj=entry,
            title=_("Accept desk entry %(id)s alone") % {"id": entry.pk},
        )
