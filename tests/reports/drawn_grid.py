"""A flowable drawn alone on a page, and what the page then holds: the texts' places, the rules
and the shading (tests of reports.forms.grid)."""

from io import BytesIO

from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfgen.canvas import Canvas


def drawn(flowable) -> bytes:
    """A page with only `flowable` on it, drawn at the page's lower left margin."""
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=landscape(A4))
    width, height = landscape(A4)
    flowable.wrapOn(canvas, width - 40, height - 40)
    flowable.drawOn(canvas, 20, 20)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def strokes_and_fills(pdf: bytes) -> tuple[list, list]:
    """The rules (each stroked segment with its width) and the filled rectangles of a page."""
    page = PdfReader(BytesIO(pdf)).pages[0]
    operations = ContentStream(page.get_contents(), page.pdf).operations
    segments, fills, width, start = [], [], None, None
    for operands, operator in operations:
        values = [round(float(v), 2) for v in operands if isinstance(v, (int, float))]
        if operator == b"w":
            width = values[0]
        elif operator == b"m":
            start = tuple(values)
        elif operator == b"l":
            segments.append((width, *start, *values))
        elif operator == b"re":
            fills.append(tuple(values))
    return sorted(segments), sorted(fills)


def rounded(items) -> list:
    return sorted((round(x, 2), round(y, 2), round(size, 2), text) for x, y, size, text in items)
