"""The keyboard page of the score desk, `/desk/` (issue 27): type the sheet's code, key the
paper's 16 rows, its fouls and signatures, one *Save*.

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
from django.utils.translation import gettext as _

from desk.api import DeskEntryInputSerializer
from desk.selectors import DESK_STATUS_LABELS, desk_sheet_status
from desk.services import DIFFER, RECORDED, DeskRefusal, desk_entry_give
from tournaments import policies
from tournaments.errors import TournamentError
from tournaments.models import Hand, Penalty, TableSession, Tournament
from tournaments.models.play import HANDS_PER_SESSION, MAX_FLOWERS, POSITIONS

TEMPLATE = "desk/keyboard.html"
PENALTY_ROWS = 6
# "17": the sheet's id; "12/3": table 12 of session 3 (as printed on the paper sheet).
CODE = re.compile(r"^\s*(?:(?P<id>\d{1,9})|(?P<table>\d{1,5})\s*/\s*(?P<session>\d{1,5}))\s*$")
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
    match = CODE.match(code or "")
    if match is None:
        messages.error(request, _("Type the sheet's number, or its table and session as 12/3."))
        return None
    sheets = policies.readable_sheets(
        request.user,
        TableSession.objects.filter(session__tournament=tournament).select_related(
            "session__tournament", "table"
        ),
        players=False,
    )
    if match["id"]:
        found = sheets.filter(pk=int(match["id"])).first()
    else:
        found = sheets.filter(
            table__number=int(match["table"]), session__number=int(match["session"])
        ).first()
    if found is None:
        messages.error(
            request,
            _("No sheet %(code)s of this tournament that the desk can key (its session started?).")
            % {"code": code.strip()},
        )
    return found


@login_required(login_url=LOGIN)
def desk_keyboard(request, slug: str):
    """GET ?code=…: the sheet's grid; POST: one clerk's entry of it."""
    _may_use(request)
    tournament = get_object_or_404(Tournament, slug=slug)
    if request.method == "POST":
        return _save(request, tournament)
    code = request.GET.get("code", "")
    sheet = _find_sheet(request, tournament, code) if code else None
    return _page(request, tournament, sheet, rows=_empty_rows(), code=code)


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
        return _page(request, tournament, sheet, rows=rows, problems=found, code=sheet_id)
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
        return _page(request, tournament, sheet, rows=rows, problems=problems, code=sheet_id)
    except TournamentError as error:
        return _page(
            request,
            tournament,
            sheet,
            rows=rows,
            problems=[(None, error.message)],
            code=sheet_id,
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
            code=sheet_id,
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
    return redirect(reverse("desk-keyboard", kwargs={"slug": tournament.slug}))


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
    return f"{prefix}{index + 1}-{field}"


def _marked_cells(problems, differences) -> set[str]:
    """The grid's cells a problem or a difference names, to show them."""
    marked = set()
    for field, _text in problems:
        parts = (field or "").split(".")
        if len(parts) >= 3 and parts[0] in ("hands", "penalties") and parts[1].isdigit():
            marked.add(_cell_name(parts[0], int(parts[1]), parts[2]))
    for difference in differences:
        if "hand" in difference:
            marked.add(_cell_name("hands", difference["hand"] - 1, difference["field"]))
        elif "penalty" in difference:
            marked.add(_cell_name("penalties", difference["penalty"] - 1, difference["field"]))
    return marked


def _page(request, tournament, sheet, *, rows, problems=(), differences=(), code="", status=None):
    marked = _marked_cells(problems, differences)
    hand_rows = [
        {
            "number": n,
            "cells": row,
            "marked": {cell: f"h{n}-{cell}" in marked for cell in HAND_CELLS},
        }
        for n, row in enumerate(rows["hands"], start=1)
    ]
    penalty_rows = [
        {
            "number": n,
            "cells": row,
            "marked": {cell: f"p{n}-{cell}" in marked for cell in PENALTY_CELLS},
        }
        for n, row in enumerate(rows["penalties"], start=1)
    ]
    context = {
        **admin.site.each_context(request),
        "title": _("Score desk — %(t)s") % {"t": tournament},
        "tournament": tournament,
        "sheet": sheet,
        "code": code,
        "desk_status": DESK_STATUS_LABELS[desk_sheet_status(sheet)] if sheet else None,
        "seats": list(sheet.seats.select_related("player").order_by("position")) if sheet else [],
        "hand_rows": hand_rows,
        "penalty_rows": penalty_rows,
        "confirmed": rows["confirmed"],
        "problems": list(problems),
        "differences": list(differences),
        "positions": POSITIONS,
        "outcomes": Hand.Outcome.choices,
        "kinds": [c for c in Penalty.Kind.choices if c[0] != Penalty.Kind.LATE_ARRIVAL],
        "fouls": Penalty.Foul.choices,
        "max_flowers": MAX_FLOWERS,
    }
    if status is None:
        status = 400 if problems else 200
    return render(request, TEMPLATE, context, status=status)
