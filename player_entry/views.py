"""The player's phone: `/p/<token>/` signs it in (his link, no password), `/me/table/` is his
table in the running session with the hand form and the answers to the other players'
entries, `/me/table/state.json` is what the page polls, `/me/table/entries.json` and
`/me/table/entries/<id>/<action>.json` what its queue sends (JSON, `If-Match`,
`Idempotency-Key`).

The phone is signed in by its session only (no login: no admin, no other tournament); each
request reads the link again, so a revoked link stops at once. Every write goes through
player_entry.services, which ask the policies and the sheet's version and state."""

import contextlib
import hashlib
import uuid

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.http import HttpResponseNotModified, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from player_entry import poll_tickets, services
from player_entry.forms import HandEntryForm, TilesEntryForm
from player_entry.models import TableEntry
from player_entry.selectors import (
    entry_data,
    live_links,
    player_table,
    table_etag,
    table_view,
)
from player_entry.table_version import CACHE_ERRORS
from tournaments import json_limits
from tournaments.admin.forms import all_tiles
from tournaments.errors import TournamentError
from tournaments.login_throttle import client_ip
from tournaments.models import TableSession, Tournament
from tournaments.services.actions import state_allows
from tournaments.services.sheets import HANDS

SESSION_KEY = "player_entry_link"
# The page's files the service worker keeps (sw.js lists the same): the tile picker for a
# tournament that records tiles.
ASSETS = ("player_entry/table.css", "player_entry/table.js", "tournaments/tile_picker.js")
TEMPLATES = "player_entry/"
STATUS_OF_CODE = {
    "forbidden": 403,
    "conflict": 412,
    "invalid_state": 409,
    "locked": 409,
    "idempotency_key_reused": 422,  # player_entry.idempotency
}
ANSWERS = {
    "confirm": services.table_entry_confirm,
    "dispute": services.table_entry_dispute,
    "withdraw": services.table_entry_withdraw,
}


# -- signing in with the link -------------------------------------------------------------------


def _failures_key(request) -> str:
    # Counted under the client's address, as failed logins are (what a trusted proxy says it is).
    return f"player_entry:failed-openings:{client_ip(request) or ''}"


def _too_many_failures(request) -> bool:
    """More than PLAYER_LINK_FAILURES_PER_MINUTE openings of unknown or revoked links from one
    address in the last minute: someone guessing tokens. Only unknown links are refused then,
    and good ones are not counted: a whole hall signs in through the one address of its
    Wi-Fi, and a few old cards scanned must not lock it out."""
    try:
        failures = cache.get(_failures_key(request)) or 0
    except CACHE_ERRORS:  # the cache is down (Redis restarting): nothing counted meanwhile
        return False
    return failures >= settings.PLAYER_LINK_FAILURES_PER_MINUTE


def _count_failure(request) -> None:
    key = _failures_key(request)
    with contextlib.suppress(CACHE_ERRORS):
        if not cache.add(key, 1, 60):
            try:
                cache.incr(key)
            except ValueError:  # expired between the two calls
                cache.add(key, 1, 60)


@never_cache
@require_GET
def link_open(request, token: str):
    link = services.player_link_find(token)
    if link is None:
        if _too_many_failures(request):
            response = render(request, TEMPLATES + "link_invalid.html", {"too_many": True})
            response.status_code = 429
            return response
        _count_failure(request)
        response = render(request, TEMPLATES + "link_invalid.html", {"too_many": False})
        response.status_code = 404
        return response
    request.session.cycle_key()  # a new session for a new sign-in
    request.session[SESSION_KEY] = link.pk
    return redirect("player-entry-table")


def linked_player(request):
    """The player this phone is signed in as, if his link is still live."""
    link_id = request.session.get(SESSION_KEY)
    if not link_id:
        return None
    link = live_links().filter(pk=link_id).first()
    return link.player if link else None


def _signed_out(request, *, as_json: bool):
    if as_json:
        message = _("This phone is not signed in: open your personal link again.")
        return _refusal(message, 403, "not_signed_in")
    return render(request, TEMPLATES + "link_invalid.html", {"signed_out": True}, status=403)


# -- the table page -----------------------------------------------------------------------------


