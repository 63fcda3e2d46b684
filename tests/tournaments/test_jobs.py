"""Background jobs: starting (checked, queued on commit), running with progress, the result
file put in place before the job is done, failures, redelivery, retry, and the admin pages
(progress JSON, download, retry) with who may see them.

The print kind's runner is replaced by a stand-in (`fake_print`): these tests are about the
machinery, the print batches have their own.
"""

import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import IntegrityError, OperationalError, connections, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.factories import TournamentFactory
from tests.tournaments.job_fixtures import lots_drawn_tournament
from tournaments.admin.jobs import job_url
from tournaments.errors import TournamentError
from tournaments.models import Job
from tournaments.roles import PermissionRefused, Role
from tournaments.services import jobs as job_services
from tournaments.services.jobs import (
    MAX_ATTEMPTS,
    JobProgress,
    job_retry,
    job_run,
    job_stalled,
    job_start,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def chief(make_staff):
    return make_staff("chief", Role.CHIEF_UMPIRE)


@pytest.fixture
def organiser(make_staff):
    return make_staff("organiser", Role.ORGANISER)


@pytest.fixture
def tournament(db):
    return TournamentFactory(name="Lisbon Open")


def start_print(tournament, user, **params) -> Job:
    return job_start(
        kind=Job.Kind.PRINT,
        tournament=tournament,
        params={"form": "scoresheet", **params},
        user=user,
    )


def running_job(tournament, user, **fields) -> Job:
    """A job as a worker left it when it died mid-run."""
    values = {
        "kind": Job.Kind.PRINT,
        "params": {"form": "scoresheet"},
        "status": Job.Status.RUNNING,
        "attempts": 1,
        "started_at": timezone.now(),
    }
    return Job.objects.create(tournament=tournament, requested_by=user, **{**values, **fields})


# -- starting ------------------------------------------------------------------------------


def test_a_job_is_created_queued_and_runs_only_once_the_transaction_commits(
    fake_print, tournament, chief, eager_jobs, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        job = start_print(tournament, chief, session=1)
    job.refresh_from_db()
    assert (job.status, job.requested_by, job.params) == (
        "queued",
        chief,
        {"form": "scoresheet", "session": 1},
    )
    assert fake_print.calls == [] and len(callbacks) == 1
    callbacks[0]()
    job.refresh_from_db()
    assert job.status == Job.Status.DONE
    assert fake_print.calls == [{"form": "scoresheet", "session": 1}]


def test_the_checker_sees_the_user_and_parameters_before_anything_is_created(
    fake_print, tournament, chief
):
    fake_print.refuse = "There is no session 9."
    with pytest.raises(TournamentError, match="no session 9"):
        start_print(tournament, chief, session=9)
    assert fake_print.checks == [(chief, tournament.pk, {"form": "scoresheet", "session": 9})]
    assert not Job.objects.exists()


def test_a_role_that_may_not_seat_starts_no_seating_job(make_staff):
    tournament = lots_drawn_tournament()
    umpire = make_staff("umpire", Role.UMPIRE)
    with pytest.raises(PermissionRefused):
        job_start(kind=Job.Kind.SEATING, tournament=tournament, params={}, user=umpire)
    assert not Job.objects.exists()


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"time_limit": 1000}, "between 0.5 and 300 seconds"),
        ({"time_limit": "fast"}, "between 0.5 and 300 seconds"),
        ({"from_session": 0}, "Re-seat from a session number"),
        ({"from_session": "2"}, "Re-seat from a session number"),
        ({"seed": 12}, "The seed is a text"),
        ({"colour": "red"}, "Unknown parameters: colour"),
        ({"from_session": 9}, "There is no session 9 to re-seat"),
    ],
)
def test_bad_seating_parameters_are_refused_and_nothing_is_created(organiser, params, message):
    tournament = lots_drawn_tournament()
    with pytest.raises(TournamentError, match=message):
        job_start(kind=Job.Kind.SEATING, tournament=tournament, params=params, user=organiser)
    assert not Job.objects.exists()


def test_parameters_are_only_ids_numbers_and_strings(fake_print, tournament, chief):
    with pytest.raises(TypeError):
        job_start(kind=Job.Kind.PRINT, tournament=tournament, params={"who": chief}, user=chief)
    with pytest.raises(ValueError, match="unknown job kind"):
        job_start(kind="email", tournament=tournament, params={}, user=chief)
    assert not Job.objects.exists()


