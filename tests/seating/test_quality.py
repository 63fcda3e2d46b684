"""Quality report of a chart."""

from seating import chart_quality

CHART = [
    [[1, 2, 3, 4], [5, 6, 7, 8]],
    [[1, 2, 5, 6], [3, 4, 7, 8]],
    [[1, 3, 5, 7], [2, 4, 6, 8]],
]


def test_repeated_pairs_count_meetings_beyond_the_first():
    m = chart_quality(CHART)
    # (1,2) (3,4) (5,6) (7,8) meet twice in sessions 1-2; (1,3),(5,7),(2,4),(6,8) in 1 and 3;
    # (1,5),(3,7),(2,6),(4,8) in 2 and 3
    assert m.repeated_pairs == 12
    assert m.max_meetings == 2
    assert m.pairs_met == 24


def test_teammates_at_one_table_are_counted_as_conflicts():
    m = chart_quality(CHART, groups=[1, 1, 2, 2, None, None, None, None])
    assert m.team_conflicts == 4  # (1,2) and (3,4) each share a table in sessions 1 and 2
    m2 = chart_quality(CHART, groups={1: "x", 8: "x"})
    assert m2.team_conflicts == 0


def test_a_seat_counts_are_reported_per_player():
    m = chart_quality(CHART)
    assert m.a_seat_counts[1] == 3 and m.a_seat_counts[5] == 1
    assert m.a_seat_counts[8] == 0
    assert m.a_seat_spread == 3


def test_table_revisits_count_sittings_at_a_table_number_beyond_the_first():
    m = chart_quality(CHART)
    # player 1 sits at table 1 and player 8 at table 2 in all three sessions (2 revisits
    # each); every other player sits twice at one of the two tables (1 each)
    assert m.table_revisits == 2 + 2 + 6 * 1


def test_substitute_seats_are_reported_and_repeats_with_a_substitute_counted():
    chart = [[[1, 2, 3, -1], [4, 5, 6, 7]], [[1, 4, 5, -1], [2, 3, 6, 7]]]
    m = chart_quality(chart)
    assert m.substitute_seats == 2
    assert m.substitute_repeats == 1  # player 1 sits with a substitute twice
    assert m.players == 7


def test_a_chart_that_is_not_a_partition_is_flagged():
    m = chart_quality([[[1, 2, 3, 4], [1, 5, 6, 7]], [[1, 2, 3, 4], [5, 6, 7, 8]]])
    assert any("seated twice" in e for e in m.partition_errors)
    assert any("not seated" in e for e in m.partition_errors)


def test_metrics_serialise_to_a_plain_dict():
    d = chart_quality(CHART).to_dict()
    assert d["repeated_pairs"] == 12 and d["meetings_histogram"] == {"1": 12, "2": 12}
