"""Background jobs: start one, run it on a worker with progress, store its file, retry it.

`job_start` checks the parameters and the user (through the kind's checker) and creates the
job; the task is queued once the transaction commits. `job_run` (called by the Celery task)
runs it: every start is a fresh attempt from scratch (a message redelivered after a worker
died starts again), progress is saved as it goes, and a result file is written under a
temporary name and moved into place before the job is marked done, so no half-written file is
ever offered. On the embedded defaults Celery runs the task in-process, right after commit;
queued by a web request, once its response is sent (the request answers at once, 202/302).

Each kind registers a checker and a runner (`JOB_KINDS`, through `job_kind_register`; an app
built on tournaments registers its kinds in its `AppConfig.ready`, as reports does printing):

- checker(*, user, tournament, params) -> None: raises TournamentError (PermissionRefused
  for the role) on bad parameters or a user who may not; it runs before the job is created
  and again when a worker starts it.
- runner(*, tournament, params, progress, user) -> (file name, bytes) or None: does the work
  for `user` (who asked: the job's requester, already checked), calling progress(done, total,
  message) as it goes, outside any transaction (the progress must reach the database at once
  to be seen by the pages).

A running job shows a sign of life (`heartbeat_at`) when claimed, at each progress write and,
from a thread of its own, every quarter of the stall time while its process lives
(`SignsOfLife`). If its process died without a word (a web server restarted under an eager
job, a killed worker), the job would say "running" until the broker hands the dead worker's
message out again (an hour) or forever: once its sign of life is older than it can be
(`job_stalled`), its page says so and it may be retried, and the Celery workers, which look
for such jobs every JOB_STALL_CHECK_SECONDS, queue it again themselves (`job_requeue_stalled`).
"""

import logging
import os
import threading
import time
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path

import redis.exceptions
from django.conf import settings
from django.core.files.storage import default_storage
from django.db import DatabaseError, close_old_connections, connections, transaction
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.text import get_valid_filename
from django.utils.translation import gettext as _
from kombu.exceptions import OperationalError as BrokerError

from tournaments import policies, roles
from tournaments.errors import TournamentError
from tournaments.history import acting_as
from tournaments.models import Job, Tournament
from tournaments.models.jobs import MESSAGE_LENGTH
from tournaments.services.seating import (
    DEFAULT_TIME_LIMIT,
    MAX_TIME_LIMIT,
    seating_job_check,
    seating_job_run,
)

logger = logging.getLogger(__name__)

Progress = Callable[[int, int, str], None]
Checker = Callable[..., None]
Runner = Callable[..., tuple[str, bytes] | None]

PROGRESS_INTERVAL = 0.25  # seconds between two progress writes, at most
# A job that killed its worker this many times is not started again (each death redelivers).
MAX_ATTEMPTS = 5
# What cannot reach the broker when a job is queued (Redis down or unreachable).
BROKER_ERRORS = (BrokerError, redis.exceptions.ConnectionError, OSError)


def _seating_run(*, user=None, **kwargs) -> None:
    # The seating needs no user: it runs as the requester already (`acting_as`).
    seating_job_run(**kwargs)


# The registry of job kinds: each kind's checker and runner. Tournaments' own kinds are here;
# an app built on tournaments adds its kinds from its AppConfig.ready (reports: printing),
# so that tournaments never imports it.
JOB_KINDS: dict[str, tuple[Checker, Runner]] = {
    Job.Kind.SEATING: (seating_job_check, _seating_run),
}


def _seating_quiet_seconds(params: dict) -> float:
    """The seating search reports nothing until its time limit is over."""
    try:
        seconds = float(params.get("time_limit", DEFAULT_TIME_LIMIT))
    except (TypeError, ValueError):
        return MAX_TIME_LIMIT
    return min(max(seconds, 0.0), MAX_TIME_LIMIT)


# How long a kind's runner may stay silent on purpose, from its parameters (beyond stall_seconds()).
QUIET_SECONDS: dict[str, Callable[[dict], float]] = {
    Job.Kind.SEATING: _seating_quiet_seconds,
}


