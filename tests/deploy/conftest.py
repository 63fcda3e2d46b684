"""Fixtures of the deployment tests: `event_server`, the deployment of deploy/ run for real
on loopback (tests/deploy/gunicorn_server.py says how)."""

import logging
import subprocess
import sys
import uuid
from collections.abc import Iterator

import pytest
from django.conf import settings as django_settings

from tests.deploy.gunicorn_server import (
    ROOT,
    WEB_THREADS,
    WEB_WORKERS,
    EventServer,
    free_port,
    own_redis_url,
    server_environment,
    stop,
    wait_until_answering,
)
from tests.services import skip_or_fail


@pytest.fixture
def event_server(transactional_db, tmp_path) -> Iterator[EventServer]:
    database = django_settings.DATABASES["default"]
    if not database["ENGINE"].endswith("postgresql"):
        skip_or_fail("DATABASE_URL does not name PostgreSQL")
    if not django_settings.REDIS_URL:
        skip_or_fail("REDIS_URL is not set")
    import redis

    redis_url = own_redis_url(django_settings.REDIS_URL)
    try:
        connection = redis.Redis.from_url(redis_url, socket_connect_timeout=3)
        connection.ping()
    except redis.exceptions.ConnectionError as error:
        pytest.fail(f"REDIS_URL is set but Redis does not answer: {error}")
    stale = list(connection.scan_iter("mcr:*"))
    if stale:
        connection.delete(*stale)

    logging.getLogger("httpx").setLevel(logging.WARNING)  # not one line per request
    port = free_port()
    env = server_environment(port=port, redis_url=redis_url, tmp_path=tmp_path)
    server = EventServer(
        url=f"http://127.0.0.1:{port}",
        redis_url=redis_url,
        static_root=tmp_path / "static",
        media_root=tmp_path / "media",
        access_log=tmp_path / "access.log",
        error_log=tmp_path / "gunicorn.log",
        worker_log=tmp_path / "worker.log",
    )
    collected = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert collected.returncode == 0, collected.stderr + collected.stdout

    with server.worker_log.open("w") as worker_out:
        server.processes.append(
            subprocess.Popen(
                [
                    *(sys.executable, "-m", "celery", "-A", "config.celery", "worker"),
                    *("--concurrency=2", "--loglevel=INFO"),
                    *("--without-gossip", "--without-mingle", "--without-heartbeat"),
                    *("-n", f"deploy-{uuid.uuid4().hex[:8]}@%h"),
                ],
                cwd=ROOT,
                env=env,
                stdout=worker_out,
                stderr=subprocess.STDOUT,
            )
        )
    gunicorn = subprocess.Popen(
        [
            *(sys.executable, "-m", "gunicorn", "config.wsgi"),
            *("-c", "deploy/gunicorn.conf.py"),
            *("--workers", str(WEB_WORKERS), "--threads", str(WEB_THREADS)),
            *("--bind", f"127.0.0.1:{port}"),
            *("--access-logfile", str(server.access_log)),
            *("--error-logfile", str(server.error_log)),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    server.processes.append(gunicorn)
    try:
        wait_until_answering(server, gunicorn)
        yield server
    finally:
        for process in reversed(server.processes):
            stop(process)
        # Close this process's connections so that the test database can be flushed.
        from django.db import connections

        connections.close_all()
