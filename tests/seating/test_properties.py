"""Property tests: every session is a partition of the players."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seating import (
    chart_quality,
    draw_lots,
    effort_for_seconds,
    generate_schedule,
    seeded_session,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(4, 33), r=st.integers(1, 5), team=st.integers(0, 5), seed=st.integers(0, 10**6)
)
def test_every_session_is_a_partition_of_the_players(n, r, team, seed):
    groups = [i // team for i in range(n)] if team else None
    s = generate_schedule(
        players=n, sessions=r, groups=groups, seed=seed, effort=effort_for_seconds(0.3)
    )
    assert len(s.sessions) == r
    tables = -(-n // 4)
    for sess in s.sessions:
        assert len(sess) == tables
        assert all(len(t) == 4 for t in sess)
        real = sorted(p for t in sess for p in t if p > 0)
        assert real == list(range(1, n + 1))
        byes = [p for t in sess for p in t if p <= 0]
        assert len(byes) == 4 * tables - n and len(set(byes)) == len(byes)
    assert chart_quality(s.sessions).partition_errors == []


@given(st.lists(st.integers(1, 10**6), min_size=1, max_size=60, unique=True), st.text(min_size=1))
def test_drawing_lots_is_a_bijection_onto_1_to_n(ids, seed):
    lots = draw_lots(ids, seed)
    assert sorted(lots) == sorted(ids)
    assert sorted(lots.values()) == list(range(1, len(ids) + 1))


@given(st.integers(1, 30).map(lambda k: 4 * k), st.sampled_from(["straight", "snake"]))
def test_seeded_sessions_are_partitions(n, method):
    ranking = list(range(1, n + 1))
    s = seeded_session(ranking, method=method)
    assert sorted(p for t in s for p in t) == ranking
