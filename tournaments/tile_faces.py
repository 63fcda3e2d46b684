"""The faces of the 34 tiles as players know them, drawn as SVG by the project: the numeral
and 萬 of the characters, the circles of the dots, the sticks of the bamboos (a bird on the
one), the winds 東 南 西 北, the dragons 中 發 and the white dragon's blue frame.

The Chinese characters are outlines (tournaments/tile_glyphs.py), not text, so a tablet
without Chinese fonts draws them too. Each suit tile also carries its number in the corner for
readers who do not read the numerals. Codes are the scoring core's (docs/hand-format.md).
"""

from functools import cache

from tournaments.tile_glyphs import GLYPHS

WIDTH, HEIGHT = 60, 80
NUMERALS = "一二三四五六七八九"
HONOURS = {"1z": "東", "2z": "南", "3z": "西", "4z": "北", "6z": "發", "7z": "中"}
INK, RED, GREEN, BLUE = "#1d2a3a", "#c0392b", "#1e7a3c", "#1f4e9c"

# Circles of the dots: (x, y, radius) per rank, and their colours in the same order.
DOTS = {
    1: [(30, 40, 17)],
    2: [(30, 23, 10), (30, 57, 10)],
    3: [(16, 19, 8), (30, 40, 8), (44, 61, 8)],
    4: [(18, 24, 8.5), (42, 24, 8.5), (18, 56, 8.5), (42, 56, 8.5)],
    5: [(17, 20, 7.5), (43, 20, 7.5), (30, 40, 7.5), (17, 60, 7.5), (43, 60, 7.5)],
    6: [(19, 17, 7), (41, 17, 7), (19, 42, 7), (41, 42, 7), (19, 63, 7), (41, 63, 7)],
    7: [
        (14, 13, 6),
        (30, 20, 6),
        (46, 27, 6),
        (19, 46, 6.5),
        (41, 46, 6.5),
        (19, 65, 6.5),
        (41, 65, 6.5),
    ],
    8: [
        (19, 13, 6),
        (41, 13, 6),
        (19, 31, 6),
        (41, 31, 6),
        (19, 49, 6),
        (41, 49, 6),
        (19, 67, 6),
        (41, 67, 6),
    ],
    9: [(x, y, 6.3) for y in (18, 40, 62) for x in (15, 30, 45)],
}
DOT_COLOURS = {
    1: [RED],
    2: [GREEN, BLUE],
    3: [BLUE, RED, GREEN],
    4: [BLUE, GREEN, GREEN, BLUE],
    5: [BLUE, GREEN, RED, GREEN, BLUE],
    6: [GREEN, GREEN, RED, RED, RED, RED],
    7: [GREEN, GREEN, GREEN, RED, RED, RED, RED],
    8: [BLUE] * 8,
    9: [BLUE] * 3 + [RED] * 3 + [GREEN] * 3,
}
# Sticks of the bamboos: (x, y, height) of each stick's top-left; red ones by index.
STICK = 7
BAMBOOS = {
    2: [(26.5, 9, 27), (26.5, 44, 27)],
    3: [(26.5, 9, 27), (14, 44, 27), (39, 44, 27)],
    4: [(15, 9, 27), (38, 9, 27), (15, 44, 27), (38, 44, 27)],
    5: [(12, 9, 27), (41, 9, 27), (26.5, 26, 27), (12, 44, 27), (41, 44, 27)],
    6: [(x, y, 27) for y in (9, 44) for x in (11, 26.5, 42)],
    7: [(26.5, 6, 19)] + [(x, y, 22) for y in (29, 53) for x in (11, 26.5, 42)],
    8: [(x, y, 27) for y in (9, 44) for x in (7, 20, 33, 46)],
    9: [(x, y, 19) for y in (7, 31, 55) for x in (11, 26.5, 42)],
}
RED_STICKS = {5: {2}, 7: {0}, 9: {1, 4, 7}}


def _glyph(character: str, x: float, y: float, size: float, colour: str) -> str:
    scale = size / 100
    return (
        f'<path transform="translate({x:g} {y:g}) scale({scale:g})" fill="{colour}" '
        f'd="{GLYPHS[character]}"/>'
    )


def _corner(rank: int) -> str:
    return f'<text x="4" y="13" font-size="11" font-family="sans-serif" fill="#555">{rank}</text>'


def _characters(rank: int) -> list[str]:
    return [_glyph(NUMERALS[rank - 1], 14, 6, 32, INK), _glyph("萬", 10, 38, 40, RED)]


def _dots(rank: int) -> list[str]:
    shapes = []
    for (x, y, r), colour in zip(DOTS[rank], DOT_COLOURS[rank], strict=True):
        shapes.append(
            f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="none" stroke="{colour}" '
            f'stroke-width="{max(1.6, r / 4):g}"/>'
            f'<circle cx="{x:g}" cy="{y:g}" r="{r / 2.6:g}" fill="{colour}"/>'
        )
    return shapes


def _bird() -> list[str]:
    """The one of bamboo: a bird on a branch."""
    return [
        f'<path d="M16 58 Q30 30 46 44 Q40 60 20 62 Z" fill="{GREEN}"/>',
        f'<circle cx="43" cy="30" r="7" fill="{RED}"/>',
        '<path d="M49 29 L56 31 L49 33 Z" fill="#d98c1a"/>',
        f'<path d="M18 60 Q8 48 10 32 Q16 46 24 52 Z" fill="{BLUE}"/>',
        f'<line x1="10" y1="68" x2="50" y2="68" stroke="{INK}" stroke-width="2"/>',
    ]


def _bamboos(rank: int) -> list[str]:
    if rank == 1:
        return _bird()
    shapes = []
    for index, (x, y, height) in enumerate(BAMBOOS[rank]):
        colour = RED if index in RED_STICKS.get(rank, ()) else GREEN
        middle = y + height / 2
        shapes.append(
            f'<rect x="{x:g}" y="{y:g}" width="{STICK}" height="{height:g}" rx="3" '
            f'fill="{colour}"/><line x1="{x:g}" y1="{middle:g}" x2="{x + STICK:g}" '
            f'y2="{middle:g}" stroke="#fff" stroke-width="1.2"/>'
        )
    return shapes


def _honour(code: str) -> list[str]:
    if code == "5z":  # the white dragon: an empty blue frame
        return [
            f'<rect x="12" y="14" width="36" height="52" rx="3" fill="none" stroke="{BLUE}" '
            'stroke-width="4"/>',
            f'<rect x="18" y="20" width="24" height="40" rx="2" fill="none" stroke="{BLUE}" '
            'stroke-width="1.5"/>',
        ]
    colour = {"6z": GREEN, "7z": RED}.get(code, INK)
    return [_glyph(HONOURS[code], 6, 16, 48, colour)]


@cache
def tile_svg(code: str, label: str = "") -> str:
    """The face of a tile ("5p", "7z") as an SVG element; `label` is its accessible name."""
    rank, suit = int(code[0]), code[1]
    if suit == "m":
        face = [_corner(rank), *_characters(rank)]
    elif suit == "p":
        face = [_corner(rank), *_dots(rank)]
    elif suit == "s":
        face = [_corner(rank), *_bamboos(rank)]
    else:
        face = _honour(code)
    title = f"<title>{label}</title>" if label else ""
    return (
        f'<svg class="tile-face" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'xmlns="http://www.w3.org/2000/svg">{title}'
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="7" fill="#fffdf5" '
        f'stroke="#9a9486" stroke-width="1.5"/>{"".join(face)}</svg>'
    )
