"""Shared plumbing of the admin pages: permissions, rendering, turning user errors into messages."""

from django.contrib import messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.template.response import TemplateResponse
from simple_history.template_utils import HistoricalRecordContextHelper

from tournaments import policies
from tournaments.errors import TournamentError
from tournaments.selectors.audit_sentences import field_label, value_in_words


def get_or_404(model_admin, request, object_id, queryset=None):
    queryset = queryset if queryset is not None else model_admin.model._default_manager.all()
    try:
        return queryset.get(pk=unquote(object_id))
    except (model_admin.model.DoesNotExist, ValueError, TypeError):
        raise Http404(str(object_id)) from None


def require_director(request) -> None:
    """The chief umpire (sessions, corrections, countersigning)."""
    if not policies.may_run_sessions(request.user):
        raise PermissionDenied


def require_organiser(request) -> None:
    """An organiser (registration, lots, seating); the chief umpire may too."""
    if not policies.may_organise(request.user):
        raise PermissionDenied


def report_error(request, error: TournamentError) -> None:
    messages.error(request, error.message)
    for _code, message in getattr(error, "details", None) or []:
        messages.error(request, message)


def add_error(form, error: TournamentError) -> None:
    """A refusal of a service shown on the form: the message, then each detail."""
    form.add_error(None, error.message)
    for _code, message in getattr(error, "details", None) or []:
        if message and message not in error.message:
            form.add_error(None, message)


def render(model_admin, request, template: str, context: dict, *, obj=None, title=""):
    opts = model_admin.model._meta
    full = {
        **model_admin.admin_site.each_context(request),
        "opts": opts,
        "app_label": opts.app_label,
        "original": obj,
        "object": obj,
        "title": title,
        "has_view_permission": model_admin.has_view_permission(request, obj),
        **context,
    }
    request.current_app = model_admin.admin_site.name
    return TemplateResponse(request, template, full)


class _ValuesInWords(HistoricalRecordContextHelper):
    """A history page's changed values in words: a system text's code (issue 27), a choice's
    label, a row by its name, points per seat, never a dictionary (issue 29)."""

    def prepare_delta_change_value(self, change, value):
        value = super().prepare_delta_change_value(change, value)
        return value_in_words(self.model, change.field, value)


class HistoryInWords:
    """For a SimpleHistoryAdmin: its History page says what the system wrote (a change's
    reason, a late arrival's nature) in the reader's language (tournaments.system_texts), its
    columns by their verbose names and its values in words
    (tournaments.selectors.audit_sentences)."""

    object_history_list_template = "admin/tournaments/history_list.html"

    def get_historical_record_context_helper(self, request, historical_record):
        return _ValuesInWords(self.model, historical_record)

    def _column_label(self, name: str) -> str:
        described = getattr(getattr(self, name, None), "short_description", None)
        return str(described) if described else field_label(self.model, name)

    def history_view(self, request, object_id, extra_context=None):
        columns = [self._column_label(name) for name in self.get_history_list_display(request)]
        extra_context = {**(extra_context or {}), "history_list_columns": columns}
        return super().history_view(request, object_id, extra_context)

    def set_history_delta_changes(self, request, historical_records, **options):
        super().set_history_delta_changes(request, historical_records, **options)
        for record in historical_records:
            record.columns_in_words = [
                value_in_words(self.model, name, getattr(record, name, None))
                for name in self.get_history_list_display(request)
            ]
