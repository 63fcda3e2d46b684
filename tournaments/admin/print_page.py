"""The tournament's "Print forms" page: every printed form in one place.

Short forms open at once as a PDF (`reports` print-now URL); long batches (a session's score
sheets, all seat cards, the oath pages, the whole tournament's zip) start a background job
and lead to its progress bar. The server checks who may print what on every request.
"""

import re

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.urls import path, reverse
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments import policies
from tournaments.admin.base import get_or_404, render
from tournaments.admin.extensions import PRINTABLE_FORMS
from tournaments.admin.jobs import start_job_and_redirect
from tournaments.models import Appeal, Job

URL_PREFIX = "tournaments_tournament_"
BATCH_FORMS = ("scoresheet", "seatcards", "oath", "all")


def _may_print_anything(user) -> bool:
    return any(policies.may_print(user, kind) for kind in PRINTABLE_FORMS)


def _number(value) -> int | None:
    text = str(value or "")
    return int(text) if re.fullmatch(r"[0-9]{1,9}", text) else None


def print_page_view(model_admin, request, object_id):
    tournament = get_or_404(model_admin, request, object_id)
    if not _may_print_anything(request.user):
        raise PermissionDenied
    sessions = tournament.sessions.annotate(tables=Count("table_sessions")).order_by("number")
    allowed = {kind: policies.may_print(request.user, kind) for kind in PRINTABLE_FORMS}
    language = request.GET.get("lang", "") or translation.get_language()
    if language not in {code for code, _name in settings.LANGUAGES}:
        language = translation.get_language()
    context = {
        "print_language": language,
        "languages": [
            (code, translation.get_language_info(code)["name_local"])
            for code, _n in settings.LANGUAGES
        ],
        "tournament": tournament,
        "allowed": allowed,
        "sessions": [s for s in sessions if s.tables],
        "appeals": Appeal.objects.filter(session__tournament=tournament)
        .select_related("session", "player")
        .order_by("pk"),
        "pdf_url": reverse("print-now", args=[tournament.pk, "KIND"]).replace("KIND/", ""),
        "batch_url": reverse("admin:" + URL_PREFIX + "print_batch", args=[tournament.pk]),
        "jobs": Job.objects.filter(tournament=tournament, kind=Job.Kind.PRINT)
        .select_related("requested_by")
        .order_by("-created_at")[:10],
    }
    return render(
        model_admin,
        request,
        "admin/tournaments/tournament/print_forms.html",
        context,
        obj=tournament,
        title=_("Print forms — %(t)s") % {"t": tournament},
    )


def print_batch_view(model_admin, request, object_id):
    """POST: start a print job for one batch form; refusals come back as messages."""
    tournament = get_or_404(model_admin, request, object_id)
    form = request.POST.get("form", "")
    params = {"form": form if form in BATCH_FORMS else form or "?"}
    raw = request.POST.get("session", "").strip()
    if raw:
        # An invalid number goes to the checker as it is, which refuses it with a message.
        params["session"] = _number(raw) if _number(raw) is not None else raw
    back = reverse("admin:" + URL_PREFIX + "print_forms", args=[tournament.pk])
    return start_job_and_redirect(
        request,
        kind=Job.Kind.PRINT,
        tournament=tournament,
        params=params,
        error_url=back,
        language=request.POST.get("language") or None,  # an unknown one is refused
    )


def print_urls(model_admin) -> list:
    def page(view):
        def handler(request, object_id):
            return view(model_admin, request, object_id)

        return model_admin.admin_site.admin_view(handler)

    return [
        path("<path:object_id>/print/", page(print_page_view), name=URL_PREFIX + "print_forms"),
        path(
            "<path:object_id>/print/batch/",
            page(print_batch_view),
            name=URL_PREFIX + "print_batch",
        ),
    ]
