"""Celery tasks of the tournaments app. Tasks stay thin: they take IDs and call services."""

import os
import socket

from celery import shared_task


@shared_task(name="tournaments.worker_ping")
def worker_ping() -> dict:
    """Answer from whichever worker picked the task up: used to check the broker and workers."""
    return {"host": socket.gethostname(), "pid": os.getpid()}
