"""The rows of the public standings and the tables of a session, written in Python rather than
by the template language.

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
from django.utils.translation import gettext as _

register = template.Library()

ROW = (
    '\n<tr{prov_class}><td class="num">{rank}</td><td class="num">{number_link}</td>'
    '<td>{name}{label}</td><td class="team">{team}</td><td class="num">{tp}{star}</td>'
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
        href = f"{base}players/{numbers.int(row.number)}/"
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


# -- a session's tables (the live session's page, re-drawn at each version during play) -------

SEAT_LINE = (
    "<tr{prov_class}><td>{wind}</td><td>{who}{native}{forfeit}</td>"
    '<td class="num">{score}{star}</td><td class="num">{tp}{star}</td></tr>'
)


def _seat_line(line, base: str, numbers: _Numbers, forfeit: str) -> str:
    name = conditional_escape(line.name)
    if line.number:
        number = numbers.int(line.number)
        who = f'<a href="{base}players/{number}/">{number} · {name}</a>'
    else:
        who = name
    native = line.native_name
    return SEAT_LINE.format(
        prov_class=' class="prov"' if line.provisional else "",
        star="*" if line.provisional else "",
        wind=conditional_escape(line.wind),
        who=who,
        native=f' <span class="native">{conditional_escape(native)}</span>' if native else "",
        forfeit=forfeit if line.forfeited else "",
        score="" if line.score is None else numbers.int(line.score),
        tp="" if line.table_points is None else numbers.int(line.table_points),
    )


def _table_card(table, base: str, numbers: _Numbers, words: dict) -> str:
    # Translations are trusted as {% translate %} trusts them; the values are escaped.
    heading = _("Table %(number)s") % {"number": numbers.int(table.number)}
    lines = "".join(_seat_line(line, base, numbers, words["forfeit"]) for line in table.lines)
    return (
        f'\n<section class="table-card status-{conditional_escape(table.status)}">\n'
        f'<h2>{heading} <span class="badge">{conditional_escape(table.status_text)}</span></h2>\n'
        f"{words['head']}\n{lines}\n</tbody></table></section>"
    )


@register.simple_tag
def session_table_cards(tables, base: str) -> SafeString:
    """Every table of a session with its four lines (the loop's body of _session.html)."""
    numbers = _Numbers()
    base = conditional_escape(base)
    words = {
        "head": (
            f"<table><thead><tr><th>{_('Seat')}</th><th>{_('Player')}</th>"
            f'<th class="num">{_("Score")}</th><th class="num">{_("TP")}</th></tr></thead><tbody>'
        ),
        "forfeit": f' <span class="badge">{_("forfeit: lost the session")}</span>',
    }
    cards = "".join(_table_card(t, base, numbers, words) for t in tables)
    if any(line.provisional for table in tables for line in table.lines):
        cards += f'\n<p class="scope prov">* {_("provisional: a sheet is not yet signed")}</p>'
    return mark_safe(cards)  # noqa: S308 - escaped above
