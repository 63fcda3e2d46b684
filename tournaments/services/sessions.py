"""A session's life (3.5.6): scheduled, started and ended by the chief umpire.

Start and end are recorded when they happen, or entered afterwards with the time they
happened. Ending a session closes every sheet still open (the gong ends every hand in play).
Sessions start in their order; a start is never after the end. An end is recorded once: a
wrong one is changed by `session_end_correct`, with a reason (docs/results.md, "Time").
Refusals of the time given are 400; of the session's state (not started, already ended) 409.
"""

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournaments import policies, roles
from tournaments.errors import TournamentError
from tournaments.live import live_touch
from tournaments.models import Player, Seat, Session, TableSession
from tournaments.models.play import SheetClosure
from tournaments.selectors import eligibility
from tournaments.services.results import table_session_recompute
from tournaments.services.sheets import sheet_touch
from tournaments.services.tournament import tournament_status_refresh
from tournaments.system_texts import system_text_store


def _locked_session(session: Session) -> Session:
    return (
        Session.objects.select_for_update(of=("self",))
        .select_related("tournament")
        .get(pk=session.pk)
    )


def _require_director(user) -> None:
    if user is not None:
        roles.require(
            policies.may_run_sessions(user), _("Only the chief umpire starts and ends sessions.")
        )


@transaction.atomic
def session_schedule(
    *, session: Session, start: datetime.datetime | None, end: datetime.datetime | None, user=None
) -> Session:
    """Set the planned times of a session (organiser or chief umpire)."""
    if user is not None:
        roles.require(policies.may_organise(user), _("Only an organiser schedules sessions."))
    session = _locked_session(session)
    if start and end and end < start:
        raise TournamentError(_("A session cannot end before it starts."))
    session.scheduled_start, session.scheduled_end = start, end
    session.save(update_fields=["scheduled_start", "scheduled_end"])
    live_touch(session.tournament_id)
    return session


def _check_start_in_order(session: Session, at: datetime.datetime) -> None:
    """Sessions start in their order (3.5.6, 3.5.7): a session's start is not before the
    recorded start of an earlier session of its group, nor after that of a later one. A value
    given that contradicts the record: 400."""
    started = Session.objects.filter(
        tournament_id=session.tournament_id, group=session.group, actual_start__isnull=False
    ).exclude(pk=session.pk)
    previous = started.filter(number__lt=session.number).order_by("-number").first()
    if previous is not None and at < previous.actual_start:
        raise TournamentError(
            _(
                "A session cannot start before the session before it: %(previous)s started "
                "at %(at)s."
            )
            % {"previous": previous, "at": _moment(previous.actual_start)}
        )
    following = started.filter(number__gt=session.number).order_by("number").first()
    if following is not None and at > following.actual_start:
        raise TournamentError(
            _("A session cannot start after the session after it: %(next)s started at %(at)s.")
            % {"next": following, "at": _moment(following.actual_start)}
        )


# A time recorded afterwards is at most this far ahead of the server's clock (a typo in the
# date, not a clock a little fast, is what it catches).
FUTURE_TOLERANCE = datetime.timedelta(days=1)


def _check_plausible(session: Session, at: datetime.datetime) -> None:
    """A start or an end is not more than a day ahead of now, nor before the tournament's
    first day (a date typed wrong would move every late arrival and the appeal window)."""
    if at > timezone.now() + FUTURE_TOLERANCE:
        raise TournamentError(_("A session's time cannot be more than a day in the future."))
    first_day = session.tournament.start_date
    if first_day is not None and timezone.localtime(at).date() < first_day:
        raise TournamentError(
            _("A session's time cannot be before the tournament's first day (%(day)s).")
            % {"day": date_format(first_day, "DATE_FORMAT")}
        )


def _check_end_may_change(session: Session, at: datetime.datetime) -> None:
    """Once the tournament is finished, or when the new end would open again a window for
    appeals (3.12.2: 30 minutes after the end) that has closed, the end stays as it is."""
    from tournaments.models import Tournament
    from tournaments.selectors.appeals import APPEAL_WINDOW

    if session.tournament.status == Tournament.Status.FINISHED:
        raise TournamentError(
            _("The tournament is finished: the end of its sessions no longer changes."),
            code="invalid_state",
        )
    now = timezone.now()
    if session.actual_end + APPEAL_WINDOW < now <= at + APPEAL_WINDOW:
        raise TournamentError(
            _(
                "The 30 minutes for appeals after this session (rule 3.12.2) are over: an end "
                "as late as %(at)s would open them again."
            )
            % {"at": _moment(at)},
            code="invalid_state",
        )


def _moment(at: datetime.datetime) -> str:
    """A recorded time as the user reads it (the current time zone, to the minute)."""
    return date_format(timezone.localtime(at), "DATETIME_FORMAT")