@never_cache
@require_http_methods(["GET", "POST"])
def table(request):
    player = linked_player(request)
    if player is None:
        return _signed_out(request, as_json=False)
    sheet = player_table(player)
    form = None
    if request.method == "POST" and sheet is not None:
        form = _hand_form(sheet, request.POST)
        if form.is_valid() and _submitted(request, player, sheet, form):
            return redirect("player-entry-table")
        sheet = player_table(player)  # read again: the refusal may come from a change
    return render(request, TEMPLATES + "table.html", _context(request, player, sheet, form))


def _records_tiles(sheet: TableSession) -> bool:
    return sheet.session.tournament.entry_mode == Tournament.EntryMode.TILES


def _hand_form(sheet: TableSession, data=None, *, initial=None):
    """The phone's hand form: points and flowers, or in a tiles tournament the tiles as the
    umpire's page takes them (the same form, the same checks)."""
    if not _records_tiles(sheet):
        return HandEntryForm(data, initial=initial)
    seats = sheet.seats.select_related("player").order_by("position")
    return TilesEntryForm(data, seats=seats, initial=initial)


def _submitted(request, player, sheet, form) -> bool:
    try:
        services.table_entry_submit(
            player=player,
            table_session=sheet,
            data=form.entry_data(),
            key=form.cleaned_data["key"],
            seen_version=form.cleaned_data["version"],
        )
    except TournamentError as error:
        form.add_error(None, error.message)
        return False
    messages.success(request, _("Hand entered: another player of the table confirms it."))
    return True


def _context(request, player, sheet, form, *, with_form: bool = True) -> dict:
    """`with_form`: False for the table part alone (the poll), which shows no form."""
    view = None
    if sheet is not None:
        view = table_view(sheet=sheet, player=player, open_to_hands=state_allows(sheet, HANDS))
        if with_form and (form is None or form.is_valid()):  # a new key, the version shown
            initial = {"version": sheet.version, "key": uuid.uuid4().hex}
            form = _hand_form(sheet, initial=initial)
    tiles_mode = sheet is not None and _records_tiles(sheet)
    return {
        "player": player,
        "tournament": player.tournament,
        "view": view,
        "confirm_refusal": _confirm_refusal(view),
        "form": form,
        "tiles_mode": tiles_mode,
        "tiles": all_tiles() if tiles_mode and form is not None and view.may_enter else [],
        "poll_seconds": settings.PLAYER_TABLE_POLL_SECONDS,
    }


def _confirm_refusal(view) -> str | None:
    """Why this phone's player may not confirm the open entry (he won it): the page shows it
    in place of the Confirm button."""
    if view is None or view.open_entry is None:
        return None
    position = next((seat.position for seat in view.seats if seat.me), None)
    return services.table_entry_confirm_refusal(entry=view.open_entry, position=position)


@never_cache
@require_POST
def answer(request, entry_id: int, action: str):
    """Confirm, dispute or withdraw an entry from the page's buttons."""
    player = linked_player(request)
    if player is None:
        return _signed_out(request, as_json=False)
    try:
        entry = _answer(player, entry_id, action, request.POST.get("reason", ""))
    except TournamentError as error:
        messages.error(request, error.message)
    else:
        if entry.status == TableEntry.Status.REFUSED:
            messages.error(request, entry.reason)
    return redirect("player-entry-table")


def _answer(player, entry_id: int, action: str, reason: str) -> TableEntry:
    service = ANSWERS.get(action)
    extra = {"reason": reason} if action == "dispute" else {}
    try:
        if service is None:
            raise TableEntry.DoesNotExist
        return service(player=player, entry_id=entry_id, **extra)
    except TableEntry.DoesNotExist:
        raise TournamentError(_("There is no such entry."), code="not_found") from None


# -- the page offline ---------------------------------------------------------------------------


