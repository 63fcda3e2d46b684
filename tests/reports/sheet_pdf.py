"""Reading a printed score sheet back: what it draws where (pypdf), shared by the blank-sheet
and the defect tests of tests/reports."""

import math
import re
import shutil
import subprocess
import tempfile
from html import unescape
from io import BytesIO
from pathlib import Path

from django.utils import translation
from pypdf import PdfReader

from reports.data.scoresheet import scoresheet_data
from reports.forms.scoresheet import render_scoresheet
from tests.services import skip_or_fail


def matrix_times(a, b):
    """The product of two PDF matrices [a b c d e f]."""
    return [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]


def texts(pdf: bytes, page: int = 0) -> list[tuple[float, float, float, str]]:
    """Every text drawn on a page: (x, y, size as printed in points, text)."""
    items = []

    def visit(text, cm, tm, _font, size):
        if text.strip():
            matrix = matrix_times(tm, cm)
            printed = size * math.hypot(matrix[2], matrix[3])
            items.append((matrix[4], matrix[5], printed, text.strip()))

    PdfReader(BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return items



def printed(sheet, language: str = "en") -> bytes:
    with translation.override(language):
        return render_scoresheet(scoresheet_data(table_session=sheet))


def word_boxes(pdf: bytes, page: int = 0) -> list[tuple[float, float, float, float, str]]:
    """Every word drawn on a page with its box, as poppler's `pdftotext -bbox` reads it:
    (x from, x to, y of its top, y of its foot, word), in points, y counted from the top."""
    if shutil.which("pdftotext") is None:
        skip_or_fail("poppler-utils (pdftotext) is not installed")
    with tempfile.TemporaryDirectory() as directory:
        source = Path(directory) / "form.pdf"
        source.write_bytes(pdf)
        html = subprocess.run(
            ["pdftotext", "-bbox", "-f", str(page + 1), "-l", str(page + 1), str(source), "-"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    pattern = r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
    return [
        (float(x0), float(x1), float(y0), float(y1), unescape(word))
        for x0, y0, x1, y1, word in re.findall(pattern, html)
    ]
