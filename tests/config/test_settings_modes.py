"""Settings are checked in a fresh interpreter: they are read once, at start-up."""

from pathlib import Path

import pytest

from tests.config.helpers import run_manage

# Each test starts manage.py in its own process, under the environment it names.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_production_mode_passes_the_deploy_check_without_warnings(tmp_path):
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_MODE="production",
        SECRET_KEY="k" + "x7Qm2pLr9vTz" * 5,
        ALLOWED_HOSTS="mahjong.example.org",
        SITE_URL="https://mahjong.example.org",
        MCR_VAR_DIR=str(tmp_path),
    )
    assert result.returncode == 0, result.stderr + result.stdout
    assert "no issues" in result.stdout


def test_production_mode_refuses_to_start_without_a_secret_key(tmp_path):
    result = run_manage(
        "check", DJANGO_MODE="production", ALLOWED_HOSTS="x.org", MCR_VAR_DIR=str(tmp_path)
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_a_malformed_redis_url_stops_start_up(tmp_path):
    result = run_manage("check", REDIS_URL="http://localhost:6379", MCR_VAR_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "REDIS_URL must use one of the schemes" in result.stderr


def test_development_mode_warns_about_the_generated_secret_key(tmp_path):
    result = run_manage("check", MCR_VAR_DIR=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "SECRET_KEY is not set" in result.stderr


def test_the_development_key_is_kept_so_web_workers_and_commands_share_it(tmp_path):
    script = "from django.conf import settings; print(settings.SECRET_KEY)"
    first = run_manage("shell", "-c", script, MCR_VAR_DIR=str(tmp_path))
    second = run_manage("shell", "-c", script, MCR_VAR_DIR=str(tmp_path))
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip() == second.stdout.strip() != ""
    key_file = tmp_path / "dev-secret-key"
    assert key_file.stat().st_mode & 0o077 == 0  # readable by its owner only


def test_production_mode_refuses_to_start_without_the_public_site_url(tmp_path):
    result = run_manage(
        "check",
        DJANGO_MODE="production",
        SECRET_KEY="k" + "x7Qm2pLr9vTz" * 5,
        ALLOWED_HOSTS="mahjong.example.org",
        MCR_VAR_DIR=str(tmp_path),
    )
    assert result.returncode != 0
    assert "SITE_URL must be set" in result.stderr


def test_a_malformed_site_url_stops_start_up(tmp_path):
    result = run_manage("check", SITE_URL="ftp://scores.example.org", MCR_VAR_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "SITE_URL must use one of the schemes" in result.stderr


def _database_options(tmp_path, **env: str) -> str:
    script = "from django.conf import settings; print(settings.DATABASES['default'].get('OPTIONS'))"
    result = run_manage("shell", "-c", script, MCR_VAR_DIR=str(tmp_path), **env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]  # after the shell's note of its imports


def test_postgresql_statements_are_bound_on_the_server_and_prepared(tmp_path):
    url = "postgres://mcr@db.example.org:5432/mcr"
    options = _database_options(tmp_path, DATABASE_URL=url)
    assert "'server_side_binding': True" in options and "'prepare_threshold': 5" in options
    assert _database_options(tmp_path, DATABASE_URL=url, MCR_DB_PREPARED="0") == "{}"


def test_sqlite_takes_no_postgresql_options(tmp_path):
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    assert "server_side_binding" not in _database_options(tmp_path, DATABASE_URL=url)


def test_a_malformed_prepared_switch_stops_start_up(tmp_path):
    result = run_manage(
        "check",
        DATABASE_URL="postgres://mcr@db.example.org:5432/mcr",
        MCR_DB_PREPARED="maybe",
        MCR_VAR_DIR=str(tmp_path),
    )
    assert result.returncode != 0
    assert "MCR_DB_PREPARED" in result.stderr


PRODUCTION_ENV = {
    "DJANGO_MODE": "production",
    "SECRET_KEY": "k" + "x7Qm2pLr9vTz" * 5,
    "ALLOWED_HOSTS": "mahjong.example.org",
    "SITE_URL": "https://mahjong.example.org",
}


def test_in_production_a_forwarded_address_is_believed_from_the_trusted_proxies_only(tmp_path):
    """What axes counts failed logins under: a client that reaches gunicorn directly cannot
    pass for another address by sending X-Forwarded-For."""
    script = (
        "from axes.helpers import get_client_ip_address as address; "
        "from django.test import RequestFactory; get = RequestFactory().get; "
        "print(address(get('/', REMOTE_ADDR='203.0.113.9', HTTP_X_FORWARDED_FOR='1.2.3.4')), "
        "address(get('/', REMOTE_ADDR='172.31.250.2', HTTP_X_FORWARDED_FOR='1.2.3.4')))"
    )
    result = run_manage(
        "shell",
        "-c",
        script,
        **PRODUCTION_ENV,
        MCR_TRUSTED_PROXIES="172.31.250.0/24",
        MCR_VAR_DIR=str(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    direct, through_the_proxy = result.stdout.split()[-2:]
    assert (direct, through_the_proxy) == ("203.0.113.9", "1.2.3.4")


@pytest.mark.parametrize(
    "value, message",
    [
        ("*", "MCR_TRUSTED_PROXIES may not be '*'"),
        ("172.31.250.1/24", "MCR_TRUSTED_PROXIES: '172.31.250.1/24' is not an address or network"),
        ("proxy", "MCR_TRUSTED_PROXIES: 'proxy' is not an address or network"),
    ],
)
def test_a_malformed_trusted_proxies_list_stops_start_up(tmp_path, value, message):
    result = run_manage("check", MCR_TRUSTED_PROXIES=value, MCR_VAR_DIR=str(tmp_path))
    assert result.returncode != 0
    assert message in result.stderr


def test_the_largest_archive_restored_is_read_from_the_environment(tmp_path):
    def largest(**env) -> str:
        result = run_manage(
            "shell",
            "-c",
            "from django.conf import settings; print(settings.ARCHIVE_MAX_BYTES)",
            MCR_VAR_DIR=str(tmp_path),
            **env,
        )
        assert result.returncode == 0, result.stderr
        return result.stdout.strip().splitlines()[-1]

    assert largest() == str(64 * 1024 * 1024)
    assert largest(MCR_ARCHIVE_MAX_MB="8") == str(8 * 1024 * 1024)


def test_a_malformed_archive_limit_stops_start_up(tmp_path):
    result = run_manage("check", MCR_ARCHIVE_MAX_MB="0", MCR_VAR_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "MCR_ARCHIVE_MAX_MB=0 is below the minimum 1" in result.stderr