def job_kind_register(
    kind: str,
    *,
    checker: Checker,
    runner: Runner,
    quiet_seconds: Callable[[dict], float] | None = None,
) -> None:
    """Register a kind of job (one of Job.Kind): its checker, its runner and, if its runner
    stays silent on purpose, how long (from the job's parameters)."""
    if kind not in Job.Kind.values:
        raise ValueError(f"unknown job kind {kind!r}")
    JOB_KINDS[kind] = (checker, runner)
    if quiet_seconds is not None:
        QUIET_SECONDS[kind] = quiet_seconds


class JobSuperseded(Exception):
    """A newer attempt of this job started (its message was redelivered): this one stops."""


# -- who may see a job ---------------------------------------------------------------------


def job_may_view(*, user, job: Job) -> bool:
    """The requester, the chief umpire (director) or a superuser see, download and retry it."""
    return policies.may_view_job(user, job)


# -- starting ------------------------------------------------------------------------------

_PLAIN = (str, int, float, bool, type(None))


def _check_plain(params) -> None:
    """Parameters are ids, numbers and strings (lists of them too): a task takes ids, never
    objects, and the row shows exactly what was asked."""
    if not isinstance(params, dict) or not all(isinstance(key, str) for key in params):
        raise TypeError("job parameters must be a dict with string keys")
    for value in params.values():
        items = value if isinstance(value, list) else [value]
        if not all(isinstance(item, _PLAIN) for item in items):
            raise TypeError(f"job parameter {value!r} is not an id, a number or a string")


def _job_language(language: str | None) -> str:
    """The language the job writes in (its forms, its messages): `language` if asked, else
    the language of the page or login that queued it."""
    language = language or translation.get_language() or settings.LANGUAGE_CODE
    if language not in {code for code, _name in settings.LANGUAGES}:
        raise TournamentError(_("Unknown language: %(code)s.") % {"code": language})
    return language


def _kind(kind: str) -> tuple[Checker, Runner]:
    try:
        return JOB_KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown job kind {kind!r}") from None


def _enqueue(job: Job) -> None:
    transaction.on_commit(partial(_send, job.pk))


def _send(job_id: int) -> None:
    """Give the job to the broker (once committed). A broker that cannot be reached fails the
    job, with a word for its page, instead of a 500 and a job queued forever.

    Without a broker (the embedded default: Celery eager, in-process), a job queued during a
    web request runs once its response is sent (`jobs_after_response`), never inside it."""
    from tournaments.tasks import job_run_task

    after_response = getattr(_this_request, "jobs", None)
    if after_response is not None and job_run_task.app.conf.task_always_eager:
        after_response.append(job_id)
        return
    try:
        job_run_task.delay(job_id)
    except BROKER_ERRORS:
        logger.exception("job %s could not be queued", job_id)
        job_mark_failed(job_id=job_id, error=_("The job queue cannot be reached; try again."))


# The jobs a web request queued, on the embedded default: run once its response is sent.
_this_request = threading.local()


class _JobsAfterResponse:
    """The response of a request that queued jobs: the server closes it once it has written it
    to the client, and only then do the jobs run."""

    def __init__(self, response, jobs: list[int]):
        self.response, self.jobs = response, jobs

    def __iter__(self):
        return iter(self.response)

    def close(self) -> None:
        try:
            if hasattr(self.response, "close"):
                self.response.close()  # request_finished: the request is over
        finally:
            for job_id in self.jobs:
                try:
                    _send(job_id)
                except Exception:  # the client has its answer; a crash is logged, not raised
                    logger.exception("job %s failed after the response", job_id)
            close_old_connections()  # what the jobs opened, as at the end of a request


def jobs_after_response(application):
    """WSGI middleware (config/wsgi.py): without a broker, the jobs a request queues run after
    its response is sent, not inside the request, which answers at once. Elsewhere (a command,
    a test's client, a Celery worker) they run as they are queued."""

    def wrapped(environ, start_response):
        _this_request.jobs = jobs = []
        try:
            response = application(environ, start_response)
        finally:
            _this_request.jobs = None
        return _JobsAfterResponse(response, jobs) if jobs else response

    return wrapped


