"""What the players' phones poll: a token per table that moves whenever an entry of the table
changes (the sheet's own version moves with its hands). Kept in the cache, as the public
pages' live version (tournaments/live.py)."""

import secrets

from django.core.cache import cache
from django.db import transaction

TIMEOUT = 24 * 3600


def _key(table_session_id: int) -> str:
    return f"player_entry:table:{table_session_id}"


def table_version(table_session_id: int) -> str:
    """The table's entries' token (made on first read)."""
    token = cache.get(_key(table_session_id))
    if token is None:
        token = secrets.token_hex(4)
        if not cache.add(_key(table_session_id), token, TIMEOUT):
            token = cache.get(_key(table_session_id)) or token
    return token


def table_version_touch(table_session_id: int) -> None:
    """A new token once the caller's transaction commits: a phone never caches the table under
    the new token with data from before the commit."""
    transaction.on_commit(
        lambda: cache.set(_key(table_session_id), secrets.token_hex(4), TIMEOUT), robust=True
    )
