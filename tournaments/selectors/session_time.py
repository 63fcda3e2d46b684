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
from django.utils.translation import ngettext

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