# -- running -------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_progress_is_saved_as_it_goes_and_seen_by_another_connection(
    fake_print, tournament, chief, eager_jobs
):
    seen = []

    def look_from_another_connection(step, progress):
        if step != 3:
            return
        progress.flush()  # what the throttle held back (step 2) is written now

        def read():  # as the job's page does, from another web process
            try:
                seen.append(Job.objects.values("status", "done", "total", "message").get())
            finally:
                connections.close_all()

        reader = threading.Thread(target=read)
        reader.start()
        reader.join()

    fake_print.during = look_from_another_connection
    job = start_print(tournament, chief)  # no transaction around: runs at once, eagerly
    assert seen == [{"status": "running", "done": 2, "total": 4, "message": "sheet 2 of 4"}]
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == ("done", 4, 4)


def test_progress_writes_are_throttled_and_the_last_one_is_kept(tournament, chief):
    job = running_job(tournament, chief)
    progress = JobProgress(job.pk, job.attempts, interval=60)
    with CaptureQueriesContext(connections["default"]) as queries:
        for step in range(1, 101):
            progress(step, 100, f"sheet {step}")
    assert len(queries) == 1  # the first one only, within the interval
    job.refresh_from_db()
    assert (job.done, job.message) == (1, "sheet 1")
    progress.flush()
    job.refresh_from_db()
    assert (job.done, job.total, job.message) == (100, 100, "sheet 100")


def test_progress_is_kept_within_its_bounds(tournament, chief):
    job = running_job(tournament, chief)
    progress = JobProgress(job.pk, job.attempts, interval=0)
    progress(7, 5, "x" * 1000)
    job.refresh_from_db()
    assert (job.done, job.total, len(job.message)) == (5, 5, 300)


def test_the_file_is_in_place_before_the_job_is_done_and_never_offered_half_written(
    fake_print, tournament, chief, run_jobs, monkeypatch
):
    states = []

    def during(step, progress):
        states.append(Job.objects.values_list("status", "result_file").get())

    real_replace = job_services.os.replace

    def replace(source, target):
        # The moment the whole file takes its name: the job does not offer it yet.
        assert Path(source).read_bytes() == fake_print.content
        states.append(Job.objects.values_list("status", "result_file").get())
        real_replace(source, target)

    fake_print.during = during
    monkeypatch.setattr(job_services.os, "replace", replace)
    with run_jobs():
        job = start_print(tournament, chief)
    assert states == [("running", "")] * (fake_print.steps + 1)
    job.refresh_from_db()
    assert job.status == Job.Status.DONE
    assert job.result_file.name == f"jobs/{job.token}/session-1_sheets.pdf"
    assert job.result_name == "session-1_sheets.pdf"
    assert Path(job.result_file.path).read_bytes() == fake_print.content
    assert [p.name for p in Path(job.result_file.path).parent.iterdir()] == [job.result_name]
    assert job.finished_at is not None and job.attempts == 1


def test_a_user_error_fails_the_job_with_its_message_and_no_file(
    fake_print, tournament, chief, run_jobs, media
):
    fake_print.fail_with = TournamentError("Session 1 has no score sheets.")
    with run_jobs():
        job = start_print(tournament, chief)
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED
    assert job.error == "Session 1 has no score sheets."
    assert not job.result_file and not job.result_name
    assert job.finished_at is not None
    assert not list(Path(media).rglob("*.*"))


def test_a_refusal_when_the_worker_starts_it_fails_the_job(fake_print, tournament, chief, run_jobs):
    with run_jobs() as callbacks:
        job = start_print(tournament, chief)
        fake_print.refuse = "Only the chief umpire prints score sheets."  # his role was taken away
    assert len(callbacks) == 1
    job.refresh_from_db()
    assert (job.status, job.error) == ("failed", "Only the chief umpire prints score sheets.")
    assert fake_print.calls == []


def test_an_unexpected_error_fails_the_job_through_the_task_and_is_logged_not_raised(
    fake_print, tournament, chief, run_jobs, caplog
):
    # Run eagerly inside the request that queued it: raised, it would make a 500 of a job
    # whose page can say it failed and offer a retry.
    fake_print.fail_with = RuntimeError("bug")
    with run_jobs():
        start_print(tournament, chief)
    job = Job.objects.get()
    assert job.status == Job.Status.FAILED
    assert "unexpected error (RuntimeError)" in job.error
    assert not job.result_file
    logged = [r for r in caplog.records if r.name == "tournaments.tasks"]
    assert len(logged) == 1 and logged[0].exc_info[1] is fake_print.fail_with


def locked_once(fake_print):
    failures = iter([OperationalError("database is locked")])

    def during(step, progress):
        if step == 2 and (error := next(failures, None)) is not None:
            raise error

    fake_print.during = during


