"""The top of the director's dashboard (issue 29, "the director's day at 128 players"): the
running session's time left (or how far past its limit it is), the tables that recorded no
hand for IDLE_MINUTES, what waits for the directors (open appeals here; the players' disputed
hands and the score desk's entries from the apps that register a counter), and the one next
thing to do.

Read at every refresh of the dashboard (it moves with the clock), in a fixed number of
queries however many tables: the tournament's sessions and one per registered counter. The
running session's sheets and their last hands come with the dashboard's tables
(selectors.dashboard.dashboard_sessions), which the admin keeps per published version for
every director (issue #31: that read was a fifth of the dashboard's database time at 1,000
players); an idle table is one of IDLE_MINUTES, so a copy a few seconds old judges it as
well. `now` is the caller's (the admin passes timezone.now()); nothing here reads the clock.

The next thing to do is the first of these that applies (NEXT_ORDER, lowest first):

1. an open appeal to settle (the oldest's page);
2. a disputed players' hand to settle (player_entry's counter);
3. a sheet keyed at the score desk awaiting a second entry, or whose entries differ (desk's);
4. tables of the running session with no hand for IDLE_MINUTES: check them (the longest
   idle's sheet);
5. the running session past its time limit, or every one of its tables finished: end it
   (the gong is the chief umpire's, rule 3.5.6);
6. signed sheets to countersign (the earliest session's countersign review page);
7. no session running: start the next session (or seat it first);
8. otherwise the tournament's own step (`selectors.dashboard._next_step`: register the
   players, draw lots, generate the seating chart, sheets to sign, print once finished).

Another app adds what it has waiting with `waiting_counter_register(counter)` (from its
AppConfig.ready, through tournaments.admin.dashboard): `counter(tournament) -> Waiting | None`
(None: nothing of the kind in this tournament). Tournaments never imports those apps.
"""

import datetime
import math
from collections.abc import Callable
from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.display import OPEN_TABLE_STATES
from tournaments.models import Session, Tournament
from tournaments.selectors.dashboard import Dashboard, SessionState, dashboard_sessions
from tournaments.selectors.session_time import time_limit_at, time_limit_passed

IDLE_MINUTES = 20
IDLE_SHOWN = 12  # the page names at most these (a hall's network down idles every table)

# The next thing to do: the applicable step of lowest order wins (the module's docstring).
ORDER_APPEALS = 10
ORDER_DISPUTES = 20
ORDER_DESK = 30
ORDER_IDLE = 40
ORDER_END_SESSION = 50
ORDER_COUNTERSIGN = 60
ORDER_NEXT_SESSION = 70


@dataclass(frozen=True)
class Waiting:
    """What waits for the directors, of one kind: `summary` is the count in words ("2 disputed
    hands"), `action` the sentence the dashboard shows when it is the next thing to do, `url`
    where it is dealt with, `order` its place among the next things (ORDER_...)."""

    key: str
    count: int
    summary: str
    action: str
    url: str
    order: int


@dataclass(frozen=True)
class IdleTable:
    table: int
    sheet_id: int
    minutes: int  # whole minutes since its last hand (or the session's start)
    url: str


@dataclass(frozen=True)
class Action:
    text: str
    url: str = ""
    order: int = 1000


@dataclass(frozen=True)
class SessionClock:
    """The running session's time: its limit (time_limit_at) against `now`."""

    number: int
    started: datetime.datetime
    limit: datetime.datetime
    now: datetime.datetime
    minutes_over: int  # time_limit_passed: a started minute counts as a whole one; 0 before

    @property
    def seconds_left(self) -> int:
        """Negative past the limit."""
        return math.floor((self.limit - self.now).total_seconds())

    @property
    def overtime(self) -> bool:
        return self.minutes_over > 0

    @property
    def display(self) -> str:
        """H:MM:SS left, or past the limit (the page's script keeps it going)."""
        seconds = abs(self.seconds_left)
        hours, rest = divmod(seconds, 3600)
        return f"{'+' if self.overtime else ''}{hours}:{rest // 60:02d}:{rest % 60:02d}"

    @property
    def words(self) -> str:
        if self.overtime:
            return ngettext(
                "%(minutes)s minute past the time limit",
                "%(minutes)s minutes past the time limit",
                self.minutes_over,
            ) % {"minutes": self.minutes_over}
        minutes = math.ceil(self.seconds_left / 60)
        return ngettext("%(minutes)s minute left", "%(minutes)s minutes left", minutes) % {
            "minutes": minutes
        }


