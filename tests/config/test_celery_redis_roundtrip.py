"""A task really travels through Redis to a separate worker process and back."""

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.conf import settings

from tests.services import skip_or_fail
from tournaments.tasks import worker_ping

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def redis_worker():
    if not settings.REDIS_URL:
        skip_or_fail("REDIS_URL is not set")
    import redis

    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=3).ping()
    except redis.exceptions.ConnectionError as error:
        pytest.fail(f"REDIS_URL is set but Redis does not answer: {error}")
    queue = f"test-{uuid.uuid4().hex[:8]}"
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--concurrency=1",
            "--loglevel=WARNING",
            "-Q",
            queue,
            "-n",
            f"{queue}@%h",
        ],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"},
    )
    try:
        yield queue
    finally:
        worker.terminate()
        worker.wait(timeout=30)


def test_a_task_round_trips_through_redis_to_a_worker_process(redis_worker):
    assert settings.CELERY_TASK_ALWAYS_EAGER is False
    answer = worker_ping.apply_async(queue=redis_worker).get(timeout=60)
    assert answer["pid"] != os.getpid()


def test_tasks_run_in_process_on_the_embedded_defaults():
    if settings.REDIS_URL:
        pytest.skip("a real broker is configured; the eager path is tested without REDIS_URL")
    assert worker_ping.delay().get()["pid"] == os.getpid()