def job_start(
    *, kind: str, tournament: Tournament, params: dict, user, language: str | None = None
) -> Job:
    """Check, create and queue a job (it runs once the transaction commits).

    The kind's checker refuses bad parameters and users who may not (TournamentError,
    PermissionRefused): then nothing is created. The job runs in `language` (by default the
    language of the page or login that asked).
    """
    checker, _runner = _kind(kind)
    _check_plain(params)
    language = _job_language(language)
    checker(user=user, tournament=tournament, params=params)
    with transaction.atomic():
        job = Job.objects.create(
            kind=kind,
            tournament=tournament,
            params=params,
            requested_by=user,
            language=language,
        )
        _enqueue(job)
    return job


def stall_seconds() -> float:
    """How long a running job may go without a sign of life (beyond its kind's quiet time)
    before it counts as lost (settings.JOB_STALL_SECONDS): four beats of `SignsOfLife` missed,
    which a process that lives does not miss (docs/deployment.md)."""
    return float(settings.JOB_STALL_SECONDS)


def job_stalled(*, job: Job, now: datetime | None = None) -> bool:
    """Running, but with no sign of life for longer than its runner is ever silent: the process
    running it is gone (or hung). Its page says so, and it may be retried."""
    if job.status != Job.Status.RUNNING:
        return False
    last_sign = job.heartbeat_at or job.started_at
    if last_sign is None:
        return False
    quiet = QUIET_SECONDS.get(job.kind, lambda params: 0.0)(job.params or {})
    return (now or timezone.now()) - last_sign > timedelta(seconds=stall_seconds() + quiet)


def job_requeue_stalled(*, now: datetime | None = None) -> list[int]:
    """Queue again, from scratch, every stalled job (its process died without a word: a worker
    killed, its machine lost), so that it goes on within minutes, not when the broker hands the
    dead worker's message out again (MCR_CELERY_VISIBILITY_TIMEOUT). Every Celery worker runs
    this every JOB_STALL_CHECK_SECONDS (tournaments.tasks.StalledJobsCheck).

    Unlike a retry, the attempts made count on, as for a message redelivered: a job that kills
    its worker each time is given up after MAX_ATTEMPTS (`job_claim`). An attempt still alive
    after all no longer owns the job (JobSuperseded). Returns the ids queued again."""
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=stall_seconds())
    silent = Job.objects.filter(status=Job.Status.RUNNING).filter(
        Q(heartbeat_at__lt=cutoff) | Q(heartbeat_at__isnull=True, started_at__lt=cutoff)
    )
    return [
        job_id
        for job_id in silent.order_by("pk").values_list("pk", flat=True)
        if _requeue_if_stalled(job_id=job_id, now=now)
    ]


@transaction.atomic
def _requeue_if_stalled(*, job_id: int, now: datetime) -> bool:
    # Locked and looked at again: another worker may have queued it, or its attempt spoken.
    job = Job.objects.select_for_update().filter(pk=job_id).first()
    if job is None or not job_stalled(job=job, now=now):
        return False
    logger.warning(
        "job %s: attempt %s shows no sign of life since %s; queued again",
        job.pk,
        job.attempts,
        job.heartbeat_at or job.started_at,
    )
    _reset(job, status=Job.Status.QUEUED, started_at=None)
    job.save()
    _enqueue(job)
    return True


def job_retry(*, job: Job, user) -> Job:
    """Queue a failed or stalled job again, from scratch (its requester, the director).

    The attempt number goes on: a stalled attempt that is still alive after all no longer owns
    the job, so it can neither write progress nor finish it (JobSuperseded)."""
    roles.require(
        job_may_view(user=user, job=job),
        _("Only who asked for this job, or the chief umpire, may retry it."),
    )
    checker, _runner = _kind(job.kind)
    with transaction.atomic():
        job = Job.objects.select_for_update().get(pk=job.pk)
        if job.status != Job.Status.FAILED and not job_stalled(job=job):
            raise TournamentError(_("Only a failed or stalled job can be retried."))
        checker(user=user, tournament=job.tournament, params=job.params)
        _reset(job, status=Job.Status.QUEUED, attempts_before_retry=job.attempts, started_at=None)
        job.save()
        _enqueue(job)
    return job


def _reset(job: Job, **fields) -> None:
    """Progress, error and result cleared: a new attempt starts from scratch."""
    values = {
        "done": 0,
        "total": 0,
        "message": "",
        "error": "",
        "result_file": "",
        "result_name": "",
        "finished_at": None,
        "heartbeat_at": None,
        **fields,
    }
    for name, value in values.items():
        setattr(job, name, value)


