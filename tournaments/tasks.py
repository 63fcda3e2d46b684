"""Celery tasks of the tournaments app. Tasks stay thin: they take IDs and call services."""

import os
import socket

from celery import shared_task
from django.db import OperationalError

# A database that is briefly unreachable or locked is worth a few more tries.
JOB_RETRIES = 3
JOB_RETRY_DELAY = 5  # seconds


@shared_task(name="tournaments.worker_ping")
def worker_ping() -> dict:
    """Answer from whichever worker picked the task up: used to check the broker and workers."""
    return {"host": socket.gethostname(), "pid": os.getpid()}


def _job_task_failed(task, exc, task_id, args, kwargs, einfo) -> None:
    """Celery's failure handler: the job row says it failed rather than run forever."""
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
    from tournaments.services.jobs import job_mark_failed, job_run

    try:
        job_run(job_id=job_id)
    except OperationalError as error:
        # On a worker, later; run eagerly (inside a web request) a retry would only make the
        # page wait: the job fails, and its page offers to retry it.
        if not self.request.is_eager and self.request.retries < self.max_retries:
            raise self.retry(exc=error, countdown=JOB_RETRY_DELAY) from error
        job_mark_failed(job_id=job_id, error=error)
        raise
    except Exception as error:
        # Marked here too: run eagerly with errors propagated, Celery calls no failure handler.
        job_mark_failed(job_id=job_id, error=error)
        raise
