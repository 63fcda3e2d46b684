"""Pung- and kong-based fans, winds and dragons, and the WMO kong values."""

import pytest

from scoring import score_hand
from tests.scoring.hand_builders import fans, make

CASES = [
    (
        "big four winds with all terminals and honors",
        make("444z1m", "1m", melds=[("pung", "111z"), ("pung", "222z"), ("pung", "333z")]),
        {1: 1, 18: 1, 50: 1, 79: 1},
        127,
    ),
    (
        "big three dragons",
        make("666777z123m9m", "9m", melds=[("pung", "555z")]),
        {2: 1, 50: 1, 55: 1, 66: 1, 79: 1},
        101,
    ),
    (
        "little three dragons with all honors",
        make("555z666z7z", "7z", melds=[("pung", "111z"), ("pung", "222z")]),
        {10: 1, 11: 1, 60: 1, 61: 1, 66: 1, 79: 1},
        135,
    ),
    (
        "triple pung",
        make("222s345m8p", "8p", melds=[("pung", "222m"), ("pung", "222p")]),
        {32: 1, 68: 1, 79: 1},
        19,
    ),
    (
        "pure shifted pungs with three concealed pungs",
        make("111222333m456p5s", "5s"),
        {24: 1, 33: 1, 62: 1, 73: 1, 76: 1, 79: 1},
        45,
    ),
    (
        "all even pungs with a double pung",
        make("444p66s88s", "8s", melds=[("pung", "222m"), ("pung", "444m")]),
        {21: 1, 65: 1},
        26,
    ),
    (
        "three kongs",
        make("123p5s", "5s", melds=[("kong", "1111m"), ("kong", "9999m", True), ("kong", "2222z")]),
        {17: 1, 60: 1, 73: 2, 79: 1},
        37,
    ),
    (
        "two melded kongs",
        make("123p567s5s", "5s", melds=[("kong", "1111m"), ("kong", "9999m")]),
        {57: 1, 73: 2, 76: 1},
        7,
    ),
    (
        "four kongs take no single wait",
        make(
            "5s",
            "5s",
            melds=[
                ("kong", "1111m"),
                ("kong", "9999m", True),
                ("kong", "2222z"),
                ("kong", "3333p"),
            ],
        ),
        {5: 1, 60: 1, 73: 2},
        92,
    ),
]


@pytest.mark.parametrize("name,hand,expected,points", CASES, ids=[c[0] for c in CASES])
def test_it_scores_the_pung_and_kong_fans(name, hand, expected, points):
    result = score_hand(hand)
    assert fans(result) == expected
    assert result.points == points


def test_two_concealed_kongs_are_worth_8_as_wmo_2006_says():
    result = score_hand(
        make("123p567s5s", "5s", melds=[("kong", "1111m", True), ("kong", "9999m", True)])
    )
    fan = next(f for f in result.fans if f.id == 48)
    assert fan.points == 8
    assert 67 not in fans(result) and 66 not in fans(result)
    assert result.points == 8 + 2 + 2 + 1  # with Concealed Hand, 2 x Pung of Terminals, No Honors


def test_one_melded_and_one_concealed_kong_is_fan_57_worth_6_in_all():
    result = score_hand(
        make("123p567s5s", "5s", melds=[("kong", "1111m"), ("kong", "9999m", True)])
    )
    got = fans(result)
    assert got[57] == 1 and 74 not in got and 67 not in got
    fan = next(f for f in result.fans if f.id == 57)
    assert fan.points == 6 and fan.name == "Two Melded Kongs"
    assert result.points == 6 + 2 + 1
    ids = [f.id for f in result.fans]
    assert ids == sorted(ids)  # listed as fan 57, among the others by rulebook number


def test_a_seat_wind_pung_is_not_also_a_pung_of_honors():
    result = score_hand(
        make("111z456m789p2s", "2s", melds=[("pung", "444z")], seat_wind="E", prevalent_wind="S")
    )
    got = fans(result)
    assert got == {61: 1, 73: 1, 79: 1}  # East (seat) 61; North 73


def test_a_wind_that_is_both_seat_and_prevalent_scores_both():
    result = score_hand(
        make("111z456m789p2s", "2s", melds=[("pung", "444z")], seat_wind="E", prevalent_wind="E")
    )
    got = fans(result)
    assert got[60] == 1 and got[61] == 1 and got[73] == 1


def test_little_four_winds_keeps_seat_and_prevalent_wind():
    result = score_hand(make("333z4z789m", "4z", melds=[("pung", "111z"), ("pung", "222z")]))
    got = fans(result)
    assert got[9] == 1 and got[60] == 1 and got[61] == 1
    assert 38 not in got and 73 not in got


def test_a_pung_completed_on_a_discard_is_not_concealed():
    # 555s 777s concealed, won on 7s from a discard: only one concealed pung remains
    discard = score_hand(make("555s77s123p99m", "7s", melds=[("chow", "789m")]))
    assert 66 not in fans(discard)
    drawn = score_hand(make("555s77s123p99m", "7s", melds=[("chow", "789m")], self_drawn=True))
    assert 66 in fans(drawn)
