"""The EMA's base rating of a place, 1000 × (N − rank) / (N − 1), as a whole number
(docs/federation.md)."""

import pytest

from federation.selectors import mers_base_rating


def test_four_ranked_players_get_1000_667_333_and_0():
    assert [mers_base_rating(rank=rank, ranked=4) for rank in (1, 2, 3, 4)] == [1000, 667, 333, 0]


@pytest.mark.parametrize("ranked", [2, 3, 16, 100, 217])
def test_the_winner_gets_1000_and_the_last_player_0(ranked):
    assert mers_base_rating(rank=1, ranked=ranked) == 1000
    assert mers_base_rating(rank=ranked, ranked=ranked) == 0


def test_the_third_of_sixteen_gets_867():
    # 866.67: the example of the EMA ranking's description (riichi.wiki, "European Ranking
    # System"), rounded to the nearest whole number.
    assert mers_base_rating(rank=3, ranked=16) == 867


def test_a_rating_exactly_half_way_rounds_up():
    # 1000 × (17 − 16) / 16 = 62.5
    assert mers_base_rating(rank=16, ranked=17) == 63


def test_a_field_of_one_ranked_player_gives_him_1000_without_dividing_by_zero():
    assert mers_base_rating(rank=1, ranked=1) == 1000


def test_the_rating_falls_as_the_place_falls():
    ratings = [mers_base_rating(rank=rank, ranked=37) for rank in range(1, 38)]
    assert ratings == sorted(ratings, reverse=True) and len(set(ratings)) == 37