# -- running -------------------------------------------------------------------------------


class JobProgress:
    """The progress callback given to a runner: saves done/total/message on the job row at
    most every PROGRESS_INTERVAL seconds (and once more at the end, `flush`).

    Each write is its own UPDATE, outside any transaction, so the pages polling the job see
    it at once. It writes only while this attempt owns the job; when a newer attempt has
    started, it stops the runner (JobSuperseded).
    """

    def __init__(self, job_id: int, attempt: int, *, interval: float = PROGRESS_INTERVAL):
        self.job_id = job_id
        self.attempt = attempt
        self.interval = interval
        self._last_write: float | None = None
        self._pending: tuple[int, int, str] | None = None

    def __call__(self, done: int, total: int, message: str = "") -> None:
        total = max(int(total), 0)
        done = min(max(int(done), 0), total)
        self._pending = (done, total, str(message)[:MESSAGE_LENGTH])
        now = time.monotonic()
        if self._last_write is None or now - self._last_write >= self.interval:
            self.flush()

    def flush(self) -> None:
        if self._pending is None:
            return
        done, total, message = self._pending
        self._pending = None
        self._last_write = time.monotonic()
        updated = Job.objects.filter(
            pk=self.job_id, attempts=self.attempt, status=Job.Status.RUNNING
        ).update(done=done, total=total, message=message, heartbeat_at=timezone.now())
        if not updated:
            raise JobSuperseded(self.job_id)


class SignsOfLife:
    """While an attempt runs in this process, a thread of its own writes the attempt's sign of
    life (`heartbeat_at`) every quarter of the stall time, whatever the runner is doing: a
    runner silent through a long step (a batch's PDF is built in one go, after the progress
    of its pages) is not taken for lost. Only a process that is gone (a worker killed, its
    machine lost) stops writing it, and its job is then queued again (`job_requeue_stalled`).

    It stops once the attempt no longer owns the job (superseded, finished); a write that
    fails (the database restarting) is tried again at the next beat."""

    def __init__(self, job_id: int, attempt: int, *, interval: float | None = None):
        self.job_id = job_id
        self.attempt = attempt
        self.interval = interval if interval is not None else stall_seconds() / 4
        self._stopped = threading.Event()
        self._thread = threading.Thread(
            target=self._beat, name=f"job-{job_id}-signs-of-life", daemon=True
        )

    def __enter__(self) -> "SignsOfLife":
        self._thread.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self._stopped.set()
        self._thread.join()

    def _beat(self) -> None:
        try:
            while not self._stopped.wait(self.interval):
                if not self._write():
                    return
        finally:
            connections.close_all()  # this thread's own connections

    def _write(self) -> bool:
        """Whether this attempt still owns the job."""
        try:
            return bool(
                Job.objects.filter(
                    pk=self.job_id, attempts=self.attempt, status=Job.Status.RUNNING
                ).update(heartbeat_at=timezone.now())
            )
        except DatabaseError:
            logger.warning("job %s: its sign of life could not be written", self.job_id)
            return True


def job_claim(*, job_id: int) -> Job | None:
    """Mark the job running as a new attempt, from scratch; None when it is not to run (gone,
    already finished, or given up after MAX_ATTEMPTS worker deaths since the last retry)."""
    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id).first()
        if job is None:
            logger.warning("job %s no longer exists; its message is dropped", job_id)
            return None
        if job.finished:
            logger.info("job %s is already %s; not run again", job_id, job.status)
            return None
        now = timezone.now()
        made = job.attempts - job.attempts_before_retry
        if made >= MAX_ATTEMPTS:
            _reset(job, status=Job.Status.FAILED, finished_at=now)
            job.error = _("Stopped after %(n)s attempts: the worker stopped during each one.") % {
                "n": made
            }
            job.save()
            return None
        _reset(
            job,
            status=Job.Status.RUNNING,
            attempts=job.attempts + 1,
            started_at=now,
            heartbeat_at=now,
        )
        job.save()
    if job.attempts > 1:
        logger.warning("job %s: attempt %s starts again from scratch", job.pk, job.attempts)
    return job


