"""The organiser's and chief umpire's view of an event: its status and the next thing to
do, each session's tables (not started, playing, complete, signed, countersigned), late
arrivals, open appeals and fouls, and who has not taken the Player's Oath the tournament
requires (Appendix 2). A fixed number of queries, however many tables."""

import datetime
from dataclasses import dataclass, field

from django.db.models import Case, Count, DateTimeField, Max, Value, When
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.display import TABLE_STATES, table_state, table_state_label
from tournaments.models import Appeal, Penalty, Player, Session, TableSession, Tournament
from tournaments.selectors.scoresheet import hands_aggregate, hands_count

OPEN_APPEALS = (Appeal.Status.FILED, Appeal.Status.UNDER_REVIEW)


@dataclass
class TableState:
    table: int
    sheet_id: int
    state: str  # not_started, playing, complete, signed, final
    label: str
    hands: int  # entered so far: counted for an open sheet only (see _hands_if_open)
    umpire: str
    # When its last hand was entered: read for the running session's sheets only (None for the
    # others, and before a first hand); the idle tables of dashboard_now.
    last_hand: datetime.datetime | None = None

    @property
    def heading(self) -> str:
        return _("Table %(n)s") % {"n": self.table}


@dataclass
class SessionState:
    number: int
    status: str
    status_label: str
    scheduled_start: object
    actual_start: object
    actual_end: object
    tables: list[TableState] = field(default_factory=list)
    late_arrivals: int = 0
    fouls: int = 0

    @property
    def done(self) -> bool:
        """Every sheet countersigned: the page shows it folded."""
        return bool(self.tables) and all(table.state == "final" for table in self.tables)

    def count(self, state: str) -> int:
        return sum(1 for table in self.tables if table.state == state)

    @property
    def counts(self) -> list[tuple[str, str, int]]:
        """(state, label, how many tables) for the states present, in play order."""
        labels = dict(_table_states())
        return [(s, labels[s], self.count(s)) for s in labels if self.count(s)]


@dataclass
class NextStep:
    text: str
    url_name: str = ""  # an admin URL name taking the tournament's id, if there is one


@dataclass
class Dashboard:
    tournament: Tournament
    players: int
    lots_drawn: bool
    sessions: list[SessionState]
    open_appeals: list[Appeal]
    next_step: NextStep
    # Active players without the Player's Oath, while the tournament requires it (Appendix 2)
    # and is not finished: before the lots they hold the draw up; after a draw confirmed
    # without it, the organiser still collects their signatures.
    without_oath: list[Player] = field(default_factory=list)

    @property
    def current(self) -> SessionState | None:
        running = [s for s in self.sessions if s.status == Session.Status.RUNNING]
        return running[0] if running else None


def _table_states():
    return [(state, table_state_label(state, staff=True)) for state in TABLE_STATES]


def _hands_if_open():
    """The hands of an open sheet (its label says how many); 0 for any other: the label of a
    complete, signed or countersigned sheet does not show them, and counting the hands of
    every sheet of a 500-player event (20,000 rows) was most of the dashboard's query time."""
    return Case(
        When(status=TableSession.Status.OPEN, then=hands_count()),
        default=Value(0),
    )


def _last_hand_if_running():
    """When the sheet's last hand was entered, for the running session's sheets only (the
    idle tables); a subquery per such row."""
    return Case(
        # Session.status, running: started and not ended
        When(
            session__actual_start__isnull=False,
            session__actual_end__isnull=True,
            then=hands_aggregate(Max("entered_at")),
        ),
        default=Value(None),
        output_field=DateTimeField(),
    )


def dashboard_sessions(*, tournament: Tournament) -> list[SessionState]:
    """Each session's tables, late arrivals and fouls: the part of the dashboard that grows
    with the event (a 1,000-player event has 750 tables after three sessions)."""
    sessions = {
        s.number: SessionState(
            number=s.number,
            status=s.status,
            status_label=Session.Status(s.status).label,
            scheduled_start=s.scheduled_start,
            actual_start=s.actual_start,
            actual_end=s.actual_end,
        )
        for s in tournament.sessions.order_by("number")
    }
    # Plain values, not model instances: a 500-player event has 125 sheets per session, and
    # the rows' sessions, tables and umpires are only numbers and names here.
    sheets = (
        TableSession.objects.filter(session__tournament=tournament)
        .annotate(hand_count=_hands_if_open(), last_hand=_last_hand_if_running())
        .order_by("session__number", "table__number")
        .values_list(
            "pk",
            "status",
            "hand_count",
            "session__number",
            "table__number",
            "umpire__username",
            "last_hand",
        )
    )
    for pk, status, hand_count, session_number, table_number, umpire, last_hand in sheets:
        state = table_state(status, hand_count)
        label = table_state_label(state, hand_count, staff=True)
        sessions[session_number].tables.append(
            TableState(table_number, pk, state, label, hand_count, umpire or "", last_hand)
        )
    _count_penalties(tournament, sessions)
    return list(sessions.values())


