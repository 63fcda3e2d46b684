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
