"""Gunicorn with deploy/gunicorn.conf.py answers 414 to a request line past its limit and 431
to a header line past its limit, before Django sees the request: the answers the API's schema
documents on every operation with these figures (api/schema.py; tests/api/
test_schema_statuses.py checks the schema). A request just within the limits reaches Django.

One worker on loopback, in development mode: no database is read (the refused requests never
reach Django, the accepted one asks for a login first)."""

import os
import subprocess
import sys
import time

import httpx
import pytest

from api.schema import HEADER_LINE_LIMIT, REQUEST_LINE_LIMIT
from tests.deploy.gunicorn_server import ROOT, free_port

pytestmark = pytest.mark.slow  # starts gunicorn in a process of its own

PATH = "/api/tournaments/?status="


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port = free_port()
    log = tmp_path_factory.mktemp("gunicorn") / "gunicorn.log"
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_MODE", "SECRET_KEY"}}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", WEB_CONCURRENCY="1", GUNICORN_THREADS="1")
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "-c",
        "deploy/gunicorn.conf.py",
        "--bind",
        f"127.0.0.1:{port}",
        "config.wsgi",
    ]
    with log.open("w") as output:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=output, stderr=output)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_answering(url, process, log)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


def wait_until_answering(url: str, process: subprocess.Popen, log) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"gunicorn exited with {process.returncode}\n{log.read_text()[-3000:]}")
        try:
            httpx.get(f"{url}/api/tournaments/", timeout=5)
            return
        except httpx.TransportError:
            time.sleep(0.2)
    pytest.fail(f"gunicorn did not answer within 60 s\n{log.read_text()[-3000:]}")


def request_line(query_length: int) -> str:
    """`GET <path with a query of query_length characters> HTTP/1.1`."""
    return f"GET {PATH}{'x' * query_length} HTTP/1.1"


def get_with_line_of(url: str, length: int) -> httpx.Response:
    """A GET whose request line (without its CRLF) is `length` bytes long."""
    query = length - len(request_line(0))
    return httpx.get(f"{url}{PATH}{'x' * query}", timeout=30)


def test_a_request_line_past_the_limit_is_answered_414(server):
    assert get_with_line_of(server, REQUEST_LINE_LIMIT + 1).status_code == 414


def test_a_request_line_within_the_limit_reaches_the_api(server):
    response = get_with_line_of(server, REQUEST_LINE_LIMIT - 10)
    assert response.status_code == 401  # Django's answer: log in first
    assert response.json()["errors"][0]["code"] == "not_authenticated"


def test_a_header_line_past_the_limit_is_answered_431(server):
    response = httpx.get(
        f"{server}/api/tournaments/", headers={"X-Long": "x" * HEADER_LINE_LIMIT}, timeout=30
    )
    assert response.status_code == 431
