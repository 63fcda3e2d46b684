import json

import pytest
from django.core.management import call_command

from tournaments.models import Penalty, Tournament


@pytest.mark.django_db
@pytest.mark.slow  # builds and plays a tournament
def test_the_tournament_bench_writes_its_figures_and_removes_its_tournament(tmp_path, capsys):
    output = tmp_path / "tournament.json"
    call_command(
        "bench_tournament", "--players", "8", "--sessions", "6", "--time-limit", "1",
        "--output", str(output),
    )  # fmt: skip
    figures = json.loads(output.read_text())
    assert figures["players"] == 8 and figures["hands"] > 0
    # players, sanctions on rank, session results, and the counted sessions' sheet states (a
    # session is provisional while one of its sheets is not signed)
    assert figures["standings_queries"] == 4
    assert not Tournament.objects.exists() and not Penalty.objects.exists()
