"""The rows of the public standings, written in Python rather than by the template language.

The standings of a 500-player event have 500 rows of six cells: through the template
language that is some 8,000 variable lookups and 3,400 localised numbers, two thirds of the
page's cost, paid at each new version (issue #31). Here each row is one format string and each
distinct number is localised once. The HTML is exactly what the template wrote:
tests/public/test_standings_rows.py renders both and compares them.
"""

from django import template
from django.template.defaultfilters import floatformat
from django.utils.formats import number_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

ROW = (
    '\n<tr{prov_class}><td class="num">{rank}</td><td class="num">{number_link}</td>'
    '<td>{name}{label}</td><td class="team">{team}</td><td class="num">{tp}</td>'
    '<td class="num">{cp}{star}</td></tr>'
)


class _Numbers:
    """Localised numbers, each distinct value formatted once (as `{{ value }}` and
    `{{ value|floatformat:"-2" }}` would)."""

    def __init__(self):
        self.plain: dict = {}
        self.points: dict = {}

    def int(self, value) -> str:
        if value not in self.plain:
            self.plain[value] = conditional_escape(number_format(value))
        return self.plain[value]

    def table_points(self, value) -> str:
        if value not in self.points:
            self.points[value] = conditional_escape(floatformat(value, "-2"))
        return self.points[value]


def _row(row, base: str, numbers: _Numbers) -> str:
    name = conditional_escape(row.name)
    if row.number:
        href = f'{base}players/{numbers.int(row.number)}/'
        number_link = f'<a href="{href}">{numbers.int(row.number)}</a>'
        name = f'<a href="{href}">{name}</a>'
    else:
        number_link = ""
    label = row.label
    provisional = row.provisional
    return ROW.format(
        prov_class=' class="prov"' if provisional else "",
        rank="—" if row.rank is None else numbers.int(row.rank),
        number_link=number_link,
        name=name,
        label=f' <span class="status">({conditional_escape(label)})</span>' if label else "",
        team=conditional_escape(row.team),
        tp=numbers.table_points(row.table_points),
        cp=numbers.int(row.contest_points),
        star="*" if provisional else "",
    )


@register.simple_tag
def standings_player_rows(players, base: str) -> SafeString:
    """Every player's row of the standings table (the loop's body of _standings.html)."""
    numbers = _Numbers()
    base = conditional_escape(base)
    return mark_safe("".join(_row(row, base, numbers) for row in players))  # noqa: S308 - escaped above
