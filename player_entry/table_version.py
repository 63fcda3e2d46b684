"""What the players' phones poll: a token per table that moves whenever an entry of the table
changes (the sheet's own version moves with its hands). Kept in the cache, as the public
pages' live version (tournaments/live.py).

Without the cache (Redis restarting, or loading its data again) the phones' page answers from
the database alone, never a server error: each read of a token makes a new one, so that no
poll is answered "unchanged" while nothing says what changed."""

import contextlib
import secrets

import redis
from django.core.cache import cache
from django.db import transaction

TIMEOUT = 24 * 3600
# What Django's Redis cache raises while the server is down, restarting or loading its data.
CACHE_ERRORS = (redis.exceptions.RedisError, OSError)


def _key(table_session_id: int) -> str:
    return f"player_entry:table:{table_session_id}"


def table_version(table_session_id: int) -> str:
    """The table's entries' token (made on first read; without the cache, a new one each
    time)."""
    try:
        token = cache.get(_key(table_session_id))
        if token is None:
            token = secrets.token_hex(4)
            if not cache.add(_key(table_session_id), token, TIMEOUT):
                token = cache.get(_key(table_session_id)) or token
    except CACHE_ERRORS:
        return secrets.token_hex(4)
    return token


def table_version_touch(table_session_id: int) -> None:
    """A new token once the caller's transaction commits: a phone never caches the table under
    the new token with data from before the commit. Without the cache, nothing to move: its
    tokens are new at every read until it is back."""
    transaction.on_commit(lambda: _token_renew(table_session_id), robust=True)


def _token_renew(table_session_id: int) -> None:
    with contextlib.suppress(CACHE_ERRORS):
        cache.set(_key(table_session_id), secrets.token_hex(4), TIMEOUT)
