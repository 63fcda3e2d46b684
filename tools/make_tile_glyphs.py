"""Writes tournaments/tile_glyphs.py: the outlines of the Chinese characters printed on mahjong
tiles (一 … 九, 萬, 東 南 西 北, 中, 發), as SVG path data taken from Noto Sans SC Bold (SIL Open
Font License; the font ships with pretix-fontpack-free, a dependency of the project).

The tile faces (tournaments/tile_faces.py) draw these paths, so a tablet without Chinese fonts
shows them too. Run it again only to change the characters:

    .venv/bin/pip install fonttools==4.60.1
    .venv/bin/python tools/make_tile_glyphs.py
"""

from pathlib import Path

import pretix_fontpackfree
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

CHARACTERS = "一二三四五六七八九萬東南西北中發"
FONT = (
    Path(pretix_fontpackfree.__file__).parent
    / "static/pretix_fontpackfree/Noto-Sans-SC_v40_bold.ttf"
)
TARGET = Path(__file__).resolve().parent.parent / "tournaments" / "tile_glyphs.py"


def glyph_paths() -> dict[str, str]:
    """Each character's outline in a 100 × 100 box, y downwards (as SVG draws)."""
    font = TTFont(FONT)
    glyphs, cmap = font.getGlyphSet(), font.getBestCmap()
    scale = 100 / font["head"].unitsPerEm
    top = font["OS/2"].sTypoAscender  # the ideographic em box: 880 above, 120 below
    paths = {}
    for character in CHARACTERS:
        pen = SVGPathPen(glyphs, ntos=lambda value: f"{value:.1f}".rstrip("0").rstrip("."))
        # Font units, y upwards from the baseline → a 100-unit box, y downwards from the top.
        transform = (scale, 0, 0, -scale, 0, top * scale)
        glyphs[cmap[ord(character)]].draw(TransformPen(pen, transform))
        paths[character] = pen.getCommands()
    return paths


def main() -> None:
    lines = [
        "# ruff: noqa: E501  (generated: one outline per line)",
        '"""Outlines of the characters on mahjong tiles, from Noto Sans SC Bold (SIL Open Font',
        'License), in a 100 × 100 box. Written by tools/make_tile_glyphs.py: do not edit."""',
        "",
        "GLYPHS = {",
    ]
    lines += [f'    "{char}": "{path}",' for char, path in glyph_paths().items()]
    lines += ["}", ""]
    TARGET.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {TARGET} ({TARGET.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
