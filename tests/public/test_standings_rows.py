"""The public standings' player rows, written in Python (public/templatetags/public_tables.py),
are the HTML the template loop wrote before, character for character, in every language: the
loop is kept here as the reference."""

from fractions import Fraction

import pytest
from django.template import Context, Template
from django.utils import translation

from public.templatetags.public_tables import standings_player_rows
from tournaments.selectors.standings import PlayerRow, SessionLine

DQ = "disqualified"

REFERENCE = Template(
    "{% load i18n %}{% for row in standings.players %}\n"
    '<tr{% if row.provisional %} class="prov"{% endif %}><td class="num">'
    '{{ row.rank|default_if_none:"—" }}</td><td class="num">{% if row.number %}'
    '<a href="{{ base }}players/{{ row.number }}/">{{ row.number }}</a>{% endif %}</td>'
    '<td>{% if row.number %}<a href="{{ base }}players/{{ row.number }}/">{{ row.name }}</a>'
    "{% else %}{{ row.name }}{% endif %}{% if row.label %} "
    '<span class="status">({{ row.label }})</span>{% endif %}</td>'
    '<td class="team">{{ row.team }}</td><td class="num">'
    '{{ row.table_points|floatformat:"-2" }}{% if row.provisional %}*{% endif %}</td>'
    '<td class="num">{{ row.contest_points }}'
    "{% if row.provisional %}*{% endif %}</td></tr>{% endfor %}"
)


def line(provisional=False) -> SessionLine:
    return SessionLine(
        session=1, table=1, position="A", score=0, rank=1, table_points=Fraction(4),
        provisional=provisional,
    )  # fmt: skip


def rows() -> list[PlayerRow]:
    return [
        PlayerRow(1, 12, "Ana <b>", "Dragones & Co", "active", Fraction(29, 3), 1234, [line()], 1),
        PlayerRow(2, 7, "李小龙", "", "active", Fraction(5, 2), -48, [line(True)], 2),
        PlayerRow(3, None, "Sub S1", "Fénix", "active", Fraction(0), 0, [], 3),
        PlayerRow(4, 3, "Out", "", "withdrawn", Fraction(8), 15, [line()], None),
        PlayerRow(5, 9, "Bad", "", "active", Fraction(1, 12), 10_250, [], None, False, DQ),
        PlayerRow(6, 1001, "Many", "", "active", Fraction(12), 7, [line(), line(True)], 0),
    ]  # fmt: skip


@pytest.mark.parametrize("language", ["en", "es", "zh-hans"])
def test_the_rows_are_the_templates_html_in_every_language(language):
    players = rows()
    base = "/t/madrid-<open>/"
    with translation.override(language):
        expected = REFERENCE.render(Context({"standings": {"players": players}, "base": base}))
        assert standings_player_rows(players, base) == expected


def test_no_players_give_no_rows():
    assert standings_player_rows([], "/t/x/") == ""