def _count_penalties(tournament: Tournament, sessions: dict[int, SessionState]) -> None:
    rows = (
        Penalty.objects.filter(table_session__session__tournament=tournament, voided_at=None)
        .values("table_session__session__number", "kind")
        .annotate(n=Count("pk"))
    )
    for row in rows:
        session = sessions[row["table_session__session__number"]]
        if row["kind"] == Penalty.Kind.LATE_ARRIVAL:
            session.late_arrivals += row["n"]
        else:
            session.fouls += row["n"]


def _next_step(
    tournament: Tournament, players: int, lots: bool, sessions, without_oath: int = 0
) -> NextStep:
    """What the organiser or the chief umpire does next, from the facts."""
    if tournament.status == Tournament.Status.FINISHED:
        return NextStep(
            _("The tournament is finished: print the standings and certificates."),
            "tournaments_tournament_print_forms",
        )
    if players < 4:
        return NextStep(
            _("Register the players (at least four)."), "tournaments_tournament_import_players"
        )
    if not lots and without_oath:
        return NextStep(
            ngettext(
                "%(n)s player has not taken the Player's Oath (Appendix 2): record it, or "
                "draw lots without it.",
                "%(n)s players have not taken the Player's Oath (Appendix 2): record it, or "
                "draw lots without it.",
                without_oath,
            )
            % {"n": without_oath},
            "tournaments_tournament_draw_lots",
        )
    if not lots:
        return NextStep(_("Draw lots for the player numbers."), "tournaments_tournament_draw_lots")
    if not any(s.tables for s in sessions):
        return NextStep(_("Generate the seating chart."), "tournaments_tournament_seating")
    for session in sessions:
        step = _session_step(session)
        if step is not None:
            return step
    return NextStep(_("Every session is played and countersigned."))


def _session_step(session: SessionState) -> NextStep | None:
    values = {"n": session.number}
    if not session.tables:
        return NextStep(
            _("Seat session %(n)s (seed the final session).") % values,
            "tournaments_tournament_seed_final",
        )
    if session.status == Session.Status.SCHEDULED:
        return NextStep(_("Start session %(n)s (Sessions: Start).") % values)
    if session.status == Session.Status.RUNNING:
        playing = session.count("playing") + session.count("not_started")
        if playing:
            return NextStep(
                ngettext(
                    "Session %(n)s is being played: %(tables)s table still playing.",
                    "Session %(n)s is being played: %(tables)s tables still playing.",
                    playing,
                )
                % {**values, "tables": playing}
            )
        return NextStep(_("End session %(n)s (Sessions: End).") % values)
    waiting = session.count("complete") + session.count("playing") + session.count("not_started")
    if waiting:
        return NextStep(
            ngettext(
                "Session %(n)s: %(tables)s sheet to confirm and sign.",
                "Session %(n)s: %(tables)s sheets to confirm and sign.",
                waiting,
            )
            % {**values, "tables": waiting}
        )
    if signed := session.count("signed"):
        return NextStep(
            ngettext(
                "Session %(n)s: %(tables)s signed sheet to countersign.",
                "Session %(n)s: %(tables)s signed sheets to countersign.",
                signed,
            )
            % {**values, "tables": signed}
        )
    return None


def _without_oath(tournament: Tournament) -> list[Player]:
    if not tournament.oath_required or tournament.status == Tournament.Status.FINISHED:
        return []
    return list(
        tournament.players.filter(
            status=Player.Status.ACTIVE, oath_accepted_at__isnull=True
        ).order_by("registration_number")
    )


def dashboard_compute(
    *, tournament: Tournament, sessions: list[SessionState] | None = None
) -> Dashboard:
    """The dashboard; `sessions`: dashboard_sessions' answer, if the caller has it."""
    active = tournament.players.exclude(status=Player.Status.SUBSTITUTE)
    players = active.count()
    lots = active.filter(lot_number__isnull=False).exists()
    without_oath = _without_oath(tournament)
    if sessions is None:
        sessions = dashboard_sessions(tournament=tournament)
    appeals = list(
        Appeal.objects.filter(session__tournament=tournament, status__in=OPEN_APPEALS)
        .select_related("session", "player")
        .order_by("filed_at")
    )
    return Dashboard(
        tournament=tournament,
        players=players,
        lots_drawn=lots,
        sessions=sessions,
        open_appeals=appeals,
        next_step=_next_step(tournament, players, lots, sessions, len(without_oath)),
        without_oath=without_oath,
    )
