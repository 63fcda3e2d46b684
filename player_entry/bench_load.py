"""The phones of the players' benchmark (`manage.py bench_phones`, issue 28): plain asyncio and
aiohttp, no Django (they run in client processes forked from the command).

Each phone signs in with its link, then polls `/me/table/state.json` every 5 s (±20 %) with
`If-None-Match`, as the page does. At each table, every 3 minutes (±10 %), one player enters the
next hand and another confirms it once his own poll shows it (a few seconds' reading later).
Every write goes through the phone's queue, as `player_entry/static/player_entry/table.js`
does: in order, with its idempotency key and the sheet's version the phone last read; with no
answer (the server unreachable), the item stays queued and the queue is tried again at each
poll. An item sent after the network came back is sent a second time with the same key, as a
phone whose answer was lost would: it must find the same entry, not make another.
"""

import asyncio
import contextlib
import json
import multiprocessing
import random
import re
import resource
import time
import uuid
from dataclasses import asdict, dataclass, field

import aiohttp

from tournaments.bench_live.resend import Resender  # no Django either

PENDING = re.compile(r'data-entry="(\d+)" data-state="pending"')
CSRF_COOKIE = "csrftoken"


@dataclass
class PhoneConfig:
    base_url: str
    poll: float = 5.0
    cycle: float = 180.0
    read_min: float = 2.0
    read_max: float = 6.0
    timeout: float = 10.0
    # Seconds from the start of the clock: the measured steady phase ends when the server
    # goes away (`outage_at`); the load ends at `end_at`.
    outage_at: float = 360.0
    end_at: float = 540.0


@dataclass
class Sample:
    kind: str  # entry, confirm, poll, replay
    start: float  # seconds since the clock started
    ms: float
    status: int  # 0: no answer


@dataclass
class Item:
    """One write waiting in a phone's queue."""

    kind: str  # "entry" or "confirm"
    key: str
    body: dict = field(default_factory=dict)
    version: int | None = None
    entry_id: int | None = None
    queued_at: float = 0.0
    failures: int = 0
    done: asyncio.Future | None = None


