"""The director's day benchmark (`manage.py bench_director`, run by `make bench`; issue 29): a
128-player tournament (32 tables) on the live benchmark's stack (gunicorn + PostgreSQL +
Redis + Celery on loopback, tournaments/bench_live/stack.py). Its first session is played and
every sheet signed by its umpire; 300 spectators poll the public standings' live JSON every
5 s while players look for their seats on `/t/{slug}/seats/?q=` (a few a second, names typed
in part, accents and case their own), and in the middle the chief umpire countersigns the
whole session through the API.

The goals: the session countersigned in under 2 s (one request, 32 sheets), the seats page
under 100 ms p95, no error.
"""

import asyncio
import contextlib
import datetime
import os
import random
import time
import unicodedata

from tournaments.bench_live.load import Http, Recorder, live_version
from tournaments.bench_live.stats import Sample, by_kind

COUNTERSIGN_LIMIT_S = 2.0
SEATS_P95_LIMIT_MS = 100.0


# -- preparation (a child process, under Django, against the benchmark's database) ------------


def prepare(*, players: int, seed: int, slug: str, time_limit: float) -> dict:
    """The tournament: registered, lots drawn, the chart seated; session 1 played (as the demo
    plays it) and every sheet signed by its umpire, none countersigned; session 2 seated, not
    started (the seats page shows it). The plan: the session, the chief umpire's API token and
    the names the players type."""
    from django.db import transaction
    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    from tournaments.demo import builder, removal
    from tournaments.demo import users as demo_users
    from tournaments.history import acting_as
    from tournaments.models import TableSession, Tournament
    from tournaments.services.lots import lots_draw
    from tournaments.services.seating import seating_generate

    rng = random.Random(seed)
    for old in Tournament.objects.filter(slug=slug):
        removal.demo_delete(old)
    people = demo_users.demo_people(tables=players // 4)
    first_day = timezone.localdate() - datetime.timedelta(days=1)
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=f"Director's day benchmark ({players} players)",
            slug=slug,
            start_date=first_day,
            end_date=timezone.localdate() + datetime.timedelta(days=1),
            sessions_planned=7,
        )
        builder._register(tournament, rng, players)
    with acting_as(people.organiser):
        builder._accept_oaths(tournament)
        lots_draw(tournament=tournament, seed=f"lots-{seed}", drawn_by={players: "Bench"})
        seating_generate(tournament=tournament, seed=f"chart-{seed}", time_limit=time_limit)
    session = tournament.sessions.get(number=1)
    with transaction.atomic():
        builder._play_session(tournament, session, people, rng)
        builder._sign_off(session, people, countersign=False)
    signed = TableSession.objects.filter(session=session, status=TableSession.Status.SIGNED)
    names = list(tournament.players.values_list("name", "native_name"))
    return {
        "slug": slug,
        "session": session.number,
        "tables": session.table_sessions.count(),
        "signed": signed.count(),
        "chief_token": Token.objects.get_or_create(user=people.chief)[0].key,
        "queries": _queries(names, rng),
    }


def _queries(names: list[tuple[str, str]], rng: random.Random, count: int = 400) -> list[str]:
    """What players type: three letters or more of a name (a surname, a given name, or its
    start), in any case, without the accents, sometimes the native name's first characters."""
    queries = []
    for _n in range(count):
        name, native = rng.choice(names)
        if native and rng.random() < 0.15:
            queries.append(native[: rng.randint(1, 2)])
            continue
        word = rng.choice(name.split())
        typed = word[: rng.randint(3, max(3, len(word)))]
        if rng.random() < 0.5:
            typed = _without_accents(typed).lower()
        queries.append(typed)
    return queries


def _without_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


# -- the load (no Django: aiohttp in this process) ---------------------------------------------


async def _spectator(client, rec: Recorder, live: str, poll: float, stop, rng) -> None:
    """A phone on the standings: the live JSON every `poll` s (±20 %), with its version."""
    await asyncio.sleep(rng.uniform(0, poll))
    version = None
    while not stop.is_set():
        params = {"v": version} if version is not None else {}
        response = await rec.request(client, "public_live", "GET", live, params=params)
        if response is not None and response.status_code == 200:
            version = live_version(response)[0] or version
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), poll * rng.uniform(0.8, 1.2))


async def _seekers(client, rec: Recorder, seats: str, queries, per_second: float, stop, rng):
    """Players finding their seats: one query every 1/`per_second` s on average."""
    tasks = set()
    while not stop.is_set():
        query = rng.choice(queries)
        task = asyncio.create_task(rec.request(client, "seats", "GET", seats, params={"q": query}))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), rng.expovariate(per_second))
    await asyncio.gather(*tasks)


