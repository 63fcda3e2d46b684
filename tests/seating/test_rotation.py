"""Appendix 4: seat rotation and the winds of each of the 16 hands."""

import pytest

from seating.rotation import hand_table, hand_winds, seat_in_round, seat_of, seat_rotation


def test_the_seat_rotation_table_is_the_one_of_appendix_4():
    rows = [tuple(r[w] for w in "ESWN") for r in seat_rotation()]
    assert rows == [
        ("A", "B", "C", "D"),
        ("B", "A", "D", "C"),
        ("C", "D", "B", "A"),
        ("D", "C", "A", "B"),
    ]


def test_every_player_takes_every_seat_once_over_the_four_rounds():
    for pos in "ABCD":
        assert sorted(seat_in_round(pos, r) for r in (1, 2, 3, 4)) == sorted("ESWN")


def test_the_prevalent_wind_is_the_wind_of_the_round():
    assert [hand_winds(h)[0] for h in range(1, 17)] == list("EEEESSSSWWWWNNNN")


def test_the_dealer_moves_east_south_west_north_within_each_round():
    dealers = [hand_winds(h)[1] for h in range(1, 17)]
    assert dealers == list("ABCDBADCCDBADCAB")


def test_the_dealer_has_the_east_seat_wind():
    for h in range(1, 17):
        _, dealer = hand_winds(h)
        assert seat_of(dealer, h) == "E"


def test_each_player_holds_each_seat_wind_once_per_round():
    for rnd in range(4):
        for pos in "ABCD":
            winds = [seat_of(pos, 4 * rnd + k) for k in (1, 2, 3, 4)]
            assert sorted(winds) == sorted("ESWN")


def test_the_four_seat_winds_of_a_hand_are_distinct():
    for row in hand_table():
        assert sorted(row["seat_winds"].values()) == sorted("ESWN")


def test_seat_winds_of_the_first_hand_of_the_south_round():
    # round 2: B is East (dealer), A South, D West, C North
    assert {p: seat_of(p, 5) for p in "ABCD"} == {"A": "S", "B": "E", "C": "N", "D": "W"}


@pytest.mark.parametrize("bad", [0, 17, -1, "3", 2.5, True])
def test_hand_numbers_outside_1_to_16_are_rejected(bad):
    with pytest.raises(ValueError):
        hand_winds(bad)


def test_an_unknown_position_is_rejected():
    with pytest.raises(ValueError):
        seat_of("E", 1)
