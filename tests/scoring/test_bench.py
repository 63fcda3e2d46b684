"""``python -m scoring bench`` writes its figures (small runs; no timing is asserted)."""

from __future__ import annotations

import json

import pytest

from scoring import bench


def test_it_writes_the_cold_and_steady_state_figures(tmp_path, capsys):
    out = tmp_path / "scoring.json"
    assert bench.main(["-n", "60", "--repeats", "1", "--output", str(out)]) == 0
    figures = json.loads(out.read_text())
    engine = figures["engine"]
    assert figures["hands"] == 60
    assert engine["seconds"] > 0 and engine["steady_state_seconds"] > 0
    assert engine["hands_per_second"] == pytest.approx(60 / engine["seconds"], rel=0.02)
    if figures["reference"] is not None:
        assert figures["engine_time_over_reference_calls_only"] > 0
        assert figures["steady_state_time_over_reference_calls_only"] > 0
    assert "steady state" in capsys.readouterr().out


def test_the_steady_state_run_starts_from_memos_filled_by_other_hands(monkeypatch):
    scored = []
    monkeypatch.setattr("scoring.score_hand", scored.append)
    hands, others = [{"a": 1}], [{"b": 2}, {"c": 3}]
    bench.time_engine(hands, others)
    assert scored == others + hands
