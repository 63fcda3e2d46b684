"""The live benchmark's pieces (tournaments/bench_live/): percentiles, the report, what counts
as the public page showing a hand, the access log, and a tiny run of the load clients against the
test server (one table, its umpire entering its 16 hands through the API)."""

import asyncio
import json
import random
import time

import pytest
from django.contrib.auth.models import Group
from django.http import HttpResponse
from rest_framework.authtoken.models import Token

from tests.tournaments.factories import TournamentFactory, seated_table
from tournaments.bench_live import load, stats
from tournaments.bench_live.prepare import _hand_plan, _public_pages, _staff_pages, _staff_session
from tournaments.bench_live.stats import Sample
from tournaments.models import Hand, TableSession
from tournaments.models.play import HANDS_PER_SESSION
from tournaments.roles import ROLE_GROUPS, Role

# -- percentiles -------------------------------------------------------------------------------


def test_the_percentile_interpolates_between_the_closest_ranks():
    values = list(range(1, 101))  # 1..100
    assert stats.percentile(values, 50) == pytest.approx(50.5)
    assert stats.percentile(values, 95) == pytest.approx(95.05)
    assert stats.percentile(values, 99) == pytest.approx(99.01)
    assert stats.percentile(values, 100) == 100
    assert stats.percentile(values, 0) == 1


def test_the_percentile_does_not_depend_on_the_order_of_the_values():
    values = [30.0, 10.0, 20.0, 40.0]
    shuffled = random.Random(3).sample(values, len(values))
    assert stats.percentile(shuffled, 50) == stats.percentile(values, 50) == 25.0


def test_the_percentile_of_one_value_is_that_value_and_of_none_is_none():
    assert stats.percentile([7.5], 95) == 7.5
    assert stats.percentile([], 95) is None


def test_the_percentile_refuses_a_rank_outside_0_to_100():
    with pytest.raises(ValueError):
        stats.percentile([1, 2], 101)


def test_a_summary_gives_count_p50_p95_p99_max_and_mean():
    summary = stats.summarize([10, 20, 30, 40])
    assert summary == {
        "count": 4,
        "p50_ms": 25.0,
        "p95_ms": 38.5,
        "p99_ms": 39.7,
        "max_ms": 40,
        "mean_ms": 25.0,
    }
    assert stats.summarize([])["p95_ms"] is None


# -- the report --------------------------------------------------------------------------------


def _samples():
    hands = [Sample("hand_post", i / 10, 100.0 + i, 201) for i in range(20)]
    pages = [Sample("public_page", i / 10, 20.0, 200) for i in range(19)]
    pages.append(Sample("public_page", 2.0, 30000.0, 0))  # a timeout
    polls = [Sample("public_live", i / 10, 5.0, 200) for i in range(40)]
    browsing = [Sample("public_html", i / 10, 150.0, 200) for i in range(10)]
    staff = [Sample("staff_page", i / 10, 400.0 + 20 * i, 200) for i in range(10)]
    return [*hands, *pages, *polls, *browsing, *staff, Sample("sheet_get", 1.0, 50.0, 503)]


def _report(samples, **extra):
    return stats.build_report(
        samples=samples,
        freshness_delays_ms=[120.0, 80.0, 300.0],
        freshness_timeouts=1,
        freshness_timeout_s=10.0,
        duration_s=10.0,
        settings={"gunicorn": "5 workers x 4 threads"},
        setup={"players": 500},
        cpu_seconds={"gunicorn": 12.0},
        server_side={},
        missing=[],
        **extra,
    )


def test_the_report_counts_errors_by_status_per_request_kind():
    requests = _report(_samples())["requests"]
    assert requests["hand_post"]["count"] == 20
    assert requests["hand_post"]["errors"] == {}
    assert requests["public_page"]["statuses"] == {"0": 1, "200": 19}
    assert requests["public_page"]["errors"] == {"0": 1}
    assert requests["sheet_get"]["errors"] == {"503": 1}


def test_the_report_has_the_figures_the_issue_asks_for():
    report = _report(_samples())
    assert {"machine", "settings", "setup", "requests", "freshness", "targets", "missing"} <= set(
        report
    )
    assert report["machine"]["cpu_cores"] >= 1
    assert report["throughput_rps"]["hand_post"] == 2.0
    assert report["freshness"]["count"] == 3
    assert report["freshness"]["p50_ms"] == 120.0
    assert report["freshness"]["not_shown_within_timeout"] == 1
    assert report["freshness"]["max_ms"] == 300.0


