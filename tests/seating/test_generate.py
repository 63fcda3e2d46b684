"""Table rotation: objectives and constraints of generate_schedule."""

import itertools
from collections import Counter

import pytest

from seating import SeatingError, chart_quality, effort_for_seconds, generate_schedule
from tests.seating.chart_helpers import assert_partition, pair_counts


def test_sixteen_players_five_sessions_meet_every_opponent_exactly_once():
    s = generate_schedule(players=16, sessions=5, seed=0, effort=effort_for_seconds(10))
    assert_partition(s.sessions, range(1, 17))
    counts = pair_counts(s.sessions)
    assert len(counts) == 120 and set(counts.values()) == {1}
    assert s.metrics.repeated_pairs == 0 and s.metrics.max_meetings == 1


def test_the_rulebook_chart_28_players_8_games_7_teams_meets_every_non_teammate_once():
    groups = [i // 4 + 1 for i in range(28)]
    s = generate_schedule(
        players=28, sessions=8, groups=groups, seed=0, effort=effort_for_seconds(30)
    )
    assert_partition(s.sessions, range(1, 29))
    counts = pair_counts(s.sessions)
    team = {p: (p - 1) // 4 for p in range(1, 29)}
    for p, q in itertools.combinations(range(1, 29), 2):
        expected = 0 if team[p] == team[q] else 1
        assert counts.get((p, q), 0) == expected, (p, q)
    assert s.metrics.team_conflicts == 0


def test_thirty_two_players_ten_sessions_meet_every_opponent_but_one_exactly_once():
    s = generate_schedule(players=32, sessions=10, seed=3, effort=effort_for_seconds(30))
    assert_partition(s.sessions, range(1, 33))
    counts = pair_counts(s.sessions)
    assert set(counts.values()) == {1} and len(counts) == 480
    # 10 sessions x 3 opponents = 30 of 31: each player misses exactly one other player
    missed = Counter(
        p for pair in itertools.combinations(range(1, 33), 2) if pair not in counts for p in pair
    )
    assert sorted(missed.values()) == [1] * 32


def test_thirty_two_players_nine_sessions_teams_of_four_repeat_no_pair():
    groups = [i // 4 + 1 for i in range(32)]
    s = generate_schedule(
        players=32, sessions=9, groups=groups, seed=3, effort=effort_for_seconds(30)
    )
    assert_partition(s.sessions, range(1, 33))
    assert set(pair_counts(s.sessions).values()) == {1}
    assert s.metrics.team_conflicts == 0 and s.metrics.repeated_pairs == 0


def test_teams_of_four_never_share_a_table_with_sixteen_players():
    groups = [i // 4 for i in range(16)]
    s = generate_schedule(players=16, sessions=4, groups=groups, effort=effort_for_seconds(10))
    assert s.metrics.team_conflicts == 0 and s.metrics.repeated_pairs == 0


def test_clubs_of_uneven_size_are_kept_apart_when_satisfiable():
    groups = ["ES"] * 4 + ["NL"] * 3 + ["DK"] * 2 + [None] * 15
    s = generate_schedule(players=24, sessions=6, groups=groups, effort=effort_for_seconds(10))
    assert s.metrics.team_conflicts == 0
    assert s.metrics.repeated_pairs == 0


def test_an_unsatisfiable_group_constraint_is_minimised_not_an_error():
    groups = ["big"] * 12 + [None] * 4  # 12 teammates, 4 tables: some must meet
    s = generate_schedule(players=16, sessions=2, groups=groups, effort=effort_for_seconds(3))
    assert_partition(s.sessions, range(1, 17))
    # at best 3 teammates per table: 4 tables x 3 pairs x 2 sessions
    assert s.metrics.team_conflicts == 24


def test_past_the_bound_16_players_6_sessions_reach_the_lower_bound_of_24_repeats():
    s = generate_schedule(players=16, sessions=6, effort=effort_for_seconds(10))
    assert s.metrics.repeated_pairs == 24
    assert s.metrics.max_meetings == 2


def test_no_pair_meets_three_times_where_two_suffice():
    s = generate_schedule(players=28, sessions=10, effort=effort_for_seconds(20))
    assert s.metrics.repeated_pairs == 42
    assert s.metrics.max_meetings == 2


def test_twenty_players_twelve_sessions_meet_at_most_twice():
    s = generate_schedule(players=20, sessions=12, effort=effort_for_seconds(5))
    assert_partition(s.sessions, range(1, 21))
    # 36 meetings over 19 opponents: at best 17 met twice and 2 once each
    assert s.metrics.repeated_pairs == 170
    assert s.metrics.max_meetings == 2
    assert s.metrics.meetings_histogram == {1: 20, 2: 170}


@pytest.mark.parametrize("players, sessions, repeats", [(20, 9, 110), (20, 10, 140), (24, 12, 192)])
def test_teams_of_four_past_the_bound_meet_at_most_twice_with_the_fewest_repeats(
    players, sessions, repeats
):
    groups = [i // 4 + 1 for i in range(players)]
    s = generate_schedule(
        players=players, sessions=sessions, groups=groups, effort=effort_for_seconds(5)
    )
    assert_partition(s.sessions, range(1, players + 1))
    assert s.metrics.team_conflicts == 0
    assert s.metrics.repeated_pairs == repeats
    assert s.metrics.max_meetings == 2


def test_sixteen_players_in_teams_of_four_twelve_sessions_meet_every_opponent_three_times():
    groups = [i // 4 + 1 for i in range(16)]
    s = generate_schedule(players=16, sessions=12, groups=groups, effort=effort_for_seconds(5))
    assert_partition(s.sessions, range(1, 17))
    counts = pair_counts(s.sessions)
    # 36 meetings over 12 opponents: three each is the only way to avoid a fourth
    assert len(counts) == 96 and set(counts.values()) == {3}
    assert s.metrics.team_conflicts == 0 and s.metrics.repeated_pairs == 192


@pytest.mark.slow  # a full search
def test_twenty_players_in_teams_of_four_twelve_sessions_meet_at_most_three_times():
    groups = [i // 4 + 1 for i in range(20)]
    s = generate_schedule(players=20, sessions=12, groups=groups, effort=effort_for_seconds(10))
    assert_partition(s.sessions, range(1, 21))
    assert s.metrics.team_conflicts == 0
    assert s.metrics.repeated_pairs == 200
    assert s.metrics.max_meetings == 3


def test_a_stored_chart_with_teams_is_not_used_for_other_groups():
    groups = [i // 2 + 1 for i in range(20)]  # pairs, not the stored chart's teams of four
    s = generate_schedule(players=20, sessions=10, groups=groups, effort=effort_for_seconds(3))
    assert_partition(s.sessions, range(1, 21))
    assert s.metrics.team_conflicts == 0
    assert "stored" not in s.info["method"]


def test_a_seat_counts_differ_by_at_most_one():
    for n, r in ((16, 5), (24, 7), (20, 6)):
        s = generate_schedule(players=n, sessions=r, effort=effort_for_seconds(3))
        counts = Counter(t[0] for sess in s.sessions for t in sess)
        full = [counts.get(p, 0) for p in range(1, n + 1)]
        assert max(full) - min(full) <= 1, (n, r, full)
        assert s.metrics.a_seat_spread <= 1


def test_no_player_sits_at_the_same_table_number_twice_when_there_are_enough_tables():
    s = generate_schedule(players=40, sessions=5, effort=effort_for_seconds(10))
    assert s.metrics.table_revisits == 0


def test_table_numbers_are_chosen_to_avoid_revisits_better_than_chance():
    import random

    s = generate_schedule(players=16, sessions=5, effort=effort_for_seconds(10))
    worse = 0
    rng = random.Random(0)
    for _ in range(20):
        shuffled = [rng.sample(list(sess), len(sess)) for sess in s.sessions]
        worse += chart_quality(shuffled).table_revisits > s.metrics.table_revisits
    assert worse == 20
    # 4 tables, 5 sessions: every player revisits a table at least once
    assert 16 <= s.metrics.table_revisits <= 25


def test_the_same_seed_gives_the_same_chart():
    a = generate_schedule(players=22, sessions=5, seed=7, effort=effort_for_seconds(2))
    b = generate_schedule(players=22, sessions=5, seed=7, effort=effort_for_seconds(2))
    assert a.sessions == b.sessions


def test_players_not_a_multiple_of_four_get_substitute_seats_spread_out():
    s = generate_schedule(players=18, sessions=4, effort=effort_for_seconds(3))
    assert_partition(s.sessions, range(1, 19))
    for sess in s.sessions:
        byes = [p for t in sess for p in t if p <= 0]
        assert sorted(byes) == [-2, -1]
        assert all(sum(1 for p in t if p <= 0) <= 1 for t in sess)
    # 2 substitutes x 3 players x 4 sessions = 24 sittings for 18 players: 6 unavoidable
    assert s.metrics.substitute_repeats == 6
    assert s.metrics.repeated_pairs == 0


def test_substitute_seats_are_never_placed_twice_next_to_one_player_when_avoidable():
    s = generate_schedule(players=23, sessions=5, effort=effort_for_seconds(3))
    with_sub = Counter(p for sess in s.sessions for t in sess if min(t) <= 0 for p in t if p > 0)
    assert max(with_sub.values()) == 1


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(players=3, sessions=2),
        dict(players=16, sessions=0),
        dict(players=16, sessions=2, groups=[1, 2]),
    ],
)
def test_bad_arguments_raise_a_seating_error(kwargs):
    with pytest.raises(SeatingError):
        generate_schedule(**kwargs)


def test_metrics_match_an_independent_quality_report():
    s = generate_schedule(players=20, sessions=6, effort=effort_for_seconds(2))
    assert s.metrics == chart_quality(s.sessions)


@pytest.mark.parametrize(("players", "sessions"), [(8, 7), (12, 7)])
def test_table_numbers_reach_the_least_revisits_a_rotation_allows(players, sessions):
    """A player seated more often than there are tables revisits one at least that many
    times more: with two or three tables the numbering reaches that floor (and the search
    stops there, its best numbering kept: the chart is the one a longer search gives)."""
    tables = players // 4
    s = generate_schedule(players=players, sessions=sessions, seed=3, effort=10_000)
    assert s.metrics.table_revisits == players * (sessions - tables)
