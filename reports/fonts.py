"""Fonts for every printed form: names in any script print, embedded in the PDF.

DejaVu Sans draws Latin (accents included), Greek and Cyrillic; Noto Sans SC, KR, JP and TC
draw Chinese, Korean and Japanese. They are TrueType files from the `pretix-fontpack-free`
package (ReportLab 5 embeds TrueType only, not the CFF `.otf` of Noto Sans CJK), installed
with the project, so a fresh machine needs no system fonts. A text is split into runs, each
in the first font that has all of its characters.
"""

from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from xml.sax.saxutils import escape

from django.utils import translation
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

_FONT_DIR = files("pretix_fontpackfree") / "static" / "pretix_fontpackfree"

REGULAR = "MCRSans"
BOLD = "MCRSans-Bold"
# The base face of a form printed in each language, when not DejaVu Sans: a Chinese form's
# labels are Chinese in every cell, so its base face must draw them (Noto Sans SC also draws
# Latin, accents, Greek and Cyrillic).
_BASE_BY_LANGUAGE = {"zh-hans": "MCRSansSC"}


@dataclass(frozen=True)
class _Face:
    name: str
    regular: str
    bold: str


# In order of preference: the first face that has every character of a run draws it.
_FACES = (
    _Face("MCRSans", "DejaVuSans-webfont.ttf", "DejaVuSans-Bold-webfont.ttf"),
    _Face("MCRSansSC", "Noto-Sans-SC_v40_regular.ttf", "Noto-Sans-SC_v40_bold.ttf"),
    _Face("MCRSansKR", "Noto-Sans-KR_v39_regular.ttf", "Noto-Sans-KR_v39_bold.ttf"),
    _Face("MCRSansJP", "Noto-Sans-JP_v56_regular.ttf", "Noto-Sans-JP_v56_bold.ttf"),
    _Face("MCRSansTC", "Noto-Sans-TC_v39_regular.ttf", "Noto-Sans-TC_v39_bold.ttf"),
)


@cache
def register_fonts() -> tuple[str, ...]:
    """Register every face once per process (ReportLab's registry is global)."""
    for face in _FACES:
        for name, filename in ((face.name, face.regular), (f"{face.name}-Bold", face.bold)):
            pdfmetrics.registerFont(TTFont(name, str(_FONT_DIR / filename)))
        pdfmetrics.registerFontFamily(
            face.name,
            normal=face.name,
            bold=f"{face.name}-Bold",
            italic=face.name,
            boldItalic=f"{face.name}-Bold",
        )
    return tuple(face.name for face in _FACES)


@cache
def _coverage(face_name: str) -> frozenset[int]:
    register_fonts()
    return frozenset(pdfmetrics.getFont(face_name).face.charToGlyph)


@cache  # a few hundred distinct characters; the standings ask for each of them thousands of times
def face_for(char: str) -> str:
    code = ord(char)
    for face in _FACES:
        if code in _coverage(face.name):
            return face.name
    return REGULAR  # nothing draws it: the base font shows its "missing" box


def regular() -> str:
    """The base face of a form in the active language."""
    return _BASE_BY_LANGUAGE.get(translation.get_language() or "", REGULAR)


def bold() -> str:
    return f"{regular()}-Bold"


def is_plain(text: str) -> bool:
    """True when the base font alone draws the whole text (the fast path for table cells)."""
    base = _coverage(regular())
    return all(ord(c) in base or c in "\n\t" for c in text)


def runs(text: str) -> list[tuple[str, str]]:
    """The text as (face, chunk) runs; spaces stay with the run they are in."""
    result: list[tuple[str, str]] = []
    for char in text:
        face = result[-1][0] if char == " " and result else face_for(char)
        if result and result[-1][0] == face:
            result[-1] = (face, result[-1][1] + char)
        else:
            result.append((face, char))
    return result


def markup(text: str, *, bold: bool = False) -> str:
    """Paragraph markup drawing `text` in the faces that have its characters."""
    parts = []
    for face, chunk in runs(text):
        name = f"{face}-Bold" if bold else face
        parts.append(f'<font face="{name}">{escape(chunk)}</font>')
    return "".join(parts)


def face_of(text: str, *, bold: bool = False) -> str:
    """The first face that draws all of a short text put straight on the canvas."""
    for face in _FACES:
        coverage = _coverage(face.name)
        if all(ord(c) in coverage for c in text):
            return f"{face.name}-Bold" if bold else face.name
    return BOLD if bold else REGULAR
