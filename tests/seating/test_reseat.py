"""Re-seating the remaining sessions after a change of players."""

from seating import effort_for_seconds, generate_schedule, reseat_remaining
from tests.seating.chart_helpers import pair_counts as pairs

PLAYED = generate_schedule(players=40, sessions=3, effort=effort_for_seconds(5)).sessions


def test_a_withdrawal_reseats_only_the_remaining_sessions_with_the_active_players():
    active = [p for p in range(1, 41) if p != 17]
    r = reseat_remaining(
        played=PLAYED,
        active_players=active,
        remaining_sessions=4,
        groups={},
        seed=3,
        effort=effort_for_seconds(5),
    )
    assert len(r.sessions) == 4
    for s in r.sessions:
        assert sorted(p for t in s for p in t if p > 0) == active
        assert sum(1 for t in s for p in t if p <= 0) == 1


def test_the_meeting_history_is_kept_in_the_objective():
    active = [p for p in range(1, 41) if p != 17] + [41]  # substitute takes a new number
    r = reseat_remaining(
        played=PLAYED,
        active_players=active,
        remaining_sessions=5,
        groups={},
        seed=3,
        effort=effort_for_seconds(10),
    )
    before = pairs(PLAYED)
    after = pairs(r.sessions)
    assert not any(before[k] and after[k] for k in after)  # nobody meets a past opponent again
    assert r.metrics.repeated_pairs == 0  # whole chart, played + new
    assert sorted(p for t in r.sessions[0] for p in t) == sorted(active)


def test_reseating_keeps_teams_apart():
    groups = {p: (p - 1) // 4 for p in range(1, 41)}
    active = list(range(1, 41))
    r = reseat_remaining(
        played=PLAYED,
        active_players=active,
        remaining_sessions=3,
        groups=groups,
        seed=1,
        effort=effort_for_seconds(5),
    )
    for s in r.sessions:
        for t in s:
            teams = [groups[p] for p in t if p > 0]
            assert len(teams) == len(set(teams))


def test_the_history_argument_of_generate_schedule_behaves_like_a_reseat():
    r = generate_schedule(players=40, sessions=2, history=PLAYED, effort=effort_for_seconds(5))
    assert len(r.sessions) == 2
    assert not any(pairs(PLAYED)[k] for k in pairs(r.sessions))
