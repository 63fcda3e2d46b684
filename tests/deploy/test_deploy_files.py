"""What deploy/ gives an operator, checked without Docker: the compose file's structure, the
environment it and the settings read, the gunicorn settings, and that production mode with
the example environment passes Django's deployment checks and serves its static files."""

import contextlib
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import yaml
from gunicorn.config import KNOWN_SETTINGS

from tests.config.helpers import run_manage
from tests.deploy.gunicorn_server import free_port, stop

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
APP_SERVICES = ("migrate", "web", "worker")


def compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def settings_variables() -> set[str]:
    """Every environment variable config/settings.py reads (through config/env.py)."""
    source = (ROOT / "config" / "settings.py").read_text()
    return set(
        re.findall(r'env_(?:str|bool|int|list|url|choice|networks)\(\s*"([A-Z][A-Z0-9_]*)"', source)
    )


def example_lines() -> list[tuple[str, str, bool]]:
    """(name, value, optional) for each `NAME=value` or `# NAME=value` line of env.example."""
    lines = []
    for line in (DEPLOY / "env.example").read_text().splitlines():
        match = re.fullmatch(r"(# )?([A-Z][A-Z0-9_]*)=(.*)", line)
        if match:
            lines.append((match.group(2), match.group(3), bool(match.group(1))))
    return lines


def example_values() -> dict[str, str]:
    return {name: value for name, value, optional in example_lines() if not optional}


def compose_variables() -> set[str]:
    """The variables compose.yaml interpolates (`${NAME…}`, and `$${NAME…}` for the shell)."""
    return set(re.findall(r"\$\{([A-Z][A-Z0-9_]*)", (DEPLOY / "compose.yaml").read_text()))


def gunicorn_variables() -> set[str]:
    pattern = r'(?:environ\.get|env_networks)\(\s*"([A-Z][A-Z0-9_]*)"'
    return set(re.findall(pattern, gunicorn_conf_source()))


def gunicorn_conf_source() -> str:
    return (DEPLOY / "gunicorn.conf.py").read_text()


def interpolate(value: str) -> str:
    """Compose's `${NAME:?message}` and `${NAME:-default}` with env.example's values."""
    values = example_values()

    def one(match: re.Match) -> str:
        name, default = match.group(1), match.group(3) or ""
        return values.get(name, default if match.group(2) == ":-" else "")

    return re.sub(r"\$\{([A-Z][A-Z0-9_]*)(?:(:[-?])([^}]*))?\}", one, value)


def test_the_example_lists_every_variable_the_settings_read():
    listed = {name for name, _value, _optional in example_lines()}
    assert settings_variables() - listed == set()
    assert len({name for name, *_ in example_lines()}) == len(example_lines()), "a duplicate"


def test_every_variable_of_the_example_is_read_by_something():
    readers = settings_variables() | compose_variables() | gunicorn_variables()
    listed = {name for name, _value, _optional in example_lines()}
    assert listed - readers == set()


def test_every_variable_compose_interpolates_is_in_the_example():
    listed = {name for name, _value, _optional in example_lines()}
    assert compose_variables() - listed == set()


