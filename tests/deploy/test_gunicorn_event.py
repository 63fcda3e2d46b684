"""A small event run over real HTTP against the deployment of deploy/: gunicorn with three
worker processes (two threads each) and a Celery worker process, on PostgreSQL and Redis
(CI's second pass; skipped elsewhere, a failure when MCR_REQUIRE_SERVICES=1).

Only what the test client cannot show is checked here: several processes answering one
event. Two umpires' clients racing with the same ETag get one 201 and one 412 wherever they
land; a stale ETag is refused by every worker; the seating and print jobs run on the Celery
worker; the public pages' cache lives in Redis, so that after a hand saved through one worker
the others show it at once; whitenoise serves the collected static files. Every request opens
a new connection, as many devices do, so that the requests spread over the workers (the access
log names the worker that answered each).
"""

import json
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from django.contrib.auth.hashers import make_password

from tests.deploy.gunicorn_server import WEB_WORKERS, EventServer

# 123m 456m 789m 234p + pair 55p, concealed, won on a discard of 5p: well over 8 points.
PURE_STRAIGHT = {"melds": [], "concealed": "123456789m234p5p", "win_tile": "5p"}
POSITIONS = "ABCD"
JOB_TIMEOUT = 180  # seconds


def no_keepalive(server: EventServer, token: str | None = None) -> httpx.Client:
    return server.client(token, limits=httpx.Limits(max_keepalive_connections=0))


def expect(response: httpx.Response, status: int, step: str) -> httpx.Response:
    if response.status_code != status:
        pytest.fail(
            f"{step}: {response.request.method} {response.request.url.path} answered "
            f"{response.status_code}, expected {status}: {response.text[:2000]}"
        )
    return response


def win(hand_number: int) -> dict:
    """A win by a different position each hand, on a discard by the next position."""
    winner = POSITIONS[hand_number % 4]
    discarder = POSITIONS[(hand_number + 1) % 4]
    return {"outcome": "win", "winner": winner, "discarder": discarder, "hand": PURE_STRAIGHT}


def wait_for_job(api: httpx.Client, url: str, step: str) -> dict:
    deadline = time.monotonic() + JOB_TIMEOUT
    seen = []
    while True:
        job = expect(api.get(url), 200, step).json()
        seen.append(job["status"])
        if job["status"] in ("done", "failed"):
            assert job["status"] == "done", f"{step}: the job failed: {job}"
            return {**job, "statuses_seen": seen}
        if time.monotonic() > deadline:
            pytest.fail(f"{step}: the job is still {job['status']} after {JOB_TIMEOUT} s: {job}")
        time.sleep(0.2)


def results(page: dict) -> list:
    return page["results"] if isinstance(page, dict) and "results" in page else page


def race(server: EventServer, token: str, sheet_id: int, body: dict, etag: str) -> list:
    """Two umpire clients post the same hand with the same ETag at the same moment."""
    barrier = threading.Barrier(2)

    def post() -> httpx.Response:
        with no_keepalive(server, token) as api:
            barrier.wait(timeout=30)
            return api.post(
                f"/api/score-sheets/{sheet_id}/hands/", json=body, headers={"If-Match": etag}
            )

    with ThreadPoolExecutor(2) as pool:
        return [future.result() for future in [pool.submit(post), pool.submit(post)]]


