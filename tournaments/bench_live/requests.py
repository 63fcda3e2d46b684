"""The CPU and the queries of one request of each kind, in this process (issue #31's per-request
targets): no server, no network, no other load. Each request goes through the whole Django
stack (middleware, authentication, views, templates) by Django's test client.

The tournament is the live benchmark's (prepare.py): its first sessions played and signed, the
next one started with an umpire per table. The figures are the median (and the 90th
percentile) of CPU seconds (`time.process_time`) and the queries of each request.
"""

import cProfile
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from django.core.cache import cache
from django.db import connection, reset_queries
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings

from tournaments.live import live_touch

HOST = "localhost"  # one of the hosts the embedded defaults allow


@dataclass
class Figures:
    cpu_ms: list[float] = field(default_factory=list)
    queries: list[int] = field(default_factory=list)
    statuses: set[int] = field(default_factory=set)

    def summary(self) -> dict:
        ordered = sorted(self.cpu_ms)
        return {
            "requests": len(ordered),
            "cpu_ms_median": round(statistics.median(ordered), 2),
            "cpu_ms_p90": round(ordered[int(0.9 * (len(ordered) - 1))], 2),
            "queries_median": statistics.median(self.queries),
            "queries_max": max(self.queries),
            "statuses": sorted(self.statuses),
        }


def measure(
    figures: Figures, request: Callable, *, expect: tuple[int, ...] = (200,), profiler=None
):
    """Run `request()` once, recording its CPU and its queries (and its profile, if given a
    cProfile.Profile: the CPU figure then includes the profiler's cost); returns the
    response."""
    reset_queries()
    with CaptureQueriesContext(connection) as queries:
        begin = time.process_time()
        if profiler is not None:
            profiler.enable()
        response = request()
        if profiler is not None:
            profiler.disable()
        cpu = time.process_time() - begin
    figures.cpu_ms.append(1000 * cpu)
    figures.queries.append(len(queries.captured_queries))
    figures.statuses.add(response.status_code)
    if response.status_code not in expect:
        raise RuntimeError(f"{response.status_code}: {response.content[:300]!r}")
    return response


class RequestBench:
    """Times each kind of request against the prepared tournament (`plan` from prepare())."""

    def __init__(self, plan: dict, *, staff_user, repeat: int, profile: bool = False):
        self.plan = plan
        self.repeat = repeat
        self.profiles: dict[str, cProfile.Profile] | None = {} if profile else None
        self.tables = plan["tables"]
        self.staff = Client(HTTP_HOST=HOST)
        self.staff.force_login(staff_user)
        self.spectator = Client(HTTP_HOST=HOST)
        self.next_hand = {table["sheet_id"]: 1 for table in self.tables}

    def _profiler(self, kind: str) -> cProfile.Profile | None:
        if self.profiles is None:
            return None
        return self.profiles.setdefault(kind, cProfile.Profile())

    def _umpire(self, table: dict) -> Client:
        return Client(HTTP_HOST=HOST, HTTP_AUTHORIZATION=f"Token {table['token']}")

    def sheet_get(self) -> dict:
        figures = Figures()
        for index in range(self.repeat):
            table = self.tables[index % len(self.tables)]
            client = self._umpire(table)
            measure(
                figures,
                partial(client.get, f"/api/score-sheets/{table['sheet_id']}/"),
                profiler=self._profiler("sheet_get"),
            )
        return figures.summary()

    def hand_post(self) -> dict:
        """The next hand of each table in turn, with the version the umpire read (the read
        is not counted)."""
        figures = Figures()
        for index in range(self.repeat):
            table = self.tables[index % len(self.tables)]
            number = self.next_hand[table["sheet_id"]]
            if number > len(table["hands"]):
                break
            client = self._umpire(table)
            url = f"/api/score-sheets/{table['sheet_id']}/"
            etag = client.get(url).headers["ETag"]
            body = table["hands"][number - 1]
            measure(
                figures,
                partial(
                    client.post,
                    f"{url}hands/",
                    body,
                    content_type="application/json",
                    HTTP_IF_MATCH=etag,
                ),
                expect=(201,),
                profiler=self._profiler("hand_post"),
            )
            self.next_hand[table["sheet_id"]] = number + 1
        return figures.summary()

    def live_poll_unchanged(self) -> dict:
        url = f"/t/{self.plan['slug']}/live.json"
        version = self.spectator.get(url, {"page": "standings"}).json()["version"]
        figures = Figures()
        for _index in range(self.repeat):
            response = measure(
                figures,
                lambda: self.spectator.get(url, {"page": "standings", "v": version}),
                profiler=self._profiler("live_poll_unchanged"),
            )
            if response.json()["changed"]:
                raise RuntimeError("the version moved during the unchanged polls")
        return figures.summary()

    def live_poll_after_a_change(self, page: str) -> dict:
        """A new version (as after a hand) and the first poll of a page: the page's live part
        computed and rendered once for this version."""
        url = f"/t/{self.plan['slug']}/live.json"
        figures = Figures()
        with override_settings(PUBLIC_RENDER_SECONDS=0):
            for _index in range(max(3, self.repeat // 10)):
                live_touch(self.plan["tournament_id"])
                measure(
                    figures,
                    lambda: self.spectator.get(url, {"page": page, "v": "old"}),
                    profiler=self._profiler(f"live_poll_after_a_change_{page}"),
                )
        return figures.summary()

    def staff_page(self, kind: str, path: str) -> dict:
        figures = Figures()
        for _index in range(max(3, self.repeat // 10)):
            cache.clear()  # what a refresh costs when nothing is cached for it
            measure(figures, lambda: self.staff.get(path), profiler=self._profiler(kind))
        return figures.summary()
