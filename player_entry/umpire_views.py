"""The umpire's score-sheet page through a dropped network (issue 28, docs/players-entry.md):

- a panel on the page (registered in PlayerEntryConfig.ready through the sheet-panel registry
  of tournaments.admin.extensions) that lists the hands kept on the device and loads the
  page's queue (static player_entry/umpire_queue.js);
- `POST /umpire/sheets/<id>/hands.json`, what that queue sends: the hand as the page's hand
  form has it, `If-Match: "<sheet version>"`, `Idempotency-Key`; 201 with the hand recorded,
  200 with the hand this key already recorded, or the refusal in the API's error format;
- `/umpire/sw.js`, the service worker that keeps the sheet pages for when the network is gone
  (served with `Service-Worker-Allowed`, its scope being the admin: it sees the admin's
  login and logout too, where it forgets the pages it kept, another login's to be).

The staff's own admin session signs the requests in (CSRF as for any same-origin POST); the
hand is recorded by player_entry.umpire_queue through the page's own services and checks."""

import hashlib
import re

from django.http import JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from player_entry.umpire_queue import umpire_hand_submit
from player_entry.views import STATUS_OF_CODE, json_body
from tournaments import policies
from tournaments.admin.forms import PointsHandForm, TilesHandForm
from tournaments.admin.sheet_page import hand_label
from tournaments.errors import TournamentError
from tournaments.models import Hand, TableSession, Tournament
from tournaments.models.play import HANDS_PER_SESSION
from tournaments.services.sheets import NOT_THE_SHEETS_UMPIRE

KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
VERSION = re.compile(r'^(?:W/)?"?(\d{1,9})"?$')
OUTCOMES = (Hand.Outcome.WIN, Hand.Outcome.DRAW, Hand.Outcome.TIME_LIMIT)
# The page's own files: a new deployment of any of them starts a new cache.
ASSETS = (
    "player_entry/umpire_queue.js",
    "tournaments/scoresheet.css",
    "tournaments/tile_picker.js",
)


def sheets_path() -> str:
    """The score sheets' admin pages, which the service worker keeps."""
    return reverse("admin:tournaments_tablesession_changelist")


def worker_scope() -> str:
    """The admin: the service worker's scope."""
    return reverse("admin:index")


# -- the panel on the score sheet ---------------------------------------------------------------


def umpire_queue_panel(request, table_session: TableSession) -> str:
    """The queue of the hands the umpire saved with no network, on the page of a sheet whose
    hands he enters (shown when it holds some, or when the network is gone)."""
    if not policies.umpire_enters_hands(request.user, table_session):
        return ""
    recorded = table_session.hands.count()
    labels = {n: hand_label(n) for n in range(recorded + 1, HANDS_PER_SESSION + 1)}
    context = {
        "sheet": table_session,
        "owner": f"{request.user.pk}:{table_session.pk}",
        "next_number": recorded + 1,
        "labels": labels,
        "send_url": reverse("umpire-queue-hands", args=[table_session.pk]),
        "worker_url": reverse("umpire-queue-worker"),
        "scope": worker_scope(),
    }
    return render_to_string("player_entry/umpire_panel.html", context, request=request)


# -- the queue's endpoint -----------------------------------------------------------------------


def _refusal(message: str, status: int, code: str = "invalid", field=None) -> JsonResponse:
    """The API's one error format (api/errors.py): `{"errors": [{code, message, field}]}`."""
    return _refusals([{"code": code, "message": str(message), "field": field}], status)


def _refusals(errors: list[dict], status: int) -> JsonResponse:
    return JsonResponse({"errors": errors}, status=status)


def _error_of(error: TournamentError) -> JsonResponse:
    found = [{"code": error.code, "message": error.message, "field": None}]
    found += [
        {"code": code, "message": str(message), "field": "hand"}
        for code, message in error.details
        if message and str(message) not in error.message
    ]
    return _refusals(found, STATUS_OF_CODE.get(error.code, 400))


def _form_errors(form) -> list[dict]:
    return [
        {"code": error["code"] or "invalid", "message": error["message"], "field": field}
        for field, field_errors in form.errors.get_json_data().items()
        for error in field_errors
    ]


def _fields(value) -> dict | None:
    """The hand form's fields as the page posts them (name without the form's prefix →
    text); None when it is not such an object."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        return None
    fields = {}
    for name, field_value in value.items():
        if isinstance(field_value, bool):
            field_value = "on" if field_value else ""
        elif isinstance(field_value, int | float) or field_value is None:
            field_value = "" if field_value is None else str(field_value)
        elif not isinstance(field_value, str):
            return None
        fields[f"hand-{name}"] = field_value
    return fields


def _hand_form(sheet: TableSession, fields: dict):
    """The page's own form of a winning hand (points only, or tiles) over these fields."""
    points_only = sheet.session.tournament.entry_mode == Tournament.EntryMode.POINTS_ONLY
    form_class = PointsHandForm if points_only else TilesHandForm
    # A field left out has the value the page's form starts with (no flowers, self-drawn),
    # as the page posts it when the umpire does not touch it.
    for name, field in form_class.base_fields.items():
        if field.initial is not None:
            fields.setdefault(f"hand-{name}", str(field.initial))
    seats = sheet.seats.select_related("player").order_by("position")
    return form_class(fields, seats=seats, prefix="hand")


