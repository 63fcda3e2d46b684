"""A seed and an effort give one chart on any machine, busy or idle: the search stops on its
budget of evaluations, never on the clock; a time limit only cuts it short, and says so."""

import multiprocessing
import os
import time

import pytest

from seating import SeatingError, generate_schedule, reseat_remaining

# Cells that reach the search (not only stored data): substitute seats (greedy + tabu),
# past the bound (construction + variants + tabu), teams with a re-seat history.
CELLS = [
    dict(players=26, sessions=9),
    dict(players=24, sessions=8),
    dict(players=24, sessions=8, groups=[i // 4 for i in range(24)]),
]
EFFORT = 400_000


def _burn(stop_at: float) -> None:
    while time.monotonic() < stop_at:
        pass


class _Load:
    """Every core kept busy twice over while the block runs."""

    def __enter__(self):
        stop_at = time.monotonic() + 120
        self.burners = [
            multiprocessing.Process(target=_burn, args=(stop_at,), daemon=True)
            for _ in range(2 * (os.cpu_count() or 1))
        ]
        for burner in self.burners:
            burner.start()
        time.sleep(0.2)
        return self

    def __exit__(self, *exc):
        for burner in self.burners:
            burner.terminate()
            burner.join()


@pytest.mark.slow  # full searches, twice, one under load
@pytest.mark.parametrize("cell", CELLS, ids=["26x9 greedy", "24x8 past the bound", "24x8 teams"])
def test_a_seed_gives_the_same_chart_on_an_idle_and_on_a_loaded_machine(cell):
    idle = generate_schedule(**cell, seed=7, effort=EFFORT)
    with _Load():
        loaded = generate_schedule(**cell, seed=7, effort=EFFORT)
    assert loaded.sessions == idle.sessions
    assert idle.reproducible and loaded.reproducible
    assert loaded.info["evaluations"] == idle.info["evaluations"]


def test_a_clock_that_races_ahead_changes_nothing(monkeypatch):
    """As if each reading of the clock came an hour after the last: no decision may change."""
    calm = generate_schedule(players=24, sessions=8, seed=3, effort=EFFORT)
    ticks = iter(range(0, 10**9, 3600))
    monkeypatch.setattr(time, "monotonic", lambda: float(next(ticks)))
    rushed = generate_schedule(players=24, sessions=8, seed=3, effort=EFFORT)
    assert rushed.sessions == calm.sessions


def test_the_search_spends_its_effort_and_no_more():
    schedule = generate_schedule(players=26, sessions=9, seed=1, effort=EFFORT)
    assert schedule.info["effort"] == EFFORT
    assert schedule.info["stopped_by"] == "budget"
    # a step checks its share before each iteration: it may finish the iteration it began
    assert EFFORT <= schedule.info["evaluations"] <= EFFORT + 20_000


def test_the_search_stops_early_at_the_lower_bound():
    schedule = generate_schedule(players=22, sessions=5, seed=1, effort=EFFORT)
    assert schedule.info["stopped_by"] == "lower_bound"
    assert schedule.info["evaluations"] < EFFORT and schedule.metrics.repeated_pairs == 0


def test_a_time_limit_that_ends_the_search_says_the_chart_is_not_reproducible():
    schedule = generate_schedule(
        players=26, sessions=9, seed=1, effort=50 * EFFORT, time_limit=0.05
    )
    assert schedule.reproducible is False
    assert schedule.info["stopped_by"] == "time_limit"
    assert schedule.to_dict()["metrics"]["reproducible"] is False
    assert sorted(p for t in schedule.sessions[0] for p in t if p > 0) == list(range(1, 27))


def test_a_time_limit_never_reached_leaves_the_chart_reproducible():
    free = generate_schedule(players=26, sessions=9, seed=1, effort=EFFORT)
    limited = generate_schedule(players=26, sessions=9, seed=1, effort=EFFORT, time_limit=600)
    assert limited.sessions == free.sessions and limited.reproducible


def test_a_reseat_is_reproducible_too():
    played = generate_schedule(players=24, sessions=2, seed=2, effort=EFFORT).sessions
    kwargs = dict(
        played=played, active_players=range(1, 24), remaining_sessions=4, seed=5, effort=EFFORT
    )
    assert reseat_remaining(**kwargs).sessions == reseat_remaining(**kwargs).sessions


@pytest.mark.parametrize("effort", [0, -5, 1.5, True, "many"])
def test_an_effort_that_is_not_a_positive_whole_number_is_refused(effort):
    with pytest.raises(SeatingError, match="effort"):
        generate_schedule(players=16, sessions=2, effort=effort)


@pytest.mark.parametrize("limit", [0, -1, "soon"])
def test_a_time_limit_that_is_not_positive_is_refused(limit):
    with pytest.raises(SeatingError, match="time_limit"):
        generate_schedule(players=16, sessions=2, time_limit=limit)
