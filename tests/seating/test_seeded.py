"""Seeded sessions for final stages."""

import pytest

from seating import seeded_session


def test_straight_seeding_puts_the_top_four_at_table_one():
    ranking = [8, 3, 5, 1, 2, 7, 4, 6]
    assert seeded_session(ranking, method="straight") == ((8, 3, 5, 1), (2, 7, 4, 6))


def test_snake_seeding_gives_each_table_one_player_of_each_band():
    ranking = list(range(1, 13))  # 3 tables, bands 1-3, 4-6, 7-9, 10-12
    tables = seeded_session(ranking, method="snake")
    assert tables == ((1, 6, 7, 12), (2, 5, 8, 11), (3, 4, 9, 10))


def test_a_seeded_session_is_a_partition_of_the_ranking():
    ranking = list(range(100, 132))
    for method in ("straight", "snake"):
        tables = seeded_session(ranking, method=method)
        assert sorted(p for t in tables for p in t) == ranking


@pytest.mark.parametrize(
    "ranking,method", [([1, 2, 3], "straight"), ([1, 1, 2, 3], "snake"), ([1, 2, 3, 4], "random")]
)
def test_bad_seeding_requests_are_rejected(ranking, method):
    with pytest.raises(ValueError):
        seeded_session(ranking, method=method)
