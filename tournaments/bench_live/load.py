"""The load of the live benchmark: umpires entering hands through the API, spectators polling
the public standings, and a watcher measuring how soon the public page shows a saved hand.

Several client processes (fork), each running asyncio + aiohttp, so that one Python process's
CPU is not the limit; every request's latency and status is kept (`stats.Sample`). No Django.

The clients share the server's two cores, so they must cost little: httpx's AsyncClient took
3.5 ms of CPU a request with a thousand connections open, aiohttp 0.2 ms (issue #31: the
load clients used a fifth of the machine at 1,000 players).
"""

import asyncio
import contextlib
import html
import json as jsonlib
import multiprocessing
import random
import re
import resource
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass

import aiohttp

from tournaments.bench_live.resend import Resender
from tournaments.bench_live.stats import Sample


@dataclass
class LoadConfig:
    base_url: str
    slug: str
    think_min: float = 10.0  # seconds between an umpire's hands (real umpires: minutes)
    think_max: float = 20.0
    spectators: int = 300
    poll_interval: float = 5.0  # the public page polls its live JSON every 5 s
    # public/static/public/live.js swaps in the live JSON's `html`: the page is fetched once.
    # True: fetch the whole page again at every change too (a page without that script).
    page_on_change: bool = False
    probe_tables: int = 10  # the tables whose every win is watched for freshness
    probe_interval: float = 0.05
    probe_timeout: float = 10.0
    request_timeout: float = 30.0
    # Seconds a client keeps an idle connection: less than the server's keep-alive, so that
    # the server never closes one under a request on its way (an error of the client's).
    keep_alive: float = 4.0
    processes: int = 3
    browsers: int = 20  # clients opening the public HTML pages, one after another
    browse_think_min: float = 2.0  # seconds a visitor reads a page before the next one
    browse_think_max: float = 5.0
    staff: int = 5  # directors refreshing the dashboard and the score-sheet list
    staff_think_min: float = 1.5
    staff_think_max: float = 2.5

    @property
    def page(self) -> str:
        return f"/t/{self.slug}/"

    @property
    def live(self) -> str:
        return f"/t/{self.slug}/live.json"


# -- what the public page shows ----------------------------------------------------------------

_NUMBER = re.compile(r"(?<![\d.,])([-−+]?\d[\d,]*)(?![\d.])")
_ROW_END = re.compile(r"</tr>|</li>|<tr[\s>]", re.IGNORECASE)


def texts_of(body) -> str:
    """Every string of a JSON document joined (the live JSON's fragments), or the text itself."""
    if isinstance(body, str):
        return body
    if isinstance(body, dict):
        return "\n".join(texts_of(value) for value in body.values())
    if isinstance(body, list):
        return "\n".join(texts_of(value) for value in body)
    return ""


def shows_contest_points(page: str, name: str, expected: int) -> bool:
    """Whether a row of the page that names the player (from the name to the row's end) shows
    `expected` among its whole numbers: the standings row with his new contest points."""
    for needle in {name, html.escape(name)}:
        start = 0
        while (found := page.find(needle, start)) >= 0:
            start = found + len(needle)
            if start < len(page) and page[start].isdigit():
                continue  # "Ana García 1" is not "Ana García 12"
            end = _ROW_END.search(page, start)
            segment = page[start : end.start() if end else start + 800]
            for token in _NUMBER.findall(segment):
                if int(token.replace(",", "").replace("−", "-")) == expected:
                    return True
    return False


def live_version(response: "Answer"):
    """The version token of the live JSON (None when it is not JSON)."""
    try:
        body = response.json()
    except ValueError:
        return None, None
    if isinstance(body, dict):
        return body.get("version", body.get("v")), body
    return None, body


# -- HTTP -------------------------------------------------------------------------------------


@dataclass
class Answer:
    """A response read whole: what the clients look at."""

    status_code: int
    headers: Mapping[str, str]
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", errors="replace")

    def json(self):
        return jsonlib.loads(self.content)


