"""The umpire's home (/umpire/, issue 29): for each tournament where he umpires, its running
session (the latest started and not ended; if none, the next one) and his sheets of it, each
with its state and the next thing to do at the table; below, his own sheets of sessions that
ended and that he has not signed yet.

The chief umpire umpires every sheet (`policies.umpired_sheets`): he sees every sheet of the
running sessions, his own first. Finished tournaments are left out (their sheets change only
by a correction). A fixed number of queries, however many sheets.

Disputed hands come first: the hands the players of his tables dispute (player_entry, which
this module never imports, gives them through `umpire_disputes_register`) are listed above
the sessions, and a sheet with one comes first in its session: the umpire is called and the
table waits for his ruling.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from django.db.models import Count, OuterRef, Prefetch, Q, Subquery
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import policies
from tournaments.display import table_state, table_state_label
from tournaments.models import (
    Appeal,
    CheckIn,
    Seat,
    Session,
    SheetConfirmation,
    TableSession,
    Tournament,
)
from tournaments.models.play import HANDS_PER_SESSION, POSITIONS
from tournaments.selectors.scoresheet import hands_count


@dataclass
class UmpireSheet:
    """One sheet as the umpire's home shows it."""

    sheet_id: int
    table: int
    tournament: str
    session: str
    players: list[tuple[str, str]]  # (position, name), A to D
    state: str  # tournaments.display.TABLE_STATES
    state_label: str
    hands: int
    next_step: str
    waiting: bool  # nothing for this login to do now: others sign, start or enter
    mine: bool  # assigned to this login
    umpire: str
    to_check_in: int  # seated players without an arrival (or a no-show) recorded
    confirmed: int
    open_appeals: int
    notes: list[str] = field(default_factory=list)
    disputed: bool = False  # a hand its players dispute waits for the umpire's ruling

    @property
    def heading(self) -> str:
        return _("Table %(n)s") % {"n": self.table}


@dataclass
class UmpireDispute:
    """A hand the players of one of his tables dispute, waiting for his ruling."""

    sheet_id: int
    table: int
    tournament: str
    session: str
    hand: int
    hand_text: str  # what was entered, in the page's words
    entered_by: str
    disputed_by: str
    reason: str
    settle_url: str


# Each gives the disputes of these sheets (a queryset of the sheets the login umpires), in one
# query; registered by the app that keeps them (player_entry) from its AppConfig.ready.
_DISPUTE_PROVIDERS: list[Callable[..., list[UmpireDispute]]] = []


def umpire_disputes_register(provider: Callable[..., list[UmpireDispute]]) -> None:
    """`provider(sheets)` → the disputed hands of those sheets (once, from AppConfig.ready)."""
    if provider not in _DISPUTE_PROVIDERS:
        _DISPUTE_PROVIDERS.append(provider)


@dataclass
class UmpireSession:
    tournament: Tournament
    session: Session
    sheets: list[UmpireSheet] = field(default_factory=list)

    @property
    def running(self) -> bool:
        return self.session.status == Session.Status.RUNNING

    @property
    def status_label(self) -> str:
        return Session.Status(self.session.status).label


@dataclass
class UmpireHome:
    sessions: list[UmpireSession]
    earlier: list[UmpireSheet]  # his own sheets of ended sessions, not signed yet
    every_sheet: bool  # the chief umpire: every sheet of the sessions, not only his own
    disputes: list[UmpireDispute] = field(default_factory=list)  # shown first

    @property
    def empty(self) -> bool:
        return not self.sessions and not self.earlier and not self.disputes


def umpire_home(*, user) -> UmpireHome:
    """What the umpire's home shows this login (see the module's docstring)."""
    umpired = policies.umpired_sheets(user)
    sessions = _current_sessions(umpired)
    unsigned = (TableSession.Status.OPEN, TableSession.Status.COMPLETE)
    earlier = Q(
        umpire=user,
        session__actual_end__isnull=False,
        status__in=unsigned,
    ) & ~Q(session__tournament__status=Tournament.Status.FINISHED)
    sheets = list(
        umpired.filter(Q(session__in=[s.session.pk for s in sessions]) | earlier)
        .select_related("table", "session__tournament", "umpire")
        .annotate(hand_count=hands_count(), open_appeals=_open_appeals())
        .prefetch_related(
            Prefetch("seats", Seat.objects.select_related("player").order_by("position")),
            Prefetch("confirmations", SheetConfirmation.objects.only("table_session", "player")),
        )
        .order_by("session__tournament__name", "session__number", "table__number")
    )
    checked_in = set(
        CheckIn.objects.filter(session__in={sheet.session_id for sheet in sheets}).values_list(
            "session_id", "player_id"
        )
    )
    disputes = _disputes(umpired)
    disputed = {dispute.sheet_id for dispute in disputes}
    by_session = {s.session.pk: s for s in sessions}
    earlier_rows = []
    for sheet in sheets:
        row = _sheet_row(sheet, user, checked_in)
        row.disputed = sheet.pk in disputed
        if sheet.session_id in by_session:
            by_session[sheet.session_id].sheets.append(row)
        else:
            earlier_rows.append(row)
    for session in sessions:
        session.sheets.sort(key=lambda row: (not row.disputed, not row.mine, row.table))
    earlier_rows.sort(key=lambda row: not row.disputed)  # stable: the order above otherwise
    return UmpireHome(
        sessions=sessions,
        earlier=earlier_rows,
        every_sheet=policies.may_countersign(user),
        disputes=disputes,
    )


