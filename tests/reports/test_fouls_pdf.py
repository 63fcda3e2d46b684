"""The printed Record of Fouls (Appendix 6): per score sheet, per session and for the whole
tournament, read back from the PDF."""

import json
from io import BytesIO

import pytest
from pypdf import PdfReader

from reports.data.fouls import fouls_data
from reports.forms.fouls import render_fouls
from tests.reports.helpers import NAMES, VOID_REASON, sheet_with_players
from tests.tournaments.factories import TournamentFactory
from tests.tournaments.signoff_helpers import seat_player
from tournaments.services.penalties import penalty_record

pytestmark = pytest.mark.django_db


def pdf_text(pdf: bytes) -> str:
    """The text of every page, whitespace made single spaces (cells wrap onto lines)."""
    pages = PdfReader(BytesIO(pdf)).pages
    return " ".join(" ".join(page.extract_text() for page in pages).split())


@pytest.fixture
def second_session(played, staff):
    """A foul in session 2, table 3, by the player in seat B of a new table."""
    sheet = sheet_with_players(
        played.session.tournament, session_number=2, table_number=3, names=NAMES, start=20
    )
    sheet.umpire = staff.umpire
    sheet.save(update_fields=["umpire"])
    penalty_record(
        table_session=sheet,
        player=seat_player(sheet, "B"),
        kind="exposed_hand",
        reason="Showed his hand before the claim was checked",
        remarks="Second time today",
        user=staff.umpire,
    )
    return sheet


def test_a_sheets_record_has_the_columns_of_the_appendix_and_the_umpires_lines(played):
    data = fouls_data(tournament=played.session.tournament, table_session=played)
    text = pdf_text(render_fouls(data))
    assert "Record of Fouls" in text and "Game 1 · Table 1" in text  # no group: none named
    for header in ("Player's team", "Player's name", "Player's number", "Nature of foul"):
        assert header in text
    assert "Relevant penalty" in text and "Remarks" in text
    # D (Kim Minjun, no. 14) fined in hand 3: game 1, round East, table 1, position D.
    assert "한국 1-1 Kim Minjun 김민준 14 1 / East / 1 / D" in text
    assert "Slow play after a warning" in text
    assert "Points deducted (to nobody): 10 points" in text
    assert "Umpire ____" in text and "Date ____" in text
    assert "Marta Árbitra" in text and "2026-05-02" in text


def test_a_void_penalty_stays_on_the_record_marked_void_with_its_reason(played):
    data = fouls_data(tournament=played.session.tournament, table_session=played)
    text = pdf_text(render_fouls(data))
    assert "Ivan Yozhikov" in text
    assert "VOID (counts for nothing)" in text and VOID_REASON in text
    void = next(row for row in data["rows"] if row["void"])
    assert void["void_reason"] == VOID_REASON and void["points"] == 20


def test_the_tournaments_record_is_one_table_with_game_and_table(played, second_session):
    data = fouls_data(tournament=played.session.tournament)
    assert data["scope"] == "tournament"
    assert [(row["session"], row["table"]) for row in data["rows"]] == [(1, 1), (1, 1), (2, 3)]
    text = pdf_text(render_fouls(data))
    assert "Game Table Group Round / position Hand" in text
    assert "2 3 B" in text  # session 2, table 3, seat B (no hand named)
    assert "Exposed hand: 30 points to each other player" in text
    assert "Second time today" in text
    assert "Umpire ____" in text and "Date ____" in text  # signed as a sheet's record


def test_a_sessions_record_has_one_part_per_sheet(played, second_session):
    tournament = played.session.tournament
    first = fouls_data(tournament=tournament, session=played.session)
    assert [(s["session"], s["table"]) for s in first["sheets"]] == [(1, 1)]
    second = fouls_data(tournament=tournament, session=second_session.session)
    text = pdf_text(render_fouls(second))
    assert "Game 2 · Table 3" in text and "Table 1" not in text
    assert "Ivan Yozhikov" in text


def test_a_tables_group_is_named_in_its_records_heading(played):
    from tournaments.models import Table

    Table.objects.filter(pk=played.table_id).update(group="B")
    data = fouls_data(tournament=played.session.tournament, table_session=played)
    assert "Game 1 · Group B · Table 1" in pdf_text(render_fouls(data))


def test_an_empty_record_is_a_blank_form(staff):
    tournament = TournamentFactory()
    sheet = sheet_with_players(tournament)
    for data in (
        fouls_data(tournament=tournament, table_session=sheet),
        fouls_data(tournament=tournament, session=sheet.session),
        fouls_data(tournament=tournament),
    ):
        pdf = render_fouls(data)
        text = pdf_text(pdf)
        # a sheet's, a session's or the tournament's record: the ruled form to fill in by hand
        assert "Nature of foul" in text
        assert "No fouls recorded." not in text
        assert len(PdfReader(BytesIO(pdf)).pages) == 1
    assert fouls_data(tournament=tournament, table_session=sheet)["sheets"][0]["rows"] == []


def test_the_records_data_is_the_same_twice_and_serialisable(played, second_session):
    tournament = played.session.tournament
    data = fouls_data(tournament=tournament)
    assert data == fouls_data(tournament=tournament)
    assert json.loads(json.dumps(data)) == data