def test_on_a_worker_a_transient_database_error_is_retried_from_scratch(
    fake_print, tournament, chief, eager_jobs, django_capture_on_commit_callbacks, monkeypatch
):
    from celery.exceptions import Retry

    from tournaments.tasks import job_run_task

    monkeypatch.setattr("tournaments.tasks.JOB_RETRY_DELAY", 0)
    locked_once(fake_print)
    with django_capture_on_commit_callbacks(execute=False):
        job = start_print(tournament, chief)
    # As a worker runs it (not eagerly): the retry is queued (here: run at once) and this
    # delivery ends with Retry.
    job_run_task.push_request(is_eager=False, called_directly=False, retries=0, id="first-delivery")
    try:
        with pytest.raises(Retry):
            job_run_task(job.pk)
    finally:
        job_run_task.pop_request()
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("done", 2)
    assert len(fake_print.calls) == 2


def test_run_eagerly_a_database_error_fails_the_job_for_a_retry(
    fake_print, tournament, chief, run_jobs, caplog
):
    locked_once(fake_print)
    with run_jobs():
        start_print(tournament, chief)
    job = Job.objects.get()
    assert job.status == Job.Status.FAILED
    assert "OperationalError" in job.error
    assert "database is locked" in caplog.text


def test_a_redelivered_job_starts_again_from_scratch(fake_print, tournament, chief):
    job = running_job(tournament, chief, done=3, total=4, message="sheet 3 of 4")
    fake_print.during = lambda step, progress: (
        fake_print.checks.append(Job.objects.values_list("done", "total", "message").get())
        if step == 1
        else None
    )
    job_run(job_id=job.pk)
    job.refresh_from_db()
    assert fake_print.checks[-1] == (0, 0, "")  # progress reset before the runner began
    assert (job.status, job.attempts, job.done, job.total) == ("done", 2, 4, 4)
    assert Path(job.result_file.path).read_bytes() == fake_print.content


def test_a_done_job_is_not_run_again(fake_print, tournament, chief, run_jobs):
    with run_jobs():
        job = start_print(tournament, chief)
    job_run(job_id=job.pk)  # the same message delivered twice
    assert len(fake_print.calls) == 1
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("done", 1)


def test_a_message_for_a_job_that_no_longer_exists_is_dropped(fake_print):
    assert job_run(job_id=987654) is None
    assert fake_print.calls == []


def test_an_attempt_overtaken_by_a_newer_one_stops_and_offers_nothing(
    fake_print, tournament, chief
):
    job = Job.objects.create(
        kind=Job.Kind.PRINT, tournament=tournament, params={}, requested_by=chief
    )

    def redelivered_meanwhile(step, progress):
        if step == 2:  # another worker took the redelivered message: attempt 2 owns the job
            Job.objects.filter(pk=job.pk).update(attempts=2, done=0, total=0)

    fake_print.during = redelivered_meanwhile
    job_run(job_id=job.pk)
    job.refresh_from_db()
    assert (job.status, job.attempts, job.result_file.name) == ("running", 2, "")
    assert len(fake_print.calls) == 1


def test_a_job_that_kept_killing_its_worker_is_given_up(fake_print, tournament, chief):
    job = running_job(tournament, chief, attempts=MAX_ATTEMPTS)
    job_run(job_id=job.pk)
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED
    assert f"Stopped after {MAX_ATTEMPTS} attempts" in job.error
    assert fake_print.calls == []


# -- retry ---------------------------------------------------------------------------------


def test_the_requester_retries_a_failed_job_and_it_runs_again(
    fake_print, tournament, organiser, run_jobs
):
    fake_print.fail_with = TournamentError("The printer ran out of paper.")
    with run_jobs():
        job = start_print(tournament, organiser)
    fake_print.fail_with = None
    with run_jobs():
        job_retry(job=job, user=organiser)
    job.refresh_from_db()
    # Numbered on: an attempt of before the retry never passes for the new one.
    assert (job.status, job.error, job.attempts) == ("done", "", 2)
    assert Path(job.result_file.path).read_bytes() == fake_print.content


def test_only_the_requester_or_the_chief_umpire_retries_and_only_a_failed_job(
    fake_print, tournament, organiser, chief, make_staff, run_jobs
):
    fake_print.fail_with = TournamentError("Out of paper.")
    with run_jobs():
        job = start_print(tournament, organiser)
    other = make_staff("other-organiser", Role.ORGANISER)
    with pytest.raises(PermissionRefused):
        job_retry(job=job, user=other)
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED
    fake_print.fail_with = None
    with run_jobs():
        job_retry(job=job, user=chief)
    with pytest.raises(TournamentError, match="Only a failed or stalled job"):
        job_retry(job=job, user=chief)


# -- the database's own guarantees ---------------------------------------------------------