def test_the_compose_file_runs_the_web_workers_and_services_of_a_large_event():
    spec = compose()
    services = spec["services"]
    assert set(services) == {"postgres", "redis", "migrate", "web", "worker", "proxy"}
    for name in APP_SERVICES:
        service = services[name]
        assert service["build"] == {"context": "..", "dockerfile": "deploy/Dockerfile"}
        assert service["env_file"] == ".env"
        # The settings read every variable the app services set.
        assert set(service["environment"]) <= settings_variables()
        # Workers write printed forms where the web processes read them.
        assert f"media:{service['environment']['MEDIA_ROOT']}" in service["volumes"]
    assert (ROOT / services["web"]["build"]["context"].replace("..", ".")).is_dir()
    assert (DEPLOY / "Dockerfile").is_file()
    web, worker, migrate = services["web"], services["worker"], services["migrate"]
    assert web["command"] == ["gunicorn", "-c", "deploy/gunicorn.conf.py", "config.wsgi"]
    assert "celery -A config.celery worker" in " ".join(worker["command"])
    assert worker["deploy"]["replicas"] == "${CELERY_REPLICAS:-2}"
    assert "manage.py migrate --noinput" in " ".join(migrate["command"])
    assert migrate["restart"] == "no"
    for service in (web, worker):
        assert service["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}
        assert service["depends_on"]["redis"] == {"condition": "service_healthy"}
    assert migrate["depends_on"]["postgres"] == {"condition": "service_healthy"}
    assert "pgdata:/var/lib/postgresql/data" in services["postgres"]["volumes"]
    assert services["proxy"]["ports"] == ["80:80", "443:443"]
    assert "ports" not in web  # reached through the proxy only
    assert "web:8000" in services["proxy"]["command"]
    assert set(spec["networks"]) == {"default", "proxy"}
    used = {
        volume.split(":")[0]
        for service in services.values()
        for volume in service.get("volumes", [])
    }
    assert used == set(spec["volumes"]) == {"pgdata", "redisdata", "media", "caddy"}


def test_gunicorn_and_the_settings_trust_the_proxy_network_alone():
    """The proxy reaches gunicorn on a network of its own, which is what the app containers
    trust (MCR_TRUSTED_PROXIES); the workers, on the default network, are not on it."""
    spec = compose()
    services = spec["services"]
    assert services["proxy"]["networks"] == ["proxy"]
    assert services["web"]["networks"] == ["default", "proxy"]
    for name in ("postgres", "redis", "migrate", "worker"):
        assert "networks" not in services[name]  # the default network only
    (subnet,) = [entry["subnet"] for entry in spec["networks"]["proxy"]["ipam"]["config"]]
    for name in APP_SERVICES:
        trusted = services[name]["environment"]["MCR_TRUSTED_PROXIES"]
        assert trusted == subnet == "${PROXY_SUBNET:-172.31.250.0/24}"
    assert interpolate(subnet) == "172.31.250.0/24"


def gunicorn_settings(**env: str) -> subprocess.CompletedProcess:
    """deploy/gunicorn.conf.py's plain values, read in a fresh interpreter under `env`."""
    script = (
        "import runpy, json; s = runpy.run_path('deploy/gunicorn.conf.py'); "
        "print(json.dumps({k: v for k, v in s.items() "
        "if not k.startswith('_') and isinstance(v, (int, str, bool))}))"
    )
    clean = {
        k: v for k, v in os.environ.items() if k not in {"MCR_TRUSTED_PROXIES", "GUNICORN_BIND"}
    }
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
    )


def test_gunicorn_believes_forwarded_headers_from_the_trusted_proxies_only():
    values = json.loads(gunicorn_settings().stdout)
    # By default a proxy on the same machine, where gunicorn listens.
    assert values["forwarded_allow_ips"] == "127.0.0.1/32,::1/128"
    assert values["bind"] == "127.0.0.1:8000"
    values = json.loads(gunicorn_settings(MCR_TRUSTED_PROXIES="172.31.250.0/24").stdout)
    assert values["forwarded_allow_ips"] == "172.31.250.0/24"
    refused = gunicorn_settings(MCR_TRUSTED_PROXIES="*")
    assert refused.returncode != 0
    assert "MCR_TRUSTED_PROXIES may not be '*'" in refused.stderr
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert "ENV GUNICORN_BIND=0.0.0.0:8000" in dockerfile  # in its container, for the proxy


def test_the_celery_app_compose_names_exists():
    from config.celery import app

    assert app.main == "mcr"


def test_the_dockerfile_builds_on_python_3_11_and_runs_as_an_unprivileged_user():
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert dockerfile.startswith("#") and "FROM python:3.11-slim" in dockerfile
    assert "RUN pip install -r requirements.lock && pip install --no-deps ." in dockerfile
    assert "collectstatic --noinput" in dockerfile
    users = re.findall(r"^USER (\S+)$", dockerfile, flags=re.MULTILINE)
    assert users and users[-1] not in ("root", "0")


def test_the_gunicorn_settings_are_known_to_gunicorn_and_read_the_environment():
    known = {setting.name for setting in KNOWN_SETTINGS}
    result = gunicorn_settings(WEB_CONCURRENCY="7", GUNICORN_THREADS="3", GUNICORN_TIMEOUT="45")
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout)
    assert set(values) <= known, set(values) - known
    assert (values["workers"], values["threads"], values["timeout"]) == (7, 3, 45)
    assert values["accesslog"] == "-"
    assert "pid=%(p)s" in values["access_log_format"]


@pytest.mark.slow  # starts manage.py in production mode
def test_the_example_environment_passes_the_deployment_checks(tmp_path):
    app_environment = compose()["services"]["web"]["environment"]
    env = {**example_values(), **{k: interpolate(v) for k, v in app_environment.items()}}
    assert env["DATABASE_URL"] == "postgres://mcr:CHANGEme0123456789@postgres:5432/mcr"
    env.update(MCR_VAR_DIR=str(tmp_path), STATIC_ROOT=str(tmp_path / "static"))
    # The operator changes the key marked CHANGE: the example's own is refused in production
    # (tests/config/test_secret_key.py).
    env["SECRET_KEY"] = "operator-" + "Zq8Lm3Xv7Pt2" * 5
    result = run_manage("check", "--deploy", **env)
    output = result.stderr + result.stdout
    assert result.returncode == 0, output  # no error
    # Nor any warning of Django's deployment checks (HTTPS, cookies, HSTS, key, debug, hosts).
    assert not re.findall(r"\((?:security|csrf|sessions)\.\w+\)", output), output