class Http:
    """An aiohttp session for one kind of client: `send` gives the Answer, or raises OSError
    or TimeoutError when there is none (the connection failed, closed or timed out)."""

    def __init__(
        self, base_url: str, *, timeout: float, keep_alive: float = 4.0, cookies: dict | None = None
    ):
        connector = aiohttp.TCPConnector(limit=0, keepalive_timeout=keep_alive)
        self.session = aiohttp.ClientSession(
            base_url,
            connector=connector,
            timeout=aiohttp.ClientTimeout(total=timeout),
            cookies=cookies or None,
        )
        self.resender = Resender()

    async def send(self, method: str, url: str, **kw) -> Answer:
        """The answer; a request whose connection the server closed unanswered is sent once
        more (bench_live/resend.py), counted in `resent`."""

        async def exchange() -> Answer:
            async with self.session.request(method, url, **kw) as response:
                return Answer(response.status, response.headers, await response.read())

        try:
            return await self.resender.send(exchange)
        except aiohttp.ClientError as error:
            raise OSError(str(error)) from error

    @property
    def resent(self) -> int:
        return self.resender.count

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.session.close()


# -- one client process ------------------------------------------------------------------------


class Recorder:
    def __init__(self, origin: float):
        self.origin = origin
        self.samples: list[tuple] = []
        self.freshness_ms: list[float] = []
        self.freshness_timeouts = 0
        self.freshness_unavailable = 0  # the public pages answered with an error
        self.resent = 0  # requests sent again (Http.send), all kinds together

    async def request(self, client: Http, kind: str, method: str, url: str, **kw):
        begin = time.perf_counter()
        try:
            response = await client.send(method, url, **kw)
            status = response.status_code
        except (OSError, TimeoutError):
            response, status = None, 0
        self.samples.append(
            (kind, begin - self.origin, (time.perf_counter() - begin) * 1000, status)
        )
        return response


async def umpire(client, rec: Recorder, cfg: LoadConfig, table: dict, cp_before: dict, rng):
    """One umpire at his table: read the sheet (ETag), save the next hand with If-Match,
    think, until the sheet is complete (16 hands)."""
    sheet = f"/api/score-sheets/{table['sheet_id']}/"
    auth = {"Authorization": f"Token {table['token']}"}
    totals = dict.fromkeys("ABCD", 0)
    failures = 0
    probes = []
    await asyncio.sleep(rng.uniform(0, cfg.think_max))  # the tables do not start in step
    while failures < 5:
        response = await rec.request(client, "sheet_get", "GET", sheet, headers=auth)
        if response is None or response.status_code != 200:
            failures += 1
            await asyncio.sleep(1)
            continue
        number = response.json().get("next_hand")
        if number is None:
            break  # complete: hand 16 saved
        body = table["hands"][number - 1]
        headers = {**auth, "If-Match": response.headers.get("ETag", "")}
        response = await rec.request(
            client, "hand_post", "POST", f"{sheet}hands/", json=body, headers=headers
        )
        if response is not None and response.status_code == 201:
            saved = time.perf_counter()
            for position, points in (response.json().get("payments") or {}).items():
                totals[position] = totals.get(position, 0) + points
            if table["table"] <= cfg.probe_tables and body["outcome"] == "win":
                seat = table["seats"][body["winner"]]
                expected = cp_before.get(str(seat["number"]), 0) + totals[body["winner"]]
                probes.append(asyncio.create_task(probe(client, rec, cfg, seat, expected, saved)))
        elif response is not None and response.status_code == 412:
            continue  # someone else changed the sheet: read it again at once
        else:
            failures += 1
        await asyncio.sleep(rng.uniform(cfg.think_min, cfg.think_max))
    await asyncio.gather(*probes)


async def probe(client, rec: Recorder, cfg: LoadConfig, seat: dict, expected: int, saved: float):
    """After a 201: poll the live JSON every 50 ms; when its version changes, look for the
    winner's new contest points in its fragments, else in the whole page."""
    deadline = saved + cfg.probe_timeout
    version = object()
    while time.perf_counter() < deadline:
        response = await rec.request(client, "probe_poll", "GET", cfg.live, params={"probe": 1})
        if response is not None and response.status_code == 404:
            rec.freshness_unavailable += 1  # no public page: nothing to watch
            return
        if response is not None and response.status_code == 200:
            new, body = live_version(response)
            if new is None or new != version:
                version = new
                if shows_contest_points(texts_of(body), seat["name"], expected):
                    rec.freshness_ms.append((time.perf_counter() - saved) * 1000)
                    return
                page = await rec.request(client, "probe_poll", "GET", cfg.page, params={"probe": 1})
                if page is not None and shows_contest_points(page.text, seat["name"], expected):
                    rec.freshness_ms.append((time.perf_counter() - saved) * 1000)
                    return
        await asyncio.sleep(cfg.probe_interval)
    rec.freshness_timeouts += 1