@pytest.mark.parametrize(
    "fields",
    [
        {"done": 5, "total": 4},
        {"status": "done", "finished_at": "now", "attempts": 1},  # a print job without its file
        {"status": "failed", "finished_at": "now", "attempts": 1},  # failed without a reason
        {"error": "boom"},  # an error on a queued job
        {"result_file": "jobs/x/a.pdf", "result_name": "a.pdf"},  # a file before it is done
        {"status": "running", "attempts": 0, "started_at": "now"},
        {"status": "running", "attempts": 1},  # running but never started
        {"kind": "email"},
    ],
)
def test_the_database_refuses_a_job_that_breaks_its_rules(tournament, chief, fields):
    fields = {k: (timezone.now() if v == "now" else v) for k, v in fields.items()}
    values = {"kind": Job.Kind.PRINT, "tournament": tournament, "requested_by": chief}
    with pytest.raises(IntegrityError), transaction.atomic():
        Job.objects.create(**{**values, **fields})


# -- the admin pages -----------------------------------------------------------------------


def status_url(job) -> str:
    return reverse("admin:tournaments_job_status", args=[job.pk])


def download_url(job) -> str:
    return reverse("admin:tournaments_job_download", args=[job.pk])


@pytest.fixture
def done_job(fake_print, tournament, organiser, run_jobs) -> Job:
    with run_jobs():
        job = start_print(tournament, organiser)
    job.refresh_from_db()
    return job


def test_the_job_page_shows_a_progress_bar_and_polls_the_status(client, organiser, tournament):
    job = running_job(tournament, organiser, done=3, total=12, message="sheet 3 of 12")
    client.force_login(organiser)
    page = client.get(job_url(job))
    assert page.status_code == 200
    html = page.content.decode()
    assert '<progress id="job-progress" max="100" value="25"' in html
    assert "25%" in html and "sheet 3 of 12" in html
    assert status_url(job) in html and "job_progress.js" in html
    status = client.get(status_url(job)).json()
    assert status == {
        "id": job.pk,
        "kind": "print",
        "status": "running",
        "status_label": "Running",
        "stalled": False,
        "done": 3,
        "total": 12,
        "percent": 25,
        "message": "sheet 3 of 12",
        "error": "",
        "finished": False,
        "download_url": None,
        "download_name": None,
    }


def test_a_done_job_offers_its_file_for_download_to_its_requester(client, organiser, done_job):
    client.force_login(organiser)
    status = client.get(status_url(done_job)).json()
    assert (status["status"], status["percent"], status["finished"]) == ("done", 100, True)
    assert status["download_url"] == download_url(done_job)
    response = client.get(download_url(done_job))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="session-1_sheets.pdf"'
    assert response["Content-Type"] == "application/pdf"
    assert b"".join(response.streaming_content) == b"%PDF-1.4 fake batch\n" + b"page\n" * 4


def test_the_chief_umpire_and_a_superuser_see_and_download_anyones_job(
    client, chief, admin_user, done_job
):
    for user in (chief, admin_user):
        client.force_login(user)
        assert client.get(job_url(done_job)).status_code == 200
        assert client.get(download_url(done_job)).status_code == 200


@pytest.mark.parametrize("role", [Role.ORGANISER, Role.UMPIRE, Role.COMMITTEE])
def test_other_staff_do_not_see_someone_elses_job(client, make_staff, done_job, role):
    client.force_login(make_staff("someone", role))
    for url in (job_url(done_job), status_url(done_job), download_url(done_job)):
        assert client.get(url).status_code == 404
    retry = reverse("admin:tournaments_job_retry", args=[done_job.pk])
    assert client.post(retry).status_code == 404


def test_a_login_without_a_staff_role_is_refused_and_a_visitor_sent_to_log_in(
    client, make_staff, done_job
):
    client.force_login(make_staff("no-role", None))
    assert client.get(job_url(done_job)).status_code == 403
    assert client.get(download_url(done_job)).status_code == 403
    client.logout()
    response = client.get(download_url(done_job))
    assert response.status_code == 302 and response.url.startswith(reverse("admin:login"))


def test_there_is_nothing_to_download_before_the_job_is_done(client, organiser, tournament):
    job = running_job(tournament, organiser)
    client.force_login(organiser)
    assert client.get(download_url(job)).status_code == 404


def test_the_job_list_shows_ones_own_jobs_and_the_chief_umpire_all(
    client, fake_print, tournament, organiser, chief, make_staff, run_jobs
):
    other = make_staff("other-organiser", Role.ORGANISER)
    with run_jobs():
        mine = start_print(tournament, organiser)
        theirs = start_print(tournament, other)
    changelist = reverse("admin:tournaments_job_changelist")
    client.force_login(organiser)
    listed = list(client.get(changelist).context["cl"].result_list)
    assert listed == [mine]
    client.force_login(chief)
    listed = set(client.get(changelist).context["cl"].result_list)
    assert listed == {mine, theirs}
    assert client.get(reverse("admin:tournaments_job_add")).status_code == 403


