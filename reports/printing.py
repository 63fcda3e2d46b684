"""Every printable form by its kind: what it needs, who may print it, how it is made.

The single entry point of the admin buttons, the batches on Celery and `manage.py print_form`:
`print_form(kind=…, tournament=…, …)` returns the file name and its bytes. Renderers come
from `reports.forms`, their data from `reports.data`; score sheets and standings are stamped
with a fingerprint (reports.fingerprint) before they are laid out. A score sheet's data keeps
the texts the system wrote (a late arrival's nature, a void's reason) as stored codes, the same
in any language as its fingerprint needs: they are put into words of the form's language just
before the layout (issue 27).
"""

import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from reports.fingerprint import stamp, stamp_many
from reports.models import PrintRecord
from tournaments import policies, roles
from tournaments.errors import TournamentError
from tournaments.models import Appeal, Session, TableSession, Tournament
from tournaments.system_texts import system_texts_in_words

Progress = Callable[[int, int, str], None]


def _no_progress(done: int, total: int, message: str) -> None:
    return None


@dataclass(frozen=True)
class PrintRequest:
    tournament: Tournament
    session: int | None = None
    table: int | None = None
    appeal: int | None = None
    user: object = None

    def session_row(self, *, required: bool) -> Session | None:
        if self.session is None:
            if required:
                raise TournamentError(_("Say which session (--session N on the command line)."))
            return None
        session = self.tournament.sessions.filter(number=self.session).first()
        if session is None:
            raise TournamentError(
                _("%(t)s has no session %(n)s.") % {"t": self.tournament, "n": self.session}
            )
        return session

    def appeal_row(self) -> Appeal:
        if self.appeal is None:
            raise TournamentError(_("Say which appeal (--appeal ID on the command line)."))
        appeal = Appeal.objects.filter(pk=self.appeal, session__tournament=self.tournament).first()
        if appeal is None:
            raise TournamentError(
                _("%(t)s has no appeal %(id)s.") % {"t": self.tournament, "id": self.appeal}
            )
        return appeal

    def table_session(self) -> TableSession | None:
        session = self.session_row(required=self.table is not None)
        if self.table is None:
            return None
        sheet = session.table_sessions.filter(table__number=self.table).first()
        if sheet is None:
            raise TournamentError(
                _("Session %(s)s has no table %(t)s.") % {"s": session.number, "t": self.table}
            )
        return sheet


# -- one function per kind: (request, progress) -> (file name suffix, PDF bytes) ----------------


def _scoresheets(request: PrintRequest, progress: Progress) -> tuple[str, bytes]:
    session = request.session_row(required=True)
    request.table_session()  # refuses a table the session does not have
    from reports.data.scoresheet import session_scoresheets_data
    from reports.forms.scoresheet import render_scoresheets

    documents = session_scoresheets_data(session=session, table=request.table)
    if not documents:
        raise TournamentError(_("Session %(n)s has no score sheets.") % {"n": session.number})
    stamped = stamp_many(
        documents,
        kind=PrintRecord.Kind.SCORESHEET,
        tournament_id=request.tournament.pk,
        table_session_ids=[d["table_session_id"] for d in documents],
        user=request.user,
    )
    total = len(stamped)
    pdf = render_scoresheets(
        system_texts_in_words(stamped),
        progress=lambda done, _t: progress(done, total, _("Score sheets")),
    )
    suffix = f"s{session.number}" + (f"-t{request.table}" if request.table else "")
    return suffix, pdf


def _fouls(request: PrintRequest, progress: Progress) -> tuple[str, bytes]:
    session = request.session_row(required=False)
    sheet = request.table_session()
    from reports.data.fouls import fouls_data
    from reports.forms.fouls import render_fouls

    data = fouls_data(tournament=request.tournament, session=session, table_session=sheet)
    suffix = "" if session is None else f"s{session.number}"
    suffix += f"-t{request.table}" if sheet else ""
    return suffix, render_fouls(data)


def _standings(request: PrintRequest, progress: Progress) -> tuple[str, bytes]:
    from reports.data.standings import last_counted_session, standings_data
    from reports.forms.standings import render_standings

    session = request.session_row(required=False)
    through = session.number if session else None
    # Without a session, pinned to the last session counted, so that the paper can still be
    # verified after later sessions are played: it changes only if what it shows is corrected.
    pinned = through or last_counted_session(tournament=request.tournament)
    data = standings_data(tournament=request.tournament, through_session=pinned)
    stamped = stamp(
        data,
        kind=PrintRecord.Kind.STANDINGS,
        tournament_id=request.tournament.pk,
        params={"through_session": pinned} if pinned else {},
        user=request.user,
    )
    return (f"s{through}" if through else ""), render_standings(stamped)


def _chart(request: PrintRequest, progress: Progress) -> tuple[str, bytes]:
    from reports.forms.chart import render_chart

    return "", render_chart(request.tournament)


def _schedule(request: PrintRequest, progress: Progress) -> tuple[str, bytes]:
    from reports.forms.chart import render_player_schedule

    return "", render_player_schedule(request.tournament)


