"""The QR codes of the printed forms (reports.base.QrCode): their code words are exactly those
ReportLab's encoder makes (computed faster), and the code drawn on the page, rasterised by
poppler's `pdftoppm`, is dark exactly where the code's matrix says. No QR decoder is
installed: together these show that a printed code says the value it was given."""

import random
import shutil
import string
import subprocess
from io import BytesIO

import pytest
from PIL import Image
from reportlab.graphics.barcode import qrencoder
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from reports.base import QrCode, code_words
from tests.services import skip_or_fail

LEVELS = {
    "L": qrencoder.QRErrorCorrectLevel.L,
    "M": qrencoder.QRErrorCorrectLevel.M,
    "Q": qrencoder.QRErrorCorrectLevel.Q,
    "H": qrencoder.QRErrorCorrectLevel.H,
}


def values(seed: int) -> list[str]:
    """Addresses, codes and texts from 1 to 600 characters: versions 1 to about 20, one and
    several blocks, each of the encoder's modes (numbers, upper case, bytes)."""
    rnd = random.Random(seed)
    texts = ["S3-T12", "12345678901234", "HTTPS://EXAMPLE.ORG/V/ABC", "李明华"]
    for length in (1, 7, 17, 30, 58, 63, 90, 140, 230, 380, 600):
        texts.append("".join(rnd.choice(string.ascii_letters + "/:-_.") for _ in range(length)))
    return texts


@pytest.mark.parametrize("level", list(LEVELS))
def test_the_code_words_are_those_reportlabs_encoder_makes(level):
    for value in values(seed=len(level)):
        code = qrencoder.QRCode(None, LEVELS[level])
        code.addData(value)
        code.version = code.calculate_version()
        expected = qrencoder.QRCode.createData(code.version, LEVELS[level], code.dataList)
        assert code_words(code.version, LEVELS[level], code.dataList) == expected, value


def test_a_drawn_code_is_dark_exactly_where_its_modules_are(tmp_path):
    if shutil.which("pdftoppm") is None:
        skip_or_fail("poppler-utils (pdftoppm) is not installed")
    value = "https://mahjong.example.org/p/AbCdEfGhIjKlMnOpQrStUvWxYz012345/"
    size = 41 * mm
    code = QrCode(value, size)
    assert code.value == value
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(size, size))
    code.drawOn(canvas, 0, 0)
    canvas.save()
    (tmp_path / "code.pdf").write_bytes(buffer.getvalue())
    subprocess.run(
        ["pdftoppm", "-r", "300", "-gray", "-png", "-singlefile", "code.pdf", "code"],
        cwd=tmp_path,
        check=True,
    )
    image = Image.open(tmp_path / "code.png").convert("L")
    count = len(code.modules) + 2 * QrCode.quiet_zone
    pixel = image.width / count
    for row in range(-QrCode.quiet_zone, len(code.modules) + QrCode.quiet_zone):
        for column in range(-QrCode.quiet_zone, len(code.modules) + QrCode.quiet_zone):
            inside = 0 <= row < len(code.modules) and 0 <= column < len(code.modules)
            dark = inside and code.modules[row][column]
            centre = (
                int((column + QrCode.quiet_zone + 0.5) * pixel),
                int((row + QrCode.quiet_zone + 0.5) * pixel),
            )
            assert (image.getpixel(centre) < 128) == dark, (row, column)