class Phone:
    """One player's phone: its cookies, what its last poll showed, its queue."""

    def __init__(self, http: aiohttp.ClientSession, token: str, clock, samples, replays):
        self.http = http
        self.token = token
        self.clock = clock
        self.samples = samples
        self.replays = replays
        self.cookies: dict[str, str] = {}
        self.etag = ""
        self.sheet_version: int | None = None
        self.pending: set[int] = set()
        self.changed = asyncio.Event()
        self.queue: list[Item] = []
        self.sending = asyncio.Lock()
        self.resender = Resender()

    @property
    def resends(self) -> int:
        """Requests sent again because the server closed their connection unanswered."""
        return self.resender.count

    # -- HTTP -------------------------------------------------------------------------------

    def _headers(self, extra: dict | None = None) -> dict:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if CSRF_COOKIE in self.cookies:
            headers["X-CSRFToken"] = self.cookies[CSRF_COOKIE]
        return {**headers, **(extra or {})}

    async def _send(self, kind: str | None, method: str, url: str, **kw):
        """(status, headers, body); status 0 when there was no answer. A request whose kept-alive
        connection the server closed before answering (a web process restarted by
        `max_requests`) is sent again at once, as a browser does (tournaments/bench_live/
        resend.py): timed as one request, counted in `resends`."""
        began = time.perf_counter()
        try:
            status, headers, body = await self.resender.send(
                lambda: self._exchange(method, url, **kw)
            )
        except (aiohttp.ClientError, OSError, TimeoutError):
            status, headers, body = 0, {}, b""
        if kind is not None:
            ms = (time.perf_counter() - began) * 1000
            self.samples.append(Sample(kind, round(self.clock.now() - ms / 1000, 3), ms, status))
        return status, headers, body

    async def _exchange(self, method: str, url: str, **kw):
        async with self.http.request(method, url, allow_redirects=False, **kw) as answer:
            body = await answer.read()
            for name, morsel in answer.cookies.items():
                self.cookies[name] = morsel.value
            return answer.status, answer.headers, body

    async def sign_in(self) -> None:
        status, _h, _b = await self._send(None, "GET", f"/p/{self.token}/")
        if status != 302:
            raise RuntimeError(f"the link /p/{self.token[:6]}…/ answered {status}")
        await self._read_page()

    async def _read_page(self) -> None:
        status, _h, _b = await self._send(None, "GET", "/me/table/", headers=self._headers())
        if status != 200:
            raise RuntimeError(f"/me/table/ answered {status}")
        await self.poll(kind=None)

    # -- the poll -----------------------------------------------------------------------------

    async def poll(self, kind: str | None = "poll") -> None:
        headers = self._headers({"If-None-Match": self.etag} if self.etag else None)
        status, _h, body = await self._send(kind, "GET", "/me/table/state.json", headers=headers)
        if status == 200:
            state = json.loads(body)
            self.etag = state["version"] or ""
            self.sheet_version = state.get("sheet_version")
            self.pending = {int(pk) for pk in PENDING.findall(state["html"])}
            self.changed.set()
        if status in (200, 304):
            await self.flush()

    async def polling(self, cfg: PhoneConfig, stop: asyncio.Event, rng: random.Random):
        await asyncio.sleep(rng.uniform(0, cfg.poll))
        while not stop.is_set():
            await self.poll()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), rng.uniform(0.8 * cfg.poll, 1.2 * cfg.poll))

    # -- the queue ----------------------------------------------------------------------------

    def enqueue(self, item: Item) -> asyncio.Future:
        item.queued_at = self.clock.now()
        item.done = asyncio.get_running_loop().create_future()
        self.queue.append(item)
        asyncio.ensure_future(self.flush())
        return item.done

    async def flush(self) -> None:
        """Send the queued items in order; stop at the first with no answer."""
        async with self.sending:
            while self.queue:
                item = self.queue[0]
                status, body = await self._post(item, item.kind)
                if status == 0 or status >= 500:
                    item.failures += 1
                    return
                self.queue.pop(0)
                if item.failures:  # it waited for the network
                    await self._replay(item, status, body)
                item.done.set_result((status, body))

    async def _post(self, item: Item, kind: str):
        if item.kind == "entry":
            url = "/me/table/entries.json"
            extra = {"If-Match": f'"{item.version}"', "Idempotency-Key": item.key}
        else:
            url = f"/me/table/entries/{item.entry_id}/confirm.json"
            extra = {}
        headers = self._headers({**extra, "Content-Type": "application/json"})
        status, _h, body = await self._send(
            kind, "POST", url, data=json.dumps(item.body), headers=headers
        )
        return status, (json.loads(body) if body.startswith(b"{") else {})

    async def _replay(self, item: Item, status: int, body: dict) -> None:
        """Sent after the network came back: send it again, as a phone whose answer was lost.
        The server must answer with the same entry and change nothing."""
        if item.kind != "entry" or status not in (200, 201):
            return
        again, body_again = await self._post(item, "replay")
        same = again == 200 and body_again.get("id") == body.get("id")
        self.replays.append({"key": item.key, "status": again, "same_entry": same})


class Clock:
    """Seconds since the load began, on the wall clock every process shares (the command
    stops the server at `outage_at` on the same clock)."""

    def __init__(self, origin: float):
        self.origin = origin

    def now(self) -> float:
        return time.time() - self.origin


async def table_play(table: dict, phones: dict, cfg: PhoneConfig, clock: Clock, log, rng):
    """One entry and one confirmation every `cycle` seconds at this table, from its phones."""
    hands = iter(enumerate(table["hands"], start=1))
    next_at = rng.uniform(0, cfg.cycle)
    seats = sorted(phones)
    while True:
        await asyncio.sleep(max(0.0, next_at - clock.now()))
        if clock.now() >= cfg.end_at - cfg.cycle / 6:
            return
        number, hand = next(hands, (None, None))
        if hand is None:
            return
        enterer = rng.choice(seats)
        # Any player enters it; one who neither entered it nor won it confirms it (3.7.1).
        confirmer = rng.choice(
            [seat for seat in seats if seat not in (enterer, hand.get("winner"))]
        )
        label = f"{table['table']}-{number}"
        await _one_hand(phones[enterer], phones[confirmer], (label, hand), cfg, clock, log, rng)
        next_at += cfg.cycle * rng.uniform(0.9, 1.1)


