"""The public verification page of printed forms (anyone holding the paper may check it),
and printing one form at once for the staff."""

import re

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from reports.fingerprint import normalise
from reports.printing import ALL, KINDS, PrintRequest, print_allowed, print_form
from reports.verification import verification_check
from tournaments.errors import TournamentError
from tournaments.models import Tournament


@never_cache
def verify(request, code: str = ""):
    typed = request.GET.get("fingerprint")
    if typed is not None:
        fingerprint = normalise(typed)
        if fingerprint:
            return redirect("verify-print", code=fingerprint.replace("-", ""))
        return render(request, "reports/verify.html", {"typed": typed, "invalid": True}, status=400)
    if not code:
        return render(request, "reports/verify.html", {})
    fingerprint = normalise(code)
    if not fingerprint:
        return render(request, "reports/verify.html", {"typed": code, "invalid": True}, status=404)
    result = verification_check(fingerprint=fingerprint, viewer=request.user)
    return render(
        request, "reports/verify.html", {"result": result}, status=200 if result.known else 404
    )


def _int_param(request, name: str) -> int | None:
    value = request.GET.get(name, "").strip()
    if not value:
        return None
    if not re.fullmatch(r"[0-9]{1,9}", value):
        raise TournamentError(_("%(name)s must be a number.") % {"name": name})
    return int(value)


def _language_param(request) -> str:
    """`?lang=` of a print button (the print page's choice), else the page's language."""
    language = request.GET.get("lang", "").strip() or translation.get_language()
    if language not in {code for code, _name in settings.LANGUAGES}:
        raise TournamentError(_("Unknown language: %(code)s.") % {"code": language})
    return language


def _refuse_batches(kind: str, request: PrintRequest) -> None:
    """Long work is not done inside a web request: those forms go through a print batch."""
    batch = (
        (kind == "scoresheet" and request.table is None)
        or (kind == "seatcards" and request.session is None)
        or kind in {"oath", ALL}
    )
    if batch:
        raise TournamentError(
            _("This is a batch: start it from the tournament's Print forms page.")
        )


@login_required
@never_cache
def print_now(request, tournament_id: int, kind: str):
    """One form, made at once and opened in the browser (short work: one sheet, one record).
    A whole session's sheets and the whole tournament go through a background job instead."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if kind not in KINDS:
        raise Http404(kind)
    if not print_allowed(request.user, kind):
        raise PermissionDenied
    try:
        print_request = PrintRequest(
            tournament=tournament,
            session=_int_param(request, "session"),
            table=_int_param(request, "table"),
            appeal=_int_param(request, "appeal"),
            user=request.user,
        )
        _refuse_batches(kind, print_request)
        with translation.override(_language_param(request)):
            name, content = print_form(kind=kind, request=print_request)
    except TournamentError as error:
        return HttpResponseBadRequest(error.message, content_type="text/plain; charset=utf-8")
    return pdf_response(name, content)


def pdf_response(name: str, content: bytes) -> HttpResponse:
    """A printed form, opened in the browser."""
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response
