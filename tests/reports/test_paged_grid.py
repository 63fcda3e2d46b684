"""A long grid over pages (reports.forms.grid.PagedGrid, the printed standings' tables) draws
each page as a platypus Table with repeated heading rows and zebra rows draws it: the same
rows on each page, the same texts at the same places, the same rules and shading."""

from io import BytesIO

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.lib import colors
from reportlab.platypus import Table, TableStyle

from reports import fonts
from reports.forms.grid import CellLook, Grid, PagedGrid
from tests.reports.drawn_grid import drawn, rounded, strokes_and_fills
from tests.reports.sheet_pdf import texts

ZEBRA = [colors.white, colors.HexColor("#F4F4F4")]


def commands() -> list:
    return [
        ("FONT", (0, 0), (-1, -1), fonts.REGULAR, 8),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
        ("FONT", (0, 0), (-1, 1), fonts.BOLD, 8),
        ("BACKGROUND", (0, 0), (-1, 1), colors.HexColor("#DDDDDD")),
        ("SPAN", (1, 0), (2, 0)),
        ("SPAN", (0, 0), (0, 1)),
        ("ALIGN", (0, 2), (0, -1), "CENTER"),
        ("ALIGN", (2, 2), (2, -1), "RIGHT"),
        ("LINEBEFORE", (1, 0), (1, -1), 1, colors.black),
    ]


def rows_of(count: int) -> list:
    head = [["Place", "Session 1", "", "Name"], ["", "TP", "CP", ""]]
    return head + [[str(n), str(n % 5), f"{n * 7 - 40:+d}", f"Player {n}"] for n in range(count)]


def ruled(pdf: bytes) -> tuple[list, list]:
    """The rules and fills of a page, a rule stroked in pieces end to end counted as one (a
    split Table strokes its repeated headings' stretch of a column rule apart)."""
    segments, _fills = strokes_and_fills(pdf)
    merged: list[list] = []
    for width, x0, x1, y0, y1 in sorted((w, x0, x1, y0, y1) for w, x0, y0, x1, y1 in segments):
        last = merged[-1] if merged else None
        vertical = x0 == x1 and last and last[0] == width and last[1] == last[3] == x0
        if vertical and last[4] == y0:
            last[4] = y1
        else:
            merged.append([width, x0, y0, x1, y1])
    return merged, shading(pdf)


def shading(pdf: bytes) -> list:
    """The filled rectangles of a page, each with its colour (white or zebra)."""
    page = PdfReader(BytesIO(pdf)).pages[0]
    fills, colour = [], None
    for operands, operator in ContentStream(page.get_contents(), page.pdf).operations:
        values = [round(float(v), 3) for v in operands if isinstance(v, (int, float))]
        if operator == b"rg":
            colour = tuple(values)
        elif operator == b"re":
            fills.append((colour, *values))
    return sorted(fills)


def pages_of(flowable, height: float) -> list:
    """The pieces a flowable splits into on pages `height` tall."""
    pages = []
    while True:
        if flowable.wrap(400, height)[1] <= height:
            return [*pages, flowable]
        first, flowable = flowable.split(400, height)
        pages.append(first)


@pytest.fixture
def look() -> CellLook:
    fonts.register_fonts()
    return CellLook(font=fonts.REGULAR, size=8, leading=9.6, valign="BOTTOM")


def test_each_page_of_a_long_grid_is_drawn_as_a_table_with_repeated_headings_draws_it(look):
    rows, widths = rows_of(75), [40, 30, 40, 120]
    heights = [14.0] * len(rows)
    heights[30] = 26.0  # a row made taller by a wrapped name moves the page breaks
    grid = PagedGrid(rows, widths, commands(), heights, base=look, repeat=2, stripes=ZEBRA)
    table = Table(rows, colWidths=widths, rowHeights=heights, repeatRows=2, hAlign="LEFT")
    table.setStyle(TableStyle([*commands(), ("ROWBACKGROUNDS", (0, 2), (-1, -1), ZEBRA)]))
    grid_pages, table_pages = pages_of(grid, 300), pages_of(table, 300)
    assert len(grid_pages) == len(table_pages) == 4
    for page, twin in zip(grid_pages, table_pages, strict=True):
        assert isinstance(page, (Grid, PagedGrid))
        grid_pdf, table_pdf = drawn(page), drawn(twin)
        page_texts = rounded(texts(grid_pdf))
        assert page_texts == rounded(texts(table_pdf))
        assert {"Place", "Session 1", "TP", "CP"} <= {text for *_xy, text in page_texts}
        assert ruled(grid_pdf) == ruled(table_pdf)


def test_a_grid_of_headings_alone_styles_no_row_below_them(look):
    """Rows 2 to -1 of a grid of two rows are none, as in a Table: no player, no error."""
    rows, widths = rows_of(0), [40, 30, 40, 120]
    grid = PagedGrid(rows, widths, commands(), [14.0, 14.0], base=look, repeat=2, stripes=ZEBRA)
    table = Table(rows, colWidths=widths, rowHeights=[14.0, 14.0], hAlign="LEFT")
    table.setStyle(TableStyle(commands()))
    grid_pdf, table_pdf = drawn(grid), drawn(table)
    assert rounded(texts(grid_pdf)) == rounded(texts(table_pdf))
    assert ruled(grid_pdf) == ruled(table_pdf)


def test_a_grid_whose_headings_alone_do_not_fit_gives_the_page_nothing(look):
    grid = PagedGrid(rows_of(5), [40, 30, 40, 120], commands(), [14.0] * 7, base=look, repeat=2)
    assert grid.split(400, 20) == []