async def spectator(client, rec: Recorder, cfg: LoadConfig, stop: asyncio.Event, rng):
    """A phone on the standings page: the page once, then its live JSON every 5 s (±20 %),
    which carries the new standings when the version changed (and, if page_on_change, the
    whole page again then)."""
    await asyncio.sleep(rng.uniform(0, cfg.poll_interval))
    await rec.request(client, "public_page", "GET", cfg.page)
    version = None
    while not stop.is_set():
        params = {"v": version} if version is not None else {}
        response = await rec.request(client, "public_live", "GET", cfg.live, params=params)
        if response is not None and response.status_code == 200:
            new, _body = live_version(response)
            if new is not None and new != version:
                if version is not None and cfg.page_on_change:
                    await rec.request(client, "public_page", "GET", cfg.page)
                version = new
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), cfg.poll_interval * rng.uniform(0.8, 1.2))


async def browser(client, rec: Recorder, cfg: LoadConfig, pages, stop: asyncio.Event, rng):
    """A visitor reading the public pages (the plan's `public_pages`), one after another."""
    await asyncio.sleep(rng.uniform(0, cfg.browse_think_max))
    while not stop.is_set():
        await rec.request(client, "public_html", "GET", rng.choice(pages))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(
                stop.wait(), rng.uniform(cfg.browse_think_min, cfg.browse_think_max)
            )


async def director(client, rec: Recorder, cfg: LoadConfig, pages, stop: asyncio.Event, rng):
    """A logged-in director (the client carries the plan's `staff_cookie`) refreshing the
    dashboard and the score-sheet list (the plan's `staff_pages`)."""
    await asyncio.sleep(rng.uniform(0, cfg.staff_think_max))
    while not stop.is_set():
        await rec.request(client, "staff_page", "GET", rng.choice(pages))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(
                stop.wait(), rng.uniform(cfg.staff_think_min, cfg.staff_think_max)
            )


async def _client_main(cfg: LoadConfig, job: dict):
    rng = random.Random(job["seed"])
    await asyncio.sleep(max(0.0, job["start_at"] - time.time()))
    rec = Recorder(time.perf_counter())
    stop = asyncio.Event()
    http = {"timeout": cfg.request_timeout, "keep_alive": cfg.keep_alive}
    async with (
        Http(cfg.base_url, **http) as umpires,
        Http(cfg.base_url, **http) as public,
        Http(cfg.base_url, **http, cookies=job["staff_cookie"]) as staff,
    ):
        watchers = [
            *(spectator(public, rec, cfg, stop, rng) for _ in range(job["spectators"])),
            *(
                browser(public, rec, cfg, job["public_pages"], stop, rng)
                for _ in range(job["browsers"])
            ),
            *(
                director(staff, rec, cfg, job["staff_pages"], stop, rng)
                for _ in range(job["staff"])
            ),
        ]
        watching = [asyncio.create_task(watcher) for watcher in watchers]
        await asyncio.gather(
            *(umpire(umpires, rec, cfg, table, job["cp_before"], rng) for table in job["tables"])
        )
        stop.set()
        await asyncio.gather(*watching)
    rec.resent = umpires.resent + public.resent + staff.resent
    return rec


def _client_process(job: dict) -> dict:
    cfg = LoadConfig(**job["config"])
    rec = asyncio.run(_client_main(cfg, job))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "samples": rec.samples,
        "freshness_ms": rec.freshness_ms,
        "freshness_timeouts": rec.freshness_timeouts,
        "freshness_unavailable": rec.freshness_unavailable,
        "resent": rec.resent,
        "cpu_seconds": usage.ru_utime + usage.ru_stime,
    }


def split(items: list, parts: int) -> list[list]:
    """Deal the items round-robin into `parts` lists."""
    return [items[index::parts] for index in range(parts)]


