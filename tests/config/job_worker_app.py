"""The Celery app a test worker runs (`celery -A tests.config.job_worker_app worker`): the
project's own app and tasks, with the print kind's runner slowed down so that a test can kill
the worker in the middle of a batch.

`slowed_print_run` is the real print runner (reports.jobs) that waits `params["seconds"]`
before each progress report (each score sheet of a session's batch).
"""

import time

from celery.signals import worker_ready

from config.celery import app

__all__ = [
    "app",
    "slowed_print_check",
    "slowed_print_run",
]


def slowed_print_check(*, user, tournament, params) -> None:
    from reports.jobs import print_job_check

    print_job_check(user=user, tournament=tournament, params=params)


def slowed_print_run(*, tournament, params, progress, user=None) -> tuple[str, bytes]:
    from reports.jobs import print_job_run

    def slowly(done: int, total: int, message: str) -> None:
        time.sleep(params.get("seconds", 0))
        progress(done, total, message)

    return print_job_run(tournament=tournament, params=params, progress=slowly, user=user)


@worker_ready.connect
def _use_the_slow_print_runner(**kwargs) -> None:
    """In the worker process only (the tests import this module too): the tasks run in this
    process (solo pool), Django set up by then."""
    from tournaments.services import jobs

    jobs.JOB_KINDS["print"] = (slowed_print_check, slowed_print_run)