def test_the_retry_button_queues_a_failed_job_again(
    client, fake_print, tournament, organiser, run_jobs
):
    fake_print.fail_with = TournamentError("Out of paper.")
    with run_jobs():
        job = start_print(tournament, organiser)
    client.force_login(organiser)
    page = client.get(job_url(job)).content.decode()
    assert "Out of paper." in page and 'id="job-retry"' in page
    fake_print.fail_with = None
    retry = reverse("admin:tournaments_job_retry", args=[job.pk])
    assert client.get(retry).status_code == 405
    with run_jobs():
        response = client.post(retry)
    assert response.status_code == 302 and response.url == job_url(job)
    job.refresh_from_db()
    assert job.status == Job.Status.DONE


def test_retrying_a_job_that_did_not_fail_is_refused_with_a_message(client, organiser, done_job):
    client.force_login(organiser)
    response = client.post(reverse("admin:tournaments_job_retry", args=[done_job.pk]), follow=True)
    assert "Only a failed or stalled job can be retried." in response.content.decode()


# -- start_job_and_redirect: what the pages' print buttons use ------------------------------


def test_a_button_starts_a_job_and_opens_its_page(rf, fake_print, tournament, organiser, run_jobs):
    from django.contrib.messages.storage.fallback import FallbackStorage

    from tournaments.admin.jobs import start_job_and_redirect

    def request(method):
        req = getattr(rf, method)("/admin/tournaments/tournament/1/print/")
        req.user = organiser
        req.session = {}
        req._messages = FallbackStorage(req)
        return req

    assert (
        start_job_and_redirect(
            request("get"), kind="print", tournament=tournament, params={}
        ).status_code
        == 405
    )
    with run_jobs():
        response = start_job_and_redirect(
            request("post"), kind="print", tournament=tournament, params={"form": "standings"}
        )
    job = Job.objects.get()
    assert response.status_code == 302 and response.url == job_url(job)

    fake_print.refuse = "Only the chief umpire prints score sheets."
    refused = request("post")
    refused.META["HTTP_REFERER"] = "http://evil.example.org/"
    response = start_job_and_redirect(
        refused, kind="print", tournament=tournament, params={"form": "scoresheet"}
    )
    assert response.url == reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    assert [str(m) for m in refused._messages] == ["Only the chief umpire prints score sheets."]
    assert Job.objects.count() == 1


# -- failures that must not become a 500 nor leave a job running forever -------------------


def post_request(rf, user, path="/admin/tournaments/tournament/1/print/"):
    from django.contrib.messages.storage.fallback import FallbackStorage

    request = rf.post(path)
    request.user = user
    request.session = {}
    request._messages = FallbackStorage(request)
    return request


@pytest.mark.parametrize("error", [RuntimeError("bug"), OperationalError("database is locked")])
def test_a_button_whose_job_crashes_eagerly_opens_the_failed_jobs_page_not_a_500(
    rf, fake_print, tournament, organiser, run_jobs, error
):
    from tournaments.admin.jobs import start_job_and_redirect

    fake_print.fail_with = error
    with run_jobs():
        response = start_job_and_redirect(
            post_request(rf, organiser), kind="print", tournament=tournament, params={}
        )
    job = Job.objects.get()
    assert response.status_code == 302 and response.url == job_url(job)
    assert job.status == Job.Status.FAILED and type(error).__name__ in job.error


@pytest.mark.django_db(transaction=True)  # committed as in production: run within the request
def test_a_retry_that_crashes_again_shows_the_failed_job_and_no_success(
    client, fake_print, tournament, organiser, eager_jobs
):
    fake_print.fail_with = RuntimeError("bug")
    job = start_print(tournament, organiser)
    client.force_login(organiser)
    response = client.post(reverse("admin:tournaments_job_retry", args=[job.pk]))
    assert response.status_code == 302 and response.url == job_url(job)
    page = client.get(response.url).content.decode()
    assert "unexpected error (RuntimeError)" in page
    assert "queued again" not in page
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("failed", 2)


def broker_errors():
    import redis.exceptions
    from kombu.exceptions import OperationalError as KombuError

    return [
        KombuError("Error 111 connecting to 127.0.0.1:6379. Connection refused."),
        redis.exceptions.ConnectionError("Connection refused"),
        ConnectionRefusedError(111, "Connection refused"),
    ]


