"""`manage.py bench_stats`: a tiny run times the statistics cold and from the cache, counts the
hands the tournament recorded, states its goal, and leaves no tournament behind unless --keep.
No timed assertion: the figures are the benchmark's, not the test's."""

import json

import pytest
from django.core.management import call_command

from tournaments.models import Hand, Tournament

TINY = ("--players", "8", "--sessions", "2", "--seed", "3", "--repeat", "3", "--time-limit", "0.2")


@pytest.mark.slow  # builds and plays a small tournament
@pytest.mark.django_db
def test_a_tiny_run_counts_every_recorded_hand_and_reads_the_cache_without_a_query(
    tmp_path, capsys
):
    output = tmp_path / "stats.json"
    call_command("bench_stats", *TINY, "--keep", "--output", str(output))
    figures = json.loads(output.read_text())
    recorded = Hand.objects.filter(
        table_session__session__tournament__slug="bench-stats-8p-2s"
    ).count()
    assert recorded > 0
    assert figures["hands"] == figures["hands_recorded"] == recorded
    assert figures["players_with_hands"] >= 8
    assert figures["runs"] == 3 and len(figures["cold_ms_runs"]) == 3
    assert figures["cold_ms_max"] >= figures["cold_ms_median"] > 0
    assert 0 < figures["cold_queries"] <= 5  # the selector's handful of flat queries
    assert figures["warm_queries"] == 0
    cached = figures["targets"]["cached read without a query"]
    assert cached == {"measured_queries": 0, "ok": True}
    goal = figures["targets"]["cold computation under 2 s (slowest run)"]
    assert goal["goal_ms"] == 2000.0 and goal["measured_ms"] == figures["cold_ms_max"]
    assert goal["ok"] == (figures["cold_ms_max"] < 2000.0)
    assert figures["places_ms_max"] >= figures["places_ms_median"] > 0
    assert figures["places_queries"] > 0  # computed, not read from the cache
    page = figures["targets"]["statistics and places together under 2 s (slowest runs)"]
    assert page["measured_ms"] == round(figures["cold_ms_max"] + figures["places_ms_max"], 1)
    assert "written to" in capsys.readouterr().out


@pytest.mark.slow  # builds and plays a small tournament
@pytest.mark.django_db
def test_without_keep_the_bench_removes_its_tournament(tmp_path):
    call_command("bench_stats", *TINY, "--output", str(tmp_path / "stats.json"))
    assert not Tournament.objects.filter(slug__startswith="bench-stats-").exists()
    assert not Hand.objects.exists()
