"""A session's time (rule 3.5.6): whether its time limit has passed, the warning the umpire's
page and the API show, and the tables that recorded no hand when the chief umpire ends it.

The time limit is the session's recorded start plus the tournament's session length (at most
150 minutes). The system warns; it never sounds the gong: the chief umpire ends the session
("Cuando llegue el momento, suena una campana o gong"), and until he does hands are still
recorded. See docs/results.md, "Time (3.5.6)".
"""

import datetime
import math

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.errors import TournamentError
from tournaments.models import Session, Table

TIME_LIMIT_PASSED = "time_limit_passed"


def time_limit_at(session: Session) -> datetime.datetime | None:
    """When the session's time limit falls: its recorded start plus the tournament's session
    length; None before it starts."""
    if session.actual_start is None:
        return None
    return session.actual_start + datetime.timedelta(minutes=session.tournament.session_minutes)


def time_limit_passed(session: Session, now: datetime.datetime | None = None) -> int | None:
    """Minutes since the session's time limit passed (a started minute counting as a whole
    one), or None: not started, ended (the gong sounded), or the limit not reached."""
    if session.actual_start is None or session.actual_end is not None:
        return None
    now = now or timezone.now()
    limit = time_limit_at(session)
    seconds = (now - limit).total_seconds()
    if seconds <= 0:
        return None
    return math.ceil(seconds / 60)


def time_stop_check(session: Session, now: datetime.datetime | None = None) -> None:
    """Refuse a time-limit stop before the session's time is up (3.5.6: "Cuando se ha agotado
    el tiempo, todos los jugadores dejan de jugar inmediatamente"). The time is up once the
    chief umpire recorded the session's end (the gong), or once its time limit has passed
    (the hand in play when the gong sounds may be entered before the end is recorded).
    Every door that records a hand (the umpire's page and queue, the API, the phones, the
    score desk) asks this, with one refusal: 409 (`invalid_state`)."""
    if session.actual_end is not None:
        return
    limit = time_limit_at(session)
    if limit is None:
        raise TournamentError(
            _(
                "A time-limit stop (rule 3.5.6) can be recorded only once the session's time is "
                "up: this session has not started."
            ),
            code="invalid_state",
        )
    if (now or timezone.now()) < limit:
        raise TournamentError(
            _(
                "A time-limit stop (rule 3.5.6) can be recorded only once the session's time is "
                "up: from %(at)s, or when the chief umpire ends the session."
            )
            % {"at": date_format(timezone.localtime(limit), "DATETIME_FORMAT")},
            code="invalid_state",
        )


def time_limit_message(minutes: int) -> str:
    return ngettext(
        "The time limit passed %(minutes)s minute ago: the gong is the chief umpire's "
        "(rule 3.5.6).",
        "The time limit passed %(minutes)s minutes ago: the gong is the chief umpire's "
        "(rule 3.5.6).",
        minutes,
    ) % {"minutes": minutes}


def time_warnings(session: Session, now: datetime.datetime | None = None) -> list[dict]:
    """The warnings of a sheet of this session, as the API gives them: a list of
    {"code", "message", "minutes"}; empty while the time limit has not passed."""
    minutes = time_limit_passed(session, now)
    if minutes is None:
        return []
    return [{"code": TIME_LIMIT_PASSED, "message": time_limit_message(minutes), "minutes": minutes}]


def tables_without_hands(session: Session) -> list[Table]:
    """The tables of the session whose sheet records no hand, by number (asked about before
    the chief umpire ends the session)."""
    return list(
        Table.objects.filter(
            table_sessions__session=session, table_sessions__hands__isnull=True
        ).order_by("number")
    )
