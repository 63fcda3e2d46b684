"""Chow-based fans (rulebook groups: one-step-up, chow, straight and terminal hands) and the
account-once principle between chows (rule 3.9.1.5)."""

import pytest

from scoring import score_hand
from tests.scoring.hand_builders import fans, make

CASES = [
    # name, hand, {fan: count}, points
    ("pure straight", make("123456789m234p5s", "5s"), {28: 1, 62: 1, 63: 1, 79: 1}, 21),
    (
        "mixed triple chow with the fourth chow combining once",
        make("123m123p123s789m5p", "5p"),
        {41: 1, 62: 1, 63: 1, 72: 1, 79: 1},
        14,
    ),
    (
        "pure shifted chows",
        make("123234345s678m9p", "9p", self_drawn=True),
        {30: 1, 56: 1, 63: 1, 79: 1},
        23,
    ),
    (
        "quadruple chow takes no pure double chow nor tile hog",
        make("1111222233335m", "5m"),
        {14: 1, 22: 1, 62: 1, 63: 1},
        76,
    ),
    (
        "four pure shifted chows takes no short straight",
        make("123234345456m9p", "9p"),
        {16: 1, 62: 1, 63: 1, 75: 1, 79: 1},
        38,
    ),
    (
        "pure terminal chows beats seven pairs and implies full flush",
        make("1122337788995m", "5m"),
        {13: 1, 62: 1, 79: 1},
        67,
    ),
    ("three-suited terminal chows", make("123789m123789p5s", "5s"), {29: 1, 62: 1, 79: 1}, 19),
    (
        "mixed shifted chows with a short straight",
        make("123m234p345678s9m", "9m"),
        {51: 1, 62: 1, 63: 1, 71: 1, 79: 1},
        12,
    ),
    (
        "mixed straight",
        make("123m456p789s5z", "5z", melds=[("pung", "111z")]),
        {39: 1, 52: 1, 61: 1, 79: 1},
        17,
    ),
]


@pytest.mark.parametrize("name,hand,expected,points", CASES, ids=[c[0] for c in CASES])
def test_it_scores_the_chow_fans(name, hand, expected, points):
    result = score_hand(hand)
    assert fans(result) == expected
    assert result.points == points


def test_each_chow_combines_at_most_once_with_each_other_chow():
    # 234567s 234567p: two Mixed Double Chows and one Short Straight (or the reverse), never
    # two of each: the fourth link would close a cycle (rule 3.9.1.5 (5))
    result = score_hand(make("234567s234567p5m", "5m"))
    got = fans(result)
    assert got.get(70, 0) + got.get(71, 0) == 3


def test_a_chow_used_for_a_fan_cannot_form_the_same_fan_again():
    # 234s 234p 234p 567p: Pure Double Chow, Mixed Double Chow and Short Straight, not two
    # Mixed Double Chows (rule 3.9.1.5 (3), non-identical)
    result = score_hand(make("234s234234567p9m", "9m"))
    got = fans(result)
    assert got[69] == 1 and got[70] == 1 and got[71] == 1


def test_three_chow_fans_leave_the_fourth_chow_one_combination():
    # 123m 456m 789m + 123m: Pure Straight and one Pure Double Chow
    result = score_hand(make("123456789m123m5z", "5z"))
    got = fans(result)
    assert got[28] == 1 and got[69] == 1 and 71 not in got and 72 not in got
