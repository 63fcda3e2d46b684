"""The score desk's benchmark (`manage.py bench_desk`, run by `make bench`; issue 27): ten
clerks saving whole paper sheets on the keyboard page `/desk/`, against gunicorn + PostgreSQL
on loopback (the live benchmark's stack, tournaments/bench_live). See docs/benchmarks.md.

A save is a POST of the page's form (the whole sheet), timed from sending it to its answer; a
clerk opens the sheet first (GET, not timed). Each sheet is keyed twice, by two clerks: the
first entry is checked (a dry run of the recording) and held, the second agrees and records
the whole sheet through the services in one transaction. Phases, on their own sheets:

- warm-up (not timed): every web process loads its code;
- alone: one save at a time, the page's own time;
- paced (the goal): the ten clerks at work together, each keying a sheet for a while (about
  `keying` seconds; a trained clerk takes a minute) then saving, and on to the next;
- burst (a stress figure): ten saves leaving at the same instant, twice per ten sheets.

The goal: a save answered in under 300 ms at the 95th percentile, with ten clerks at work.
"""

import datetime
import json
import os
import random
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from tournaments.bench_live.stats import summarize

CLERKS = 10
PASSWORD_BYTES = 12
POINTS = (8, 8, 8, 9, 10, 11, 12, 13, 14, 16, 17, 20, 24, 32, 48, 64, 88)
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')


# -- preparation (a child process, under Django, against the benchmark's database) ------------


def _paper(rng: random.Random) -> dict:
    """A paper sheet: 16 hands (a draw one time in eight), the four signatures."""
    hands = []
    for _number in range(16):
        if rng.random() < 0.12:
            hands.append({"outcome": "draw"})
            continue
        winner = rng.choice("ABCD")
        discarder = None if rng.random() < 0.3 else rng.choice([p for p in "ABCD" if p != winner])
        flowers = rng.choice((0, 0, 0, 1, 1, 2))
        hands.append(
            {"outcome": "win", "winner": winner, "discarder": discarder,
             "points": rng.choice(POINTS), "flowers": flowers}
        )  # fmt: skip
    return {"hands": hands, "confirmed": ["A", "B", "C", "D"]}


def prepare(*, tables: int, seed: int, slug: str, time_limit: float) -> dict:
    """A tournament of `tables` tables whose first session started 150 minutes ago and ended:
    every sheet awaits the desk. Ten clerk logins with passwords; a paper per sheet."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group
    from django.db import transaction
    from django.utils import timezone

    from tournaments.demo import builder
    from tournaments.demo import users as demo_users
    from tournaments.history import acting_as
    from tournaments.models import Tournament
    from tournaments.roles import ROLE_GROUPS, Role
    from tournaments.services import sessions as session_services
    from tournaments.services.lots import lots_draw
    from tournaments.services.seating import seating_generate

    rng = random.Random(seed)
    players = tables * 4
    people = demo_users.demo_people(tables=tables)
    today = timezone.localdate()
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=f"Desk benchmark ({tables} tables)",
            slug=slug,
            start_date=today - datetime.timedelta(days=1),
            end_date=today + datetime.timedelta(days=1),
            sessions_planned=6,
        )
        builder._register(tournament, rng, players)
    with acting_as(people.organiser):
        builder._accept_oaths(tournament)
        lots_draw(tournament=tournament, seed=f"lots-{seed}", drawn_by={players: "Bench"})
        seating_generate(tournament=tournament, seed=f"chart-{seed}", time_limit=time_limit)
    session = tournament.sessions.get(number=1)
    now = timezone.now()
    with acting_as(people.chief):
        start = now - datetime.timedelta(minutes=150)
        session_services.session_schedule(session=session, start=start, end=now)
        session_services.session_start(session=session, at=start, user=people.chief)
        session_services.session_end(session=session, at=now, user=people.chief)
    clerks = []
    group = Group.objects.get(name=ROLE_GROUPS[Role.SCORE_DESK])
    for number in range(1, CLERKS + 1):
        password = os.urandom(PASSWORD_BYTES).hex()
        user = get_user_model().objects.create_user(
            f"{slug}-clerk-{number}", password=password, is_staff=True
        )
        user.groups.add(group)
        clerks.append({"username": user.username, "password": password})
    sheets = [
        {"code": f"S1-T{sheet.table.number}", "paper": _paper(rng)}
        for sheet in session.table_sessions.select_related("table").order_by("table__number")
    ]
    return {"slug": slug, "clerks": clerks, "sheets": sheets}


def verify(*, slug: str) -> dict:
    """What the benchmark left: entries by status, sheets recorded, hands."""
    from django.db.models import Count

    from desk.models import DeskEntry
    from tournaments.models import Hand, TableSession

    entries = DeskEntry.objects.filter(table_session__session__tournament__slug=slug)
    sheets = TableSession.objects.filter(session__tournament__slug=slug, session__number=1)
    return {
        "entries": dict(entries.values_list("status").annotate(n=Count("pk"))),
        "sheets": sheets.count(),
        "hands": Hand.objects.filter(table_session__in=sheets).count(),
    }


# -- the load (plain Python threads with httpx; no Django) --------------------------------------


def form_fields(paper: dict) -> dict:
    """The keyboard page's cells for a paper (desk/views.py: h{n}-…, confirmed-{seat})."""
    fields = {}
    for number, hand in enumerate(paper["hands"], start=1):
        fields[f"h{number}-outcome"] = hand["outcome"]
        if hand["outcome"] == "win":
            fields[f"h{number}-winner"] = hand["winner"]
            fields[f"h{number}-discarder"] = hand["discarder"] or ""
            fields[f"h{number}-points"] = str(hand["points"])
            fields[f"h{number}-flowers"] = str(hand["flowers"])
    for seat in paper["confirmed"]:
        fields[f"confirmed-{seat}"] = "on"
    return fields


