"""Fans of the way the hand was won (44-47, 53, 56, 58, 62, 80) and of the wait (77-79)."""

import pytest

from scoring import score_hand
from tests.scoring.hand_builders import fans, make

CASES = [
    (
        "last tile draw replaces self-drawn",
        make("123m456p789s1234s", "4s", self_drawn=True, last_wall_tile=True),
        {39: 1, 44: 1, 56: 1, 63: 1, 70: 1},
        23,
    ),
    (
        "last tile claim",
        make("123m456p789s1234s", "4s", last_wall_tile=True),
        {39: 1, 45: 1, 62: 1, 63: 1, 70: 1},
        21,
    ),
    (
        "self-drawn with a meld",
        make("456p789s1234s", "4s", melds=[("chow", "123m")], self_drawn=True),
        {39: 1, 63: 1, 70: 1, 80: 1},
        12,
    ),
    (
        "out with replacement tile replaces self-drawn",
        make(
            "123p567s5s",
            "5s",
            melds=[("kong", "1111m"), ("pung", "999m")],
            self_drawn=True,
            kong_replacement=True,
        ),
        {46: 1, 73: 2, 74: 1, 76: 1},
        12,
    ),
    (
        "robbing the kong",
        make("123m456p789s12s55z", "3s", robbing_kong=True),
        {39: 1, 47: 1, 62: 1, 70: 1, 77: 1},
        20,
    ),
    (
        "melded hand takes no single wait",
        make(
            "5s",
            "5s",
            melds=[("chow", "123m"), ("chow", "456m"), ("pung", "999p"), ("pung", "111z")],
        ),
        {53: 1, 61: 1, 71: 1, 73: 1},
        10,
    ),
    (
        "last tile from the umpire's flag",
        make("456p789s12s22z", "3s", melds=[("chow", "123m")], last_tile=True),
        {39: 1, 58: 1, 70: 1, 77: 1},
        14,
    ),
    ("edge wait", make("12m456p789s11z123s", "3m"), {39: 1, 62: 1, 70: 1, 77: 1}, 12),
    ("closed wait", make("13m456p789s11z123s", "2m"), {39: 1, 62: 1, 70: 1, 78: 1}, 12),
]


@pytest.mark.parametrize("name,hand,expected,points", CASES, ids=[c[0] for c in CASES])
def test_it_scores_the_fans_of_the_win(name, hand, expected, points):
    result = score_hand(hand)
    assert fans(result) == expected
    assert result.points == points


def test_last_tile_is_scored_without_the_flag_when_the_winners_melds_show_three_copies():
    result = score_hand(make("23m456p789s55z", "1m", melds=[("pung", "111m")]))
    got = fans(result)
    assert got[58] == 1 and got[64] == 1


def test_robbing_the_kong_never_combines_with_last_tile():
    got = fans(score_hand(make("123m456p789s12s55z", "3s", robbing_kong=True, last_tile=True)))
    assert 47 in got and 58 not in got


def test_a_two_sided_wait_scores_no_wait_fan():
    got = fans(score_hand(make("123m456p999p6789s", "9s")))  # waits on 6s or 9s
    assert not {77, 78, 79} & set(got)


def test_a_closed_and_single_combination_on_two_tiles_scores_no_wait_fan():
    got = fans(score_hand(make("123m456p999p2224s", "3s")))  # waits on 3s or 4s
    assert not {77, 78, 79} & set(got)


def test_one_tile_awaited_in_two_ways_scores_a_single_wait_fan():
    # 7-7-8-9 waits only on 7: the 7-8-9 edge or the 7-7 pair, one fan only
    got = fans(score_hand(make("123m456p999p7789s", "7s")))
    assert len({77, 78, 79} & set(got)) == 1


def test_a_hand_under_8_points_is_still_a_win_below_the_minimum():
    result = score_hand(make("111z456m789p2s", "2s", melds=[("pung", "444z")]))
    assert result.winning and not result.meets_minimum and result.errors == []
    assert result.points == 4


def test_chicken_hand_when_nothing_else_scores():
    result = score_hand(
        make(
            "567p345s77s11z",
            "7s",
            melds=[("chow", "234m")],
            seat_wind="W",
            prevalent_wind="N",
            flowers=2,
        )
    )
    assert fans(result) == {43: 1, 81: 2}
    assert result.points == 8 and result.total == 10 and result.meets_minimum
