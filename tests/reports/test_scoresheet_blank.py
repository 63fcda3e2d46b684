"""The blank score sheet (Appendix 5) printed before play for a pen: measured on the PDF, as
an umpire would hold it (text positions and sizes, ruled lines), in the three languages.

A sheet with no hand entered prints blank; the fixtures (the staff with full names) are in
tests/reports/conftest.py.
"""

import datetime
import json
from io import BytesIO

import pytest
from django.core.management import call_command
from django.utils import translation
from pypdf import PdfReader

from reports.data.scoresheet import scoresheet_data
from reports.forms import scoresheet as scoresheet_form
from reports.forms.scoresheet import render_scoresheet
from reports.printing import PrintRequest, print_form
from tests.reports.helpers import NAMES, PURE_STRAIGHT, pdf_text, sheet_with_players
from tests.reports.sheet_pdf import (
    box_around,
    find,
    first_line,
    horizontal_lines,
    printed,
    texts,
    word_boxes,
)
from tests.tournaments.factories import PlayerFactory, TournamentFactory
from tests.tournaments.signoff_helpers import fresh, seat_player
from tournaments.models import Player, Session, Tournament
from tournaments.services.checkin import checkin_record
from tournaments.services.hands import hand_record_win

pytestmark = pytest.mark.django_db

MM = 72 / 25.4
FRAME_PADDING = 6  # points between a page's margin and what it holds (ReportLab's Frame)
LANGUAGES = ["en", "es", "zh-hans"]
START = datetime.datetime(2026, 5, 2, 9, 0, tzinfo=datetime.UTC)


# -- reading the PDF as printed: texts with their size, ruled lines ---------------------------


def row_label(items, label: str):
    """A label of the grid's first column (not the same word in a heading)."""
    renderer = scoresheet_form.ScoreSheetRenderer()
    left = renderer.margin_left + renderer.blank_label_width
    found = [item for item in items if item[0] < left and label.startswith(item[3])]
    assert found, f"no row {label!r}"
    longest = max(len(item[3]) for item in found)
    return [item for item in found if len(item[3]) == longest][-1]


# -- a seated table before play ----------------------------------------------------------------


@pytest.fixture
def blank(staff):
    """Session 1, table 1: four players seated (names in several scripts), the umpire
    assigned, the session scheduled; no hand, no foul."""
    tournament = TournamentFactory(name="Open de Madrid 2026")
    sheet = sheet_with_players(tournament)
    Session.objects.filter(pk=sheet.session_id).update(
        scheduled_start=START,
        scheduled_end=START + datetime.timedelta(minutes=150),
        actual_start=START,
    )
    sheet.umpire = staff.umpire
    sheet.save(update_fields=["umpire"])
    return fresh(sheet)


def hand_numbers(items) -> list[tuple[float, float]]:
    """(x, y) of the hand numbers 1-16 down the grid's first column."""
    left = min(x for x, _y, _s, text in items if text == "16")
    rows = {}
    for x, y, _size, text in items:
        if text.isdigit() and 1 <= int(text) <= 16 and abs(x - left) < 6:
            rows.setdefault(int(text), (x, y))
    return [rows[n] for n in range(1, 17)]


# -- the page ----------------------------------------------------------------------------------


def test_a_sessions_blank_sheets_print_one_a4_page_per_table(blank):
    sheet_with_players(blank.session.tournament, table_number=2, start=10)
    request = PrintRequest(tournament=blank.session.tournament, session=1)
    _name, pdf = print_form(kind="scoresheet", request=request)
    pages = PdfReader(BytesIO(pdf)).pages
    assert len(pages) == 2
    for page in pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert sorted([round(width / MM), round(height / MM)]) == [210, 297]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_hand_rows_of_a_blank_sheet_are_at_least_6_mm_apart(blank, language):
    pdf = printed(blank, language)
    rows = hand_numbers(texts(pdf))
    gaps = [(upper[1] - lower[1]) / MM for upper, lower in zip(rows, rows[1:], strict=False)]
    assert min(gaps) >= 6.0, gaps
    # and the ruled lines between them too
    lines = horizontal_lines(pdf)
    x, y = rows[7]
    above, below = box_around(lines, x, y)
    assert (above - below) / MM >= 6.0


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_of_a_blank_sheet_is_smaller_than_8_points(blank, language):
    items = texts(printed(blank, language))
    small = [(round(size, 2), text) for _x, _y, size, text in items if size < 7.99]
    assert len(items) > 80
    assert small == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_blank_sheet_preprints_no_zero_and_no_none(blank, language):
    pdf = printed(blank, language)
    items = texts(pdf)
    assert not [text for *_xy, _s, text in items if text.strip("+−-") == "0"]
    with translation.override(language):
        none = scoresheet_form._("Penalties (rule 3.11): none.")
        labels = [scoresheet_form._(t) for t in ("Total", "Penalties", "Table points")]
    assert none not in " ".join(pdf_text(pdf).split())
    # Nothing on the totals', penalties' and table points' lines but their label.
    with translation.override(language):
        renderer = scoresheet_form.ScoreSheetRenderer()
    grid_end = renderer.margin_left + renderer.blank_left
    for label in labels:
        _x, y, _size, _text = row_label(items, label)
        line = [t for x, item_y, _s, t in items if abs(item_y - y) < 3 and x < grid_end]
        assert " ".join(line) in label


