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
from pypdf.generic import ContentStream

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


def horizontal_lines(pdf: bytes, page: int = 0) -> list[tuple[float, float, float]]:
    """Every stroked horizontal line of a page: (x from, x to, y) in points."""
    reader = PdfReader(BytesIO(pdf))
    operations = ContentStream(reader.pages[page].get_contents(), reader).operations
    matrix, stack, path, point, lines = [1, 0, 0, 1, 0, 0], [], [], None, []
    for operands, operator in operations:
        if operator == b"q":
            stack.append(matrix)
        elif operator == b"Q":
            matrix = stack.pop()
        elif operator == b"cm":
            matrix = matrix_times([float(v) for v in operands], matrix)
        elif operator in (b"m", b"l"):
            x, y = (float(v) for v in operands)
            here = (
                x * matrix[0] + y * matrix[2] + matrix[4],
                x * matrix[1] + y * matrix[3] + matrix[5],
            )
            if operator == b"l" and point is not None:
                path.append((point, here))
            point = here
        elif operator in (b"S", b"s"):
            for (x0, y0), (x1, y1) in path:
                if abs(y0 - y1) < 0.01:
                    lines.append((min(x0, x1), max(x0, x1), y0))
            path, point = [], None
        elif operator == b"n":
            path, point = [], None
    return lines


def find(items, text: str):
    found = [item for item in items if item[3] == text]
    assert found, f"{text!r} is not printed"
    return found[0]


def first_line(items, label: str):
    """Where a label printed on one or more lines starts."""
    found = [item for item in items if len(item[3]) > 1 and label.startswith(item[3])]
    assert found, f"{label!r} is not printed"
    return max(found, key=lambda item: len(item[3]))


def box_around(lines, x: float, y: float) -> tuple[float, float]:
    """The ruled lines just above and just below the point (x, y)."""
    crossing = [line_y for x0, x1, line_y in lines if x0 - 0.5 <= x <= x1 + 0.5]
    above = min(line_y for line_y in crossing if line_y > y)
    below = max(line_y for line_y in crossing if line_y < y)
    return above, below