def test_the_targets_fail_on_errors_and_on_a_slow_p95():
    targets = _report(_samples())["targets"]
    assert targets["hand_post_p95_under_300ms"]["ok"] is True
    assert targets["public_page_p95_under_100ms"]["ok"] is False  # the 30 s timeout
    assert targets["public_live_p95_under_100ms"]["ok"] is True
    assert targets["public_html_p95_under_300ms"]["ok"] is True
    assert targets["staff_page_p95_under_500ms"]["ok"] is False  # p95 of 400..580 ms
    assert targets["no_errors"] == {"errors": 2, "ok": False}
    clean = [s for s in _samples() if s.status in (200, 201) and s.ms < 500]
    targets = _report(clean)["targets"]
    assert all(check["ok"] for check in targets.values())


def test_the_targets_fail_when_nothing_was_measured():
    targets = _report([])["targets"]
    assert not any(check["ok"] for check in targets.values())


def test_the_printed_summary_names_every_request_kind_and_the_freshness():
    lines = "\n".join(stats.summary_lines(_report(_samples())))
    for kind in ("hand_post", "public_page", "sheet_get", "freshness", "FAIL", "OK"):
        assert kind in lines


def test_the_speed_gauge_is_reported_and_printed_beside_the_figures():
    gauge = {"before": stats.speed_gauge_ms(repeat=1), "after": 12.5}
    assert gauge["before"] > 0
    report = _report(_samples(), speed_gauge=gauge)
    assert report["machine"]["speed_gauge_ms"] == gauge
    lines = "\n".join(stats.summary_lines(report))
    assert f"{gauge['before']} before the load, 12.5 after" in lines


def test_more_work_takes_the_gauge_longer_on_the_same_machine(monkeypatch):
    """It measures CPU, not wall time: a loop of the same work, not a sleep."""
    import time as clock

    readings = iter([0.0, 0.040, 0.0, 0.025, 0.0, 0.031])
    monkeypatch.setattr(clock, "process_time", lambda: next(readings))
    assert stats.speed_gauge_ms(repeat=3) == 25.0  # the best of three


# -- what the public page shows ----------------------------------------------------------------

ROWS = """<table><tr><td>3</td><td>Ana García 12</td><td>7</td><td>−48</td></tr>
<tr><td>1</td><td>Ana García 1</td><td>4.5</td><td>215</td></tr>
<tr><td>2</td><td>O&#x27;Neil &amp; Co 3</td><td>4</td><td>1,204</td></tr></table>"""


def test_the_page_shows_the_figure_in_the_row_that_names_the_player():
    assert load.shows_contest_points(ROWS, "Ana García 1", 215)
    assert load.shows_contest_points(ROWS, "Ana García 12", -48)


def test_a_figure_in_another_players_row_does_not_count():
    assert not load.shows_contest_points(ROWS, "Ana García 1", -48)  # that is García 12's
    assert not load.shows_contest_points(ROWS, "Ana García 12", 215)
    assert not load.shows_contest_points(ROWS, "Nobody 5", 215)


def test_names_are_found_escaped_and_thousands_read_whole():
    assert load.shows_contest_points(ROWS, "O'Neil & Co 3", 1204)
    assert not load.shows_contest_points(ROWS, "O'Neil & Co 3", 204)


def test_the_live_json_fragments_are_searched_as_text():
    body = {"version": "abc", "fragments": {"players": ROWS, "teams": "<p>none</p>"}}
    assert load.shows_contest_points(load.texts_of(body), "Ana García 1", 215)


# -- the rest ----------------------------------------------------------------------------------


def test_the_access_log_gives_the_server_side_time_per_kind():
    log = "\n".join(
        [
            'POST "/api/score-sheets/12/hands/" 201 45000',
            'GET "/api/score-sheets/12/" 200 15000',
            'GET "/t/open/live.json" 200 800',
            'GET "/t/open/" 200 3000',
            'GET "/t/other/" 200 9999000',
            "not a line of ours",
        ]
    )
    figures = load.server_side(log, "open")
    assert figures["hand_post"]["p50_ms"] == 45.0
    assert figures["sheet_get"]["p50_ms"] == 15.0
    assert figures["public_live"]["p50_ms"] == 0.8
    assert figures["public_page"] == stats.summarize([3.0])


