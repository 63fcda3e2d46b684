"""``python -m seating``: JSON output, chart, and clean errors."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "seating", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_generate_prints_sessions_and_metrics_as_json():
    p = run("generate", "--players", "16", "--sessions", "5", "--seed", "3")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert len(data["sessions"]) == 5 and len(data["sessions"][0]) == 4
    assert data["metrics"]["repeated_pairs"] == 0


def test_generate_with_team_size_keeps_teams_apart():
    p = run("generate", "--players", "16", "--sessions", "4", "--team-size", "4")
    data = json.loads(p.stdout)
    for s in data["sessions"]:
        for t in s:
            assert len({(x - 1) // 4 for x in t}) == 4


def test_chart_prints_the_appendix_3_table():
    p = run("chart", "--players", "28", "--sessions", "2", "--effort", "500000")
    assert p.returncode == 0
    assert "Game One" in p.stdout and "Game Two" in p.stdout and "Table" in p.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["generate", "--players", "x", "--sessions", "5"],
        ["generate", "--players", "2", "--sessions", "5"],
        ["generate", "--players", "16", "--sessions", "0"],
        ["generate", "--players", "16", "--sessions", "5", "--team-size", "20"],
        ["generate", "--players", "16", "--sessions", "5", "--time-limit", "-1"],
        ["generate", "--players", "16", "--sessions", "5", "--effort", "0"],
        ["generate", "--sessions", "5"],
        ["bench", "--cells", "16by5"],
        ["frobnicate"],
    ],
)
def test_bad_arguments_exit_non_zero_with_a_message_and_no_traceback(args):
    p = run(*args)
    assert p.returncode != 0
    assert "error" in p.stderr and "Traceback" not in p.stderr


def test_bench_runs_a_chosen_subset_and_writes_json(tmp_path):
    out = tmp_path / "seating.json"
    p = run("bench", "--cells", "16x5,16x4t", "--effort", "500000", "--output", str(out))
    assert p.returncode == 0, p.stderr
    data = json.loads(out.read_text())
    assert [c["repeated_pairs"] for c in data["cells"]] == [0, 0]
    assert data["effort_per_cell"] == 500000
    assert "repeats" in p.stdout


def test_rotation_prints_the_appendix_4_table_and_the_hand_winds():
    p = run("rotation")
    assert p.returncode == 0
    assert "    2     B    A    D    C" in p.stdout
    assert len([line for line in p.stdout.splitlines() if line.strip()[:2].strip().isdigit()]) >= 20


def test_chart_marks_substitute_seats():
    p = run("chart", "--players", "18", "--sessions", "2", "--effort", "200000")
    assert p.returncode == 0 and "sub" in p.stdout


def test_generate_prints_the_same_chart_for_the_same_seed_and_effort():
    args = ("generate", "--players", "22", "--sessions", "5", "--seed", "7", "--effort", "300000")
    first, second = run(*args), run(*args)
    assert first.returncode == 0 and json.loads(first.stdout)["sessions"]
    assert first.stdout == second.stdout.replace(
        f'"seconds": {json.loads(second.stdout)["metrics"]["generation"]["seconds"]}',
        f'"seconds": {json.loads(first.stdout)["metrics"]["generation"]["seconds"]}',
    )


def test_lot_re_runs_a_lot_from_its_seed():
    from seating import lot_order

    p = run("lot", "--seed", "gong", "12", "3", "7")
    assert p.returncode == 0, p.stderr
    assert [int(line.split()[1]) for line in p.stdout.splitlines()] == lot_order([12, 3, 7], "gong")


@pytest.mark.parametrize("args", [["lot", "3", "7"], ["lot", "--seed", "s", "3", "3"]])
def test_lot_refuses_no_seed_and_a_number_twice(args):
    p = run(*args)
    assert p.returncode == 2 and "Traceback" not in p.stderr