@pytest.fixture
def broker_down(monkeypatch):
    from tournaments.tasks import job_run_task

    def down(error):
        def send(*args, **kwargs):
            raise error

        monkeypatch.setattr(job_run_task, "delay", send)
        monkeypatch.setattr(job_run_task, "apply_async", send)

    return down


@pytest.mark.parametrize("error", broker_errors(), ids=type)
def test_a_broker_that_cannot_be_reached_fails_the_job_instead_of_a_500(
    rf, fake_print, tournament, organiser, broker_down, error, django_capture_on_commit_callbacks
):
    from tournaments.admin.jobs import start_job_and_redirect

    broker_down(error)
    with django_capture_on_commit_callbacks(execute=True):
        response = start_job_and_redirect(
            post_request(rf, organiser), kind="print", tournament=tournament, params={}
        )
    job = Job.objects.get()
    assert response.status_code == 302 and response.url == job_url(job)
    assert (job.status, job.error) == ("failed", "The job queue cannot be reached; try again.")
    assert fake_print.calls == []


def test_a_job_the_broker_refused_is_retried_once_it_is_back(
    fake_print, tournament, organiser, run_jobs, monkeypatch
):
    from tournaments.tasks import job_run_task

    def send(*args, **kwargs):
        raise ConnectionRefusedError(111, "Connection refused")

    with monkeypatch.context() as broker_down:
        broker_down.setattr(job_run_task, "delay", send)
        with run_jobs():
            job = start_print(tournament, organiser)
        job.refresh_from_db()
        assert job.status == Job.Status.FAILED
    with run_jobs():
        job_retry(job=job, user=organiser)
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("done", 1)


# -- one attempt fails only itself ----------------------------------------------------------


def test_a_superseded_attempt_that_crashes_does_not_fail_the_newer_one(
    fake_print, tournament, chief, run_jobs
):
    job_id = []

    def overtaken_then_crashes(step, progress):
        if step == 2:  # another worker took the redelivered message, then this one crashes
            Job.objects.filter(pk=job_id[0]).update(attempts=2, done=0, total=0)
            raise RuntimeError("this old attempt's bug")

    fake_print.during = overtaken_then_crashes
    with run_jobs() as callbacks:
        job = start_print(tournament, chief)
        job_id.append(job.pk)
    assert len(callbacks) == 1
    job.refresh_from_db()
    assert (job.status, job.attempts, job.error) == ("running", 2, "")


def test_a_failure_marks_only_the_attempt_it_names(tournament, chief):
    job = running_job(tournament, chief, attempts=3)
    job_services.job_mark_failed(job_id=job.pk, error=RuntimeError("old"), attempt=2)
    job_services.job_mark_failed(job_id=job.pk, error=RuntimeError("unknown attempt"))
    job.refresh_from_db()
    assert (job.status, job.error) == ("running", "")
    job_services.job_mark_failed(job_id=job.pk, error=RuntimeError("this one"), attempt=3)
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED and "RuntimeError" in job.error


# -- a job whose process died: stalled, and retried ----------------------------------------


def ago(seconds: float):
    return timezone.now() - timedelta(seconds=seconds)


def test_a_running_job_shows_a_sign_of_life_when_claimed_and_at_each_progress_write(
    fake_print, tournament, chief, run_jobs
):
    beats = []
    fake_print.during = lambda step, progress: beats.append(
        Job.objects.values_list("heartbeat_at", flat=True).get()
    )
    before = timezone.now()
    with run_jobs():
        start_print(tournament, chief)
    assert beats[0] is not None and beats[0] >= before
    assert beats == sorted(beats) and beats[-1] > beats[0]  # progress wrote it again


def test_a_running_job_without_a_sign_of_life_for_too_long_is_stalled(tournament, chief):
    stall = job_services.stall_seconds()
    assert stall >= 120
    assert not job_stalled(job=running_job(tournament, chief, heartbeat_at=ago(stall - 5)))
    assert job_stalled(job=running_job(tournament, chief, heartbeat_at=ago(stall + 5)))
    # No sign of life recorded (a row of before the heartbeat): its start counts.
    assert job_stalled(job=running_job(tournament, chief, started_at=ago(stall + 5)))
    failed = running_job(
        tournament,
        chief,
        status=Job.Status.FAILED,
        error="x",
        heartbeat_at=ago(10 * stall),
        finished_at=timezone.now(),
    )
    assert not job_stalled(job=failed)