def test_the_access_log_gives_the_cpu_per_kind_and_its_share():
    log = "\n".join(
        [
            'POST "/api/score-sheets/12/hands/" 201 45000 30000',
            'POST "/api/score-sheets/13/hands/" 201 45000 10000',
            'GET "/t/open/live.json" 200 800 500',
            'GET "/t/open/live.json" 200 800 -',
            'GET "/t/other/" 200 9999000 9999000',
        ]
    )
    figures = load.server_cpu(log, "open")
    assert figures["hand_post"] == {
        "count": 2, "cpu_s": 0.0, "mean_ms": 20.0, "p50_ms": 30.0, "share": 0.988
    }  # fmt: skip
    assert figures["public_live"]["count"] == 1 and figures["public_live"]["mean_ms"] == 0.5


def test_the_request_cpu_header_is_off_unless_asked_for(client, db):
    assert "X-Request-CPU" not in client.get("/t/").headers


def test_the_request_cpu_middleware_gives_the_threads_cpu_time(rf):
    from tournaments.middleware import RequestCpuMiddleware

    def busy(request):
        sum(range(200_000))
        return HttpResponse("ok")

    response = RequestCpuMiddleware(busy)(rf.get("/"))
    assert int(response["X-Request-CPU"]) > 0


def test_the_clients_are_dealt_round_robin_to_the_processes():
    assert load.split(list(range(7)), 3) == [[0, 3, 6], [1, 4], [2, 5]]


def test_the_hand_plan_has_sixteen_valid_bodies():
    bodies = _hand_plan(random.Random(5))
    assert len(bodies) == HANDS_PER_SESSION
    for body in bodies:
        if body["outcome"] == "win":
            assert body["winner"] in "ABCD" and body["discarder"] != body["winner"]
            assert "seat_wind" not in body["hand"] and "concealed" in body["hand"]


# -- a tiny run against the test server --------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_tiny_run_enters_a_whole_sheet_through_the_api(live_server, django_user_model, settings):
    # Every hand must show at once (no render interval). Each stays on the sheet half a second
    # before the next: a probe that sees the page only after the next hand would wait for
    # figures that are already gone (a loaded machine, CI's, took that long).
    settings.PUBLIC_RENDER_SECONDS = 0
    tournament = TournamentFactory()
    sheet = seated_table(tournament, started=True)
    umpire = django_user_model.objects.create_user("bench-umpire-1", is_staff=True)
    umpire.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role.UMPIRE])[0])
    sheet.umpire = umpire
    sheet.save(update_fields=["umpire"])
    seats = {
        s.position: {"number": s.player.lot_number, "name": s.player.name}
        for s in sheet.seats.select_related("player")
    }
    table = {
        "sheet_id": sheet.pk,
        "table": 1,
        "token": Token.objects.create(user=umpire).key,
        "seats": seats,
        "hands": _hand_plan(random.Random(11)),
    }
    # A superuser: a transactional test may run after another flushed the role groups that
    # the migrations made with their model permissions (the admin's pages ask for them).
    chief = django_user_model.objects.create_superuser("bench-chief", "chief@example.org")
    cfg = load.LoadConfig(
        base_url=live_server.url,
        slug=tournament.slug,
        think_min=0.5,
        think_max=0.5,
        spectators=2,
        poll_interval=0.2,
        probe_tables=1,
        probe_timeout=5.0,
        browse_think_min=0.1,
        browse_think_max=0.2,
        staff_think_min=0.1,
        staff_think_max=0.2,
    )
    numbers = sorted(seat["number"] for seat in seats.values())
    job = {
        "tables": [table],
        "spectators": 2,
        "browsers": 2,
        "staff": 1,
        "public_pages": _public_pages(tournament.slug, 1, numbers, random.Random(3)),
        "staff_pages": _staff_pages(tournament),
        "staff_cookie": _staff_session(chief),
        "cp_before": {},
        "start_at": 0,
        "seed": 1,
    }
    rec = asyncio.run(load._client_main(cfg, job))

    statuses = {}
    for kind, _start, ms, status in rec.samples:
        statuses.setdefault(kind, []).append(status)
        assert ms >= 0
    assert statuses["hand_post"] == [201] * HANDS_PER_SESSION
    assert set(statuses["sheet_get"]) == {200}
    assert statuses["public_page"] and statuses["public_live"]  # polled (whatever they answer)
    # the browsers opened the public pages and the director his, logged in by the cookie
    assert statuses["public_html"] and set(statuses["public_html"]) == {200}
    assert statuses["staff_page"] and set(statuses["staff_page"]) == {200}
    sheet.refresh_from_db()
    assert sheet.hands.count() == HANDS_PER_SESSION
    assert sheet.status != TableSession.Status.OPEN  # hand 16 completes it
    wins = sum(1 for body in table["hands"] if body["outcome"] == "win")
    assert sheet.hands.filter(outcome=Hand.Outcome.WIN).count() == wins
    # the public standings showed every win's new contest points, soon after its 201
    assert (rec.freshness_timeouts, rec.freshness_unavailable) == (0, 0)
    assert len(rec.freshness_ms) == wins
    assert set(statuses["public_live"]) == set(statuses["public_page"]) == {200}


