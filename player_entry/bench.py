"""The players' phones benchmark (`manage.py bench_phones`, run by `make bench`; issue 28):
500 players (125 tables) on their phones, against the deployment of docs/deployment.md on
loopback (the live benchmark's stack, tournaments/bench_live), with a drill where the server is
gone for 60 s in the middle. The phones are player_entry/bench_load.py; see docs/benchmarks.md.

The goals: p95 under 300 ms for the entries and the confirmations and under 100 ms for the
polls in the steady phase (before the drill), no error; and every hand queued while the server
was gone recorded once after it came back.
"""

import datetime
import os
import random

from player_entry.bench_load import Sample

POINTS = (8, 8, 8, 9, 10, 11, 12, 13, 14, 16, 17, 20, 24, 32, 48, 64, 88)
TARGETS_P95_MS = {"entry": 300.0, "confirm": 300.0, "poll": 100.0}


# -- preparation (a child process, under Django, against the benchmark's database) ------------


def _hands(rng: random.Random) -> list[dict]:
    """The table's 16 hands as a phone enters them (points only; a draw one time in eight)."""
    hands = []
    for _number in range(16):
        if rng.random() < 0.12:
            hands.append({"outcome": "draw"})
            continue
        winner = rng.choice("ABCD")
        discarder = "" if rng.random() < 0.3 else rng.choice([p for p in "ABCD" if p != winner])
        hands.append(
            {"outcome": "win", "winner": winner, "discarder": discarder,
             "points": rng.choice(POINTS), "flowers": rng.choice((0, 0, 0, 1, 1, 2))}
        )  # fmt: skip
    return hands


def prepare(*, players: int, seed: int, slug: str, time_limit: float) -> dict:
    """A points-only tournament whose players enter the hands; its first session started a
    minute ago, everybody checked in; every player's link. The plan: each table's sheet, its
    four links by seat, and its hands."""
    from django.db import transaction
    from django.utils import timezone

    from player_entry.services import player_links_issue
    from tournaments.demo import builder
    from tournaments.demo import users as demo_users
    from tournaments.history import acting_as
    from tournaments.models import Tournament
    from tournaments.services import sessions as session_services
    from tournaments.services.checkin import checkin_record
    from tournaments.services.lots import lots_draw
    from tournaments.services.seating import seating_generate

    rng = random.Random(seed)
    people = demo_users.demo_people(tables=players // 4)
    today = timezone.localdate()
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=f"Phones benchmark ({players} players)",
            slug=slug,
            start_date=today,
            end_date=today + datetime.timedelta(days=1),
            sessions_planned=6,
            entry_mode=Tournament.EntryMode.POINTS_ONLY,
            hand_entry=Tournament.HandEntry.PLAYERS,
        )
        builder._register(tournament, rng, players)
    with acting_as(people.organiser):
        builder._accept_oaths(tournament)
        lots_draw(tournament=tournament, seed=f"lots-{seed}", drawn_by={players: "Bench"})
        seating_generate(tournament=tournament, seed=f"chart-{seed}", time_limit=time_limit)
    session = tournament.sessions.get(number=1)
    now = timezone.now()
    start = now - datetime.timedelta(minutes=1)
    with acting_as(people.chief), transaction.atomic():
        session_services.session_schedule(
            session=session, start=start, end=start + datetime.timedelta(minutes=150)
        )
        session_services.session_start(session=session, at=start, user=people.chief)
        for player in tournament.players.all():
            arrived = start - datetime.timedelta(minutes=rng.randint(2, 20))
            checkin_record(session=session, player=player, arrived_at=arrived)
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    tokens = {link.player_id: link.token for link in player_links_issue(tournament=tournament)}
    tables = []
    for sheet in session.table_sessions.select_related("table").order_by("table__number"):
        seats = sheet.seats.order_by("position")
        tables.append(
            {
                "sheet_id": sheet.pk,
                "table": sheet.table.number,
                "tokens": {seat.position: tokens[seat.player_id] for seat in seats},
                "hands": _hands(rng),
            }
        )
    return {"slug": slug, "tables": tables}