def _hand_data(submission) -> dict:
    hand = submission.hand
    data = {"number": submission.number, "sheet_version": submission.sheet_version}
    if hand is not None:  # removed since (the last hand removed): the number stays
        data.update(
            id=hand.pk,
            outcome=hand.outcome,
            winner=hand.winner_position or None,
            discarder=hand.discarder_position or None,
            points=hand.points if hand.outcome == Hand.Outcome.WIN else None,
            flowers=hand.flowers,
            total=hand.total,
        )
    return data


@never_cache
@require_POST
def hands_api(request, table_session_id: int):
    """A hand from the umpire page's queue: JSON `{"outcome": "win" | "draw" | "time", "hand":
    {winner, discarder, points, flowers, ...}, "number": the hand's number the page expected}`
    (the hand form's fields, without its prefix; a tiles tournament's tile fields too),
    `If-Match`: the sheet's version the page showed, `Idempotency-Key`: the item's key.
    201 / 200 with the hand; 400, 403, 404, 409, 412."""
    user = request.user
    if not policies.may_use_admin_lists(user):
        if not user.is_authenticated:
            message = _("Log in again: the hands wait on this device.")
            return _refusal(message, 403, "not_signed_in")
        return _refusal(NOT_THE_SHEETS_UMPIRE, 403, "forbidden")
    sheet = (
        TableSession.objects.select_related("session__tournament")
        .filter(pk=table_session_id)
        .first()
    )
    if sheet is None:
        return _refusal(_("There is no such score sheet."), 404, "not_found")
    if not policies.may_read_sheet(user, sheet, players=False):
        return _refusal(NOT_THE_SHEETS_UMPIRE, 403, "forbidden")
    try:
        body = json_body(request)
    except TournamentError as error:
        return _refusal(error.message, 400, error.code)
    if body is None:
        return _refusal(_("Send the hand as a JSON object."), 400, "parse_error")
    problems = _request_problems(request, body)
    if problems:
        return _refusals(problems, 400)
    outcome = body["outcome"]
    hand = None
    if outcome == Hand.Outcome.WIN:
        fields = _fields(body.get("hand"))
        if fields is None:
            return _refusal(_("Send the hand as a JSON object."), 400, "parse_error", "hand")
        form = _hand_form(sheet, fields)
        if not form.is_valid():
            return _refusals(_form_errors(form), 400)
        hand = form.service_kwargs()
    try:
        submission, created = umpire_hand_submit(
            user=user,
            table_session=sheet,
            key=request.headers["Idempotency-Key"],
            outcome=outcome,
            expected_version=int(VERSION.match(request.headers["If-Match"]).group(1)),
            hand=hand,
            number=body.get("number"),
        )
    except TournamentError as error:
        return _error_of(error)
    return JsonResponse(_hand_data(submission), status=201 if created else 200)


def _request_problems(request, body: dict) -> list[dict]:
    """What is missing or malformed in the headers and the outcome, as field errors."""
    problems = []
    number = body.get("number")
    if number is not None and (type(number) is not int or not 1 <= number <= HANDS_PER_SESSION):
        message = _("The hand's number is a whole number from 1 to %(last)s.") % {
            "last": HANDS_PER_SESSION
        }
        problems.append({"code": "invalid", "message": message, "field": "number"})
    if body.get("outcome") not in OUTCOMES:
        message = _("The outcome is win, draw or time.")
        problems.append({"code": "invalid_choice", "message": message, "field": "outcome"})
    if not VERSION.match(request.headers.get("If-Match", "")):
        message = _("Send the If-Match header with the ETag of the sheet you read.")
        problems.append({"code": "precondition_required", "message": message, "field": "version"})
    if not KEY.match(request.headers.get("Idempotency-Key", "")):
        message = _("Send an Idempotency-Key of 8 to 64 letters, digits, - or _.")
        problems.append({"code": "invalid", "message": message, "field": "key"})
    return problems


# -- the page offline ---------------------------------------------------------------------------


@require_GET
def service_worker(request):
    """/umpire/sw.js: scoped to the admin (`Service-Worker-Allowed`), it keeps the score
    sheets' pages. Its cache is named after the page's files' addresses: a new deployment
    replaces the copies."""
    assets = [static(asset) for asset in ASSETS]
    cache_version = hashlib.blake2b("".join(assets).encode(), digest_size=6).hexdigest()
    response = render(
        request,
        "player_entry/umpire_sw.js",
        {
            "cache_version": cache_version,
            "sheets": sheets_path(),
            "static_url": static(""),
            "forget_at": [reverse("admin:login"), reverse("admin:logout")],
        },
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = worker_scope()
    return response