@pytest.fixture
def collected(tmp_path):
    """Static files collected in production mode (as the image does) into a temporary folder."""
    env = {
        "DJANGO_MODE": "production",
        "SECRET_KEY": "collect-" + "Zq8Lm3Xv7Pt2" * 5,
        "ALLOWED_HOSTS": "testserver",
        "SITE_URL": "https://mahjong.example.org",
        "MCR_VAR_DIR": str(tmp_path / "var"),
        "STATIC_ROOT": str(tmp_path / "static"),
    }
    result = run_manage("collectstatic", "--noinput", **env)
    assert result.returncode == 0, result.stderr + result.stdout
    return env


@pytest.mark.slow  # starts manage.py in production mode
def test_collectstatic_in_production_writes_hashed_and_compressed_copies(collected):
    static = Path(collected["STATIC_ROOT"])
    manifest = json.loads((static / "staticfiles.json").read_text())
    hashed = manifest["paths"]["admin/css/base.css"]
    assert hashed != "admin/css/base.css"
    assert (static / hashed).is_file() and (static / f"{hashed}.gz").is_file()


@pytest.mark.slow  # starts manage.py in production mode
def test_the_web_process_serves_the_collected_static_files_in_production(collected):
    script = (
        "from django.test import Client; c = Client(); "
        "r = c.get('/static/admin/css/base.css', secure=True); "
        "print(r.status_code, r.headers['Content-Type'].split(';')[0], "
        "len(b''.join(r.streaming_content)))"
    )
    result = run_manage("shell", "-c", script, **collected)
    assert result.returncode == 0, result.stderr
    status, content_type, length = result.stdout.split()[-3:]
    assert (status, content_type, int(length) > 1000) == ("200", "text/css", True)


@pytest.mark.slow  # starts manage.py in production mode
def test_every_static_file_a_template_names_is_collected(collected):
    """In production a `{% static %}` name missing from the manifest is a server error."""
    manifest = json.loads((Path(collected["STATIC_ROOT"]) / "staticfiles.json").read_text())
    named = {
        match
        for app in ("tournaments", "reports", "public", "api")
        for template in (ROOT / app).glob("templates/**/*.html")
        for match in re.findall(r"""{% static ['"]([^'"]+)['"] %}""", template.read_text())
    }
    assert "tournaments/scoresheet.css" in named
    assert named - set(manifest["paths"]) == set()


@contextlib.contextmanager
def gunicorn_in_production(tmp_path, **env: str) -> Iterator[str]:
    """gunicorn with deploy/gunicorn.conf.py (one worker) in production mode on loopback; its
    base URL. Nothing here reads the database: the redirect to https comes first."""
    port = free_port()
    variables = {k: v for k, v in os.environ.items() if k not in {"DJANGO_MODE", "SECRET_KEY"}}
    variables.update(
        DJANGO_MODE="production",
        SECRET_KEY="gunicorn-proto-" + "Zq8Lm3Xv7Pt2" * 5,
        ALLOWED_HOSTS="127.0.0.1",
        SITE_URL="https://mahjong.example.org",
        MCR_VAR_DIR=str(tmp_path / "var"),
        STATIC_ROOT=str(tmp_path / "static"),
        **env,
    )
    command = [sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py"]
    command += ["--workers", "1", "--bind", f"127.0.0.1:{port}", "config.wsgi"]
    process = subprocess.Popen(
        command, cwd=ROOT, env=variables, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _attempt in range(300):
            if process.poll() is not None:
                pytest.fail(f"gunicorn exited: {process.stderr.read().decode()[-3000:]}")
            try:
                httpx.get(url, timeout=2)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        yield url
    finally:
        stop(process)


def claims_https(url: str) -> httpx.Response:
    headers = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.7"}
    return httpx.get(f"{url}/api/auth/token/", headers=headers, timeout=10)


@pytest.mark.slow  # starts gunicorn
def test_a_client_that_is_not_the_proxy_cannot_pass_plain_http_for_https(tmp_path):
    with gunicorn_in_production(tmp_path, MCR_TRUSTED_PROXIES="172.31.250.0/24") as url:
        response = claims_https(url)
    # Sent back to https, as every plain-http request is: the header was not believed.
    assert response.status_code == 301
    assert response.headers["Location"] == f"https://{url.removeprefix('http://')}/api/auth/token/"


@pytest.mark.slow  # starts gunicorn
def test_the_trusted_proxy_tells_gunicorn_the_request_came_over_https(tmp_path):
    with gunicorn_in_production(tmp_path, MCR_TRUSTED_PROXIES="127.0.0.1") as url:
        response = claims_https(url)
    assert response.status_code == 405  # served (a token is asked for with POST), not redirected
    assert "Strict-Transport-Security" in response.headers  # sent over https only
