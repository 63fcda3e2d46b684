import pytest

from config.env import (
    LOOPBACK,
    ImproperlyConfiguredEnv,
    env_bool,
    env_choice,
    env_int,
    env_list,
    env_networks,
    env_url,
)


def test_it_reads_booleans_in_their_usual_spellings(monkeypatch):
    monkeypatch.setenv("FLAG", "Yes")
    assert env_bool("FLAG") is True
    monkeypatch.setenv("FLAG", "off")
    assert env_bool("FLAG", default=True) is False


def test_it_uses_the_default_when_a_variable_is_unset(monkeypatch):
    monkeypatch.delenv("FLAG", raising=False)
    assert env_bool("FLAG", default=True) is True
    assert env_int("FLAG", 7) == 7


def test_it_refuses_a_malformed_boolean(monkeypatch):
    monkeypatch.setenv("FLAG", "maybe")
    with pytest.raises(ImproperlyConfiguredEnv, match="FLAG='maybe' is not a boolean"):
        env_bool("FLAG")


def test_it_refuses_a_malformed_or_too_small_integer(monkeypatch):
    monkeypatch.setenv("N", "twelve")
    with pytest.raises(ImproperlyConfiguredEnv, match="not an integer"):
        env_int("N", 1)
    monkeypatch.setenv("N", "-1")
    with pytest.raises(ImproperlyConfiguredEnv, match="below the minimum 0"):
        env_int("N", 1, minimum=0)


def test_it_refuses_a_url_with_the_wrong_scheme(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "mysql://db/x")
    with pytest.raises(ImproperlyConfiguredEnv, match="DATABASE_URL must use one of the schemes"):
        env_url("DATABASE_URL", schemes=("postgres", "postgresql"))


def test_it_refuses_a_url_without_a_host(monkeypatch):
    monkeypatch.setenv("REDIS_URL", "redis://")
    with pytest.raises(ImproperlyConfiguredEnv, match="names no host"):
        env_url("REDIS_URL", schemes=("redis",))


def test_it_splits_lists_and_checks_choices(monkeypatch):
    monkeypatch.setenv("HOSTS", "a.org, b.org,,")
    assert env_list("HOSTS", []) == ["a.org", "b.org"]
    monkeypatch.setenv("MODE", "staging")
    with pytest.raises(ImproperlyConfiguredEnv, match="must be one of development, production"):
        env_choice("MODE", "development", choices=("development", "production"))


def test_it_reads_addresses_and_networks_and_refuses_anyone_or_a_malformed_one(monkeypatch):
    monkeypatch.setenv("PROXIES", "172.31.250.0/24, ::1,,10.0.0.5")
    assert [str(n) for n in env_networks("PROXIES", LOOPBACK)] == [
        "172.31.250.0/24",
        "::1/128",
        "10.0.0.5/32",
    ]
    monkeypatch.setenv("PROXIES", "")
    assert env_networks("PROXIES", LOOPBACK) == ()  # nobody
    monkeypatch.delenv("PROXIES")
    assert [str(n) for n in env_networks("PROXIES", LOOPBACK)] == ["127.0.0.1/32", "::1/128"]
    for value, message in [
        ("*", "PROXIES may not be '\\*'"),
        ("10.0.0.5/24", "'10.0.0.5/24' is not an address or network"),
        ("proxy.local", "'proxy.local' is not an address or network"),
    ]:
        monkeypatch.setenv("PROXIES", value)
        with pytest.raises(ImproperlyConfiguredEnv, match=message):
            env_networks("PROXIES", LOOPBACK)
