"""The keyboard page of the score desk, `/desk/` (issue 27): type (or scan from its QR code)
the code printed on the paper sheet, "S3-T12", key the paper's 16 rows, its fouls and
signatures, one *Save*. The grid is made for the keyboard (desk/static/desk/keyboard.js): Tab
and Enter go from cell to cell, Ctrl+Enter saves, and the players' running totals follow the
rows as they are typed (the server stays the judge: it scores the sheet again on recording).

The page is a door to the same service as the API (`desk.services.desk_entry_give`), with the
API's body checks (`desk.api.DeskEntryInputSerializer`): the first entry is held, a second
clerk's that agrees records the sheet, one that differs shows the differing cells. Who may use
it: `policies.may_use_score_desk` (403 otherwise); the sheet must be one the login reads.
"""

import re

from django.contrib import admin, messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from desk import selectors
from desk.api import DeskEntryInputSerializer
from desk.models import DeskEntry
from desk.selectors import DESK_STATUS_LABELS, desk_sheet_status
from desk.services import DIFFER, RECORDED, DeskRefusal, desk_entry_give
from scoring import payments
from scoring.result import MINIMUM_POINTS
from tournaments import policies
from tournaments.display import sheet_code, sheet_code_parse
from tournaments.errors import TournamentError
from tournaments.models import Hand, Penalty, SessionResult, TableSession, Tournament
from tournaments.models.play import HANDS_PER_SESSION, MAX_FLOWERS, POSITIONS

TEMPLATE = "desk/keyboard.html"
PENALTY_ROWS = 6
# The sheet's id, as the API and the admin list it ("17"); the printed code ("S3-T12") is read by
# tournaments.display.sheet_code_parse.
SHEET_ID = re.compile(r"^\s*(?P<id>\d{1,9})\s*$")
# The sheets the desk keys (a grid is shown); the others only say where they stand.
KEYABLE = (selectors.AWAITING_FIRST, selectors.AWAITING_SECOND, selectors.DIFFER)
HAND_CELLS = ("outcome", "winner", "discarder", "points", "flowers")
PENALTY_CELLS = (
    "offender",
    "kind",
    "foul",
    "victim",
    "amount",
    "invalid_claim",
    "hand_number",
    "reason",
)
LOGIN = reverse_lazy("admin:login")
# A refusal's code → the page's status (the API's, api.errors: who 403, state 409).
STATUS_OF_CODE = {"forbidden": 403, "conflict": 409, "locked": 409, "invalid_state": 409}


def _may_use(request) -> None:
    if not policies.may_use_score_desk(request.user):
        raise PermissionDenied(
            _("Only the score desk or the chief umpire keys in paper score sheets.")
        )


def _tournaments():
    """Tournaments with a started session, not finished: the desk's work."""
    return (
        Tournament.objects.filter(sessions__actual_start__isnull=False)
        .exclude(status=Tournament.Status.FINISHED)
        .distinct()
        .order_by("name")
    )


@login_required(login_url=LOGIN)
def desk_home(request):
    """Choose the tournament (straight to it when only one is playing)."""
    _may_use(request)
    tournaments = list(_tournaments())
    if len(tournaments) == 1:
        return redirect("desk-keyboard", slug=tournaments[0].slug)
    context = {**admin.site.each_context(request), "tournaments": tournaments}
    return render(request, TEMPLATE, {**context, "title": _("Score desk")})


def _find_sheet(request, tournament, code: str) -> TableSession | None:
    """The sheet of this tournament whose printed code ("S3-T12", see
    tournaments.display.sheet_code) or id ("17") was typed, if the login reads it; else a
    message says what to type."""
    parsed = sheet_code_parse(code)
    by_id = SHEET_ID.match(code or "")
    if parsed is None and by_id is None:
        messages.error(
            request,
            _(
                "Type the code printed on the paper sheet, as S3-T12 for session 3, table 12 "
                "(or scan its QR code)."
            ),
        )
        return None
    sheets = policies.readable_sheets(
        request.user,
        TableSession.objects.filter(session__tournament=tournament).select_related(
            "session__tournament", "table"
        ),
        players=False,
    )
    if parsed is not None:
        session, table = parsed
        found = sheets.filter(session__number=session, table__number=table).first()
        shown = sheet_code(session, table)
    else:
        found = sheets.filter(pk=int(by_id["id"])).first()
        shown = code.strip()
    if found is None:
        messages.error(
            request,
            _("No sheet %(code)s of this tournament that the desk can key (its session started?).")
            % {"code": shown},
        )
    return found


