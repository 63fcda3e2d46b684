"""The deployment of deploy/ run for real on loopback: gunicorn with several worker processes
and a Celery worker process, both on the test database (PostgreSQL) and a real Redis.

`event_server` (tests/deploy/conftest.py) collects the static files into a folder of the
test's own (production mode: whitenoise's hashed, compressed copies), starts one Celery worker
(`-A config.celery`, as deploy/compose.yaml does) and gunicorn with deploy/gunicorn.conf.py
(3 workers x 2 threads) on a free port, waits until it answers, and stops both afterwards.
The test must be transactional (`transactional_db`) so that the servers see its rows and it
sees theirs.

Both run in production mode (as deployed) but over plain http on loopback: no TLS redirect,
no HSTS. They use the next Redis database after REDIS_URL's, so that no other test's queued
message or cached page reaches them; the cached pages left there by an earlier run (keys
`mcr:*`) are deleted first, since a fresh test database numbers its tournaments from 1 again.
"""

import os
import re
import socket
import subprocess
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx
import pytest

from tests.config.helpers import worker_database_url

ROOT = Path(__file__).resolve().parents[2]
WEB_WORKERS = 3
WEB_THREADS = 2
START_TIMEOUT = 90  # seconds for gunicorn's workers to answer


@dataclass
class EventServer:
    """A running deployment: its base URL, logs and the Redis it uses."""

    url: str
    redis_url: str
    static_root: Path
    media_root: Path
    access_log: Path
    error_log: Path
    worker_log: Path
    processes: list[subprocess.Popen] = field(default_factory=list)

    def client(self, token: str | None = None, **kwargs) -> httpx.Client:
        headers = {"Authorization": f"Token {token}"} if token else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=60, **kwargs)

    def served_by(self, pattern: str, *, at_least: int = 0, timeout: float = 10) -> list[str]:
        """The pids of the gunicorn workers that answered the requests whose request line
        matches `pattern` (a regular expression), in order (deploy/gunicorn.conf.py logs
        `pid=<…>`). A worker writes the line just after the response has gone: wait for
        `at_least` lines."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            pids = []
            for line in self.access_log.read_text().splitlines():
                match = re.search(r'"([^"]*)" \d{3} .* pid=<?(\d+)>?', line)
                if match and regex.search(match.group(1)):
                    pids.append(match.group(2))
            if len(pids) >= at_least or time.monotonic() > deadline:
                return pids
            time.sleep(0.05)

    def logs(self) -> str:
        """The tail of every log, for a failure message."""
        parts = []
        for path in (self.error_log, self.worker_log, self.access_log):
            text = path.read_text() if path.exists() else ""
            parts.append(f"--- {path.name} (last 3000 characters)\n{text[-3000:]}")
        return "\n".join(parts)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def own_redis_url(redis_url: str) -> str:
    """REDIS_URL with the next database number (0..15)."""
    parts = urlsplit(redis_url)
    number = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(number + 1) % 16}"))


def server_environment(*, port: int, redis_url: str, tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_MODE", "SECRET_KEY", "DEBUG"}}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_MODE="production",
        SECRET_KEY="gunicorn-event-test-" + uuid.uuid4().hex + "-Qx7Lm2",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SITE_URL=f"http://127.0.0.1:{port}",
        # Plain http on loopback: no redirect to https, no HSTS.
        SECURE_SSL_REDIRECT="false",
        SECURE_HSTS_SECONDS="0",
        DATABASE_URL=worker_database_url(),
        REDIS_URL=redis_url,
        STATIC_ROOT=str(tmp_path / "static"),
        MEDIA_ROOT=str(tmp_path / "media"),
        MCR_VAR_DIR=str(tmp_path / "var"),
        # Every write shows at once: the test reads the pages right after a hand (the render
        # interval itself is tested in tests/public).
        MCR_PUBLIC_RENDER_SECONDS="0",
        LOG_LEVEL="WARNING",
    )
    return env


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def wait_until_answering(server: EventServer, gunicorn: subprocess.Popen) -> None:
    """Until every worker has booted: gunicorn logs one 'Booting worker' line each, and
    the server answers a request."""
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        if gunicorn.poll() is not None:
            pytest.fail(f"gunicorn exited with {gunicorn.returncode}\n{server.logs()}")
        booted = (
            server.error_log.read_text().count("Booting worker") if server.error_log.exists() else 0
        )
        if booted >= WEB_WORKERS:
            try:
                response = httpx.get(f"{server.url}/api/auth/token/", timeout=5)
            except httpx.TransportError:
                response = None
            if response is not None and response.status_code < 500:
                return
        if time.monotonic() > deadline:
            pytest.fail(f"gunicorn did not answer within {START_TIMEOUT} s\n{server.logs()}")
        time.sleep(0.2)
