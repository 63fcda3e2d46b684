"""{% fast_result_list cl %}: Django's {% result_list %} with the rows of
tournaments.admin.fast_rows (the same HTML, drawn without the per-cell lookups)."""

from django import template
from django.contrib.admin.templatetags.admin_list import result_headers

from tournaments.admin.fast_rows import fast_result_rows

register = template.Library()


@register.inclusion_tag("admin/change_list_results.html")
def fast_result_list(cl):
    headers = list(result_headers(cl))
    return {
        "cl": cl,
        "result_hidden_fields": [],  # no list_editable: no hidden form fields
        "result_headers": headers,
        "num_sorted_fields": sum(1 for h in headers if h["sortable"] and h["sorted"]),
        "results": fast_result_rows(cl),
    }
