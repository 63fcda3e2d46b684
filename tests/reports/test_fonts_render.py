"""Names in every script print as real glyphs, not as blank boxes.

Each character is drawn alone on a page and rasterised by poppler's `pdftoppm`; the pictures
of different characters must all differ and have ink. A missing glyph is drawn as the same
empty box whatever the character, so a font without the script fails this check, and the
control test proves it does.
"""

import shutil
import subprocess
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak

from reports import fonts
from reports.base import BaseRenderer
from tests.services import skip_or_fail

NAMES = {
    "Chinese (simplified)": "李明华",
    "Chinese (traditional)": "陳國華",
    "Japanese": "さくら桜",
    "Korean": "김민준",
    "Cyrillic": "Ёжиков",
    "Accented Latin": "ŁóðźÑøễ",
}


class OneCharacterPerPage(BaseRenderer):
    title = "glyphs"
    margin_top = margin_bottom = margin_left = margin_right = 10 * mm

    def __init__(self, *, force_base_font: bool = False):
        super().__init__()
        self.force_base_font = force_base_font

    def story(self, data):
        story = []
        for char in data["chars"]:
            if self.force_base_font:
                from reportlab.platypus import Paragraph

                flowable = Paragraph(f'<font face="{fonts.REGULAR}" size="60">{char}</font>')
            else:
                flowable = self.paragraph(char, "title")
                flowable.style = flowable.style.clone("big", fontSize=60, leading=70)
            story += [flowable, PageBreak()]
        return story[:-1]


def rasterise(pdf: bytes, tmp_path: Path) -> list[Image.Image]:
    if shutil.which("pdftoppm") is None:
        skip_or_fail("poppler-utils (pdftoppm) is not installed")
    source = tmp_path / "glyphs.pdf"
    source.write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-r", "40", "-gray", "-png", str(source), str(tmp_path / "page")], check=True
    )
    pages = sorted(tmp_path.glob("page-*.png"))
    # Only the glyph's corner of the page: the header and footer are the same on every page.
    return [Image.open(page).convert("L").crop((0, 20, 160, 90)) for page in pages]


def has_ink(image: Image.Image) -> bool:
    return image.getextrema()[0] < 128


def differ(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is not None


def all_characters() -> str:
    return "".join(dict.fromkeys("".join(NAMES.values())))


@pytest.mark.parametrize("script", list(NAMES))
def test_every_character_of_a_name_in_any_script_prints_as_its_own_glyph(script, tmp_path):
    chars = NAMES[script]
    pdf = OneCharacterPerPage().render({"chars": list(chars)})
    images = rasterise(pdf, tmp_path)
    assert len(images) == len(chars)
    assert all(has_ink(image) for image in images), f"{script}: a character prints blank"
    for i in range(len(images)):
        for j in range(i + 1, len(images)):
            assert differ(images[i], images[j]), f"{script}: {chars[i]} and {chars[j]} look alike"


def test_the_check_catches_a_font_without_the_script(tmp_path):
    """Control: DejaVu Sans alone has no Han glyphs, and the check sees its boxes as equal."""
    pdf = OneCharacterPerPage(force_base_font=True).render({"chars": list("李明华")})
    images = rasterise(pdf, tmp_path)
    assert not differ(images[0], images[1]) and not differ(images[1], images[2])


def test_a_text_is_split_into_runs_of_fonts_that_have_its_characters():
    runs = fonts.runs("李明 Li Ming 김민준")
    faces = [face for face, _chunk in runs]
    assert "".join(chunk for _face, chunk in runs) == "李明 Li Ming 김민준"
    assert faces[0] == "MCRSansSC" and "MCRSans" in faces and faces[-1] == "MCRSansKR"


def test_every_test_character_is_drawn_by_an_embedded_font():
    for char in all_characters():
        face = fonts.runs(char)[0][0]
        assert ord(char) in fonts._coverage(face), char


def test_a_name_in_cjk_is_extractable_from_the_pdf():
    from pypdf import PdfReader

    pdf = OneCharacterPerPage().render({"chars": ["李", "김", "Ё"]})
    text = "".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)
    assert "李" in text and "김" in text and "Ё" in text