@login_required(login_url=LOGIN)
def desk_keyboard(request, slug: str):
    """GET ?code=…: the sheet's grid; POST: one clerk's entry of it."""
    _may_use(request)
    tournament = get_object_or_404(Tournament, slug=slug)
    if request.method == "POST":
        return _save(request, tournament)
    code = request.GET.get("code", "").strip()
    sheet = _find_sheet(request, tournament, code) if code else None
    return _page(request, tournament, sheet, rows=_empty_rows(), code=code)


def _code_of(sheet: TableSession) -> str:
    return sheet_code(sheet.session.number, sheet.table.number)


def _save(request, tournament):
    sheet_id = request.POST.get("sheet", "")
    sheet = _find_sheet(request, tournament, sheet_id)
    if sheet is None:
        return redirect("desk-keyboard", slug=tournament.slug)
    rows = _posted_rows(request.POST)
    body, problems = _body(rows)
    serializer = DeskEntryInputSerializer(data=body)
    valid = serializer.is_valid()
    if problems or not valid:
        found = problems + ([] if valid else _flatten(serializer.errors))
        return _page(request, tournament, sheet, rows=rows, problems=found, posted=True)
    data = serializer.validated_data
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        version = -1  # refused by the service as a sheet changed since read
    try:
        outcome = desk_entry_give(
            table_session=sheet,
            hands=data["hands"],
            penalties=data.get("penalties", []),
            confirmed=data.get("confirmed", []),
            expected_version=version,
            user=request.user,
        )
    except DeskRefusal as refusal:
        texts = [message for _code, message in refusal.details] or [refusal.message]
        problems = [(refusal.field, text) for text in texts]
        return _page(request, tournament, sheet, rows=rows, problems=problems, posted=True)
    except TournamentError as error:
        return _page(
            request,
            tournament,
            sheet,
            rows=rows,
            problems=[(None, error.message)],
            posted=True,
            status=STATUS_OF_CODE.get(error.code, 400),
        )
    if outcome.status == DIFFER:
        return _page(
            request,
            tournament,
            sheet,
            rows=rows,
            problems=[(None, _("This entry differs from another clerk's: nothing is recorded."))],
            differences=outcome.differences,
            posted=True,
            status=409,
        )
    if outcome.status == RECORDED:
        text = _("%(sheet)s is recorded: your entry agreed with %(clerk)s's.") % {
            "sheet": sheet,
            "clerk": outcome.matched.clerk.get_username(),
        }
    else:
        text = _("%(sheet)s: your entry is held. A second clerk keys the paper now.") % {
            "sheet": sheet
        }
    messages.success(request, text)
    # Back to the sheet, which now says where it stands (held, or recorded with its scores);
    # the code is ready to be replaced by the next sheet's.
    address = reverse("desk-keyboard", kwargs={"slug": tournament.slug})
    return redirect(f"{address}?{urlencode({'code': _code_of(sheet)})}")


# -- the grid -------------------------------------------------------------------------------------


def _empty_rows() -> dict:
    return {
        "hands": [dict.fromkeys(HAND_CELLS, "") for _n in range(HANDS_PER_SESSION)],
        "penalties": [dict.fromkeys(PENALTY_CELLS, "") for _n in range(PENALTY_ROWS)],
        "confirmed": [],
    }


def _posted_rows(post) -> dict:
    return {
        "hands": [
            {cell: post.get(f"h{n}-{cell}", "").strip() for cell in HAND_CELLS}
            for n in range(1, HANDS_PER_SESSION + 1)
        ],
        "penalties": [
            {cell: post.get(f"p{n}-{cell}", "").strip() for cell in PENALTY_CELLS}
            for n in range(1, PENALTY_ROWS + 1)
        ],
        "confirmed": [p for p in POSITIONS if post.get(f"confirmed-{p}")],
    }