def run_load(cfg: LoadConfig, plan: dict, *, seed: int = 1) -> dict:
    """Run every client process to the end; returns the samples and freshness of all."""
    parts = max(1, cfg.processes)
    start_at = time.time() + 2.0  # every process starts its clock together
    spectators, browsers, staff = (
        [len(chunk) for chunk in split(list(range(count)), parts)]
        for count in (cfg.spectators, cfg.browsers, cfg.staff)
    )
    jobs = [
        {
            "config": asdict(cfg),
            "tables": tables,
            "spectators": spectators[index],
            "browsers": browsers[index],
            "staff": staff[index] if plan.get("staff_pages") else 0,
            "public_pages": plan.get("public_pages") or [cfg.page],
            "staff_pages": plan.get("staff_pages") or [],
            "staff_cookie": plan.get("staff_cookie") or {},
            "cp_before": plan["contest_points_before"],
            "start_at": start_at,
            "seed": seed * 1000 + index,
        }
        for index, tables in enumerate(split(plan["tables"], parts))
    ]
    began = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(parts) as pool:
        results = pool.map(_client_process, jobs)
    duration = time.perf_counter() - began - 2.0
    return {
        "samples": [Sample(*sample) for result in results for sample in result["samples"]],
        "freshness_ms": [ms for result in results for ms in result["freshness_ms"]],
        "freshness_timeouts": sum(result["freshness_timeouts"] for result in results),
        "freshness_unavailable": sum(result["freshness_unavailable"] for result in results),
        "client_cpu_seconds": round(sum(result["cpu_seconds"] for result in results), 1),
        "resent": sum(result["resent"] for result in results),
        "duration_s": duration,
    }


def _kinds(slug: str) -> list:
    return [
        ("hand_post", "POST", re.compile(r"^/api/score-sheets/\d+/hands/$")),
        ("sheet_get", "GET", re.compile(r"^/api/score-sheets/\d+/$")),
        ("public_live", "GET", re.compile(rf"^/t/{re.escape(slug)}/live\.json$")),
        ("public_page", "GET", re.compile(rf"^/t/{re.escape(slug)}/$")),
        ("public_html", "GET", re.compile(rf"^/t/{re.escape(slug)}/(sessions|players)/\d+/$")),
        ("public_html", "GET", re.compile(rf"^/t/{re.escape(slug)}/chart/$")),
        ("staff_page", "GET", re.compile(r"^/admin/")),
    ]


def _access_lines(access_log_text: str, slug: str):
    """(kind, wall µs, CPU µs or None) of each request of ours in gunicorn's access log
    (`%(m)s "%(U)s" %(s)s %(D)s %({x-request-cpu}o)s`)."""
    patterns = _kinds(slug)
    for line in access_log_text.splitlines():
        match = re.match(r'^(\w+) "([^"]*)" (\d+) (\d+)(?: (\d+|-))?$', line.strip())
        if not match:
            continue
        method, path, _status, micros, cpu = match.groups()
        for kind, wanted, pattern in patterns:
            if method == wanted and pattern.match(path):
                yield kind, int(micros), int(cpu) if cpu and cpu != "-" else None
                break


def server_side(access_log_text: str, slug: str) -> dict:
    """gunicorn's own time per request kind, to tell the server's time from queueing and the
    client's."""
    from tournaments.bench_live.stats import summarize

    times: dict[str, list[float]] = {}
    for kind, micros, _cpu in _access_lines(access_log_text, slug):
        times.setdefault(kind, []).append(micros / 1000)
    return {kind: summarize(values) for kind, values in sorted(times.items())}


def server_cpu(access_log_text: str, slug: str) -> dict:
    """Where the web processes' CPU went: per request kind, the CPU time of its requests
    (RequestCpuMiddleware's header) in all, per request, and as a share of the whole. What a
    request renders for everyone (a new version's page) counts to the request that did it."""
    cpu: dict[str, list[int]] = {}
    for kind, _micros, micros in _access_lines(access_log_text, slug):
        if micros is not None:
            cpu.setdefault(kind, []).append(micros)
    whole = sum(sum(values) for values in cpu.values()) or 1
    return {
        kind: {
            "count": len(values),
            "cpu_s": round(sum(values) / 1e6, 1),
            "mean_ms": round(sum(values) / len(values) / 1000, 2),
            "p50_ms": round(sorted(values)[len(values) // 2] / 1000, 2),
            "share": round(sum(values) / whole, 3),
        }
        for kind, values in sorted(cpu.items())
    }