@require_GET
def service_worker(request):
    """/me/table/sw.js: its scope is the table page. Its cache is named after the static files'
    addresses, so that a new deployment replaces the old copies."""
    assets = "".join(static(path) for path in ASSETS)
    cache_version = hashlib.blake2b(assets.encode(), digest_size=6).hexdigest()
    response = render(
        request,
        TEMPLATES + "sw.js",
        {"cache_version": cache_version},
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"
    return response


# -- JSON: the page's poll and its queue ---------------------------------------------------------


@never_cache
@require_GET
def state(request):
    """The table part of the page, when its version moved (`If-None-Match`: 304 if not).
    Leaves the phone a ticket for its next unchanged polls (player_entry.poll_tickets)."""
    seen_generation = poll_tickets.generation()  # before the link and the seat are read
    player = linked_player(request)
    if player is None:
        return _signed_out(request, as_json=True)
    sheet = player_table(player)
    if sheet is None:
        return JsonResponse({"version": None, "html": ""})
    poll_tickets.ticket_leave(
        session_key=request.session.session_key,
        sheet_id=sheet.pk,
        link_id=request.session[SESSION_KEY],
        seen_generation=seen_generation,
    )
    etag = table_etag(sheet.pk)
    if etag is not None and request.headers.get("If-None-Match") == etag:
        return HttpResponseNotModified()
    context = _context(request, player, sheet, None, with_form=False)
    html = render(request, TEMPLATES + "_table.html", context).content.decode()
    view = context["view"]
    response = JsonResponse({"version": view.etag, "sheet_version": sheet.version, "html": html})
    response["ETag"] = view.etag
    return response


def json_body(request) -> dict | None:
    """The request's body as a JSON object; None when it is not one (malformed, not UTF-8, not
    an object). JSON nested deeper than json_limits.MAX_DEPTH is refused (TournamentError
    `too_deep`, 400) before it is decoded, as the API's parser refuses it: the decoder would
    run out of stack."""
    try:
        body = json_limits.loads(request.body.decode() or "{}")
    except json_limits.JSONTooDeep as error:
        raise TournamentError(str(error), code="too_deep") from None
    except ValueError:  # malformed, or not UTF-8
        return None
    return body if isinstance(body, dict) else None


def _refusal(message: str, status: int, code: str = "invalid", errors=None) -> JsonResponse:
    """The API's one error format (api/errors.py): `{"errors": [{code, message, field}]}`."""
    errors = errors or [{"code": code, "message": str(message), "field": None}]
    return JsonResponse({"errors": errors}, status=status)


def _form_errors(form) -> list[dict]:
    return [
        {"code": error["code"] or "invalid", "message": error["message"], "field": field}
        for field, field_errors in form.errors.get_json_data().items()
        for error in field_errors
    ]


@never_cache
@require_POST
def entries_api(request):
    """A hand from the phone's queue: JSON body as the form's fields (in a tiles tournament the
    tile fields of the umpire's form, checked by it), `If-Match`: the sheet's version the phone
    read, `Idempotency-Key`: the entry's key. 201 with the pending entry; 200 with the entry
    this key already made; 400 (a field: its errors; refused by the scoring core: its message),
    403/409/412 with the reason."""
    player = linked_player(request)
    if player is None:
        return _signed_out(request, as_json=True)
    sheet = player_table(player)
    if sheet is None:
        return _refusal(_("You hold no seat in a session that has started."), 409, "no_table")
    try:
        body = json_body(request)
    except TournamentError as error:
        return _refusal(error.message, 400, error.code)
    if body is None:
        return _refusal(_("Send the hand as a JSON object."), 400, "parse_error")
    version = request.headers.get("If-Match", "").strip('"')
    key = request.headers.get("Idempotency-Key", "")
    form = _hand_form(sheet, {**body, "version": version, "key": key})
    if not form.is_valid():
        return _refusal("", 400, errors=_form_errors(form))
    try:
        entry, created = services.table_entry_submit(
            player=player,
            table_session=sheet,
            data=form.entry_data(),
            key=key,
            seen_version=form.cleaned_data["version"],
        )
    except TournamentError as error:
        return _refusal(error.message, STATUS_OF_CODE.get(error.code, 400), error.code)
    return JsonResponse(entry_data(entry), status=201 if created else 200)


@never_cache
@require_POST
def answer_api(request, entry_id: int, action: str):
    """Confirm, dispute or withdraw from the phone's queue: 200 with the entry (a refused one
    included: its `status` and `reason` say why), or 403/404/409 with the reason. Sending the
    same answer twice changes nothing."""
    player = linked_player(request)
    if player is None:
        return _signed_out(request, as_json=True)
    try:
        body = json_body(request) or {}
        entry = _answer(player, entry_id, action, str(body.get("reason", "")))
    except TournamentError as error:
        status = 404 if error.code == "not_found" else STATUS_OF_CODE.get(error.code, 400)
        return _refusal(error.message, status, error.code)
    return JsonResponse(entry_data(entry))
