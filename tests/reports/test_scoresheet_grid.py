"""The score sheet's grid (reports.forms.grid) draws what a platypus Table of the same cells and
style commands draws: the same texts at the same places, the same rules and the same shading,
with rows as tall; and a grid too tall for its page splits as that Table would."""


import pytest
from django.utils import translation
from reportlab.platypus import Table

from reports import fonts
from reports.data.scoresheet import scoresheet_data
from reports.fingerprint import stamp
from reports.forms.grid import CellLook, Grid, GridStyle
from reports.forms.scoresheet import ScoreSheetRenderer
from reports.models import PrintRecord
from tests.reports.drawn_grid import drawn, rounded, strokes_and_fills
from tests.reports.helpers import NAMES, pdf_text
from tests.reports.sheet_pdf import texts
from tests.tournaments.signoff_helpers import fresh

pytestmark = pytest.mark.django_db


def grid_and_table(data, language: str = "en", *, blank: bool = False) -> tuple[Grid, Table]:
    with translation.override(language):
        renderer = ScoreSheetRenderer()
        grid = renderer._blank_grid(data) if blank else renderer._grid(data)
        twin = renderer._blank_grid(data) if blank else renderer._grid(data)  # fresh flowables
    return grid, twin.as_table()


def assert_drawn_alike(grid: Grid, table: Table) -> None:
    grid_pdf, table_pdf = drawn(grid), drawn(table)
    assert grid.height == pytest.approx(table.wrap(grid.width, 10_000)[1], abs=0.01)
    assert rounded(texts(grid_pdf)) == rounded(texts(table_pdf))
    assert strokes_and_fills(grid_pdf) == strokes_and_fills(table_pdf)


@pytest.mark.parametrize("language", ["en", "es", "zh-hans"])
def test_a_played_sheets_grid_is_drawn_as_a_table_draws_it(played, language):
    """Names in four scripts (paragraphs in their cells), fans over two lines, a void
    penalty, the hands not played left white on an open sheet."""
    assert_drawn_alike(*grid_and_table(scoresheet_data(table_session=played), language))


def test_a_signed_and_stamped_sheets_grid_is_drawn_as_a_table_draws_it(signed_sheet):
    """The confirmations in the signature row, the sign-off with the fingerprint's QR code
    spanning the foot, the unplayed hands of a closed sheet shaded."""
    data = stamp(
        scoresheet_data(table_session=fresh(signed_sheet)),
        kind=PrintRecord.Kind.SCORESHEET,
        tournament_id=signed_sheet.session.tournament_id,
        table_session_id=signed_sheet.pk,
    )
    assert data["status"] != "open"
    grid, table = grid_and_table(data)
    assert grid.extra  # the shading of the hands never played
    assert_drawn_alike(grid, table)


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_blank_sheets_grid_is_drawn_as_a_table_draws_it(played, language):
    data = scoresheet_data(table_session=played)
    assert_drawn_alike(*grid_and_table(data, language, blank=True))


def test_every_figure_and_name_of_the_grid_is_in_the_pdf(played):
    data = scoresheet_data(table_session=played)
    with translation.override("en"):
        grid = ScoreSheetRenderer()._grid(data)
    text = pdf_text(drawn(grid))
    for name, native, _team in NAMES:
        assert name in text and native in text
    printed = [item[3] for item in texts(drawn(grid))]
    for hand in data["hands"]:
        for plus, minus, _total in hand["cells"]:
            for value in (plus, minus):
                assert value is None or str(value) in printed
    assert "self-drawn" in printed


def test_a_cell_spanning_rows_stretches_them_as_a_table_does():
    """Ten lines in a cell over three rows: the rows share out the height it needs."""
    fonts.register_fonts()
    look = CellLook(font=fonts.REGULAR, size=8, leading=9.4)
    commands = [
        ("GRID", (0, 0), (-1, -1), 0.4, "black"),
        ("SPAN", (1, 0), (1, 2)),
        ("ALIGN", (0, 0), (0, -1), "RIGHT"),
        ("VALIGN", (1, 0), (1, 0), "TOP"),
        ("BACKGROUND", (0, 1), (0, 1), "#EEEEEE"),
    ]
    rows = [["1", "\n".join(f"line {n}" for n in range(10))], ["2", ""], ["3", ""]]
    grid = Grid(GridStyle([40, 60], 3, commands, look), rows)
    assert_drawn_alike(grid, grid.as_table())
    assert grid.height == pytest.approx(10 * 9.4 + 6)


def test_a_grid_too_tall_for_the_page_splits_by_rows_as_a_table_does():
    fonts.register_fonts()
    look = CellLook(font=fonts.REGULAR, size=8, leading=9.4)
    style = GridStyle([40, 60], 60, [("GRID", (0, 0), (-1, -1), 0.4, "black")], look)
    rows = [[str(index), f"row {index}"] for index in range(60)]
    grid = Grid(style, rows)
    _width, height = grid.wrap(100, 1000)
    assert height == pytest.approx(60 * (9.4 + 6))
    first, rest = grid.split(100, height / 2)
    assert isinstance(first, Table) and isinstance(rest, Table)
    assert len(first._cellvalues) + len(rest._cellvalues) == 60


def test_a_style_command_the_grid_cannot_draw_is_refused():
    look = CellLook(font=fonts.REGULAR, size=8, leading=9.4)
    with pytest.raises(ValueError, match="HREF"):
        GridStyle([40], 1, [("HREF", (0, 0), (0, 0), "https://example.org/")], look)