@pytest.mark.redis
def test_an_event_runs_on_several_gunicorn_workers_and_a_celery_worker(
    event_server, django_user_model
):
    server = event_server
    password = "Deploy-" + uuid.uuid4().hex
    director = django_user_model.objects.create_superuser("director")
    # The server runs the production hashers; the test process hashes with MD5 (conftest).
    director.password = make_password(password, hasher="pbkdf2_sha256")
    director.save(update_fields=["password"])
    slug = "deploy-" + uuid.uuid4().hex[:8]

    # Token login, then every request on a new connection.
    with no_keepalive(server) as anonymous:
        token = expect(
            anonymous.post("/api/auth/token/", json={"username": "director", "password": password}),
            200,
            "token login",
        ).json()["token"]
    api = no_keepalive(server, token)

    # Registration: the tournament, then 8 players from 4 clients at once.
    expect(
        api.post("/api/tournaments/", json={"name": "Deployment Open", "slug": slug}),
        201,
        "create the tournament",
    )

    def register(n: int) -> httpx.Response:
        with no_keepalive(server, token) as client:
            return client.post(f"/api/tournaments/{slug}/players/", json={"name": f"Player {n}"})

    with ThreadPoolExecutor(4) as pool:
        for response in pool.map(register, range(1, 9)):
            expect(response, 201, "register a player")
    players = results(expect(api.get(f"/api/tournaments/{slug}/players/"), 200, "players").json())
    assert len(players) == 8

    # Lots and first seats (confirmed without the Player's Oath nobody took here), then the
    # seating chart: a job run by the Celery worker, not in the request.
    response = api.post(
        f"/api/tournaments/{slug}/lots/", json={"seed": "deploy", "without_oath": True}
    )
    assert response.status_code in (200, 201), f"draw lots: {response.status_code} {response.text}"
    seating = expect(
        api.post(
            f"/api/tournaments/{slug}/seating/",
            json={"seed": "deploy", "time_limit": 2, "without_oath": True},
        ),
        202,
        "start the seating job",
    ).json()
    wait_for_job(api, seating["url"], "the seating job")

    expect(api.post(f"/api/tournaments/{slug}/sessions/1/start/", json={}), 200, "start session 1")
    sheets = results(
        expect(
            api.get("/api/score-sheets/", params={"tournament": slug, "session": 1}),
            200,
            "list the session's sheets",
        ).json()
    )
    sheet_ids = sorted(sheet["id"] for sheet in sheets)
    assert len(sheet_ids) == 2
    first_etags = {
        sheet_id: expect(api.get(f"/api/score-sheets/{sheet_id}/"), 200, "read a sheet").headers[
            "ETag"
        ]
        for sheet_id in sheet_ids
    }

    # Hands on both tables at once; on each, two clients race with the same ETag each time:
    # one is saved (201), the other refused as stale (412), whichever worker each reaches.
    def play(sheet_id: int) -> tuple[str, list[list[int]]]:
        etag, outcomes = first_etags[sheet_id], []
        for number in range(1, 5):
            body = win(number) if number != 3 else {"outcome": "draw"}
            answers = race(server, token, sheet_id, body, etag)
            outcomes.append(sorted(answer.status_code for answer in answers))
            saved = [answer for answer in answers if answer.status_code == 201]
            if len(saved) != 1:
                pytest.fail(f"sheet {sheet_id}, hand {number}: {[a.text for a in answers]}")
            assert saved[0].json()["number"] == number
            etag = saved[0].headers["ETag"]
        return etag, outcomes

    with ThreadPoolExecutor(2) as pool:
        played = dict(zip(sheet_ids, pool.map(play, sheet_ids), strict=True))
    for _etag, outcomes in played.values():
        assert outcomes == [[201, 412]] * 4
    for sheet_id in sheet_ids:
        sheet = expect(api.get(f"/api/score-sheets/{sheet_id}/"), 200, "read a sheet").json()
        assert len(sheet["hands"]) == 4

    # A stale ETag is refused by whichever worker gets it (nine requests, new connections).
    for _ in range(9):
        stale = api.post(
            f"/api/score-sheets/{sheet_ids[0]}/hands/",
            json=win(5),
            headers={"If-Match": first_etags[sheet_ids[0]]},
        )
        expect(stale, 412, "a stale If-Match")
    hand_posts = server.served_by(r"^POST /api/score-sheets/\d+/hands/", at_least=2 * 2 * 4 + 9)
    assert len(hand_posts) == 2 * 2 * 4 + 9
    # The hands went to several workers, and every stale If-Match was refused whichever worker
    # took it. Which worker accepts nine sequential connections is the kernel's choice: one
    # worker may take them all (it happened once in CI), so that is not asserted.
    assert len(set(hand_posts)) >= 2, "every hand went to one gunicorn worker"

    # Live standings over the API: every player counted, the tables' scores add up to zero.
    standings = expect(
        api.get(f"/api/tournaments/{slug}/standings/", params={"live": "true"}),
        200,
        "live standings",
    ).json()
    assert standings["provisional"] is True
    assert len(standings["players"]) == 8
    assert sum(row["contest_points"] for row in standings["players"]) == 0
    assert any(row["contest_points"] for row in standings["players"])

    # A print job through the API, run by the Celery worker; its PDF downloaded.
    report = expect(
        api.post("/api/reports/", json={"tournament": slug, "kind": "scoresheet", "session": 1}),
        202,
        "start a print job",
    ).json()
    job = wait_for_job(api, report["url"], "the print job")
    assert job["download"], job
    pdf = expect(api.get(job["download"]), 200, "download the PDF")
    assert pdf.content.startswith(b"%PDF")
    worker_log = server.worker_log.read_text()
    assert worker_log.count("succeeded") >= 2, server.logs()  # seating and print, on the worker

    public = no_keepalive(server)

    # Static files, collected in production mode, served by whitenoise from gunicorn.
    css = expect(public.get("/static/admin/css/base.css"), 200, "a static file")
    assert css.headers["content-type"].startswith("text/css")
    manifest = (server.static_root / "staticfiles.json").read_text()
    hashed = json.loads(manifest)["paths"]["admin/css/base.css"]
    compressed = expect(
        public.get(f"/static/{hashed}", headers={"Accept-Encoding": "gzip"}),
        200,
        "a hashed static file",
    )
    assert compressed.headers.get("content-encoding") == "gzip"
    assert "immutable" in compressed.headers["cache-control"]
    assert "DJANGO Admin styles" in compressed.text  # decompressed by httpx
    # Pages render with the manifest's names (a name missing from it would be a 500).
    login = expect(public.get("/admin/login/"), 200, "the admin's login page")
    assert f"/static/{hashed}" in login.text

    # The public pages: every worker answers with the same version (one cache, in Redis);
    # after a hand saved through one worker, every worker shows the new version and figures.
    def public_versions() -> set:
        return {
            expect(public.get(f"/t/{slug}/live.json"), 200, "the public live JSON").json()[
                "version"
            ]
            for _ in range(3 * WEB_WORKERS)
        }

    def public_pages() -> set:
        return {
            expect(public.get(f"/t/{slug}/"), 200, "the public standings page").text
            for _ in range(3 * WEB_WORKERS)
        }

    before_versions, before_pages = public_versions(), public_pages()
    assert len(before_versions) == 1, f"the workers disagree on the version: {before_versions}"
    assert len(before_pages) == 1, "the workers show different standings pages"
    etag = played[sheet_ids[1]][0]
    saved = expect(
        api.post(
            f"/api/score-sheets/{sheet_ids[1]}/hands/", json=win(5), headers={"If-Match": etag}
        ),
        201,
        "a hand before the public pages are read again",
    )
    saved_by = server.served_by(r"^POST /api/score-sheets/\d+/hands/", at_least=26)[-1]
    after_versions, after_pages = public_versions(), public_pages()
    assert len(after_versions) == 1, f"the workers disagree after the hand: {after_versions}"
    assert after_versions != before_versions, "the public version did not change"
    assert len(after_pages) == 1 and after_pages != before_pages, "the page did not change"
    public_reads = server.served_by(rf"^GET /t/{slug}/", at_least=4 * 3 * WEB_WORKERS)
    readers = set(public_reads[-2 * 3 * WEB_WORKERS :])  # those after the hand
    assert readers - {saved_by}, "no other worker than the hand's read the public pages"
    winner = saved.json()["winner"]
    standings = api.get(f"/api/tournaments/{slug}/standings/", params={"live": "true"}).json()
    sheet = api.get(f"/api/score-sheets/{sheet_ids[1]}/").json()
    name = next(seat["player"]["name"] for seat in sheet["seats"] if seat["position"] == winner)
    row = next(row for row in standings["players"] if row["name"] == name)
    page = after_pages.pop()
    assert name in page
    assert str(row["contest_points"]) in page

    public.close()
    api.close()
