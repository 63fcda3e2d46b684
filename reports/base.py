"""The base of every printed form: a ReportLab renderer class in the manner of pretix's
invoice renderers. Page geometry and fonts are class attributes; a subclass builds the story
of one document from plain data (dicts and dataclasses made by `reports.data`, never ORM
objects) and gets PDF bytes back. Several documents (a session's score sheets) go into one
PDF with `render_many`, each starting on a new page with its own running header.
"""

import itertools
from io import BytesIO

from django.utils.translation import gettext as _
from reportlab.graphics.barcode import qrencoder
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageBreak,
    PageTemplate,
    Paragraph,
    Table,
    TableStyle,
)

from reports import fonts

GRID = colors.HexColor("#555555")
SHADE = colors.HexColor("#EEEEEE")


class PageContext(Flowable):
    """Invisible: sets the running header (left and right texts) from its page on."""

    def __init__(self, left: str, right: str = ""):
        super().__init__()
        self.left, self.right = left, right

    def wrap(self, avail_width, avail_height):
        return 0, 0

    def draw(self):
        self.canv._mcr_header = (self.left, self.right)


class _NumberedCanvas(Canvas):
    """Defers pages so the footer can say "page x of y" (pretix's NumberedCanvas)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._pages = []

    def showPage(self):
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self):
        total = len(self._pages)
        for state in self._pages:
            self.__dict__.update(state)
            self._draw_page_number(total)
            super().showPage()
        super().save()

    def _draw_page_number(self, total: int) -> None:
        width, _height = self._pagesize
        self.setFont(fonts.regular(), 7)
        text = _("Page %(page)s of %(pages)s") % {"page": self._pageNumber, "pages": total}
        self.drawRightString(width - self._mcr_margin, self._mcr_margin / 2, text)


class BaseRenderer:
    """Subclasses set `title` and the geometry, and write `story(data)`."""

    title = ""
    pagesize = A4
    is_landscape = False
    margin_left = 14 * mm
    margin_right = 14 * mm
    margin_top = 16 * mm
    margin_bottom = 14 * mm
    font_size = 9

    def __init__(self):
        fonts.register_fonts()
        # the base faces of the language the form is printed in (fonts.regular)
        self.font = fonts.regular()
        self.font_bold = fonts.bold()
        self.styles = self._styles()

    # -- what subclasses write ----------------------------------------------------------------

    def story(self, data) -> list[Flowable]:
        raise NotImplementedError

    def header(self, data) -> tuple[str, str]:
        """Running header of the document's pages: (left, right)."""
        return (data.get("tournament", "") if isinstance(data, dict) else "", str(self.title))

    # -- output -------------------------------------------------------------------------------

    def render(self, data) -> bytes:
        return self.render_many([data])

    def render_many(self, documents, *, progress=None) -> bytes:
        """One PDF, each document from a new page; `progress(done, total)` after each."""
        documents = list(documents)
        story: list[Flowable] = []
        for index, data in enumerate(documents):
            if index:
                story.append(PageBreak())
            story.append(PageContext(*self.header(data)))
            story.extend(self.story(data))
            if progress:
                progress(index + 1, len(documents))
        return self.build(story)

    def build(self, story: list[Flowable]) -> bytes:
        buffer = BytesIO()
        doc = BaseDocTemplate(
            buffer,
            pagesize=self.page_size,
            leftMargin=self.margin_left,
            rightMargin=self.margin_right,
            topMargin=self.margin_top,
            bottomMargin=self.margin_bottom,
            title=str(self.title),
            author="MCR tournament",
            invariant=True,  # same content, same bytes: no creation date or random id
        )
        frame = Frame(
            doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body", showBoundary=0
        )
        doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPageEnd=self._decorate)])
        doc.build(story, canvasmaker=self._canvas_maker())
        return buffer.getvalue()

    @property
    def page_size(self):
        return landscape(self.pagesize) if self.is_landscape else self.pagesize

    @property
    def content_width(self) -> float:
        return self.page_size[0] - self.margin_left - self.margin_right

    def _canvas_maker(self):
        margin = min(self.margin_right, self.margin_bottom)

        def make(*args, **kwargs):
            canvas = _NumberedCanvas(*args, **kwargs)
            canvas._mcr_margin = margin
            canvas._mcr_header = ("", str(self.title))
            return canvas

        return make

    def _decorate(self, canvas, doc) -> None:
        width, height = self.page_size
        left, right = getattr(canvas, "_mcr_header", ("", ""))
        y = height - self.margin_top / 2
        canvas.saveState()
        canvas.setFont(fonts.face_of(left), 8)
        canvas.drawString(self.margin_left, y, left)
        canvas.setFont(fonts.face_of(right), 8)
        canvas.drawRightString(width - self.margin_right, y, right)
        canvas.setStrokeColor(GRID)
        canvas.setLineWidth(0.3)
        canvas.line(self.margin_left, y - 2, width - self.margin_right, y - 2)
        canvas.restoreState()

    # -- building blocks ------------------------------------------------------------------------

    def _styles(self) -> dict[str, ParagraphStyle]:
        base = ParagraphStyle(
            "body", fontName=self.font, fontSize=self.font_size, leading=self.font_size * 1.25
        )
        return {
            "body": base,
            "small": ParagraphStyle("small", parent=base, fontSize=7, leading=8.5),
            "cell": ParagraphStyle("cell", parent=base, leading=self.font_size * 1.15),
            "title": ParagraphStyle(
                "title",
                parent=base,
                fontName=self.font_bold,
                fontSize=14,
                leading=17,
                spaceAfter=2,
            ),
            "subtitle": ParagraphStyle(
                "subtitle",
                parent=base,
                fontSize=9,
                leading=11,
                textColor=colors.HexColor("#333333"),
            ),
            "heading": ParagraphStyle(
                "heading",
                parent=base,
                fontName=self.font_bold,
                fontSize=10.5,
                leading=13,
                spaceBefore=6,
                spaceAfter=3,
            ),
        }

    def text(self, value, style: str = "cell", *, bold: bool = False):
        """A cell's content: a plain string when the base font draws it (fast), else a
        paragraph whose runs switch to a font that has the characters (CJK)."""
        value = "" if value is None else str(value)
        if not bold and fonts.is_plain(value) and "\n" not in value:
            return value
        return Paragraph(fonts.markup(value, bold=bold), self.styles[style])

    def paragraph(self, value: str, style: str = "body", *, bold: bool = False) -> Paragraph:
        return Paragraph(fonts.markup(str(value), bold=bold), self.styles[style])

    def grid_style(self, *, header_rows: int = 1, font_size: float | None = None) -> list:
        """The ruled table of the appendices: thin grid, shaded bold header rows."""
        size = font_size or self.font_size
        commands = [
            ("FONT", (0, 0), (-1, -1), self.font, size),
            ("GRID", (0, 0), (-1, -1), 0.4, GRID),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 1.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
            ("LEFTPADDING", (0, 0), (-1, -1), 3),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ]
        if header_rows:
            last = header_rows - 1
            commands += [
                ("FONT", (0, 0), (-1, last), self.font_bold, size),
                ("BACKGROUND", (0, 0), (-1, last), SHADE),
            ]
        return commands

    def table(self, rows, col_widths, style: list, *, repeat_rows: int = 0) -> Table:
        table = Table(rows, colWidths=col_widths, repeatRows=repeat_rows, hAlign="LEFT")
        table.setStyle(TableStyle(style))
        return table

    def fingerprint_block(self, fingerprint: str, verify_url: str, *, size: float = 20 * mm):
        """QR code to the verification page beside the fingerprint (tamper evidence)."""
        # The note is built from markup already: keep its <b>, escape nothing else in it.
        note = Paragraph(
            _(
                "Fingerprint <b>%(fp)s</b>. Scan the code or open %(url)s to check that this "
                "printed version still matches the record."
            )
            % {"fp": fingerprint, "url": verify_url},
            self.styles["small"],
        )
        rows = [[qr_drawing(verify_url, size), note]]
        table = Table(rows, colWidths=[size + 2 * mm, None], hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 0),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                ]
            )
        )
        return table