@dataclass
class DashboardNow:
    now: datetime.datetime
    clock: SessionClock | None
    next: Action
    idle: list[IdleTable] = field(default_factory=list)
    waiting: list[Waiting] = field(default_factory=list)
    # The running session has no hand at all: its sheets are kept on paper (keyed at the
    # desk afterwards), or nobody enters them: no table is flagged idle.
    no_hand_yet: bool = False
    idle_minutes: int = IDLE_MINUTES

    @property
    def idle_shown(self) -> list[IdleTable]:
        """The IDLE_SHOWN tables idle the longest, longest first (the page lists these)."""
        return sorted(self.idle, key=lambda t: (-t.minutes, t.table))[:IDLE_SHOWN]

    @property
    def idle_more(self) -> int:
        return max(0, len(self.idle) - IDLE_SHOWN)


# -- the registry ------------------------------------------------------------------------

_COUNTERS: list[Callable[[Tournament], Waiting | None]] = []


def waiting_counter_register(counter: Callable[[Tournament], Waiting | None]) -> None:
    """Count `counter(tournament)` among what waits on every tournament's dashboard (once)."""
    if counter not in _COUNTERS:
        _COUNTERS.append(counter)


def registered_waiting(tournament: Tournament) -> list[Waiting]:
    found = (counter(tournament) for counter in _COUNTERS)
    return sorted((w for w in found if w is not None), key=lambda w: w.order)


# -- the reads ---------------------------------------------------------------------------


def _running(sessions: list[Session]) -> Session | None:
    running = [s for s in sessions if s.status == Session.Status.RUNNING]
    return running[0] if running else None


