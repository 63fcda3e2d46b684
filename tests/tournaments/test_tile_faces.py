"""The tile faces are drawn by the project: one distinct SVG per tile, the characters as
outlines (no font needed), the suits' numbers in the corner."""

from tournaments.tile_faces import tile_svg
from tournaments.tile_glyphs import GLYPHS

CODES = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)] + [
    f"{rank}z" for rank in range(1, 8)
]


def test_every_tile_has_its_own_face():
    faces = {tile_svg(code) for code in CODES}
    assert len(faces) == 34
    assert all(face.startswith("<svg") and face.endswith("</svg>") for face in faces)


def test_characters_show_their_numeral_and_wan_as_outlines_not_text():
    face = tile_svg("5m")
    assert GLYPHS["五"] in face and GLYPHS["萬"] in face
    assert "五" not in face and "萬" not in face  # no font needed on the tablet


def test_dots_and_bamboos_show_as_many_circles_and_sticks_as_their_number():
    for rank in range(1, 10):
        assert tile_svg(f"{rank}p").count('fill="none"') == rank  # one ring per dot
    for rank in range(2, 10):
        assert tile_svg(f"{rank}s").count("<rect") - 1 == rank  # the tile itself is a rect


def test_honours_show_their_character_and_the_white_dragon_a_frame():
    assert GLYPHS["東"] in tile_svg("1z") and GLYPHS["中"] in tile_svg("7z")
    assert GLYPHS["發"] in tile_svg("6z")
    assert tile_svg("5z").count("<rect") == 3 and "<path" not in tile_svg("5z")
