"""A value computed once for all web processes, the others waiting for it (issue #31).

Just after a change hundreds of requests, spread over several web processes, ask for the same
new value (a page part of the new version, the statistics): one process computes it while the
others wait for it, or serve the last copy, rather than all compute it together. The processes
share only Django's cache: the one that adds `key:lock` computes; the lock expires on its own
if that process dies, and only the process that took it deletes it (a request that gave up
waiting never deletes the lock of a process still computing). A computation that outlasts
`lock_seconds` loses its lock: another process may then compute too, and the first one's
delete frees the second's lock early; the cost is a computation done twice, never a wrong
value.
"""

import time
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache

T = TypeVar("T")

POLL_SECONDS = 0.05  # how often a waiting request looks for the value again


def computed_once(
    key: str,
    compute: Callable[[], T],
    *,
    fetch: Callable[[], T | None],
    store: Callable[[T], None],
    lock_seconds: float,
    wait_seconds: float,
    fresh: Callable[[], T | None] | None = None,
    serve_last: bool = False,
) -> T:
    """The current value (`fresh()`, by default `fetch()`), else one computed by the process
    that takes `key:lock` (held at most `lock_seconds`) and kept by `store`.

    The others poll `fetch()` for it up to `wait_seconds`, then compute it themselves rather
    than answer nothing; with `serve_last`, one that finds a value already there (the last
    copy, of any version) serves it at once instead of waiting. A value of None is "not there".
    """
    value = (fresh or fetch)()
    if value is not None:
        return value
    lock = f"{key}:lock"
    owner = cache.add(lock, 1, lock_seconds)
    if not owner:
        value = fetch() if serve_last else None
        if value is None:
            value = _waited_for(fetch, wait_seconds)
        if value is not None:
            return value
    try:
        value = compute()
        store(value)
    finally:
        if owner:  # never the lock of a process still computing
            cache.delete(lock)
    return value


def _waited_for(fetch: Callable[[], T | None], wait_seconds: float) -> T | None:
    """What `fetch` gives once another process has stored it (None after `wait_seconds`)."""
    deadline = time.monotonic() + wait_seconds
    while time.monotonic() < deadline:
        time.sleep(POLL_SECONDS)
        value = fetch()
        if value is not None:
            return value
    return None


def kept_per_version(
    copies: dict[str, tuple[str, T]], name: str, version: str, make: Callable[[], T]
) -> T:
    """This process's copy of `name` (`copies`: its store, name → (version, value)), made by
    `make` when the version it holds is not `version`: the other half of sharing a value, so
    that a process does not fetch and unpickle again what it already holds for this version.
    Requests share the copy: they read it, never change it."""
    entry = copies.get(name)
    if entry is None or entry[0] != version:
        entry = (version, make())
        copies[name] = entry
    return entry[1]