def test_each_total_of_a_blank_sheet_has_a_ruled_box(blank):
    pdf = printed(blank)
    items, lines = texts(pdf), horizontal_lines(pdf)
    renderer = scoresheet_form.ScoreSheetRenderer()
    first_player = renderer.margin_left + renderer.blank_label_width
    for label in ("Total", "Penalties", "Total points", "Table points"):
        _x, y, _size, _text = row_label(items, label)
        for seat in range(4):
            x = first_player + (seat + 0.5) * renderer.blank_player_width
            above, below = box_around(lines, x, y)
            assert (above - below) / MM >= 6.0, (label, seat)


# -- names of every length ---------------------------------------------------------------------

THREE_LINES = "María del Carmen Rodríguez Fernández"
ONE_LONG_WORD = "Κωνσταντινοπούλου"
SUBSTITUTE = "Wilhelmina Oppenheimer-Schwarzenegger"


@pytest.fixture
def long_names(blank):
    """Seat A a name of three lines, seat B one word longer than its cell (and a native name
    of two such words), seat D a substitute with a long compound name in the seat of a
    player who lost the session: the note says so."""
    for position, (name, native) in (
        ("A", (THREE_LINES, "")),
        ("B", (ONE_LONG_WORD, "Κωνσταντίνα Κωνσταντινοπούλου")),
    ):
        Player.objects.filter(pk=seat_player(blank, position).pk).update(
            name=name, native_name=native
        )
    substitute = PlayerFactory(
        tournament=blank.session.tournament,
        name=SUBSTITUTE,
        status=Player.Status.SUBSTITUTE,
        registration_number=99,
    )
    seat = blank.seats.get(position="D")
    seat.replaced_player, seat.player = seat.player, substitute
    seat.save(update_fields=["replaced_player", "player"])
    return fresh(blank)


def player_row(pdf: bytes, renderer) -> tuple[float, float]:
    """The top and foot of the players' names row (y from the page's top), between its
    ruled lines."""
    height = float(PdfReader(BytesIO(pdf)).pages[0].mediabox.height)
    items, lines = texts(pdf), horizontal_lines(pdf)
    x, y, _size, _text = row_label(items, scoresheet_form._("Player"))
    above, below = box_around(lines, renderer.margin_left + renderer.blank_label_width + 5, y)
    return height - above, height - below