async def _warm_up(client, paths: list[str], rounds: int = 40) -> None:
    """Each web process loads the code and fills its caches on its first requests (a server
    just started): a few rounds of each page first, not measured, a few at a time."""
    for _round in range(rounds):
        await asyncio.gather(*(client.send("GET", path) for path in paths for _n in range(4)))


async def _countersign(client, rec: Recorder, url: str, token: str, at: float) -> dict:
    await asyncio.sleep(at)
    begin = time.perf_counter()
    response = await rec.request(
        client, "countersign", "POST", url, headers={"Authorization": f"Token {token}"}
    )
    seconds = time.perf_counter() - begin
    body = {}
    if response is not None:
        with contextlib.suppress(ValueError):
            body = response.json()
    return {
        "status": response.status_code if response is not None else 0,
        "seconds": round(seconds, 3),
        "countersigned": body.get("countersigned"),
        "not_signed": len(body.get("not_signed", []) or []),
    }


async def run_load(
    *,
    base_url: str,
    plan: dict,
    spectators: int,
    poll: float,
    seekers_per_second: float,
    duration: float,
    countersign_at: float,
    seed: int,
    warm_up_rounds: int = 40,
) -> dict:
    rng = random.Random(seed)
    slug = plan["slug"]
    live, seats = f"/t/{slug}/live.json", f"/t/{slug}/seats/"
    url = f"/api/tournaments/{slug}/sessions/{plan['session']}/countersign/"
    stop = asyncio.Event()
    async with Http(base_url, timeout=30) as client:
        await _warm_up(client, [live, f"{seats}?q={plan['queries'][0]}"], warm_up_rounds)
        rec = Recorder(origin=time.perf_counter())
        workers = [
            asyncio.create_task(_spectator(client, rec, live, poll, stop, rng))
            for _n in range(spectators)
        ]
        workers.append(
            asyncio.create_task(
                _seekers(client, rec, seats, plan["queries"], seekers_per_second, stop, rng)
            )
        )
        countersign = asyncio.create_task(
            _countersign(client, rec, url, plan["chief_token"], countersign_at)
        )
        await asyncio.sleep(duration)
        stop.set()
        await asyncio.gather(*workers)
        result = await countersign
    samples = [Sample(kind, start, ms, status) for kind, start, ms, status in rec.samples]
    return {
        "kinds": by_kind(samples),
        "windows": _windows(samples, countersign_at, duration),
        "countersign": result,
    }


def _windows(samples: list[Sample], countersign_at: float, duration: float) -> dict:
    """The figures by ten seconds of load (for information: where the slow requests are)."""
    windows = {}
    for low in range(0, int(duration), 10):
        inside = [s for s in samples if low <= s.start < low + 10]
        label = f"{low}-{low + 10}s" + (
            " (countersign)" if low <= countersign_at < low + 10 else ""
        )
        windows[label] = {
            kind: {"count": f["count"], "p95_ms": f["p95_ms"], "max_ms": f["max_ms"]}
            for kind, f in by_kind(inside).items()
        }
    return windows


# -- the report ---------------------------------------------------------------------------------


def verdict(kinds: dict, countersign: dict, tables: int) -> dict:
    seats_p95 = kinds.get("seats", {}).get("p95_ms")
    errors = sum(kind["error_count"] for kind in kinds.values())
    return {
        f"countersign_{tables}_tables_under_{COUNTERSIGN_LIMIT_S:g}s": {
            "seconds": countersign["seconds"],
            "countersigned": countersign["countersigned"],
            "ok": countersign["status"] == 200
            and countersign["countersigned"] == tables
            and countersign["seconds"] < COUNTERSIGN_LIMIT_S,
        },
        f"seats_p95_under_{int(SEATS_P95_LIMIT_MS)}ms": {
            "p95_ms": seats_p95,
            "ok": seats_p95 is not None and seats_p95 < SEATS_P95_LIMIT_MS,
        },
        "no_errors": {"errors": errors, "ok": errors == 0 and bool(kinds)},
    }


def report_of(*, load: dict, plan: dict, setup: dict) -> dict:
    return {
        "goal": "a 32-table session countersigned in under 2 s; find your seat p95 < 100 ms "
        "with 300 spectators polling the public standings; no error",
        "setup": setup,
        "load_average_1_5_15": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
        "requests": load["kinds"],
        "windows": load.get("windows", {}),
        "countersign": load["countersign"],
        "targets": verdict(load["kinds"], load["countersign"], plan["signed"]),
    }
