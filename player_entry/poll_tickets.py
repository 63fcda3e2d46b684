"""An unchanged poll of a phone's table, answered before the session, CSRF and login middleware
and the view: 500 phones poll every 5 s, and the view's way (the session read from the
database, the link read again, the player's seat found) cost 6.5 ms of CPU a poll, against one
small query and one cache round trip here.

When the view answers a poll it leaves a ticket in the cache under the phone's session key:
the sheet it found for that signed-in, live link, the link, and the generation of the phones'
tickets it read before reading the link. Anything that could change which sheet a ticket names
moves the generation once its transaction commits: a session started, a seat changed hands. A
ticket of an older generation, or none, sends the poll on to the view; so does any request
that is not a GET of the state with `If-None-Match`. Without the cache (Redis restarting)
there are no tickets: every poll goes to the view, which answers from the database.

The link itself is read again by the poll's one query, with the sheet's version: a link
revoked, or its player disqualified or excluded, stops the phone's polls at once, whatever the
cache says (the embedded defaults' cache is each process's own: a link revoked by the command
or by another web process would move no generation here).
"""

import contextlib
import secrets

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponseNotModified
from django.utils.cache import add_never_cache_headers

from player_entry.table_version import CACHE_ERRORS

GENERATION_KEY = "player_entry:tickets:generation"
TICKET_SECONDS = 60  # a ticket lost by the cache costs one pass through the view
STATE_PATH = "/me/table/state.json"


def _ticket_key(session_key: str) -> str:
    return f"player_entry:poll-ticket:{session_key}"  # (sheet id, link id, generation)


def generation() -> str:
    """The tickets' generation (made on first read; without the cache, one no ticket holds)."""
    try:
        value = cache.get(GENERATION_KEY)
        if value is None:
            cache.add(GENERATION_KEY, secrets.token_hex(4), None)
            value = cache.get(GENERATION_KEY)
    except CACHE_ERRORS:
        return secrets.token_hex(4)
    return value


def tickets_expire() -> None:
    """Every ticket stops counting once the caller's transaction commits (before it, a poll
    could still read the old rows and leave a ticket of the new generation)."""
    transaction.on_commit(_generation_renew, robust=True)


def _generation_renew() -> None:
    # The cache down: the tickets it held are gone with it, or expire within TICKET_SECONDS.
    with contextlib.suppress(CACHE_ERRORS):
        cache.set(GENERATION_KEY, secrets.token_hex(4), None)


def ticket_leave(
    *, session_key: str | None, sheet_id: int, link_id: int, seen_generation: str
) -> None:
    """What the view found for this phone signed in with `link_id`, under the generation it
    read first."""
    if session_key:
        ticket = (sheet_id, link_id, seen_generation)
        with contextlib.suppress(CACHE_ERRORS):  # none: the phone's next poll goes to the view
            cache.set(_ticket_key(session_key), ticket, TICKET_SECONDS)


def unchanged_answer(request):
    """A 304 for an unchanged poll this phone's ticket vouches for; None for the view."""
    seen = request.headers.get("If-None-Match")
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    if request.method != "GET" or request.path_info != STATE_PATH or not seen or not session_key:
        return None
    try:
        found = cache.get_many([_ticket_key(session_key), GENERATION_KEY])
    except CACHE_ERRORS:
        return None
    ticket = found.get(_ticket_key(session_key))
    if ticket is None or ticket[2] != found.get(GENERATION_KEY):
        return None
    from player_entry.selectors import table_etag

    sheet_id, link_id, _generation = ticket
    if table_etag(sheet_id, link_id=link_id) != seen:  # None once the link is no longer live
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