def _disputes(umpired) -> list[UmpireDispute]:
    """The disputed hands of the sheets this login umpires, of tournaments not finished."""
    sheets = umpired.exclude(session__tournament__status=Tournament.Status.FINISHED)
    return [dispute for provider in _DISPUTE_PROVIDERS for dispute in provider(sheets)]


def _current_sessions(umpired) -> list[UmpireSession]:
    """The running session (else the next one) of each tournament, not finished, where this
    login umpires a sheet: one query."""
    sessions = (
        Session.objects.filter(tournament__in=umpired.values("session__tournament"))
        .exclude(tournament__status=Tournament.Status.FINISHED)
        .select_related("tournament")
        .order_by("tournament__name", "tournament_id", "number")
    )
    running: dict[int, Session] = {}
    upcoming: dict[int, Session] = {}
    order: dict[int, Tournament] = {}
    for session in sessions:
        order.setdefault(session.tournament_id, session.tournament)
        if session.actual_start is not None and session.actual_end is None:
            running[session.tournament_id] = session  # the latest started wins
        elif session.actual_start is None and session.tournament_id not in upcoming:
            upcoming[session.tournament_id] = session
    chosen = []
    for tournament in order.values():
        session = running.get(tournament.pk) or upcoming.get(tournament.pk)
        if session is not None:
            chosen.append(UmpireSession(tournament=tournament, session=session))
    return chosen


def _open_appeals():
    appeals = (
        Appeal.objects.filter(table_session=OuterRef("pk"), status__in=Appeal.OPEN_STATUSES)
        .order_by()
        .values("table_session")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(appeals), 0)


def _sheet_row(sheet: TableSession, user, checked_in: set[tuple[int, int]]) -> UmpireSheet:
    seats = list(sheet.seats.all())
    confirmed = {c.player_id for c in sheet.confirmations.all()}
    to_check_in = sum(1 for s in seats if (sheet.session_id, s.player_id) not in checked_in)
    confirmations = sum(1 for s in seats if s.player_id in confirmed)
    hands = sheet.hand_count
    state = table_state(sheet.status, hands)
    next_step, waiting = _next_step(sheet, user, seats, hands, to_check_in, confirmations)
    notes = []
    if to_check_in and sheet.status == TableSession.Status.OPEN and hands:
        notes.append(
            ngettext(
                "%(n)s player not checked in",
                "%(n)s players not checked in",
                to_check_in,
            )
            % {"n": to_check_in}
        )
    if sheet.open_appeals:
        notes.append(
            ngettext("%(n)s appeal open", "%(n)s appeals open", sheet.open_appeals)
            % {"n": sheet.open_appeals}
        )
    return UmpireSheet(
        sheet_id=sheet.pk,
        table=sheet.table.number,
        tournament=str(sheet.session.tournament),
        session=str(sheet.session),
        players=[(s.position, s.player.name) for s in seats],
        state=state,
        state_label=table_state_label(state, hands, staff=True),
        hands=hands,
        next_step=next_step,
        waiting=waiting,
        mine=sheet.umpire_id is not None and sheet.umpire_id == user.pk,
        umpire=sheet.umpire.get_username() if sheet.umpire else "",
        to_check_in=to_check_in,
        confirmed=confirmations,
        open_appeals=sheet.open_appeals,
        notes=notes,
    )


def _next_step(
    sheet: TableSession, user, seats: list[Seat], hands: int, to_check_in: int, confirmed: int
) -> tuple[str, bool]:
    """The next thing to do at this table, in a short phrase, and whether it is somebody
    else's (the login waits). Check-ins come first until the first hand (arrivals are
    recorded before the start, 3.5.7); after it a missing one is a note of the row."""
    status = sheet.status
    if status == TableSession.Status.OPEN:
        if to_check_in and not hands:
            return (
                ngettext("Check in %(n)s player", "Check in %(n)s players", to_check_in)
                % {"n": to_check_in},
                False,
            )
        if sheet.session.actual_start is None:
            return _("Wait for the chief umpire to start the session"), True
        if len(seats) < len(POSITIONS):
            return _("Seat four players"), False
        number = min(hands + 1, HANDS_PER_SESSION)
        if not policies.umpire_enters_hands(user, sheet):
            return _("The players enter hand %(n)s") % {"n": number}, True
        return _("Enter hand %(n)s") % {"n": number}, False
    if status == TableSession.Status.COMPLETE:
        if confirmed < len(seats):
            return (
                _("Get the players' confirmations (%(done)s of %(all)s)")
                % {"done": confirmed, "all": len(seats)},
                False,
            )
        return _("Sign the sheet"), False
    if status == TableSession.Status.SIGNED:
        if policies.may_countersign(user) and sheet.umpire_signed_by_id != user.pk:
            return _("Countersign the sheet"), False
        return _("Waiting for the chief umpire's countersignature"), True
    return _("Done"), True