class Clerk:
    def __init__(self, base_url: str, slug: str, login: dict):
        self.client = httpx.Client(base_url=base_url, timeout=60)
        self.page = f"/desk/{slug}/"
        self._log_in(login)

    def _log_in(self, login: dict) -> None:
        self.client.get("/admin/login/")
        answer = self.client.post(
            "/admin/login/?next=/admin/",
            data={
                "username": login["username"],
                "password": login["password"],
                "csrfmiddlewaretoken": self.client.cookies["csrftoken"],
                "next": "/admin/",
            },
        )
        if answer.status_code != 302:
            raise RuntimeError(f"{login['username']} could not log in ({answer.status_code})")

    def open(self, code: str) -> dict:
        """The sheet's page: its hidden fields (the CSRF token, the sheet, its version)."""
        answer = self.client.get(self.page, params={"code": code})
        answer.raise_for_status()
        hidden = dict(HIDDEN.findall(answer.text))
        if "version" not in hidden:
            raise RuntimeError(f"the desk page did not open {code}")
        return hidden

    def save(self, hidden: dict, paper: dict) -> tuple[float, int]:
        started = time.perf_counter()
        answer = self.client.post(self.page, data={**hidden, **form_fields(paper)})
        return (time.perf_counter() - started) * 1000, answer.status_code


def _pairs(base: int) -> list[tuple[int, int]]:
    """The 20 entries of ten sheets from `base`: (clerk, sheet), each sheet's first entry by
    clerk c, its second by the clerk five places on."""
    firsts = [(clerk, base + clerk) for clerk in range(CLERKS)]
    return firsts + [(clerk, base + (clerk + CLERKS // 2) % CLERKS) for clerk in range(CLERKS)]


class Load:
    """The clerks, logged in, and what their saves measured, by phase."""

    def __init__(self, base_url: str, plan: dict):
        self.plan = plan
        self.clerks = [Clerk(base_url, plan["slug"], login) for login in plan["clerks"]]
        self.samples: dict[str, list[float]] = {}
        self.failures: list[str] = []
        self.lock = threading.Lock()

    def key(self, phase: str, clerk: int, sheet: int, before_save=None) -> None:
        paper = self.plan["sheets"][sheet]
        hidden = self.clerks[clerk].open(paper["code"])
        if before_save:
            before_save()
        elapsed, status = self.clerks[clerk].save(hidden, paper["paper"])
        with self.lock:
            self.samples.setdefault(phase, []).append(elapsed)
            if status != 302:
                self.failures.append(f"{paper['code']} by clerk {clerk + 1}: HTTP {status}")

    def burst(self, phase: str, base: int, pool) -> None:
        """Ten sheets keyed twice, the ten saves of each round leaving at the same instant."""
        barrier = threading.Barrier(CLERKS)
        pairs = _pairs(base)
        for round_pairs in (pairs[:CLERKS], pairs[CLERKS:]):
            list(pool.map(lambda pair: self.key(phase, *pair, barrier.wait), round_pairs))

    def alone(self, phase: str, base: int, sheets: int) -> None:
        """One save at a time: the page's own time, with nobody else saving."""
        for index in range(sheets):
            self.key(phase, 0, base + index)
            self.key(phase, 1, base + index)

    def paced(self, phase: str, base: int, sheets: int, keying: float, pool) -> None:
        """The ten clerks at work together: each opens a sheet, keys it for a while (uniform
        around `keying` seconds), saves, and takes the next; a sheet's first and second
        entries are two different clerks'."""
        work: list[list[int]] = [[] for _clerk in range(CLERKS)]
        for block in range(base, base + sheets - sheets % CLERKS, CLERKS):
            for clerk, sheet in _pairs(block):
                work[clerk].append(sheet)
        rng = random.Random(sum(work[0]))

        def clerk_day(clerk: int) -> None:
            for sheet in work[clerk]:
                pause = rng.uniform(0.2 * keying, 1.8 * keying)
                self.key(phase, clerk, sheet, lambda pause=pause: time.sleep(pause))

        list(pool.map(clerk_day, range(CLERKS)))


# Sheets per phase (the plan's order): warm-up, alone, paced, burst.
PHASES = {"warm_up": 10, "alone": 5, "paced": 30, "burst": 10}


def run_load(base_url: str, plan: dict, *, keying: float) -> dict:
    load = Load(base_url, plan)
    base = 0
    with ThreadPoolExecutor(CLERKS) as pool:
        # Every web process loads its code and templates (a cost of the server's start, not
        # of the event): not measured.
        load.burst("warm_up", base, pool)
        base += PHASES["warm_up"]
        load.alone("alone", base, PHASES["alone"])
        base += PHASES["alone"]
        load.paced("paced", base, PHASES["paced"], keying, pool)
        base += PHASES["paced"]
        load.burst("burst", base, pool)
    load.samples.pop("warm_up", None)
    return {
        "phases": {phase: summarize(values) for phase, values in load.samples.items()},
        "keying_seconds": keying,
        "failures": load.failures,
    }


def report(load: dict, left: dict, *, tables: int, workers: int, threads: int) -> dict:
    p95 = load["phases"]["paced"]["p95_ms"]
    return {
        "goal": "a whole sheet's save answered in < 300 ms p95 with 10 clerks at work at once "
        "(the paced phase); the burst phase is a stress figure, ten saves at the same instant",
        "setup": {"tables": tables, "clerks": CLERKS, "gunicorn": f"{workers}x{threads}"},
        "load_average_1_5_15": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
        **load,
        "left": left,
        "met": p95 is not None and p95 < 300 and not load["failures"],
    }


def write(report_data: dict, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report_data, indent=1))
