"""{{ session.tables|dashboard_tables:sheet_url }}: the dashboard's table links, drawn in
Python. A 500-player event shows 1,250 tables refreshed by every director every few seconds;
the template loop cost more than everything else on the page, and format_html per link still
a third of it: every text is escaped here with the standard library's `html.escape`, which is
what Django's `escape` calls."""

from html import escape

from django import template
from django.utils.safestring import mark_safe

register = template.Library()


def _link(table, before: str, after: str) -> str:
    umpire = f'<br><span class="quiet">{escape(table.umpire)}</span>' if table.umpire else ""
    return (
        f'<a class="dash-table {escape(table.state)}" href="{escape(before)}{int(table.sheet_id)}'
        f'{escape(after)}"><strong>{escape(table.heading)}</strong>{escape(table.label)}'
        f"{umpire}</a>"
    )


@register.filter
def dashboard_tables(tables, sheet_url: tuple[str, str]) -> str:
    before, after = sheet_url
    return mark_safe("".join(_link(table, before, after) for table in tables))