def _fail(job: Job, message: str) -> None:
    Job.objects.filter(pk=job.pk, attempts=job.attempts, status=Job.Status.RUNNING).update(
        status=Job.Status.FAILED,
        error=message or _("The job failed."),
        finished_at=timezone.now(),
    )


def _result_name(job: Job, file_name: str) -> str:
    safe = get_valid_filename(Path(file_name).name) or "result"
    return f"jobs/{job.token}/{safe[-150:]}"


def _write_temporary(job: Job, file_name: str, content: bytes) -> tuple[Path, str]:
    """The file written whole under a temporary name next to its final place."""
    name = _result_name(job, file_name)
    final = Path(default_storage.path(name))
    final.parent.mkdir(parents=True, exist_ok=True)
    temporary = final.parent / f".{job.attempts}-{uuid.uuid4().hex}.part"
    with open(temporary, "wb") as handle:
        handle.write(content)
        handle.flush()
        os.fsync(handle.fileno())
    return temporary, name


def _finish(job: Job, result: tuple[str, bytes] | None) -> None:
    """Move the file into place, then mark the job done: both only if this attempt still owns
    the job (under its row lock), so one attempt alone offers a file, and only whole."""
    temporary = name = None
    if result is not None:
        file_name, content = result
        temporary, name = _write_temporary(job, file_name, content)
    try:
        with transaction.atomic():
            current = (
                Job.objects.select_for_update()
                .filter(pk=job.pk, attempts=job.attempts, status=Job.Status.RUNNING)
                .first()
            )
            if current is None:
                raise JobSuperseded(job.pk)
            if temporary is not None:
                os.replace(temporary, default_storage.path(name))
                current.result_file = name
                current.result_name = Path(name).name
            current.status = Job.Status.DONE
            current.done = current.total = max(current.total, 1)
            current.finished_at = timezone.now()
            current.save()
    finally:
        if temporary is not None:
            temporary.unlink(missing_ok=True)


def job_run(*, job_id: int) -> Job | None:
    """Claim and run one attempt of a job; the job as it ended (None when it is gone)."""
    job = job_claim(job_id=job_id)
    if job is not None:
        job_execute(job=job)
    return Job.objects.filter(pk=job_id).first()


def job_execute(*, job: Job) -> None:
    """Run the attempt `job_claim` made (the Celery task calls both, so that it knows which
    attempt failed). A user error (TournamentError) marks it failed with its message; any
    other error propagates to the task, which marks this attempt failed (`job_mark_failed`)."""
    checker, runner = _kind(job.kind)
    progress = JobProgress(job.pk, job.attempts)
    language = job.language or settings.LANGUAGE_CODE
    try:
        # The audit trail names who asked; the forms are in the language he asked them in.
        with (
            SignsOfLife(job.pk, job.attempts),
            acting_as(job.requested_by),
            translation.override(language),
        ):
            # Checked again: the role or the tournament may have changed since it was queued.
            checker(user=job.requested_by, tournament=job.tournament, params=job.params)
            result = runner(
                tournament=job.tournament,
                params=job.params,
                progress=progress,
                user=job.requested_by,
            )
        progress.flush()
        _finish(job, result)
    except TournamentError as error:
        _fail(job, error.message)
    except JobSuperseded:
        logger.warning("job %s: attempt %s was superseded by a newer one", job.pk, job.attempts)


def job_mark_failed(*, job_id: int, error: BaseException | str, attempt: int | None = None) -> None:
    """The task failed outside the job's own handling (a bug, retries exhausted, no broker):
    the job says so instead of running forever.

    Only the attempt that failed is marked: `attempt` running, or with no attempt (it failed
    before one was claimed) the job still queued. A newer attempt, a finished job, are left."""
    logger.error("job %s failed: %r", job_id, error)
    if isinstance(error, BaseException):
        text = _("The job stopped on an unexpected error (%(kind)s); it was logged.") % {
            "kind": type(error).__name__
        }
    else:
        text = str(error)
    if attempt is None:
        this_attempt = {"status": Job.Status.QUEUED}
    else:
        this_attempt = {"status": Job.Status.RUNNING, "attempts": attempt}
    Job.objects.filter(pk=job_id, **this_attempt).update(
        status=Job.Status.FAILED,
        error=text,
        result_file="",
        result_name="",
        finished_at=timezone.now(),
    )