class QrCode(Flowable):
    """A QR code drawn straight on the canvas as one filled path.

    ReportLab's QrCodeWidget builds the code twice (bounds, then drawing), tries all eight
    masks and makes one shape per run of dark modules: about 150 ms a code, more than the rest
    of a score sheet. One fixed mask makes an equally valid code (the mask is written in the
    code's format bits; choosing the "best" one only evens out the pattern) in about 3 ms.
    """

    quiet_zone = 2  # modules of white around the code

    def __init__(self, value: str, size: float):
        super().__init__()
        code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
        code.addData(value)
        code.version = code.calculate_version()
        code.makeImpl(False, 0)
        self.modules = code.modules
        self.width = self.height = size

    def wrap(self, avail_width, avail_height):
        return self.width, self.height

    def draw(self):
        box = self.width / (len(self.modules) + 2 * self.quiet_zone)
        path = self.canv.beginPath()
        for row_index, row in enumerate(self.modules):
            column = 0
            for dark, run in itertools.groupby(row):
                length = len(list(run))
                if dark:
                    x = (column + self.quiet_zone) * box
                    y = self.height - (row_index + self.quiet_zone + 1) * box
                    path.rect(x, y, length * box, box)
                column += length
        self.canv.drawPath(path, stroke=0, fill=1)


def qr_drawing(value: str, size: float) -> QrCode:
    return QrCode(value, size)
