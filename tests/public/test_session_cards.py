"""A session's tables on its public page, written in Python (public/templatetags/
public_tables.py), are the HTML the template loop wrote before, character for character, in
every language: the loop is kept here as the reference."""

import pytest
from django.template import Context, Template
from django.utils import translation

from public.selectors import PublicTable, TableLine
from public.templatetags.public_tables import session_table_cards

REFERENCE = Template(
    "{% load i18n %}{% for table in session.tables %}\n"
    '<section class="table-card status-{{ table.status }}">\n'
    "<h2>{% blocktranslate with number=table.number %}Table {{ number }}{% endblocktranslate %}"
    ' <span class="badge">{{ table.status_text }}</span></h2>\n'
    '<table><thead><tr><th>{% translate "Seat" %}</th><th>{% translate "Player" %}</th>'
    '<th class="num">{% translate "Score" %}</th><th class="num">{% translate "TP" %}</th>'
    "</tr></thead><tbody>\n"
    "{% for line in table.lines %}<tr><td>{{ line.wind }}</td><td>{% if line.number %}"
    '<a href="{{ base }}players/{{ line.number }}/">{{ line.number }} · {{ line.name }}</a>'
    "{% else %}{{ line.name }}{% endif %}{% if line.native_name %} "
    '<span class="native">{{ line.native_name }}</span>{% endif %}{% if line.forfeited %} '
    '<span class="badge">{% translate "forfeit: lost the session" %}</span>{% endif %}</td>'
    '<td class="num">{% if line.score is not None %}{{ line.score }}{% endif %}</td>'
    '<td class="num">{% if line.table_points is not None %}{{ line.table_points }}{% endif %}'
    "</td></tr>{% endfor %}\n</tbody></table></section>{% endfor %}"
)


def lines(*specs) -> tuple[TableLine, ...]:
    return tuple(
        TableLine(position, wind, number, name, native, "", score, rank, tp, forfeited)
        for position, wind, number, name, native, score, rank, tp, forfeited in specs
    )


def tables() -> list[PublicTable]:
    return [
        PublicTable(1, "playing", "playing", 5, lines(
            ("A", "E", 12, "Ana <b>", "王小明", 1234, None, None, False),
            ("B", "S", None, "Sub S1 & co", "", -48, None, None, False),
            ("C", "W", 1001, "Many", "", 0, None, None, True),
            ("D", "N", 7, "Bo", "", None, None, None, False),
        )),
        PublicTable(1250, "final", "final", 16, lines(
            ("A", "E", 3, "Cy", "", 10_250, 1, 4, False),
            ("B", "S", 4, "Di", "", -20, 2, 2.5, False),
            ("C", "W", 5, "Ed", "", -30, 2, 2.5, False),
            ("D", "N", 6, "Fa", "", -40, 4, 0, False),
        )),
    ]  # fmt: skip


@pytest.mark.parametrize("language", ["en", "es", "zh-hans"])
def test_the_cards_are_the_templates_html_in_every_language(language):
    session = {"tables": tables()}
    base = "/t/madrid-<open>/"
    with translation.override(language):
        expected = REFERENCE.render(Context({"session": session, "base": base}))
        assert session_table_cards(session["tables"], base) == expected


def test_a_session_without_tables_says_so(client, event):
    from tournaments.models import Session

    Session.objects.create(tournament=event[0], number=2)
    assert "This session has no tables yet." in client.get("/t/madrid/sessions/2/").content.decode()