def test_a_seating_search_is_not_stalled_within_its_time_limit(tournament, chief):
    stall = job_services.stall_seconds()
    searching = running_job(
        tournament,
        chief,
        kind=Job.Kind.SEATING,
        params={"time_limit": 300},
        heartbeat_at=ago(stall + 250),  # silent while it searches: up to 300 s
    )
    assert not job_stalled(job=searching)
    assert job_stalled(job=searching, now=timezone.now() + timedelta(seconds=60))
    default = running_job(tournament, chief, kind=Job.Kind.SEATING, params={})
    assert not job_stalled(job=default, now=timezone.now() + timedelta(seconds=stall + 15))


def test_a_stalled_job_says_so_and_offers_a_retry(client, organiser, tournament):
    job = running_job(
        tournament, organiser, heartbeat_at=ago(job_services.stall_seconds() + 60), done=2, total=8
    )
    client.force_login(organiser)
    status = client.get(status_url(job)).json()
    assert (status["status"], status["status_label"], status["stalled"]) == (
        "running",
        "Stalled",
        True,
    )
    html = client.get(job_url(job)).content.decode()
    assert '<p id="job-stalled" class="errornote">' in html
    retry = reverse("admin:tournaments_job_retry", args=[job.pk])
    assert f'<form id="job-retry" method="post" action="{retry}">' in html


def test_a_job_still_alive_shows_no_stall_and_no_retry(client, organiser, tournament):
    job = running_job(tournament, organiser, heartbeat_at=timezone.now())
    client.force_login(organiser)
    html = client.get(job_url(job)).content.decode()
    assert '<p id="job-stalled" class="errornote" hidden>' in html
    assert '<form id="job-retry" method="post"' in html and html.count(" hidden>") >= 2
    response = client.post(reverse("admin:tournaments_job_retry", args=[job.pk]), follow=True)
    assert "Only a failed or stalled job can be retried." in response.content.decode()
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("running", 1)


def test_a_stalled_job_is_retried_and_its_old_attempt_can_no_longer_finish_it(
    fake_print,
    tournament,
    organiser,
    chief,
    make_staff,
    django_capture_on_commit_callbacks,
    eager_jobs,
):
    job = running_job(tournament, organiser, heartbeat_at=ago(job_services.stall_seconds() + 1))
    old_attempt = JobProgress(job.pk, job.attempts, interval=0)
    with pytest.raises(PermissionRefused):
        job_retry(job=job, user=make_staff("other-organiser", Role.ORGANISER))
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        job_retry(job=job, user=organiser)
    job.refresh_from_db()
    assert (job.status, job.attempts, job.heartbeat_at) == ("queued", 1, None)
    with pytest.raises(job_services.JobSuperseded):
        old_attempt(1, 4, "the old attempt was alive after all")
    callbacks[0]()
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("done", 2)
    with pytest.raises(job_services.JobSuperseded):
        old_attempt(2, 4, "still there")
    assert Job.objects.values_list("message", flat=True).get() == "sheet 4 of 4"


def test_attempts_are_counted_again_after_a_retry(fake_print, tournament, chief, run_jobs):
    job = running_job(tournament, chief, attempts=MAX_ATTEMPTS)
    job_run(job_id=job.pk)  # given up: the worker died during each attempt
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED
    with run_jobs():
        job_retry(job=job, user=chief)
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("done", MAX_ATTEMPTS + 1)


# -- a stalled job is queued again by the workers themselves --------------------------------


def test_a_stalled_job_is_queued_again_without_anyone_asking_and_runs_to_the_end(
    fake_print, tournament, organiser, django_capture_on_commit_callbacks, eager_jobs
):
    """What a worker does every JOB_STALL_CHECK_SECONDS (tournaments.tasks.StalledJobsCheck):
    a killed worker's print job goes on within minutes, not after the visibility timeout."""
    job = running_job(
        tournament, organiser, heartbeat_at=ago(job_services.stall_seconds() + 1), done=2, total=8
    )
    old_attempt = JobProgress(job.pk, job.attempts, interval=0)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert job_services.job_requeue_stalled() == [job.pk]
    job.refresh_from_db()
    assert (job.status, job.attempts, job.done, job.started_at) == ("queued", 1, 0, None)
    assert job_services.job_requeue_stalled() == []  # queued once, not at every look
    with pytest.raises(job_services.JobSuperseded):
        old_attempt(3, 8, "the old attempt was alive after all")
    assert len(callbacks) == 1
    callbacks[0]()
    job.refresh_from_db()
    assert (job.status, job.attempts, job.result_name) == ("done", 2, "session-1_sheets.pdf")


