"""``python -m scoring``: score, score --jsonl, explain, bench dispatch."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

HAND = {
    "melds": [],
    "concealed": "123m456p789s123s5z",
    "win_tile": "5z",
    "self_drawn": False,
    "last_tile": False,
    "last_wall_tile": False,
    "kong_replacement": False,
    "robbing_kong": False,
    "seat_wind": "E",
    "prevalent_wind": "S",
    "flowers": 1,
}


def run(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "scoring", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_score_reads_one_hand_and_prints_one_result():
    proc = run("score", stdin=json.dumps(HAND))
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["winning"] is True
    assert [f["id"] for f in result["fans"]] == [39, 62, 70, 79, 81]
    assert result["points"] == 12 and result["total"] == 13 and result["flowers"] == 1


def test_score_refuses_invalid_json_with_an_error_result_and_no_traceback():
    proc = run("score", stdin="{not json")
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr
    result = json.loads(proc.stdout)
    assert result["winning"] is False and result["errors"][0]["code"] == "bad_json"


def test_score_of_a_non_winning_hand_says_why():
    proc = run("score", stdin=json.dumps({**HAND, "concealed": "123m456p789s1234z"}))
    result = json.loads(proc.stdout)
    assert proc.returncode == 1 and result["errors"][0]["code"] == "not_winning"


def test_jsonl_gives_one_result_per_line_and_an_error_result_for_a_bad_line():
    lines = [
        json.dumps(HAND),
        "{bad",
        "[1, 2]",
        json.dumps({**HAND, "flowers": 99}),
        json.dumps(HAND),
    ]
    proc = run("score", "--jsonl", stdin="\n".join(lines) + "\n")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == 5
    assert [r["winning"] for r in out] == [True, False, False, False, True]
    assert out[1]["errors"][0]["code"] == "bad_json"
    assert out[3]["errors"][0]["code"] == "bad_flowers"


def test_explain_prints_a_readable_breakdown():
    proc = run("explain", json.dumps(HAND))
    assert proc.returncode == 0
    assert "Mixed Straight" in proc.stdout and "123m 456p 789s" in proc.stdout
    assert "Total: 13" in proc.stdout


def test_explain_of_bad_json_is_a_message_not_a_traceback():
    proc = run("explain", "nope")
    assert proc.returncode != 0 and "Traceback" not in proc.stderr + proc.stdout
    assert "bad_json" in proc.stdout


def test_an_unknown_command_prints_usage():
    proc = run("frobnicate")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_bench_is_dispatched_to_scoring_bench(monkeypatch):
    import types

    from scoring import cli

    calls = []
    fake = types.ModuleType("scoring.bench")
    fake.main = lambda argv: calls.append(argv) or 0
    monkeypatch.setitem(sys.modules, "scoring.bench", fake)
    import scoring

    monkeypatch.setattr(scoring, "bench", fake, raising=False)
    assert cli.main(["bench", "-n", "10"]) == 0
    assert calls == [["-n", "10"]]
