"""The benchmarks' clients send a request once more when the server closed its connection
before answering, as a browser does: one rule for the live benchmark's clients
(tournaments/bench_live/load.py) and the players' phones' (player_entry/bench_load.py)."""

from collections.abc import Awaitable, Callable
from typing import TypeVar

import aiohttp

T = TypeVar("T")

# The server closed the connection without an answer: a gunicorn worker recycled by
# `max_requests` closes its idle kept-alive connections, and a request may be on its way in one.
CLOSED_UNANSWERED = (aiohttp.ServerDisconnectedError, ConnectionResetError)


class Resender:
    """Sends exchanges, each once more if its connection closed unanswered; `count`: how many
    were sent again (answered the second time or not)."""

    def __init__(self):
        self.count = 0

    async def send(self, exchange: Callable[[], Awaitable[T]]) -> T:
        """`exchange()`'s answer. Chromium resends a request, whatever its method, on a reused
        connection that closes before any byte of an answer (aiohttp does so for GETs only). A
        hand sent twice is safe: the second carries the same If-Match and is refused (412) if
        the first was saved. A second close is raised to the caller."""
        try:
            return await exchange()
        except CLOSED_UNANSWERED:
            self.count += 1
            return await exchange()
