"""`manage.py bench_requests`: a tiny run times every kind of request, counts its queries,
says what it ran on, and leaves no tournament behind."""

import json

import pytest
from django.core.management import call_command

from tournaments.models import Tournament

KINDS = {
    "sheet_get",
    "hand_post",
    "live_poll_unchanged",
    "live_poll_after_a_change_standings",
    "live_poll_after_a_change_chart",
    "live_poll_after_a_change_session",
    "dashboard",
    "sheet_list",
}


@pytest.mark.slow  # builds and plays two small tournaments
@pytest.mark.django_db
def test_a_tiny_run_times_each_kind_of_request_and_removes_its_tournaments(tmp_path, capsys):
    output = tmp_path / "requests.json"
    call_command(
        "bench_requests",
        "--players", "8", "--standings-players", "12", "--repeat", "4", "--time-limit", "0.2",
        "--output", str(output), "--profile", str(tmp_path / "profiles"),
    )  # fmt: skip
    figures = json.loads(output.read_text())
    assert figures["database"] == "sqlite" or figures["database"] == "postgresql"
    small = figures["8 players"]
    assert set(small) == KINDS
    assert small["hand_post"]["statuses"] == [201]
    assert small["hand_post"]["requests"] == 4
    assert small["live_poll_unchanged"]["queries_max"] == 0
    assert all(kind["cpu_ms_median"] > 0 for kind in small.values())
    assert figures["12 players"]["live_poll_after_a_change_standings"]["statuses"] == [200]
    assert (tmp_path / "profiles" / "hand_post.prof").stat().st_size > 0
    assert not Tournament.objects.filter(slug__startswith="bench-requests-").exists()
