"""The Record of Fouls as the appendix prints it (Appendix 6): a sheet's record without fouls is
the blank form, a ruled grid under the column headings with the umpire's and the date's lines;
the whole tournament's record has the Group column, the same lines and native-script names."""

import re
from io import BytesIO

import pytest
from pypdf import PdfReader

from reports.data.fouls import fouls_data
from reports.forms.fouls import render_fouls
from tests.reports.helpers import sheet_with_players
from tests.tournaments.factories import TournamentFactory
from tournaments.models import Table

pytestmark = pytest.mark.django_db

# A horizontal rule of a table: "n x y m x2 y l S" (ReportLab's grid lines).
RULE = re.compile(rb"n ([\d.]+) ([\d.]+) m ([\d.]+) \2 l S")


def text_of(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(BytesIO(pdf)).pages).split())


def ruled_rows(pdf: bytes) -> list[float]:
    """The heights (from the top) of the horizontal rules as wide as the page's widest rule,
    on the first page."""
    content = PdfReader(BytesIO(pdf)).pages[0].get_contents().get_data()
    rules = [(float(x2) - float(x1), float(y)) for x1, y, x2 in RULE.findall(content)]
    widest = max(length for length, _y in rules)
    return sorted({y for length, y in rules if length > widest - 1}, reverse=True)


@pytest.fixture
def empty_sheet(staff):
    tournament = TournamentFactory(name="Blank Open")
    sheet = sheet_with_players(tournament)
    sheet.umpire = staff.umpire
    sheet.save(update_fields=["umpire"])
    return sheet


def test_a_sheets_record_without_fouls_has_at_least_ten_ruled_rows_to_fill_in(empty_sheet):
    data = fouls_data(tournament=empty_sheet.session.tournament, table_session=empty_sheet)
    rules = ruled_rows(render_fouls(data))
    # the top rule, the rule under the headings, then one rule under each row
    assert len(rules) - 2 >= 10
    gaps = [above - below for above, below in zip(rules[1:], rules[2:], strict=False)]
    assert min(gaps) >= 6 * 72 / 25.4  # room to write by hand: at least 6 mm a row


def test_a_sheets_record_without_fouls_has_its_headings_and_the_umpire_and_date_lines(
    empty_sheet,
):
    data = fouls_data(tournament=empty_sheet.session.tournament, table_session=empty_sheet)
    text = text_of(render_fouls(data))
    headings = text.index("Player's team")
    assert text.index("Nature of foul") > headings
    assert text.index("Umpire ____") > text.index("Recorded by, at") > headings
    assert "Date ____" in text and "Marta Árbitra" in text


def test_the_whole_tournaments_record_without_fouls_is_the_ruled_form_too(empty_sheet):
    data = fouls_data(tournament=empty_sheet.session.tournament)
    pdf = render_fouls(data)
    assert len(ruled_rows(pdf)) - 2 >= 10
    text = text_of(pdf)
    assert "Group" in text and "Umpire ____" in text and "Date ____" in text


def test_the_whole_tournaments_record_has_a_group_column_with_the_tables_group(played):
    Table.objects.filter(pk=played.table_id).update(group="B")
    text = text_of(render_fouls(fouls_data(tournament=played.session.tournament)))
    assert "Game Table Group Round / position" in text
    # game 1, table 1, group B, then the round and position of the fine on D in hand 3
    assert "1 1 B East / D 3" in text


def test_the_whole_tournaments_record_ends_with_the_umpire_and_date_lines(played):
    text = text_of(render_fouls(fouls_data(tournament=played.session.tournament)))
    assert text.index("Umpire ____") > text.index("Slow play after a warning")
    assert text.index("Date ____") > text.index("Umpire ____")


def test_the_whole_tournaments_record_keeps_the_native_script_names(played):
    text = text_of(render_fouls(fouls_data(tournament=played.session.tournament)))
    assert "Kim Minjun 김민준" in text
    assert "Ivan Yozhikov Ёжиков Иван" in text


# -- a session's record: one blank record per table ---------------------------------------------


def pages_of(pdf: bytes) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(BytesIO(pdf)).pages]


def page_rules(pdf: bytes, page: int) -> list[float]:
    content = PdfReader(BytesIO(pdf)).pages[page].get_contents().get_data()
    rules = [(float(x2) - float(x1), float(y)) for x1, y, x2 in RULE.findall(content)]
    widest = max(length for length, _y in rules)
    return sorted({y for length, y in rules if length > widest - 1}, reverse=True)


@pytest.fixture
def three_tables(empty_sheet, staff):
    """Session 1 of three tables, no foul recorded anywhere."""
    tournament = empty_sheet.session.tournament
    for number in (2, 3):
        sheet_with_players(tournament, table_number=number, start=10 * number)
    return empty_sheet.session


def test_a_sessions_record_prints_a_blank_record_for_every_table(three_tables, tmp_path):
    from django.core.management import call_command

    output = tmp_path / "fouls.pdf"
    call_command(
        "print_form", "fouls", three_tables.tournament.slug, "--session", "1", "-o", str(output)
    )
    pdf = output.read_bytes()
    pages = pages_of(pdf)
    assert len(pages) == 3
    for number, text in enumerate(pages, start=1):
        assert f"Game 1 · Table {number}" in text and "No fouls recorded" not in text
        assert "Page 1 of 1" in text  # each table's record is numbered on its own
        rules = page_rules(pdf, number - 1)
        assert len(rules) - 2 >= 10  # the top rule, the one under the headings, then rows
        gaps = [above - below for above, below in zip(rules[1:], rules[2:], strict=False)]
        assert min(gaps) >= 6 * 72 / 25.4


def test_the_print_forms_page_prints_a_sessions_blank_records(client, three_tables, make_staff):
    from django.urls import reverse

    from tournaments.roles import Role

    client.force_login(make_staff("printing-chief", Role.CHIEF_UMPIRE))
    url = reverse("print-now", args=[three_tables.tournament.pk, "fouls"])
    response = client.get(url, {"session": 1})
    assert response.status_code == 200
    pages = pages_of(response.content)
    assert [f"Game 1 · Table {n}" in text for n, text in enumerate(pages, 1)] == [True] * 3


def test_a_table_with_fouls_keeps_at_least_four_empty_ruled_rows(empty_sheet, staff):
    from tests.tournaments.signoff_helpers import seat_player
    from tournaments.services.penalties import penalty_record

    for number in range(11):
        penalty_record(
            table_session=empty_sheet,
            player=seat_player(empty_sheet, "ABCD"[number % 4]),
            kind="warning",
            reason=f"Slow play {number + 1}",
            user=staff.umpire,
        )
    data = fouls_data(tournament=empty_sheet.session.tournament, session=empty_sheet.session)
    pdf = render_fouls(data)
    last = len(PdfReader(BytesIO(pdf)).pages) - 1
    rules = page_rules(pdf, last)
    # the rows under the last foul: ruled 8 mm apart, nothing written in them
    empty = [
        (above, below)
        for above, below in zip(rules, rules[1:], strict=False)
        if abs((above - below) - 8 * 72 / 25.4) < 0.1
    ]
    assert len(empty) >= 4
    # the umpire's signature stands on the page of the last foul and the empty rows
    text = pages_of(pdf)[last]
    assert text.index("Slow play 11") < text.index("Umpire ____")
