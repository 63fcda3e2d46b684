"""Settings helpers that read the environment and fail loudly on malformed values.

A typo in a production environment variable must stop the process at start-up, not
silently fall back to a development default.
"""

import ipaddress
import os
from urllib.parse import urlparse


class ImproperlyConfiguredEnv(Exception):
    """An environment variable is present but its value cannot be used."""


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfiguredEnv(
        f"{name}={raw!r} is not a boolean; use one of {sorted(_TRUE | _FALSE - {''})}"
    )


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfiguredEnv(f"{name}={raw!r} is not an integer") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfiguredEnv(f"{name}={value} is below the minimum {minimum}")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


Network = ipaddress.IPv4Network | ipaddress.IPv6Network
# Who may tell the client's address and scheme when no other is named (MCR_TRUSTED_PROXIES):
# a reverse proxy on the same machine, as gunicorn itself assumes.
LOOPBACK = "127.0.0.1,::1"


def env_networks(name: str, default: str) -> tuple[Network, ...]:
    """The addresses and networks (`10.0.0.5`, `172.31.250.0/24`, `::1`) listed in `name`,
    comma-separated; an empty value lists none. A malformed entry, a network written with host
    bits (`10.0.0.5/24`) and `*` (anyone, which is what the list exists to avoid) stop start-up."""
    raw = os.environ.get(name, default)
    networks = []
    for item in (part.strip() for part in raw.split(",")):
        if not item:
            continue
        if item == "*":
            raise ImproperlyConfiguredEnv(
                f"{name} may not be '*' (anyone): list the addresses or networks to trust"
            )
        try:
            networks.append(ipaddress.ip_network(item))
        except ValueError as error:
            raise ImproperlyConfiguredEnv(
                f"{name}: {item!r} is not an address or network ({error})"
            ) from None
    return tuple(networks)


def env_url(name: str, *, schemes: tuple[str, ...]) -> str | None:
    """Return the URL in `name`, or None when unset; reject a malformed one."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return None
    parsed = urlparse(raw)
    if parsed.scheme not in schemes:
        raise ImproperlyConfiguredEnv(
            f"{name} must use one of the schemes {', '.join(schemes)}; got {parsed.scheme!r}"
        )
    if not parsed.hostname and not parsed.path.strip("/"):
        raise ImproperlyConfiguredEnv(f"{name}={raw!r} names no host")
    return raw


def env_choice(name: str, default: str, *, choices: tuple[str, ...]) -> str:
    value = os.environ.get(name, default)
    if value not in choices:
        raise ImproperlyConfiguredEnv(f"{name}={value!r} must be one of {', '.join(choices)}")
    return value


# The placeholder of deploy/env.example's SECRET_KEY: an operator who copied the file and
# left the key as it was would run with a key published with the code.
EXAMPLE_SECRET_KEY_MARK = "CHANGE-me"
# What `manage.py check --deploy` asks of a key (security.W009).
MIN_SECRET_KEY_LENGTH = 50


def production_secret_key_problem(key: str) -> str | None:
    """Why `key` may not sign a production site's logins and printed fingerprints, or None."""
    generate = 'e.g. python3 -c "import secrets; print(secrets.token_urlsafe(50))"'
    if EXAMPLE_SECRET_KEY_MARK in key:
        return (
            f"SECRET_KEY is the example of deploy/env.example (it contains "
            f"{EXAMPLE_SECRET_KEY_MARK!r}): set a random key of your own, {generate}"
        )
    if len(key) < MIN_SECRET_KEY_LENGTH:
        return (
            f"SECRET_KEY is {len(key)} characters long; production needs at least "
            f"{MIN_SECRET_KEY_LENGTH} random ones, {generate}"
        )
    return None
