"""``python -m scoring bench`` writes its figures (small runs; no timing is asserted)."""

from __future__ import annotations

import json

import pytest

from scoring import bench


def test_it_writes_the_engines_figures(tmp_path, capsys):
    out = tmp_path / "scoring.json"
    assert bench.main(["-n", "60", "--repeats", "1", "--output", str(out)]) == 0
    figures = json.loads(out.read_text())
    engine = figures["engine"]
    assert figures["hands"] == 60
    assert engine["seconds"] > 0 and len(engine["runs_seconds"]) == 1
    assert engine["hands_per_second"] == pytest.approx(60 / engine["seconds"], rel=0.02)
    if figures["reference"] is not None:
        assert figures["engine_time_over_reference_calls_only"] > 0
    assert "rescoring 20,000 hands takes" in capsys.readouterr().out


def test_it_times_the_engine_on_every_hand_given(monkeypatch):
    scored = []
    monkeypatch.setattr("scoring.score_hand", scored.append)
    hands = [{"a": 1}, {"b": 2}]
    wall, cpu = bench.time_engine(hands)
    assert scored == hands and wall >= 0 and cpu >= 0