# -- the stack ---------------------------------------------------------------------------------


@pytest.fixture
def bare_stack(monkeypatch, tmp_path):
    """A Stack on a machine without PostgreSQL or Redis, and no URLs given."""
    from tournaments.bench_live import stack

    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setattr(stack, "_pg_binary", lambda name: None)
    monkeypatch.setattr(stack.shutil, "which", lambda name: None)
    made = stack.Stack(base_dir=tmp_path)
    yield made
    made.close()


def test_without_postgresql_the_bench_stops_and_says_what_to_install(bare_stack):
    from tournaments.bench_live.stack import StackError

    with pytest.raises(StackError, match="DATABASE_URL=postgres://.*install"):
        bare_stack.postgres()


def test_without_redis_the_bench_stops_and_says_what_to_install(bare_stack):
    from tournaments.bench_live.stack import StackError

    with pytest.raises(StackError, match="REDIS_URL=redis://.*redis-server"):
        bare_stack.redis()


def test_a_database_url_that_is_not_postgresql_is_refused(bare_stack):
    from tournaments.bench_live.stack import StackError

    bare_stack.database_url = "sqlite:///x.db"
    with pytest.raises(StackError, match="PostgreSQL"):
        bare_stack.postgres()


def test_the_cpu_of_a_process_tree_is_read_from_proc():
    import os

    from tournaments.bench_live.stack import machine_busy_seconds, tree_cpu_seconds

    assert tree_cpu_seconds(os.getpid()) > 0
    assert tree_cpu_seconds(2**22 + 7) == 0  # no such process
    assert machine_busy_seconds() > 0


def test_the_cpu_of_children_that_have_ended_still_counts():
    """A PostgreSQL backend of a closed connection, a recycled gunicorn worker: their CPU
    must not vanish from the figures when they exit (issue #31)."""
    import subprocess
    import sys

    from tournaments.bench_live.stack import children, tree_cpu_seconds

    burn = "import time\nend = time.process_time() + 0.5\nwhile time.process_time() < end: pass"
    spawn = (
        "import subprocess, sys, time\n"
        f"subprocess.run([sys.executable, '-c', {burn!r}])\n"
        "time.sleep(30)"
    )
    parent = subprocess.Popen([sys.executable, "-c", spawn])
    try:
        deadline = time.monotonic() + 20
        ended = False
        while not ended and time.monotonic() < deadline:
            time.sleep(0.1)
            ended = tree_cpu_seconds(parent.pid) > 0.3 and not children(parent.pid)
        assert ended
        assert tree_cpu_seconds(parent.pid) >= 0.5  # the grandchild's 0.5 s, after it ended
    finally:
        parent.kill()
        parent.wait()


# -- the freshness watcher and the spectators, against a fake public page ----------------------