def _check_no_barred_player(session: Session, at: datetime.datetime) -> None:
    """A disqualified or excluded player plays no later session (3.11.4-5, `eligibility`):
    the session does not start while he holds a seat in it; re-seat the session, or give his
    seat to a substitute, first. 409, naming each and his table."""
    seats = (
        Seat.objects.filter(
            session=session,
            player__in=eligibility.barred_players(
                Player.objects.filter(tournament_id=session.tournament_id), at=at
            ),
        )
        .select_related("player", "table_session__table")
        .order_by("table_session__table__number", "position")
    )
    barred = [
        _("%(player)s (table %(table)s)")
        % {"player": seat.player.name, "table": seat.table_session.table.number}
        for seat in seats
    ]
    if barred:
        raise TournamentError(
            _(
                "This session cannot start: a disqualified or excluded player holds a seat in "
                "it: %(players)s. Re-seat the session or give the seat to a substitute first."
            )
            % {"players": ", ".join(barred)},
            code="invalid_state",
        )


@transaction.atomic
def session_start(*, session: Session, at: datetime.datetime | None = None, user=None) -> Session:
    """Record the session's actual start (now, or the time it happened); late arrivals are
    measured from it (3.11.2), so check-ins already recorded are judged again."""
    from tournaments.services.checkin import checkin_session_started

    _require_director(user)
    session = _locked_session(session)
    at = at or timezone.now()
    if session.actual_end is not None and at > session.actual_end:
        raise TournamentError(_("A session cannot start after it ended."))
    _check_plausible(session, at)
    _check_start_in_order(session, at)
    _check_no_barred_player(session, at)
    session.actual_start, session.started_by = at, user
    session.save(update_fields=["actual_start", "started_by"])
    checkin_session_started(session=session)
    tournament_status_refresh(tournament_id=session.tournament_id)
    live_touch(session.tournament_id)
    return session


@transaction.atomic
def session_end(*, session: Session, at: datetime.datetime | None = None, user=None) -> Session:
    """Record the session's end (the gong, 3.5.6): every sheet still open is complete (its
    version changes, so a form opened before the gong is refused), and the 30 minutes for
    appeals (3.12) run from this time."""
    _require_director(user)
    session = _locked_session(session)
    if session.actual_start is None:
        raise TournamentError(_("Start the session before ending it."), code="invalid_state")
    if session.actual_end is not None:
        raise TournamentError(
            _(
                "This session already ended at %(at)s: its end changes only by the chief "
                "umpire's correction, with a reason."
            )
            % {"at": _moment(session.actual_end)},
            code="invalid_state",
        )
    at = at or timezone.now()
    if at < session.actual_start:
        raise TournamentError(_("A session cannot end before it starts."))
    _check_plausible(session, at)
    session.actual_end, session.ended_by = at, user
    session.save(update_fields=["actual_end", "ended_by"])
    live_touch(session.tournament_id)
    open_sheets = (
        TableSession.objects.select_for_update()
        .filter(session=session, status=TableSession.Status.OPEN)
        .order_by("pk")  # one lock order for every caller: no deadlock
    )
    for sheet in open_sheets:
        sheet.status, sheet.closed_by = TableSession.Status.COMPLETE, SheetClosure.SESSION_END
        sheet._change_reason = system_text_store("sheet.session_ended")
        sheet._history_user = user
        sheet.save(update_fields=["status", "closed_by"])
        sheet_touch(sheet, keep_confirmations=True)
        # A sheet closed with nothing on it still gives its four players a result (a tie).
        table_session_recompute(table_session=sheet)
    return session


@transaction.atomic
def session_end_correct(
    *, session: Session, at: datetime.datetime | None, reason: str, user=None
) -> Session:
    """Correct the recorded end of a session that has ended (the chief umpire, with a reason
    kept in the session's history). The sheets the end closed stay closed; the 30 minutes
    for appeals (3.12) run from the corrected time."""
    from tournaments.services.penalties import change_reason, clean_reason

    _require_director(user)
    reason = clean_reason(reason, missing=_("Say why the end of the session is corrected."))
    session = _locked_session(session)
    if session.actual_end is None:
        raise TournamentError(
            _("This session has not ended: end it, there is no end to correct."),
            code="invalid_state",
        )
    if at is None:
        raise TournamentError(_("Give the time the session ended."))
    if at < session.actual_start:
        raise TournamentError(_("A session cannot end before it starts."))
    _check_plausible(session, at)
    _check_end_may_change(session, at)
    session.actual_end, session.ended_by = at, user
    session._change_reason = change_reason(reason)
    session._history_user = user
    session.save(update_fields=["actual_end", "ended_by"])
    live_touch(session.tournament_id)
    return session
