"""Background jobs through a real Redis broker and real Celery worker processes (CI pass 2).

The workers use the test database (the test is transactional, so they see its rows) and a
media folder of the test's own. One test runs a seating job on a worker; the other kills a
worker (SIGKILL) in the middle of a print batch: the message comes back after the broker's
visibility timeout (`MCR_CELERY_VISIBILITY_TIMEOUT`, 2 s here), a second worker runs the job
again from scratch, and the file is offered only once whole. With the visibility timeout of
an hour, as deployed, the second worker queues the job again itself once it has shown no
sign of life for MCR_JOB_STALL_SECONDS.

The print batch is the real one (a session's score sheets in one PDF), slowed down in the
worker (tests/config/job_worker_app.py) so that it can be killed midway.
"""

import os
import signal
import subprocess
import sys
import time
import uuid
from io import BytesIO
from pathlib import Path

import pytest
from django.conf import settings
from pypdf import PdfReader

from tests.config.helpers import run_manage, worker_database_url
from tests.config.job_worker_app import slowed_print_check, slowed_print_run
from tests.services import skip_or_fail
from tests.tournaments.factories import PlayerFactory, TournamentFactory, seated_table
from tests.tournaments.job_fixtures import lots_drawn_tournament
from tournaments.models import Job, Player, Session
from tournaments.services import jobs as job_services
from tournaments.services.jobs import job_start

ROOT = Path(__file__).resolve().parents[2]
VISIBILITY_TIMEOUT = 2  # seconds: how long a killed worker's message stays invisible


@pytest.fixture
def workers(settings, tmp_path):
    """start(name, **env) starts a Celery worker process on the broker (`env` overriding its
    environment); all are stopped after."""
    if not settings.REDIS_URL:
        skip_or_fail("REDIS_URL is not set")
    import redis

    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=3).ping()
    except redis.exceptions.ConnectionError as error:
        pytest.fail(f"REDIS_URL is set but Redis does not answer: {error}")
    settings.MEDIA_ROOT = tmp_path / "media"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": worker_database_url(),
        "MEDIA_ROOT": str(settings.MEDIA_ROOT),
        "MCR_CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT),
    }
    started: list[subprocess.Popen] = []

    def start(name: str, **overrides: str) -> subprocess.Popen:
        command = [
            *(sys.executable, "-m", "celery", "-A", "tests.config.job_worker_app", "worker"),
            *("--pool=solo", "--concurrency=1", "--loglevel=WARNING"),
            *("--without-gossip", "--without-mingle", "--without-heartbeat"),
            *("-n", f"{name}-{uuid.uuid4().hex[:8]}@%h"),
        ]
        process = subprocess.Popen(command, cwd=ROOT, env={**env, **overrides})
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=30)
    # A killed worker's message, held for the visibility timeout, must not reach the next
    # test's workers (its job id may be one of theirs again).
    redis.Redis.from_url(settings.REDIS_URL).delete("unacked", "unacked_index")


def wait_for(job: Job, condition, *, timeout: float, check=None) -> Job:
    """Poll the job's row (as its page does) until `condition(job)`; `check(job)` each time."""
    deadline = time.monotonic() + timeout
    while True:
        job.refresh_from_db()
        if check is not None:
            check(job)
        if condition(job):
            return job
        if job.finished:
            pytest.fail(f"the job ended {job.status} first: {job.error or job.message}")
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting; the job is {job.status} at {job.done}/{job.total}")
        time.sleep(0.05)


def no_file_before_done(job: Job) -> None:
    if job.status != Job.Status.DONE:
        assert not job.result_file and not job.result_name, "a file offered before the end"


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_seating_job_runs_on_a_worker_process(workers, django_user_model):
    assert settings.CELERY_TASK_ALWAYS_EAGER is False
    organiser = django_user_model.objects.create_superuser("director", password=None)
    tournament = lots_drawn_tournament(16)
    workers("seating")
    job = job_start(
        kind=Job.Kind.SEATING,
        tournament=tournament,
        params={"seed": "on-a-worker", "time_limit": 1},
        user=organiser,
    )
    job.refresh_from_db()
    assert job.status == Job.Status.QUEUED  # queued for a worker, not run in this process
    job = wait_for(job, lambda j: j.finished, timeout=120)
    assert job.status == Job.Status.DONE, job.error
    assert job.message == "Seating chart generated. Seed (print it): on-a-worker"
    assert (job.done, job.total, job.attempts) == (3, 3, 1)
    assert Session.objects.filter(tournament=tournament).count() == 6


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_batch_leaves_the_job_to_another_that_completes_it(
    workers, django_user_model, monkeypatch
):
    monkeypatch.setitem(
        job_services.JOB_KINDS, Job.Kind.PRINT, (slowed_print_check, slowed_print_run)
    )
    chief = django_user_model.objects.create_superuser("chief", password=None)
    tournament = TournamentFactory()
    tables = 12
    for number in range(1, tables + 1):
        seated_table(tournament, table_number=number)
    first = workers("first")
    job = job_start(
        kind=Job.Kind.PRINT,
        tournament=tournament,
        params={"form": "scoresheet", "session": 1, "seconds": 0.4},
        user=chief,
    )
    # The first worker's progress is seen here, from another process, as it goes.
    job = wait_for(
        job,
        lambda j: j.status == Job.Status.RUNNING and j.done >= 3,
        timeout=120,
        check=no_file_before_done,
    )
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=30)
    job.refresh_from_db()
    assert (job.status, job.attempts) == (Job.Status.RUNNING, 1)
    assert 3 <= job.done < tables
    no_file_before_done(job)
    assert not list(Path(settings.MEDIA_ROOT).rglob("*.pdf"))

    time.sleep(VISIBILITY_TIMEOUT + 1)  # the killed worker's message becomes visible again
    workers("second")
    restarted = wait_for(job, lambda j: j.attempts == 2, timeout=120, check=no_file_before_done)
    assert restarted.done < tables  # from scratch, not from where the first one stopped
    job = wait_for(job, lambda j: j.finished, timeout=180, check=no_file_before_done)
    assert job.status == Job.Status.DONE, job.error
    assert (job.attempts, job.done, job.total) == (2, tables, tables)
    assert job.result_name.endswith("-scoresheet-s1.pdf")
    with job.result_file.open("rb") as handle:
        reader = PdfReader(BytesIO(handle.read()))
    text = "".join(page.extract_text() for page in reader.pages)
    assert len(reader.pages) == tables
    for number in range(1, tables + 1):
        assert f"Table {number}" in text
    folder = Path(job.result_file.path).parent
    assert [p.name for p in folder.iterdir()] == [job.result_name]  # no temporary file left