def idle_tables(
    session: Session,
    state: SessionState,
    now: datetime.datetime,
    minutes: int = IDLE_MINUTES,
) -> tuple[list[IdleTable], bool, bool]:
    """The session's open sheets whose last hand (or the session's start, before their first)
    is more than `minutes` old, by table; whether the session has any hand; whether every
    sheet is finished (none open). From `state`, the session's tables as dashboard_sessions
    read them (their last hands with them): no query of its own at each refresh."""
    tables = sorted(state.tables, key=lambda t: t.table)
    any_hand = any(t.last_hand is not None for t in tables)
    finished = bool(tables) and all(t.state not in OPEN_TABLE_STATES for t in tables)
    if not any_hand:
        return [], False, finished
    idle = []
    limit = datetime.timedelta(minutes=minutes)
    for table in tables:
        since = now - (table.last_hand or session.actual_start)
        if table.state in OPEN_TABLE_STATES and since > limit:
            url = reverse("admin:tournaments_tablesession_change", args=[table.sheet_id])
            minutes_idle = int(since.total_seconds() // 60)
            idle.append(IdleTable(table.table, table.sheet_id, minutes_idle, url))
    return idle, True, finished


def _appeals_waiting(dashboard: Dashboard) -> Waiting | None:
    appeals = dashboard.open_appeals
    if not appeals:
        return None
    oldest = appeals[0]
    count = len(appeals)
    values = {"count": count, "player": oldest.player, "n": oldest.session.number}
    return Waiting(
        key="appeals",
        count=count,
        summary=ngettext("%(count)s open appeal", "%(count)s open appeals", count) % values,
        action=ngettext(
            "%(count)s appeal is open: settle it (%(player)s, session %(n)s).",
            "%(count)s appeals are open: settle the oldest (%(player)s, session %(n)s).",
            count,
        )
        % values,
        url=reverse("admin:tournaments_appeal_change", args=[oldest.pk]),
        order=ORDER_APPEALS,
    )


def _sessions_url(tournament: Tournament) -> str:
    return (
        reverse("admin:tournaments_session_changelist") + f"?tournament__id__exact={tournament.pk}"
    )


def _end_session(tournament: Tournament, clock: SessionClock, finished: bool) -> Action | None:
    values = {"n": clock.number, "minutes": clock.minutes_over}
    if clock.overtime:
        text = ngettext(
            "Session %(n)s passed its time limit %(minutes)s minute ago: sound the gong and "
            "end it (Sessions: End).",
            "Session %(n)s passed its time limit %(minutes)s minutes ago: sound the gong and "
            "end it (Sessions: End).",
            clock.minutes_over,
        )
    elif finished:
        text = _("Every table of session %(n)s has finished: end it (Sessions: End).")
    else:
        return None
    return Action(text % values, _sessions_url(tournament), ORDER_END_SESSION)


def _countersign(dashboard: Dashboard, by_number: dict[int, Session], countersigns: bool):
    for state in dashboard.sessions:
        signed = state.count("signed")
        if signed and state.number in by_number:
            session = by_number[state.number]
            url = (
                reverse("admin:tournaments_session_countersign", args=[session.pk])
                if countersigns
                else reverse("admin:tournaments_session_change", args=[session.pk])
            )
            text = ngettext(
                "Session %(n)s: countersign %(count)s signed sheet.",
                "Session %(n)s: countersign %(count)s signed sheets.",
                signed,
            ) % {"n": state.number, "count": signed}
            return Action(text, url, ORDER_COUNTERSIGN)
    return None


def _next_session(
    tournament: Tournament, dashboard: Dashboard, sessions: list[Session]
) -> Action | None:
    """With no session running: the first one not started yet, once the seating is drawn
    (before it, the tournament's own step says what is missing) and until the tournament is
    finished."""
    states = dashboard.sessions
    if _running(sessions) is not None or tournament.status == Tournament.Status.FINISHED:
        return None
    if not dashboard.lots_drawn or not any(s.tables for s in states):
        return None
    scheduled = {s.number for s in sessions if s.status == Session.Status.SCHEDULED}
    upcoming = [s for s in states if s.number in scheduled]
    if not upcoming:
        return None
    session = upcoming[0]
    values = {"n": session.number}
    if not session.tables:
        return Action(
            _("Seat session %(n)s (seed the final session).") % values,
            reverse("admin:tournaments_tournament_seed_final", args=[tournament.pk]),
            ORDER_NEXT_SESSION,
        )
    return Action(
        _("Start session %(n)s (Sessions: Start).") % values,
        _sessions_url(tournament),
        ORDER_NEXT_SESSION,
    )


def _fallback(tournament: Tournament, dashboard: Dashboard) -> Action:
    step = dashboard.next_step
    url = reverse("admin:" + step.url_name, args=[tournament.pk]) if step.url_name else ""
    return Action(step.text, url)


def dashboard_now(
    *,
    tournament: Tournament,
    dashboard: Dashboard,
    now: datetime.datetime,
    countersigns: bool = True,
) -> DashboardNow:
    """The top of the dashboard at `now`. `dashboard`: dashboard_compute's answer (its
    sessions' tables and open appeals are not read again); `countersigns`: the reader may
    countersign (the countersign step links the review page, else the session's page)."""
    sessions = list(tournament.sessions.order_by("number"))
    for session in sessions:
        session.tournament = tournament  # the session's length, without a query each
    running = _running(sessions)
    clock, idle, any_hand, finished = None, [], True, False
    if running is not None:
        clock = SessionClock(
            number=running.number,
            started=running.actual_start,
            limit=time_limit_at(running),
            now=now,
            minutes_over=time_limit_passed(running, now) or 0,
        )
        idle, any_hand, finished = idle_tables(running, _tables_of(running, dashboard), now)
    appeals = _appeals_waiting(dashboard)
    waiting = ([appeals] if appeals else []) + registered_waiting(tournament)
    steps = [Action(w.action, w.url, w.order) for w in waiting if w.count] + [
        step
        for step in (
            _idle_step(idle),
            clock and _end_session(tournament, clock, finished),
            _countersign(dashboard, {s.number: s for s in sessions}, countersigns),
            _next_session(tournament, dashboard, sessions),
        )
        if step
    ]
    first = min(steps, key=lambda step: step.order) if steps else _fallback(tournament, dashboard)
    return DashboardNow(
        now=now,
        clock=clock,
        next=first,
        idle=idle,
        waiting=waiting,
        no_hand_yet=running is not None and not any_hand,
    )


def _tables_of(session: Session, dashboard: Dashboard) -> SessionState:
    """The session's tables as the dashboard read them; read now if its (shared, a few seconds
    old) copy does not know the session yet."""
    known = next((s for s in dashboard.sessions if s.number == session.number), None)
    if known is not None:
        return known
    fresh = dashboard_sessions(tournament=session.tournament)
    return next(s for s in fresh if s.number == session.number)


def _idle_step(idle: list[IdleTable]) -> Action | None:
    if not idle:
        return None
    longest = max(idle, key=lambda table: table.minutes)
    values = {
        "tables": ", ".join(str(table.table) for table in idle),
        "minutes": min(table.minutes for table in idle),
    }
    text = ngettext(
        "Table %(tables)s has recorded no hand for %(minutes)s minutes: check it.",
        "Tables %(tables)s have recorded no hand for %(minutes)s minutes or more: check them.",
        len(idle),
    )
    return Action(text % values, longest.url, ORDER_IDLE)
