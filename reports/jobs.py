"""Printing as a background job (tournaments.services.jobs runs it on Celery): the checker
refuses bad parameters and users before anything is queued; the runner makes the file."""

from django.utils.translation import gettext as _

from reports.printing import KIND_NAMES, PrintRequest, print_form, print_validate
from tournaments.errors import TournamentError

_OPTIONS = ("session", "table", "appeal")


def _request(*, tournament, params: dict, user=None) -> tuple[str, PrintRequest]:
    kind = params.get("form")
    if kind not in KIND_NAMES:
        raise TournamentError(_("Unknown form: %(kind)s") % {"kind": kind})
    options = {}
    for name in _OPTIONS:
        value = params.get(name)
        if value is not None and not isinstance(value, int):
            raise TournamentError(_("%(name)s must be a number.") % {"name": name})
        options[name] = value
    return kind, PrintRequest(tournament=tournament, user=user, **options)


def print_job_check(*, user, tournament, params: dict) -> None:
    kind, request = _request(tournament=tournament, params=params, user=user)
    print_validate(kind=kind, request=request)


def print_job_run(*, tournament, params: dict, progress, user=None) -> tuple[str, bytes]:
    # The user is who asked (checked when queued and again when started): the print record
    # names them.
    kind, request = _request(tournament=tournament, params=params, user=user)
    return print_form(kind=kind, request=request, progress=progress)