# The broker would hand the killed worker's message out again after an hour, as deployed; a
# job silent for 2 s counts as stalled here, and the workers look every second.
AN_HOUR_AS_DEPLOYED = {
    "MCR_CELERY_VISIBILITY_TIMEOUT": "3600",
    "MCR_JOB_STALL_SECONDS": "2",
    "MCR_JOB_STALL_CHECK_SECONDS": "1",
}


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_killed_workers_print_job_is_queued_again_by_another_before_the_message_comes_back(
    workers, django_user_model, monkeypatch
):
    """The job shows no sign of life once its worker is killed: the other worker queues it
    again at its next look and prints it, while the dead worker's message is still held."""
    monkeypatch.setitem(
        job_services.JOB_KINDS, Job.Kind.PRINT, (slowed_print_check, slowed_print_run)
    )
    chief = django_user_model.objects.create_superuser("chief", password=None)
    tournament = TournamentFactory()
    tables = 8
    for number in range(1, tables + 1):
        seated_table(tournament, table_number=number)
    first = workers("first", **AN_HOUR_AS_DEPLOYED)
    job = job_start(
        kind=Job.Kind.PRINT,
        tournament=tournament,
        params={"form": "scoresheet", "session": 1, "seconds": 0.3},
        user=chief,
    )
    job = wait_for(job, lambda j: j.status == Job.Status.RUNNING and j.done >= 2, timeout=120)
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=30)
    job.refresh_from_db()
    assert (job.status, job.attempts) == (Job.Status.RUNNING, 1)

    workers("second", **AN_HOUR_AS_DEPLOYED)
    # The bound only keeps a broken run from hanging: only the look can get it done in time.
    job = wait_for(job, lambda j: j.finished, timeout=120, check=no_file_before_done)
    assert job.status == Job.Status.DONE, job.error
    assert (job.attempts, job.done, job.total) == (2, tables, tables)
    with job.result_file.open("rb") as handle:
        assert len(PdfReader(BytesIO(handle.read())).pages) == tables


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_while_searching_the_seating_chart_leaves_it_to_another(
    workers, django_user_model
):
    organiser = django_user_model.objects.create_superuser("organiser", password=None)
    # 30 players (two empty seats a session, for the substitutes) over 10 sessions: the
    # search uses its whole budget, several seconds at a 40-second limit.
    tournament = lots_drawn_tournament(30, sessions_planned=10)
    for n in (31, 32):
        PlayerFactory(tournament=tournament, registration_number=n, status=Player.Status.SUBSTITUTE)
    first = workers("first")
    job = job_start(
        kind=Job.Kind.SEATING,
        tournament=tournament,
        params={"seed": "killed", "time_limit": 40},
        user=organiser,
    )
    searching = wait_for(job, lambda j: j.status == Job.Status.RUNNING and j.done == 1, timeout=120)
    assert searching.message.startswith("Searching for the chart")
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=30)
    job.refresh_from_db()
    assert (job.status, job.attempts) == (Job.Status.RUNNING, 1)
    assert not Session.objects.filter(tournament=tournament).exists()  # nothing half-written

    time.sleep(VISIBILITY_TIMEOUT + 1)
    workers("second")
    job = wait_for(job, lambda j: j.finished, timeout=180)
    assert job.status == Job.Status.DONE, job.error
    assert (job.attempts, job.message) == (2, "Seating chart generated. Seed (print it): killed")
    assert Session.objects.filter(tournament=tournament).count() == 10
    tournament.refresh_from_db()
    assert tournament.seating_seed == "killed"


def test_a_malformed_visibility_timeout_stops_start_up(tmp_path):
    result = run_manage("check", MCR_CELERY_VISIBILITY_TIMEOUT="1h", MCR_VAR_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "MCR_CELERY_VISIBILITY_TIMEOUT='1h' is not an integer" in result.stderr


@pytest.mark.parametrize("variable", ["MCR_JOB_STALL_SECONDS", "MCR_JOB_STALL_CHECK_SECONDS"])
def test_a_malformed_stall_setting_stops_start_up(tmp_path, variable):
    result = run_manage("check", **{variable: "2m"}, MCR_VAR_DIR=str(tmp_path))
    assert result.returncode != 0
    assert f"{variable}='2m' is not an integer" in result.stderr