def _seat_cards(request: PrintRequest, progress: Progress) -> tuple[str, bytes]:
    from reports.forms.chart import render_seat_cards

    session = request.session_row(required=False)
    request.table_session()
    suffix = (f"s{session.number}" if session else "") + (
        f"-t{request.table}" if request.table else ""
    )
    return suffix, render_seat_cards(
        request.tournament, session=request.session, table=request.table
    )


def _appeal(request: PrintRequest, progress: Progress) -> tuple[str, bytes]:
    appeal = request.appeal_row()
    from reports.data.appeal import appeal_data
    from reports.forms.appeal import render_appeal

    return f"{appeal.pk}", render_appeal(appeal_data(appeal=appeal))


def _oath(request: PrintRequest, progress: Progress) -> tuple[str, bytes]:
    from reports.forms.oath import render_oath

    if not request.tournament.players.exists():
        raise TournamentError(_("No player is registered yet: there is no oath to print."))
    return "", render_oath(tournament=request.tournament)


def _certificates(request: PrintRequest, progress: Progress) -> tuple[str, bytes]:
    from reports.forms.certificates import render_certificates

    return "", render_certificates(tournament=request.tournament)


@dataclass(frozen=True)
class FormKind:
    name: str
    label: object
    make: Callable[[PrintRequest, Progress], tuple[str, bytes]]


KINDS: dict[str, FormKind] = {
    kind.name: kind
    for kind in (
        FormKind("scoresheet", gettext_lazy("Score sheets"), _scoresheets),
        FormKind("fouls", gettext_lazy("Record of Fouls"), _fouls),
        FormKind("standings", gettext_lazy("Standings"), _standings),
        FormKind("chart", gettext_lazy("Table rotation chart"), _chart),
        FormKind("schedule", gettext_lazy("Players' seats by session"), _schedule),
        FormKind("seatcards", gettext_lazy("Seat cards"), _seat_cards),
        FormKind("appeal", gettext_lazy("Appeal record"), _appeal),
        FormKind("oath", gettext_lazy("Player's Oath"), _oath),
        FormKind("certificates", gettext_lazy("Award certificates"), _certificates),
    )
}
ALL = "all"
KIND_NAMES = [*KINDS, ALL]


def print_allowed(user, kind: str) -> bool:
    """A form that exists, which this login may print (tournaments.policies.may_print)."""
    return kind in KIND_NAMES and policies.may_print(user, kind)


def print_check(*, kind: str, user=None) -> None:
    if kind not in KIND_NAMES:
        raise TournamentError(
            _("Unknown form %(kind)s; choose one of: %(kinds)s.")
            % {"kind": kind, "kinds": ", ".join(KIND_NAMES)}
        )
    roles.require(print_allowed(user, kind), _("You may not print this form."))


def print_validate(*, kind: str, request: PrintRequest) -> None:
    """Refuse, before any work is queued, what the form would refuse: a missing or unknown
    session, table or appeal."""
    print_check(kind=kind, user=request.user)
    request.session_row(required=kind == "scoresheet" or request.table is not None)
    request.table_session()
    if kind == "appeal":
        request.appeal_row()


def print_form(
    *, kind: str, request: PrintRequest, progress: Progress = _no_progress
) -> tuple[str, bytes]:
    """The file name and content of one form (a PDF), or of every form (`all`, a zip)."""
    print_check(kind=kind, user=request.user)
    if kind == ALL:
        return f"{request.tournament.slug}-all.zip", _everything(request, progress)
    suffix, pdf = KINDS[kind].make(request, progress)
    name = "-".join(part for part in (request.tournament.slug, kind, suffix) if part)
    return f"{name}.pdf", pdf


def _everything_parts(tournament: Tournament) -> list[tuple[str, dict]]:
    parts: list[tuple[str, dict]] = [
        ("chart", {}),
        ("schedule", {}),
        ("seatcards", {}),
        ("oath", {}),
    ]
    sessions = tournament.sessions.filter(table_sessions__isnull=False).distinct()
    for number in sessions.order_by("number").values_list("number", flat=True):
        parts.append(("scoresheet", {"session": number}))
    parts += [("fouls", {}), ("standings", {}), ("certificates", {})]
    appeals = Appeal.objects.filter(session__tournament=tournament).order_by("pk")
    parts += [("appeal", {"appeal": pk}) for pk in appeals.values_list("pk", flat=True)]
    return parts


def _everything(request: PrintRequest, progress: Progress) -> bytes:
    parts = _everything_parts(request.tournament)
    buffer = io.BytesIO()
    skipped = []
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for index, (kind, options) in enumerate(parts):
            progress(index, len(parts), str(KINDS[kind].label))
            part = PrintRequest(tournament=request.tournament, user=request.user, **options)
            try:
                name, pdf = print_form(kind=kind, request=part)
            except TournamentError as error:  # nothing to print yet (no player, no result)
                skipped.append(f"{KINDS[kind].label}: {error.message}")
                continue
            archive.writestr(name, pdf)
        if skipped:
            archive.writestr("not-printed.txt", "\n".join(skipped) + "\n")
    progress(len(parts), len(parts), _("Done"))
    return buffer.getvalue()