@pytest.mark.parametrize("language", LANGUAGES)
def test_long_names_keep_the_hand_rows_6_mm_apart_and_the_sheets_text_8_points(
    long_names, language
):
    pdf = printed(long_names, language)
    assert len(PdfReader(BytesIO(pdf)).pages) == 1
    rows = hand_numbers(texts(pdf))
    gaps = [(upper[1] - lower[1]) / MM for upper, lower in zip(rows, rows[1:], strict=False)]
    assert min(gaps) >= 6.0, gaps
    with translation.override(language):
        renderer = scoresheet_form.ScoreSheetRenderer()
        top, foot = player_row(pdf, renderer)
    height = float(PdfReader(BytesIO(pdf)).pages[0].mediabox.height)
    # Only the names' cells may print smaller, to fit: everything else keeps 8 points.
    small = [
        (round(size, 2), text)
        for _x, y, size, text in texts(pdf)
        if size < 7.99 and not top < height - y < foot
    ]
    assert small == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_long_names_wrap_or_shrink_inside_their_own_cells(long_names, language):
    pdf = printed(long_names, language)
    with translation.override(language):
        renderer = scoresheet_form.ScoreSheetRenderer()
        top, foot = player_row(pdf, renderer)
    first = renderer.margin_left + FRAME_PADDING + renderer.blank_label_width
    inside = [box for box in word_boxes(pdf) if top - 1 < box[2] and box[3] < foot + 1]
    words = " ".join(box[4] for box in inside)
    for part in ("María", "Fernández", ONE_LONG_WORD, "Wilhelmina", "Schwarzenegger"):
        assert part in words
    for x0, x1, y0, y1, word in inside:
        if x0 >= first + 4 * renderer.blank_player_width:
            continue  # the positions' note beside the players
        seat = int((x0 - first) // renderer.blank_player_width)
        left = first + seat * renderer.blank_player_width
        assert left <= x0 and x1 <= left + renderer.blank_player_width, (word, seat)
        assert top <= y0 and y1 <= foot, word


def test_a_blank_sheet_carries_its_sheet_code_and_a_qr_code_of_exactly_it(blank, monkeypatch):
    drawn = []
    for module in (scoresheet_form, scoresheet_form.BaseRenderer.__module__):
        target = module if not isinstance(module, str) else __import__(module, fromlist=["x"])
        original = target.qr_drawing

        def spy(value, size, original=original):
            drawn.append(value)
            return original(value, size)

        monkeypatch.setattr(target, "qr_drawing", spy)
    tournament = blank.session.tournament
    sheet_with_players(tournament, session_number=3, table_number=12, start=20)
    request = PrintRequest(tournament=tournament, session=3, table=12)
    _name, pdf = print_form(kind="scoresheet", request=request)
    assert drawn == ["S3-T12"]  # one QR code: the sheet's code, not the fingerprint's address
    assert "S3-T12" in [text for *_xys, text in texts(pdf)]


def test_a_blank_sheet_has_at_least_four_empty_ruled_lines_for_penalties(blank):
    pdf = printed(blank)
    items, lines = texts(pdf), horizontal_lines(pdf)
    x, title_y, _size, _text = find(items, "Penalties (rule 3.11)")
    _x, end_y, _size, _text = find(items, "Signature of the umpire")
    ys = sorted(
        {round(y, 1) for x0, x1, y in lines if x0 - 1 <= x + 5 <= x1 and end_y < y < title_y},
        reverse=True,
    )
    empty = [
        (upper, lower)
        for upper, lower in zip(ys, ys[1:], strict=False)
        if (upper - lower) / MM >= 6
        and not any(lower < y < upper and x - 1 <= item_x for item_x, y, _s, _t in items)
    ]
    assert len(empty) >= 4


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_signature_boxes_are_at_least_12_mm_high_with_the_date_on_the_same_line(
    blank, language
):
    pdf = printed(blank, language)
    items, lines = texts(pdf), horizontal_lines(pdf)
    with translation.override(language):
        umpire = scoresheet_form._("Signature of the umpire")
        chief = scoresheet_form._("Signature of the chief umpire")
        date = scoresheet_form._("Date")
        players = scoresheet_form._("Signature")
    for label in (umpire, chief):
        x, y, _size, _text = first_line(items, label)
        above, below = box_around(lines, x + 5, y)
        assert (above - below) / MM >= 12, label
        assert [i for i in items if i[3] == date and abs(i[1] - y) < 1 and i[0] > x]
    x, y, _size, _text = row_label(items, players)
    renderer = scoresheet_form.ScoreSheetRenderer()
    above, below = box_around(lines, renderer.margin_left + renderer.blank_label_width + 20, y)
    assert (above - below) / MM >= 12


def test_a_blank_sheet_names_the_players_with_their_numbers_seats_and_winds(blank):
    text = pdf_text(printed(blank))
    for name, native, team in NAMES:
        assert name in text and team in text
        if native:
            assert native in text
    for number in (11, 12, 13, 14):
        assert str(number) in text
    assert "A — East" in text and "D — North" in text
    flat = " ".join(text.split())
    assert "the seat winds then rotate as in Appendix 4" in flat
    for wind in ("East", "South", "West", "North"):
        assert flat.count(wind) >= 4  # the round of each hand
    assert "Marta Árbitra" in text and "from 09:00 to 11:30 (2026-05-02)" in text
    assert "Score Sheet for a Game Session" in text


def test_a_late_arrival_recorded_before_play_stands_on_the_penalty_lines(blank):
    late = seat_player(blank, "B")
    checkin_record(
        session=fresh(blank).session, player=late, arrived_at=START + datetime.timedelta(minutes=7)
    )
    data = scoresheet_data(table_session=fresh(blank))
    assert scoresheet_form.is_blank(data) and data["penalties"]
    pdf = render_scoresheet(data)
    flat = " ".join(pdf_text(pdf).split())
    assert "Late arrival, 7 minutes" in flat
    assert not [text for *_xys, text in texts(pdf) if text.strip("+−-") == "0"]


def test_once_a_hand_is_entered_the_sheet_prints_as_entered(blank):
    hand_record_win(table_session=blank, winner="A", discarder="C", tiles=PURE_STRAIGHT)
    data = scoresheet_data(table_session=fresh(blank))
    assert not scoresheet_form.is_blank(data)
    flat = " ".join(pdf_text(render_scoresheet(data)).split())
    assert "Fans" in flat and "Status: Open" in flat and "Sheet code" not in flat


def test_the_blank_print_bench_times_two_runs_and_leaves_nothing_behind(db, tmp_path, capsys):
    output = tmp_path / "bench.json"
    call_command("bench_print_blank", "--tables", "2", "--sessions", "1", "--output", str(output))
    figures = json.loads(output.read_text())
    assert figures["sheets"] == 2 and len(figures["runs"]) == 2
    assert all(run["seconds"] > 0 and len(run["load_average"]) == 3 for run in figures["runs"])
    assert not Tournament.objects.filter(slug__startswith="bench-blank").exists()
    assert "blank sheets in" in capsys.readouterr().err