class FakePublic:
    """/t/open/live.json and /t/open/: the winner's row shows 215 from the third poll on. It
    answers as load.Http does (`send`), without a network."""

    def __init__(self):
        self.polls = 0
        self.pages = 0

    async def send(self, method: str, url: str, **kw) -> load.Answer:
        if url.endswith("live.json"):
            self.polls += 1
            body = json.dumps({"version": str(self.polls // 3)})
            return load.Answer(200, {"Content-Type": "application/json"}, body.encode())
        self.pages += 1
        figure = 215 if self.polls >= 3 else 100
        page = f"<tr><td>Ana García 1</td><td>{figure}</td></tr>"
        return load.Answer(200, {"Content-Type": "text/html"}, page.encode())

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return None


def _fake_client(fake):
    return fake


def test_a_request_that_gets_no_answer_is_recorded_with_status_0():
    from tournaments.bench_live.stack import free_port

    rec = load.Recorder(time.perf_counter())

    async def main():
        async with load.Http(f"http://127.0.0.1:{free_port()}", timeout=5) as client:
            return await rec.request(client, "sheet_get", "GET", "/api/score-sheets/1/")

    assert asyncio.run(main()) is None
    [(kind, _start, ms, status)] = rec.samples
    assert (kind, status) == ("sheet_get", 0) and ms >= 0


def test_the_watcher_measures_the_delay_until_the_page_shows_the_new_figure():
    import time

    fake = FakePublic()
    cfg = load.LoadConfig(base_url="http://fake", slug="open", probe_interval=0.01)
    rec = load.Recorder(time.perf_counter())

    async def main():
        async with _fake_client(fake) as client:
            seat = {"number": 1, "name": "Ana García 1"}
            await load.probe(client, rec, cfg, seat, 215, time.perf_counter())

    asyncio.run(main())
    assert len(rec.freshness_ms) == 1 and rec.freshness_timeouts == 0
    assert fake.polls == 3  # it stopped at the first poll whose page showed 215
    assert {kind for kind, *_rest in rec.samples} == {"probe_poll"}


def test_the_watcher_gives_up_after_its_timeout():
    import time

    fake = FakePublic()
    cfg = load.LoadConfig(base_url="http://fake", slug="open", probe_interval=0.01)
    cfg.probe_timeout = 0.1
    rec = load.Recorder(time.perf_counter())

    async def main():
        async with _fake_client(fake) as client:
            seat = {"number": 1, "name": "Ana García 1"}
            await load.probe(client, rec, cfg, seat, 999, time.perf_counter())

    asyncio.run(main())
    assert rec.freshness_ms == [] and rec.freshness_timeouts == 1


@pytest.mark.parametrize("page_on_change", [False, True])
def test_a_spectator_polls_the_live_json_and_fetches_the_page_when_it_changed(page_on_change):
    import time

    fake = FakePublic()
    cfg = load.LoadConfig(
        base_url="http://fake", slug="open", poll_interval=0.01, page_on_change=page_on_change
    )
    rec = load.Recorder(time.perf_counter())

    async def main():
        stop = asyncio.Event()
        async with _fake_client(fake) as client:
            task = asyncio.create_task(load.spectator(client, rec, cfg, stop, random.Random(1)))
            while fake.polls < 9:
                await asyncio.sleep(0.005)
            stop.set()
            await task

    asyncio.run(main())
    kinds = [kind for kind, *_rest in rec.samples]
    assert kinds[0] == "public_page"  # the page once on arrival
    assert kinds.count("public_live") == fake.polls
    # poll n answers version n // 3: the page again at each change after the first version
    # (when asked to: live.js takes the new standings from the live JSON itself)
    assert kinds.count("public_page") == 1 + (fake.polls // 3 if page_on_change else 0)


class ClosingServer:
    """A raw HTTP server on loopback that closes the first `close_first` connections as soon
    as a request arrives on them, unanswered (a recycled gunicorn worker), and answers 201 on
    the others."""

    def __init__(self, close_first: int):
        self.close_first = close_first
        self.requests = 0

    async def handle(self, reader, writer):
        await reader.readuntil(b"\r\n\r\n")
        self.requests += 1
        if self.requests <= self.close_first:
            writer.close()
            return
        writer.write(b"HTTP/1.1 201 Created\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
        await writer.drain()
        writer.close()

    async def post_once(self) -> tuple[int, int]:
        """(status, resent) of one POST through the load clients' Http."""
        server = await asyncio.start_server(self.handle, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            async with load.Http(f"http://127.0.0.1:{port}", timeout=5) as http:
                answer = await http.send("POST", "/hands/", json={"hand": 1})
                return answer.status_code, http.resent
        finally:
            server.close()
            await server.wait_closed()


def test_a_request_whose_connection_closes_unanswered_is_sent_once_more():
    server = ClosingServer(close_first=1)
    assert asyncio.run(server.post_once()) == (201, 1)
    assert server.requests == 2


def test_a_request_closed_unanswered_twice_is_an_error():
    server = ClosingServer(close_first=2)
    with pytest.raises(OSError):
        asyncio.run(server.post_once())
    assert server.requests == 2


def test_the_report_says_how_many_requests_were_sent_again():
    report = stats.build_report(
        samples=[Sample("hand_post", 0.0, 10.0, 201)],
        freshness_delays_ms=[],
        freshness_timeouts=0,
        freshness_timeout_s=10.0,
        duration_s=1.0,
        settings={},
        setup={},
        cpu_seconds={},
        server_side={},
        missing=[],
        resent=3,
    )
    assert report["requests_resent_on_a_connection_closed_by_the_server"] == 3
    assert any("sent again" in line and "3" in line for line in stats.summary_lines(report))
