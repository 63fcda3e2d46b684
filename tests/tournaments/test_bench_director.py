"""The director's day benchmark's pieces (tournaments/bench_live/director.py): the tournament
it prepares, a tiny run of its load against the test server (spectators, seat searches, the
session countersigned through the API), and the report's verdict."""

import asyncio
import random

import pytest
from django.contrib.auth.models import Group

from tournaments.bench_live import director
from tournaments.models import TableSession
from tournaments.roles import ROLE_GROUPS

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def plan():
    for name in ROLE_GROUPS.values():  # a transactional test empties the tables after it
        Group.objects.get_or_create(name=name)
    return director.prepare(players=8, seed=3, slug="bench-director-test", time_limit=2)


def test_the_preparation_leaves_session_one_signed_and_nothing_countersigned(plan):
    assert (plan["session"], plan["tables"], plan["signed"]) == (1, 2, 2)
    sheets = TableSession.objects.filter(session__tournament__slug="bench-director-test")
    assert not sheets.filter(status=TableSession.Status.FINAL).exists()
    assert len(plan["queries"]) == 400 and all(plan["queries"])


def test_a_tiny_run_polls_finds_seats_and_countersigns_the_session(live_server, plan):
    load = asyncio.run(
        director.run_load(
            base_url=live_server.url,
            plan=plan,
            spectators=3,
            poll=0.3,
            seekers_per_second=10,
            duration=2.0,
            countersign_at=0.5,
            seed=1,
            warm_up_rounds=1,
        )
    )
    kinds = load["kinds"]
    assert set(kinds["seats"]["statuses"]) == {"200"}
    assert set(kinds["public_live"]["statuses"]) <= {"200", "304"}
    assert load["countersign"]["status"] == 200
    assert load["countersign"]["countersigned"] == 2
    sheets = TableSession.objects.filter(session__tournament__slug="bench-director-test")
    assert sheets.filter(status=TableSession.Status.FINAL).count() == 2
    checks = director.verdict(kinds, load["countersign"], plan["signed"])
    assert checks["countersign_2_tables_under_2s"]["countersigned"] == 2
    assert checks["no_errors"]["ok"]
    assert list(load["windows"]) == ["0-10s (countersign)"]


def test_the_verdict_fails_a_slow_countersignature_a_slow_seats_page_and_any_error():
    kinds = {
        "seats": {"p95_ms": 140.0, "error_count": 0},
        "public_live": {"p95_ms": 20.0, "error_count": 2},
    }
    countersign = {"status": 200, "seconds": 2.4, "countersigned": 32}
    checks = director.verdict(kinds, countersign, 32)
    assert [check["ok"] for check in checks.values()] == [False, False, False]
    fast = {"seats": {"p95_ms": 40.0, "error_count": 0}}
    good = director.verdict(fast, {**countersign, "seconds": 0.8}, 32)
    assert all(check["ok"] for check in good.values())
    partial = director.verdict(fast, {**countersign, "seconds": 0.8, "countersigned": 30}, 32)
    assert not partial["countersign_32_tables_under_2s"]["ok"]


def test_the_players_type_parts_of_names_with_or_without_accents():
    names = [("José Núñez", ""), ("Wang Fang", "王芳")]
    queries = director._queries(names, random.Random(2), count=200)
    assert all(len(q) >= 3 or q in ("王", "王芳") for q in queries)
    assert "nunez"[:3] in {q[:3] for q in queries} or "jos" in queries
    assert any(q in ("王", "王芳") for q in queries)