def _body(rows: dict) -> tuple[dict, list]:
    """The API's body from the grid: the hands up to the last row keyed (a blank row before
    it is refused), the penalty rows with an offender, the seats ticked."""
    problems, hands = [], []
    keyed = [n for n, row in enumerate(rows["hands"], start=1) if row["outcome"]]
    last = max(keyed, default=0)
    for number, row in enumerate(rows["hands"][:last], start=1):
        if not row["outcome"]:
            problems.append(
                (
                    f"hands.{number - 1}",
                    _("Hand %(n)s is blank: key the hands in order.") % {"n": number},
                )
            )
            continue
        hand = {"outcome": row["outcome"]}
        if row["outcome"] == Hand.Outcome.WIN:
            hand.update(winner=row["winner"] or None, discarder=row["discarder"] or None)
            hand["points"] = row["points"] or None
            if row["flowers"]:
                hand["flowers"] = row["flowers"]
        hands.append(hand)
    penalties = []
    for row in rows["penalties"]:
        if not any(row.values()):
            continue
        penalty = {"offender": row["offender"], "kind": row["kind"], "reason": row["reason"]}
        for cell in ("foul", "victim", "amount", "hand_number"):
            if row[cell]:
                penalty[cell] = row[cell]
        if row["invalid_claim"]:
            penalty["invalid_claim"] = True
        penalties.append(penalty)
    return {"hands": hands, "penalties": penalties, "confirmed": rows["confirmed"]}, problems


def _flatten(detail, path: str = "") -> list[tuple[str | None, str]]:
    if isinstance(detail, dict):
        return [
            item
            for key, value in detail.items()
            for item in _flatten(
                value, f"{path}.{key}".strip(".") if key != "non_field_errors" else path
            )
        ]
    if isinstance(detail, list):
        nested = any(isinstance(value, dict | list) for value in detail)
        return [
            item
            for index, value in enumerate(detail)
            for item in _flatten(value, f"{path}.{index}".strip(".") if nested else path)
        ]
    return [(path or None, str(detail))]


def _cell_name(kind: str, index: int, field: str) -> str:
    prefix = "h" if kind == "hands" else "p"
    # A points-only hand the scoring core refuses (`hands.N.hand`: under 8 points…) is its
    # points' cell on the page.
    return f"{prefix}{index + 1}-{'points' if field == 'hand' else field}"


# The grid's column of each field of the API's hand and penalty bodies (the differences).
FIELD_LABELS = {
    "outcome": gettext_lazy("Outcome"),
    "winner": gettext_lazy("Winner"),
    "discarder": gettext_lazy("Discarder"),
    "points": gettext_lazy("Points"),
    "hand": gettext_lazy("Points"),
    "flowers": gettext_lazy("Flowers"),
    "offender": gettext_lazy("Offender"),
    "kind": gettext_lazy("Kind"),
    "foul": gettext_lazy("Repeated foul"),
    "victim": gettext_lazy("Victim"),
    "amount": gettext_lazy("Points"),
    "invalid_claim": gettext_lazy("On a discard"),
    "hand_number": gettext_lazy("Hand"),
    "reason": gettext_lazy("Nature of the foul"),
    "confirmed": gettext_lazy("Signed by the players"),
}
CHOICE_LABELS = {
    "outcome": dict(Hand.Outcome.choices),
    "kind": dict(Penalty.Kind.choices),
    "foul": dict(Penalty.Foul.choices),
}


def _shown(field: str, value) -> str:
    """A cell's value as the page shows it in a difference."""
    if isinstance(value, list):
        return ", ".join(value) or "—"
    if value is None or value == "" or value is False:
        return "—"
    if value is True:
        return "✓"
    return str(CHOICE_LABELS.get(field.split(".")[0], {}).get(value, value))


def _row_name(kind: str, number: int) -> str:
    """A row of the paper as the clerk reads it: "Hand 3", "Penalty 1"."""
    if kind == "hands":
        return _("Hand %(n)s") % {"n": number}
    return _("Penalty %(n)s") % {"n": number}


def _cell_place(row: str, field: str) -> str:
    """A row and one of its cells, "Hand 3, Points" (the cell: the field's column on the grid)."""
    label = FIELD_LABELS.get(field.split(".")[0])
    return _("%(row)s, %(cell)s") % {"row": row, "cell": label} if label else row