def test_a_job_alive_or_silent_within_its_kind_or_not_running_is_not_queued_again(
    tournament, organiser
):
    stall = job_services.stall_seconds()
    alive = running_job(tournament, organiser, heartbeat_at=ago(stall - 5))
    searching = running_job(
        tournament,
        organiser,
        kind=Job.Kind.SEATING,
        params={"time_limit": 300},
        heartbeat_at=ago(stall + 250),  # silent on purpose while it searches
    )
    queued = Job.objects.create(
        tournament=tournament, requested_by=organiser, kind=Job.Kind.PRINT, params={}
    )
    failed = running_job(
        tournament,
        organiser,
        status=Job.Status.FAILED,
        error="x",
        heartbeat_at=ago(10 * stall),
        finished_at=timezone.now(),
    )
    assert job_services.job_requeue_stalled() == []
    statuses = Job.objects.filter(pk__in=[alive.pk, searching.pk, queued.pk, failed.pk])
    assert sorted(statuses.values_list("status", flat=True)) == [
        "failed",
        "queued",
        "running",
        "running",
    ]


def test_the_time_without_a_sign_of_life_that_makes_a_job_stalled_is_a_setting(
    settings, tournament, organiser
):
    settings.JOB_STALL_SECONDS = 5
    job = running_job(tournament, organiser, heartbeat_at=ago(6))
    assert job_stalled(job=job)
    settings.JOB_STALL_SECONDS = 120
    assert not job_stalled(job=job)


def test_a_job_queued_again_after_each_worker_death_is_given_up_after_max_attempts(
    fake_print, tournament, organiser, run_jobs
):
    """Queued again by the workers, the attempts count on (a retry by a person starts them
    afresh): a job that kills its worker every time does not go round for ever."""
    job = running_job(
        tournament,
        organiser,
        attempts=MAX_ATTEMPTS,
        heartbeat_at=ago(job_services.stall_seconds() + 1),
    )
    with run_jobs():
        assert job_services.job_requeue_stalled() == [job.pk]
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED and fake_print.calls == []
    assert (
        job.error == f"Stopped after {MAX_ATTEMPTS} attempts: the worker stopped during each one."
    )


@pytest.mark.django_db(transaction=True)  # the beats come from a thread of their own
def test_a_runner_silent_for_longer_than_the_stall_time_is_not_taken_for_lost(
    fake_print, tournament, organiser, run_jobs, settings
):
    """A batch's PDF is built in one go, after the progress of its pages: while the process
    lives, its sign of life is written all the same, and the job is neither stalled nor
    queued again under the runner's feet."""
    settings.JOB_STALL_SECONDS = 1  # a beat every quarter of a second
    seen = []

    def silent(step, progress):
        if step == 2:
            time.sleep(2)  # twice the stall time without a word
            seen.append(job_stalled(job=Job.objects.get()))
            seen.append(job_services.job_requeue_stalled())

    fake_print.during = silent
    with run_jobs():
        job = start_print(tournament, organiser)
    job.refresh_from_db()
    assert seen == [False, []]
    assert (job.status, job.attempts) == ("done", 1)
    beating = [t for t in threading.enumerate() if t.name.endswith("-signs-of-life")]
    assert beating == []  # the beats stop with the attempt


def test_a_worker_looks_for_stalled_jobs_on_its_own_timer_and_survives_a_failed_look(
    monkeypatch, settings
):
    from tournaments import tasks

    class Timer:
        """The worker's timer (celery.worker.components.Timer), as the step uses it."""

        def __init__(self):
            self.repeated = []

        def call_repeatedly(self, seconds, function):
            entry = type("Entry", (), {"canceled": False})()
            entry.cancel = lambda: setattr(entry, "canceled", True)
            self.repeated.append((seconds, function, entry))
            return entry

    settings.JOB_STALL_CHECK_SECONDS = 7
    looks = []

    def look(**kwargs):
        looks.append(kwargs)
        raise OperationalError("the database is restarting")

    monkeypatch.setattr(job_services, "job_requeue_stalled", look)
    worker = type("Worker", (), {"timer": Timer()})()
    step = tasks.StalledJobsCheck(worker)
    step.start(worker)
    ((seconds, function, entry),) = worker.timer.repeated
    assert (seconds, function) == (7, tasks.requeue_stalled_jobs)
    function()  # logged, not raised: the worker's loop goes on
    assert looks == [{}]
    step.stop(worker)
    assert entry.canceled


# -- the runner works for the requester ----------------------------------------------------


def test_the_runner_is_told_who_asked(fake_print, tournament, organiser, run_jobs):
    with run_jobs():
        start_print(tournament, organiser)
    assert fake_print.users == [organiser]


def test_a_printed_batch_records_who_printed_it(tournament, chief, run_jobs):
    from reports.models import PrintRecord

    with run_jobs():
        job = start_print(tournament, chief, form="standings")
    job.refresh_from_db()
    assert job.status == Job.Status.DONE, job.error
    assert list(PrintRecord.objects.values_list("printed_by", flat=True)) == [chief.pk]