async def _one_hand(enterer: Phone, confirmer: Phone, labelled, cfg, clock, log, rng) -> None:
    """`labelled`: (table-number, the hand's body); a hand the server refuses because the sheet
    moved on (412) is entered again once the phone read the sheet, as the player would."""
    label, hand = labelled
    entered_at = clock.now()
    item = Item("entry", uuid.uuid4().hex, body=hand, version=enterer.sheet_version)
    status, body = await _answered(enterer.enqueue(item), cfg, clock)
    offline = item.failures > 0
    log["entries"].append(
        {"hand": label, "key": item.key, "status": status, "at": round(entered_at, 1),
         "offline": offline}
    )  # fmt: skip
    if status == 412:  # the sheet moved on since his page read it: he reads it, enters again
        await enterer.poll()
        item = Item("entry", uuid.uuid4().hex, body=hand, version=enterer.sheet_version)
        status, body = await _answered(enterer.enqueue(item), cfg, clock)
        log["entries"].append(
            {"hand": label, "key": item.key, "status": status, "at": round(clock.now(), 1),
             "offline": False, "again": True}
        )  # fmt: skip
    if status not in (200, 201):
        return
    entry_id = body["id"]
    while entry_id not in confirmer.pending:  # his poll shows it
        confirmer.changed.clear()
        if clock.now() > cfg.end_at + 60:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(confirmer.changed.wait(), cfg.poll * 2)
    await asyncio.sleep(rng.uniform(cfg.read_min, cfg.read_max))
    answer = Item("confirm", uuid.uuid4().hex, entry_id=entry_id)
    status, body = await _answered(confirmer.enqueue(answer), cfg, clock)
    log["confirms"].append(
        {
            "hand": label,
            "key": item.key,
            "status": status,
            "entry_status": body.get("status"),
            "offline": offline or answer.failures > 0,
            "recorded_at": round(clock.now(), 1),
        }
    )


async def _answered(future: asyncio.Future, cfg: PhoneConfig, clock: Clock):
    """The server's answer to a queued item; (-1, {}) if still queued long after the end."""
    try:
        return await asyncio.wait_for(future, max(1.0, cfg.end_at + 120 - clock.now()))
    except TimeoutError:
        return -1, {}


async def _client_main(cfg: PhoneConfig, job: dict) -> dict:
    rng = random.Random(job["seed"])
    samples: list[Sample] = []
    log = {"entries": [], "confirms": []}
    connector = aiohttp.TCPConnector(limit=0, keepalive_timeout=4.0)
    async with aiohttp.ClientSession(
        cfg.base_url,
        connector=connector,
        cookie_jar=aiohttp.DummyCookieJar(),
        timeout=aiohttp.ClientTimeout(total=cfg.timeout),
    ) as http:
        clock = Clock(job["start_at"])
        replays: list[dict] = []
        tables = []
        for table in job["tables"]:
            phones = {
                seat: Phone(http, token, clock, samples, replays)
                for seat, token in table["tokens"].items()
            }
            tables.append((table, phones))
        everyone = [phone for _table, phones in tables for phone in phones.values()]
        await _sign_in(everyone)  # not measured
        late = round(time.time() - job["start_at"], 1)
        await asyncio.sleep(max(0.0, -late))
        stop = asyncio.Event()
        polling = [asyncio.create_task(p.polling(cfg, stop, rng)) for p in everyone]
        await asyncio.gather(
            *(table_play(table, phones, cfg, clock, log, rng) for table, phones in tables)
        )
        stop.set()
        await asyncio.gather(*polling)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "samples": [asdict(sample) for sample in samples],
        "log": log,
        "replays": replays,
        "signed_in_late_s": max(0.0, late),
        "resends": sum(phone.resends for phone in everyone),
        "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 1),
    }


async def _sign_in(phones: list[Phone], at_once: int = 16) -> None:
    gate = asyncio.Semaphore(at_once)

    async def one(phone: Phone) -> None:
        async with gate:
            await phone.sign_in()

    await asyncio.gather(*(one(phone) for phone in phones))


def _client_process(job: dict) -> dict:
    return asyncio.run(_client_main(PhoneConfig(**job["config"]), job))


def start_load(cfg: PhoneConfig, plan: dict, *, processes: int, seed: int, start_at: float):
    """The client processes, started: `.get()` on the result waits for their reports."""
    jobs = [
        {
            "config": asdict(cfg),
            "tables": plan["tables"][index::processes],
            "start_at": start_at,
            "seed": seed * 1000 + index,
        }
        for index in range(processes)
    ]
    pool = multiprocessing.get_context("fork").Pool(processes)
    return pool, pool.map_async(_client_process, jobs)