def problem_place(field: str | None) -> tuple[str, str]:
    """Where a refusal's field (`hands.2.hand`, `penalties.0`, `confirmed`) is on the paper,
    in the clerk's words: its row ("Hand 3") and its place ("Hand 3, Points"; "Signed by the
    players"); empty when the field is none of the grid's."""
    parts = (field or "").split(".")
    if parts[0] == "confirmed":
        return "", str(FIELD_LABELS["confirmed"])
    if len(parts) < 2 or parts[0] not in ("hands", "penalties") or not parts[1].isdigit():
        return "", ""
    row = _row_name(parts[0], int(parts[1]) + 1)
    return row, _cell_place(row, parts[2]) if len(parts) > 2 else row


def _problem_lines(problems) -> list[dict]:
    """The refusals listed above the grid, each with its place on the paper, unless its words
    already name its row ("Hand 3: …", from the services)."""
    lines = []
    for field, text in problems:
        row, place = problem_place(field)
        named = bool(row) and str(text).startswith(row)
        lines.append({"text": text, "place": "" if named else place})
    return lines


def _difference(difference: dict) -> dict:
    field = difference["field"]
    if "hand" in difference:
        row, where = f"h{difference['hand']}", _row_name("hands", difference["hand"])
    elif "penalty" in difference:
        row, where = f"p{difference['penalty']}", _row_name("penalties", difference["penalty"])
    else:
        row, where = "confirmed", ""
    label = FIELD_LABELS.get(field.split(".")[0], field)
    return {
        "row": row,
        "place": _cell_place(where, field) if where else label,
        "field": label,
        "second": _shown(field, difference["second"]),
    }


def _marks(problems, differences) -> tuple[set[str], dict[str, list[str]]]:
    """The grid's cells a problem or a difference names, to show them; and per row ("h3",
    "p1", "confirmed") the problems' texts, shown in the row."""
    marked, notes = set(), {}
    for field, text in problems:
        parts = (field or "").split(".")
        if parts[0] == "confirmed":
            marked.add("confirmed")
            notes.setdefault("confirmed", []).append(text)
        if len(parts) < 2 or parts[0] not in ("hands", "penalties") or not parts[1].isdigit():
            continue
        cell = _cell_name(parts[0], int(parts[1]), parts[2] if len(parts) > 2 else "")
        row = cell.split("-")[0]
        marked.add(cell if len(parts) > 2 else row)
        notes.setdefault(row, []).append(text)
    for difference in differences:
        if "hand" in difference:
            marked.add(_cell_name("hands", difference["hand"] - 1, difference["field"]))
        elif "penalty" in difference:
            marked.add(_cell_name("penalties", difference["penalty"] - 1, difference["field"]))
        else:
            marked.add("confirmed")
    return marked, notes


def _grid_rows(prefix: str, rows: list[dict], cells: tuple, marked, notes, differences):
    return [
        {
            "number": n,
            "cells": row,
            "marked": {cell: f"{prefix}{n}-{cell}" in marked for cell in cells},
            "row_marked": f"{prefix}{n}" in marked,
            "notes": notes.get(f"{prefix}{n}", []),
            "differences": [d for d in differences if d["row"] == f"{prefix}{n}"],
        }
        for n, row in enumerate(rows, start=1)
    ]


def _status_hint(status: str, own_entry_held: bool) -> str:
    """What the clerk does with a sheet that stands there."""
    if status == selectors.AWAITING_SECOND and own_entry_held:
        return _(
            "Your entry is held: nothing counts yet. A second clerk must key this paper; the "
            "sheet is recorded when the two entries agree."
        )
    hints = {
        selectors.NOT_STARTED: _("Its session has not started: nothing to key yet."),
        selectors.AWAITING_FIRST: _(
            "Nobody has keyed this paper yet. Your entry will be held until a second clerk keys it."
        ),
        selectors.AWAITING_SECOND: _(
            "A first entry is held. Key the paper: if your entry agrees with it, the sheet is "
            "recorded."
        ),
        selectors.DIFFER: _(
            "The entries differ. Key the paper again, cell by cell: an entry that agrees with "
            "another clerk's records the sheet. If the paper is unclear, call the chief umpire."
        ),
        selectors.RECORDED: _(
            "The sheet is recorded. It changes only through its umpire or the chief umpire's "
            "corrections."
        ),
        selectors.KEPT_BY_UMPIRE: _("Its umpire keeps this sheet: it is not keyed at the desk."),
    }
    return hints[status]