def verify(*, slug: str, hands: dict[str, list[str]]) -> dict:
    """What the database holds after the load: the entries by status, the hands recorded, and
    for each hand entered while the server was gone (`hands`: its keys, a second one if the
    first was refused), how many of its entries were recorded."""
    from django.db.models import Count

    from player_entry.models import TableEntry
    from tournaments.models import Hand

    entries = TableEntry.objects.filter(table_session__session__tournament__slug=slug)
    keys = [key for hand_keys in hands.values() for key in hand_keys]
    recorded_keys = set(
        entries.filter(
            key__in=keys, status=TableEntry.Status.RECORDED, hand__isnull=False
        ).values_list("key", flat=True)
    )
    times_recorded = {
        label: sum(1 for key in hand_keys if key in recorded_keys)
        for label, hand_keys in hands.items()
    }
    recorded = entries.filter(status=TableEntry.Status.RECORDED)
    return {
        "entries_by_status": dict(entries.values_list("status").annotate(n=Count("pk")).order_by()),
        "hands_recorded": Hand.objects.filter(
            table_session__session__tournament__slug=slug
        ).count(),
        "entries_recorded": recorded.count(),
        "hands_recorded_by_two_entries": recorded.values("hand")
        .annotate(n=Count("pk"))
        .filter(n__gt=1)
        .count(),
        "hands_queued": len(hands),
        "hands_queued_not_recorded": sorted(k for k, n in times_recorded.items() if n == 0),
        "hands_queued_recorded_twice": sorted(k for k, n in times_recorded.items() if n > 1),
        "hands_queued_recorded_once": sum(1 for n in times_recorded.values() if n == 1),
    }


# -- the report (no Django) ---------------------------------------------------------------------


def phases(samples: list[Sample], *, outage_at: float, back_at: float) -> dict:
    """Latency figures per kind, for the steady phase (before the server went away: the
    goals), the outage and the recovery after it (for information)."""
    from tournaments.bench_live.stats import by_kind

    bounds = {
        "steady": (0.0, outage_at),
        "outage": (outage_at, back_at),
        "recovery": (back_at, float("inf")),
    }
    return {
        name: by_kind([s for s in samples if low <= s.start < high])
        for name, (low, high) in bounds.items()
    }


def queued_hands(log: dict, *, outage_at: float, back_at: float) -> dict[str, list[str]]:
    """The hands entered while the server was gone, with every key each was sent under."""
    gone = {e["hand"] for e in log["entries"] if outage_at <= e["at"] < back_at}
    hands: dict[str, list[str]] = {label: [] for label in sorted(gone)}
    for entry in log["entries"]:
        if entry["hand"] in hands:
            hands[entry["hand"]].append(entry["key"])
    return hands


def drill_summary(log: dict, replays: list[dict], left: dict, *, outage_at, back_at) -> dict:
    """The drill: the hands entered while the server was gone, what became of them."""
    gone = [e for e in log["entries"] if outage_at <= e["at"] < back_at]
    recorded_at = {c["hand"]: c["recorded_at"] for c in log["confirms"]}
    after = [recorded_at[e["hand"]] - back_at for e in gone if e["hand"] in recorded_at]
    return {
        "server_gone_s": round(back_at - outage_at, 1),
        "hands_entered_while_gone": left["hands_queued"],
        "of_them_queued_on_the_phone": sum(1 for e in gone if e["offline"]),
        "recorded_once": left["hands_queued_recorded_once"],
        "not_recorded": left["hands_queued_not_recorded"][:10],
        "recorded_twice": left["hands_queued_recorded_twice"][:10],
        "entered_again_after_a_412": sum(1 for e in log["entries"] if e.get("again")),
        "replays_after_return": len(replays),
        "replays_that_found_their_entry": sum(1 for r in replays if r["same_entry"]),
        "last_recorded_s_after_return": round(max(after), 1) if after else None,
    }


def verdict(steady: dict, drill: dict, left: dict) -> dict:
    checks = {}
    for kind, limit in TARGETS_P95_MS.items():
        p95 = steady.get(kind, {}).get("p95_ms")
        checks[f"{kind}_p95_under_{int(limit)}ms"] = {
            "p95_ms": p95,
            "ok": p95 is not None and p95 < limit,
        }
    errors = sum(entry["error_count"] for entry in steady.values())
    checks["no_errors_steady"] = {"errors": errors, "ok": errors == 0 and bool(steady)}
    every_queued_once = (
        drill["hands_entered_while_gone"] > 0
        and drill["recorded_once"] == drill["hands_entered_while_gone"]
        and left["hands_recorded_by_two_entries"] == 0
        and left["hands_recorded"] == left["entries_recorded"]
        and drill["replays_that_found_their_entry"] == drill["replays_after_return"]
    )
    checks["drill_every_queued_hand_recorded_once"] = {"ok": every_queued_once}
    return checks


def report_of(*, load: dict, left: dict, outage_at: float, back_at: float, setup: dict) -> dict:
    samples = [Sample(**sample) for sample in load["samples"]]
    by_phase = phases(samples, outage_at=outage_at, back_at=back_at)
    drill = drill_summary(load["log"], load["replays"], left, outage_at=outage_at, back_at=back_at)
    return {
        "goal": "steady phase: entries and confirmations p95 < 300 ms, polls p95 < 100 ms, no "
        "error; the drill: every hand entered while the server was gone recorded once",
        "setup": setup,
        "load_average_1_5_15": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
        "phases": by_phase,
        "drill": drill,
        "left": left,
        "targets": verdict(by_phase["steady"], drill, left),
    }
