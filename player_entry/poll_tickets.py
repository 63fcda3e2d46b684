"""An unchanged poll of a phone's table, answered before the session, CSRF and login middleware
and the view: 500 phones poll every 5 s, and the view's way (the session read from the
database, the link read again, the player's seat found) cost 6.5 ms of CPU a poll, against one
small query and one cache round trip here.

When the view answers a poll it leaves a ticket in the cache under the phone's session key:
the sheet it found for that signed-in, live link, and the generation of the phones' tickets
it read before reading the link. Anything that could change what a ticket says moves the
generation once its transaction commits: a link revoked, a session started, a seat changed
hands. A ticket of an older generation, or none, sends the poll on to the view; so does any
request that is not a GET of the state with `If-None-Match`.
"""

import secrets

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponseNotModified
from django.utils.cache import add_never_cache_headers

GENERATION_KEY = "player_entry:tickets:generation"
TICKET_SECONDS = 60  # a ticket lost by the cache costs one pass through the view
STATE_PATH = "/me/table/state.json"


def _ticket_key(session_key: str) -> str:
    return f"player_entry:ticket:{session_key}"


def generation() -> str:
    """The tickets' generation (made on first read)."""
    value = cache.get(GENERATION_KEY)
    if value is None:
        cache.add(GENERATION_KEY, secrets.token_hex(4), None)
        value = cache.get(GENERATION_KEY)
    return value


def tickets_expire() -> None:
    """Every ticket stops counting once the caller's transaction commits (before it, a poll
    could still read the old rows and leave a ticket of the new generation)."""
    transaction.on_commit(
        lambda: cache.set(GENERATION_KEY, secrets.token_hex(4), None), robust=True
    )


def ticket_leave(*, session_key: str | None, sheet_id: int, seen_generation: str) -> None:
    """What the view found for this signed-in phone, under the generation it read first."""
    if session_key:
        cache.set(_ticket_key(session_key), (sheet_id, seen_generation), TICKET_SECONDS)


def unchanged_answer(request):
    """A 304 for an unchanged poll this phone's ticket vouches for; None for the view."""
    seen = request.headers.get("If-None-Match")
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    if request.method != "GET" or request.path_info != STATE_PATH or not seen or not session_key:
        return None
    found = cache.get_many([_ticket_key(session_key), GENERATION_KEY])
    ticket = found.get(_ticket_key(session_key))
    if ticket is None or ticket[1] != found.get(GENERATION_KEY):
        return None
    from player_entry.selectors import table_etag

    if table_etag(ticket[0]) != seen:
        return None
    response = HttpResponseNotModified()
    add_never_cache_headers(response)
    return response


class UnchangedTablePollMiddleware:
    """Right after SecurityMiddleware and WhiteNoise (config/settings.py), as the public
    pages' own (public/middleware.py)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        answer = unchanged_answer(request)
        return self.get_response(request) if answer is None else answer


def expire_on_change(sender, **kwargs) -> None:
    """A session saved (started) or a seat saved or deleted: who sits where may have moved."""
    tickets_expire()