def _rules() -> dict:
    """What the page's running totals need of the rules (scoring.payments): the grid adds up
    the payments as the paper is typed; the server scores the sheet again on recording."""
    return {
        "positions": list(POSITIONS),
        "base": payments.BASE_POINTS,
        "minimum": MINIMUM_POINTS,
        "false_hu": payments.FALSE_HU_AMOUNT,
        "false_hu_invalid_claim": payments.FALSE_HU_INVALID_CLAIM_AMOUNT,
        "exposed_hand": payments.EXPOSED_HAND_AMOUNT,
        # What the n-th time of one foul costs to each other player (n = 1, 2, …); the last
        # repeats.
        "repeated_foul": [payments.repeated_foul_amount(n) for n in range(1, 9)],
    }


def _before_play(sheet: TableSession) -> dict[str, int]:
    """The score changes already on the sheet before the desk keys it: late arrivals, from
    the check-in (a sheet the desk keys has no other penalty)."""
    totals = dict.fromkeys(POSITIONS, 0)
    for penalty in Penalty.objects.filter(table_session=sheet, voided_at__isnull=True):
        for position, delta in (penalty.deltas or {}).items():
            totals[position] = totals.get(position, 0) + delta
    return totals


def _sheet_context(request, sheet: TableSession | None, *, posted: bool) -> dict:
    if sheet is None:
        return {"keyable": False}
    status = desk_sheet_status(sheet)
    own_entry_held = DeskEntry.objects.filter(
        table_session=sheet, clerk=request.user, status=DeskEntry.Status.FIRST
    ).exists()
    scores = (
        SessionResult.objects.filter(table_session=sheet)
        .select_related("player")
        .order_by("position")
    )
    return {
        "sheet_code": _code_of(sheet),
        "status_key": status,
        "desk_status": DESK_STATUS_LABELS[status],
        "status_hint": _status_hint(status, own_entry_held),
        # A clerk whose entry is held cannot give the second: he sees no grid (but a refused
        # post shows its grid again, with why).
        "keyable": status in KEYABLE and (posted or not own_entry_held),
        "seats": list(sheet.seats.select_related("player").order_by("position")),
        "scores": list(scores) if status not in KEYABLE else [],
        "before_play": _before_play(sheet),
    }


def _page(request, tournament, sheet, *, rows, problems=(), differences=(), code="", **options):
    """The page; `options`: posted (the grid comes back from a Save), status (the answer's)."""
    marked, notes = _marks(problems, differences)
    shown = [_difference(d) for d in differences]
    context = {
        **admin.site.each_context(request),
        "title": _("Score desk — %(t)s") % {"t": tournament},
        "tournament": tournament,
        "tiles_mode": tournament.entry_mode == Tournament.EntryMode.TILES,
        "sheet": sheet,
        "code": _code_of(sheet) if sheet else code,
        **_sheet_context(request, sheet, posted=options.get("posted", False)),
        "hand_rows": _grid_rows("h", rows["hands"], HAND_CELLS, marked, notes, shown),
        "penalty_rows": _grid_rows("p", rows["penalties"], PENALTY_CELLS, marked, notes, shown),
        "confirmed": rows["confirmed"],
        "confirmed_marked": "confirmed" in marked,
        "confirmed_notes": notes.get("confirmed", []),
        "problems": _problem_lines(problems),
        "differences": shown,
        "positions": POSITIONS,
        "outcomes": Hand.Outcome.choices,
        "kinds": [c for c in Penalty.Kind.choices if c[0] != Penalty.Kind.LATE_ARRIVAL],
        "fouls": Penalty.Foul.choices,
        "max_flowers": MAX_FLOWERS,
        "hands_per_session": HANDS_PER_SESSION,
        "rules": _rules(),
    }
    status = options.get("status")
    if status is None:
        status = 400 if problems else 200
    return render(request, TEMPLATE, context, status=status)
