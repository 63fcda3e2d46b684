"""Fans of the tiles held: suits, terminals and honors, ranges, looks."""

import pytest

from scoring import score_hand
from tests.scoring.hand_builders import fans, make

CASES = [
    (
        "all green with green dragons and half flush (WMO)",
        make("234s666s88s66z", "8s", melds=[("pung", "222s")]),
        {3: 1, 50: 1, 64: 1},
        96,
    ),
    (
        "all green without dragons and full flush",
        make("234234666888s2s", "2s"),
        {3: 1, 22: 1, 62: 1, 64: 1, 66: 1, 68: 1, 69: 1},
        121,
    ),
    (
        "all terminals with two double pungs (WMO)",
        make("111p999s1m", "1m", melds=[("pung", "999m"), ("pung", "111s")]),
        {8: 1, 65: 2, 66: 1, 79: 1},
        71,
    ),
    (
        "reversible tiles take no one voided suit",
        make("123p345p888p5s", "5s", melds=[("pung", "999s")]),
        {40: 1, 73: 1, 76: 1, 79: 1},
        11,
    ),
    (
        "upper tiles",
        make("789m789p789s7s", "7s", melds=[("pung", "888m")]),
        {25: 1, 41: 1, 64: 1, 77: 1},
        35,
    ),
    (
        "middle tiles take no all simples",
        make("456m456p456s4s", "4s", melds=[("pung", "555m")]),
        {26: 1, 41: 1, 64: 1},
        34,
    ),
    (
        "lower four",
        make("123m234p234s4s", "4s", melds=[("pung", "111p")]),
        {37: 1, 70: 1, 73: 1},
        14,
    ),
    (
        "all fives take no all simples",
        make("345m456p567s5m", "5m", melds=[("pung", "555s")]),
        {31: 1, 51: 1, 64: 1},
        24,
    ),
    (
        "outside hand",
        make("123m789p99s11z", "1z", melds=[("chow", "789m")]),
        {55: 1, 61: 1, 70: 1, 72: 1},
        8,
    ),
    (
        "all types",
        make("123m456p789s5z", "5z", melds=[("pung", "111z")]),
        {39: 1, 52: 1, 61: 1, 79: 1},
        17,
    ),
]


@pytest.mark.parametrize("name,hand,expected,points", CASES, ids=[c[0] for c in CASES])
def test_it_scores_the_fans_of_the_tiles(name, hand, expected, points):
    result = score_hand(hand)
    assert fans(result) == expected
    assert result.points == points


def test_half_flush_one_voided_suit_and_no_honors():
    half = fans(score_hand(make("123456789m1z", "1z", melds=[("pung", "999m")])))
    assert 50 in half and 75 not in half and 76 not in half
    voided = fans(score_hand(make("123456m789p1p", "1p", melds=[("pung", "999m")])))
    assert 75 in voided and 76 in voided


def test_all_simples_implies_no_honors():
    got = fans(score_hand(make("234m345p456s6s", "6s", melds=[("pung", "888p")])))
    assert 68 in got and 76 not in got


def test_tile_hog_needs_all_four_outside_a_kong():
    hog = fans(score_hand(make("111123m456p789s5z", "5z")))
    assert hog[64] == 1
    kong = fans(score_hand(make("234m456p789s5z", "5z", melds=[("kong", "1111m")])))
    assert 64 not in kong
