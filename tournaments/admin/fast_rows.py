"""A change list of many rows drawn without the admin's per-row costs (issue #31): the action
checkbox as plain HTML, not a form widget rendered through templates; each row's link from one
URL reversed per page, not a reverse and a resolve per row (the preserved filters); and the
cells drawn by one function per column (`fast_result_rows`, used by the model's
change_list.html through the `fast_result_list` tag) rather than by the admin's generic
lookups per cell."""

from contextlib import contextmanager
from contextvars import ContextVar

from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.admin.templatetags.admin_list import ResultList
from django.contrib.admin.utils import display_for_value
from django.core.exceptions import ImproperlyConfigured
from django.db import models
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

# (the change URL before the id, after it, the query of the list's filters) of the page drawn.
_ROW_LINKS: ContextVar[tuple[str, str, str] | None] = ContextVar("admin_row_links", default=None)
_ANY_ID = 987654321


def url_around_id(viewname: str) -> tuple[str, str]:
    """An admin URL taking one object id, as (what comes before the id, what comes after):
    reversed once for a page that links many objects, not once per link."""
    before, after = reverse(viewname, args=[_ANY_ID]).split(str(_ANY_ID), 1)
    return before, after


class FastRowsMixin:
    """For a ModelAdmin: name the link column's display method `row_link(obj, text)`."""

    list_display_links = None  # the admin's own links cost a resolve each; row_link draws them

    def changelist_view(self, request, extra_context=None):
        with self._row_links(request):
            response = super().changelist_view(request, extra_context)
            if hasattr(response, "render"):
                response.render()  # the rows are drawn now, while the links are known
        return response

    def _change_view(self) -> str:
        opts = self.model._meta
        return f"admin:{opts.app_label}_{opts.model_name}_change"

    def _change_url(self, pk) -> str:
        return reverse(self._change_view(), args=[pk])

    @contextmanager
    def _row_links(self, request):
        prefix, suffix = url_around_id(self._change_view())
        filters = self.get_preserved_filters(request)
        token = _ROW_LINKS.set((prefix, suffix, f"?{filters}" if filters else ""))
        try:
            yield
        finally:
            _ROW_LINKS.reset(token)

    def row_link(self, obj, text):
        links = _ROW_LINKS.get()
        if links is None:  # drawn outside the change list
            return format_html('<a href="{}">{}</a>', self._change_url(obj.pk), text)
        prefix, suffix, query = links
        return format_html('<a href="{}{}{}{}">{}</a>', prefix, obj.pk, suffix, query, text)

    def action_checkbox(self, obj):
        label = format_html(_("Select this object for an action - {}"), str(obj))
        return format_html(
            '<input type="checkbox" name="{}" value="{}" class="action-select" aria-label="{}">',
            ACTION_CHECKBOX_NAME,
            obj.pk,
            label,
        )


def fast_result_rows(cl) -> list:
    """The change list's rows, each a list of its cells' HTML, drawn as the admin's
    `items_for_result` draws the columns these admins show (the action checkbox, display
    methods, foreign keys), without its generic lookups per cell."""
    model_admin = cl.model_admin
    columns = [_column(model_admin, name) for name in cl.list_display]
    return [ResultList(None, [cell(obj) for cell in columns]) for obj in cl.result_list]


def _column(model_admin, name: str):
    empty = model_admin.get_empty_value_display()
    if name == "action_checkbox":
        return lambda obj: format_html(
            '<td class="action-checkbox">{}</td>', model_admin.action_checkbox(obj)
        )
    method = getattr(model_admin, name, None)
    if callable(method):
        boolean = getattr(method, "boolean", False)
        start = f'<td class="field-{name}">'
        return lambda obj: _cell(start, display_for_value(_blank(method(obj)), empty, boolean))
    field = model_admin.model._meta.get_field(name)
    if not isinstance(field, models.ForeignKey):
        raise ImproperlyConfigured(f"{name}: fast rows draw methods and foreign keys only")
    cell = mark_safe(f' class="field-{name} nowrap"')
    return lambda obj: format_html("<td{}>{}</td>", cell, _related(obj, name, empty))


def _cell(start: str, value) -> SafeString:
    """`format_html("<td ...>{}</td>", value)` without its parsing of the format each cell."""
    return mark_safe(f"{start}{conditional_escape(value)}</td>")  # noqa: S308 - escaped here


def _blank(value):
    return "" if isinstance(value, str) and value.strip() == "" else value


def _related(obj, name: str, empty):
    value = getattr(obj, name)
    return empty if value is None else value
