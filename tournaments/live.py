"""The live version of a tournament: a token in the cache that changes after every committed
write the public pages show (hands, penalties, sign-offs, corrections, sessions, seating).

Public pages and their polling answers are cached under keys that include this token, so a
spectator's poll costs one cache read and no query while nothing changes, and a change is
seen at the next poll without waiting for a time-to-live. With several web processes the
cache must be shared (Redis, `REDIS_URL`); see docs/public-pages.md.
"""

import secrets
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

# The token outlives any event; if the cache loses it, a new one simply starts a new version.
VERSION_TIMEOUT = 7 * 24 * 3600


def _key(tournament_id: int) -> str:
    return f"live:v:{tournament_id}"


def _new_token() -> str:
    return secrets.token_hex(6)


def live_version(tournament_id: int) -> str:
    """The tournament's current version token (created on first use)."""
    token = cache.get(_key(tournament_id))
    if token is None:
        token = _new_token()
        if not cache.add(_key(tournament_id), token, VERSION_TIMEOUT):
            token = cache.get(_key(tournament_id)) or token  # another process was first
    return token


def published_version(tournament_id: int) -> str:
    """The version the public pages show: the current one, but moving on at most once every
    `PUBLIC_RENDER_SECONDS`. During play hands are saved several times a second; rendering
    the standings for each would cost more than the hands themselves, and a spectator
    polling every few seconds could not tell the difference."""
    key = f"live:pub:{tournament_id}"
    found = cache.get_many([_key(tournament_id), key])  # one round trip for a poll
    current = found.get(_key(tournament_id)) or live_version(tournament_id)
    return lagging_version(key, current, found.get(key), settings.PUBLIC_RENDER_SECONDS)


def lagging_version(
    key: str,
    current: str,
    kept: tuple[str, float] | None,
    seconds: float,
    *,
    lag: Callable[[], bool] | None = None,
) -> str:
    """A version that follows `current` at most once every `seconds`: `kept`, what is kept
    under `key` (the version and when it moved there, as the caller read it), while it is
    younger than `seconds` and `lag()` (if given) says to wait; else `current`, kept from now
    on. The public pages' version follows the live one so; the statistics' follows that."""
    if kept is not None and kept[0] == current:
        return current
    now = time.time()
    if kept is not None and now - kept[1] < seconds and (lag is None or lag()):
        return kept[0]
    cache.set(key, (current, now), VERSION_TIMEOUT)
    return current


def live_touch(tournament_id: int) -> None:
    """A new version once the caller's transaction commits (at once outside a transaction):
    readers never cache a page under the new token with data from before the commit."""
    transaction.on_commit(
        lambda: cache.set(_key(tournament_id), _new_token(), VERSION_TIMEOUT), robust=True
    )


def _touch_for(sender, instance, **kwargs) -> None:
    live_touch(instance.pk if sender._meta.model_name == "tournament" else instance.tournament_id)


def connect_registration_signals() -> None:
    """Players, teams and the tournament's own settings change in many services and in the
    admin's plain forms: every save or delete of one makes a new version."""
    from django.db.models.signals import post_delete, post_save

    from tournaments.models import Player, Team, Tournament

    for model in (Player, Team, Tournament):
        post_save.connect(_touch_for, sender=model, dispatch_uid=f"live-{model.__name__}")
        post_delete.connect(_touch_for, sender=model, dispatch_uid=f"live-del-{model.__name__}")
