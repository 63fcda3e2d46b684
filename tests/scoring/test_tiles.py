"""Tiles and the compact tile notation."""

import pytest

from scoring import HandError, parse_tile, parse_tiles, tile_code, tiles_code
from scoring.tiles import EAST, GREEN, RED, WHITE, tile_name


def test_it_reads_a_compact_run_in_the_order_written():
    assert parse_tiles("123m456p11z") == (0, 1, 2, 12, 13, 14, 27, 27)


def test_it_reads_the_last_tile_of_every_suit_and_the_dragons():
    assert parse_tiles("9m9p9s567z") == (8, 17, 26, WHITE, GREEN, RED)


def test_it_ignores_spaces_between_groups():
    assert parse_tiles("12 3m  1z") == (0, 1, 2, EAST)


@pytest.mark.parametrize("text", ["123", "m", "8z", "0m", "12x", "1m2", "１m"])
def test_it_rejects_unreadable_tile_text_with_bad_tile(text):
    with pytest.raises(HandError) as info:
        parse_tiles(text)
    assert info.value.code == "bad_tile"
    assert info.value.message


def test_it_names_the_digits_that_lack_a_suit_letter():
    with pytest.raises(HandError, match="'45'"):
        parse_tiles("123m45")


@pytest.mark.parametrize("value", [None, 5, ["1m"], {"t": "1m"}])
def test_it_rejects_tile_text_that_is_not_a_string(value):
    with pytest.raises(HandError) as info:
        parse_tiles(value)
    assert info.value.code == "bad_tile"


def test_every_tile_code_reads_back_as_the_same_tile():
    for t in range(34):
        assert parse_tile(tile_code(t)) == t


def test_one_tile_means_exactly_one():
    with pytest.raises(HandError):
        parse_tile("11m")


def test_tiles_are_written_sorted_and_grouped_by_suit():
    assert tiles_code((27, 2, 0, 1, 27, 9)) == "123m1p11z"


def test_tile_names_are_readable():
    assert tile_name(13) == "5 Dots"
    assert tile_name(RED) == "Red dragon"
    assert tile_name(EAST) == "East wind"
