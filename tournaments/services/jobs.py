"""Background jobs: start one, run it on a worker with progress, store its file, retry it.

`job_start` checks the parameters and the user (through the kind's checker) and creates the
job; the task is queued once the transaction commits. `job_run` (called by the Celery task)
runs it: every start is a fresh attempt from scratch (a message redelivered after a worker
died starts again), progress is saved as it goes, and a result file is written under a
temporary name and moved into place before the job is marked done, so no half-written file is
ever offered. On the embedded defaults Celery runs the task in-process, right after commit.

Each kind registers a checker and a runner (`JOB_KINDS`):

- checker(*, user, tournament, params) -> None: raises TournamentError (PermissionRefused
  for the role) on bad parameters or a user who may not; it runs before the job is created
  and again when a worker starts it.
- runner(*, tournament, params, progress) -> (file name, bytes) or None: does the work,
  calling progress(done, total, message) as it goes, outside any transaction (the progress
  must reach the database at once to be seen by the pages).
"""

import logging
import os
import time
import uuid
from collections.abc import Callable
from pathlib import Path

from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone
from django.utils.text import get_valid_filename
from django.utils.translation import gettext as _

from tournaments import roles
from tournaments.errors import TournamentError
from tournaments.history import acting_as
from tournaments.models import Job, Tournament
from tournaments.models.jobs import MESSAGE_LENGTH
from tournaments.services.seating import seating_job_check, seating_job_run

logger = logging.getLogger(__name__)

Progress = Callable[[int, int, str], None]
Checker = Callable[..., None]
Runner = Callable[..., tuple[str, bytes] | None]

PROGRESS_INTERVAL = 0.25  # seconds between two progress writes, at most
# A job that killed its worker this many times is not started again (each death redelivers).
MAX_ATTEMPTS = 5


def _print_check(**kwargs) -> None:
    from reports.jobs import print_job_check  # reports builds on tournaments, not the reverse

    print_job_check(**kwargs)


def _print_run(**kwargs) -> tuple[str, bytes]:
    from reports.jobs import print_job_run

    return print_job_run(**kwargs)


JOB_KINDS: dict[str, tuple[Checker, Runner]] = {
    Job.Kind.PRINT: (_print_check, _print_run),
    Job.Kind.SEATING: (seating_job_check, seating_job_run),
}


class JobSuperseded(Exception):
    """A newer attempt of this job started (its message was redelivered): this one stops."""


# -- who may see a job ---------------------------------------------------------------------


def job_may_view(*, user, job: Job) -> bool:
    """The requester, the chief umpire (director) or a superuser see, download and retry it."""
    if user is None or not user.is_active or not user.is_authenticated:
        return False
    return job.requested_by_id == user.pk or roles.is_director(user)


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


def _kind(kind: str) -> tuple[Checker, Runner]:
    try:
        return JOB_KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown job kind {kind!r}") from None


def _enqueue(job: Job) -> None:
    from tournaments.tasks import job_run_task

    job_run_task.delay_on_commit(job.pk)


def job_start(*, kind: str, tournament: Tournament, params: dict, user) -> Job:
    """Check, create and queue a job (it runs once the transaction commits).

    The kind's checker refuses bad parameters and users who may not (TournamentError,
    PermissionRefused): then nothing is created.
    """
    checker, _runner = _kind(kind)
    _check_plain(params)
    checker(user=user, tournament=tournament, params=params)
    with transaction.atomic():
        job = Job.objects.create(kind=kind, tournament=tournament, params=params, requested_by=user)
        _enqueue(job)
    return job


def job_retry(*, job: Job, user) -> Job:
    """Queue a failed job again, from scratch (its requester, the director)."""
    roles.require(
        job_may_view(user=user, job=job),
        _("Only who asked for this job, or the chief umpire, may retry it."),
    )
    checker, _runner = _kind(job.kind)
    with transaction.atomic():
        job = Job.objects.select_for_update().get(pk=job.pk)
        if job.status != Job.Status.FAILED:
            raise TournamentError(_("Only a failed job can be retried."))
        checker(user=user, tournament=job.tournament, params=job.params)
        _reset(job, status=Job.Status.QUEUED, attempts=0, started_at=None)
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
        ).update(done=done, total=total, message=message)
        if not updated:
            raise JobSuperseded(self.job_id)


def _claim(job_id: int) -> Job | None:
    """Mark the job running as a new attempt, from scratch; None when it is not to run (gone,
    already finished, or given up after MAX_ATTEMPTS worker deaths)."""
    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id).first()
        if job is None:
            logger.warning("job %s no longer exists; its message is dropped", job_id)
            return None
        if job.finished:
            logger.info("job %s is already %s; not run again", job_id, job.status)
            return None
        now = timezone.now()
        if job.attempts >= MAX_ATTEMPTS:
            _reset(job, status=Job.Status.FAILED, finished_at=now)
            job.error = _("Stopped after %(n)s attempts: the worker stopped during each one.") % {
                "n": job.attempts
            }
            job.save()
            return None
        _reset(job, status=Job.Status.RUNNING, attempts=job.attempts + 1, started_at=now)
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
    """Run one attempt of a job (the Celery task calls this). A user error (TournamentError)
    marks it failed with its message; any other error propagates to the task, whose failure
    handler marks it failed (`job_mark_failed`)."""
    job = _claim(job_id)
    if job is None:
        return Job.objects.filter(pk=job_id).first()
    checker, runner = _kind(job.kind)
    progress = JobProgress(job.pk, job.attempts)
    try:
        with acting_as(job.requested_by):  # the audit trail names who asked
            # Checked again: the role or the tournament may have changed since it was queued.
            checker(user=job.requested_by, tournament=job.tournament, params=job.params)
            result = runner(tournament=job.tournament, params=job.params, progress=progress)
        progress.flush()
        _finish(job, result)
    except TournamentError as error:
        _fail(job, error.message)
    except JobSuperseded:
        logger.warning("job %s: attempt %s was superseded by a newer one", job.pk, job.attempts)
    return Job.objects.filter(pk=job_id).first()


def job_mark_failed(*, job_id: int, error: BaseException | str) -> None:
    """The task failed outside the job's own handling (a bug, retries exhausted): the job
    says so instead of running forever. A finished job is left as it is."""
    logger.error("job %s failed: %r", job_id, error)
    if isinstance(error, BaseException):
        text = _("The job stopped on an unexpected error (%(kind)s); it was logged.") % {
            "kind": type(error).__name__
        }
    else:
        text = str(error)
    Job.objects.filter(pk=job_id, status__in=[Job.Status.QUEUED, Job.Status.RUNNING]).update(
        status=Job.Status.FAILED,
        error=text,
        result_file="",
        result_name="",
        finished_at=timezone.now(),
    )
