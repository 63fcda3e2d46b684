"""Celery tasks of the tournaments app. Tasks stay thin: they take IDs and call services."""

import logging
import os
import socket

from celery import bootsteps, shared_task
from django.conf import settings
from django.db import OperationalError, close_old_connections

logger = logging.getLogger(__name__)

# A database that is briefly unreachable or locked is worth a few more tries.
JOB_RETRIES = 3
JOB_RETRY_DELAY = 5  # seconds


@shared_task(name="tournaments.worker_ping")
def worker_ping() -> dict:
    """Answer from whichever worker picked the task up: used to check the broker and workers."""
    return {"host": socket.gethostname(), "pid": os.getpid()}


def _job_task_failed(task, exc, task_id, args, kwargs, einfo) -> None:
    """Celery's failure handler: the job row says it failed rather than stay queued forever.
    The attempt is not known here: a job already running is left to its attempt (a failure
    inside the task marked it already; a lost one shows as stalled, `job_stalled`)."""
    from tournaments.services.jobs import job_mark_failed

    job_id = args[0] if args else kwargs.get("job_id")
    if job_id is not None:
        job_mark_failed(job_id=job_id, error=exc)


@shared_task(
    bind=True,
    name="tournaments.job_run",
    # Acknowledged only once run: a worker killed mid-job leaves the message to be delivered
    # again (after the broker's visibility timeout), and the job restarts from scratch.
    acks_late=True,
    reject_on_worker_lost=True,
    max_retries=JOB_RETRIES,
    on_failure=_job_task_failed,
)
def job_run_task(self, job_id: int) -> None:
    from tournaments.services.jobs import job_claim, job_execute, job_mark_failed

    attempt = None  # none claimed yet
    try:
        job = job_claim(job_id=job_id)
        if job is not None:
            attempt = job.attempts
            job_execute(job=job)
    except Exception as error:
        # A database briefly unreachable or locked: on a worker, try again later. Run eagerly
        # (inside a web request) a retry would only make the page wait.
        if (
            isinstance(error, OperationalError)
            and not self.request.is_eager
            and self.request.retries < self.max_retries
        ):
            raise self.retry(exc=error, countdown=JOB_RETRY_DELAY) from error
        # Marked here (only this attempt): run eagerly, Celery calls no failure handler.
        job_mark_failed(job_id=job_id, error=error, attempt=attempt)
        if self.request.is_eager:
            # Inside the web request that queued it: raised, it would be a 500 (the page's
            # transaction long committed); the job's page shows the failure and offers a retry.
            logger.exception("job %s (attempt %s) failed", job_id, attempt)
            return
        raise


def requeue_stalled_jobs() -> None:
    """Queue again the jobs whose process died (tournaments.services.jobs.job_requeue_stalled).
    Run on the worker's own timer, outside any task: an error is logged, never raised, or it
    would stop the worker's loop; a connection lost meanwhile is dropped before and after."""
    from tournaments.services.jobs import job_requeue_stalled

    close_old_connections()
    try:
        job_requeue_stalled()
    except Exception:
        logger.exception("looking for stalled jobs failed; tried again in %s s", _check_seconds())
    finally:
        close_old_connections()


def _check_seconds() -> float:
    return float(settings.JOB_STALL_CHECK_SECONDS)


class StalledJobsCheck(bootsteps.StartStopStep):
    """A step of every Celery worker (config/celery.py): every JOB_STALL_CHECK_SECONDS it
    queues again the jobs that stalled, such as the job of another worker that was killed. Any
    worker may do it, and several at once do no harm (each job is locked and looked at again)."""

    requires = {"celery.worker.components:Timer"}

    def __init__(self, parent, **kwargs):
        super().__init__(parent, **kwargs)
        self.timer_entry = None

    def start(self, parent) -> None:
        self.timer_entry = parent.timer.call_repeatedly(_check_seconds(), requeue_stalled_jobs)

    def stop(self, parent) -> None:
        if self.timer_entry is not None:
            self.timer_entry.cancel()
            self.timer_entry = None

    terminate = stop
