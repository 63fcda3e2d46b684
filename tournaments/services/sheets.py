"""The score sheet's state, shared by every service that writes to a sheet.

Every write locks the sheet row, checks the version the user saw (no lost update) and the
sheet's state (its session started, except for check-ins; open for hands; locked once the
umpire signed, except for corrections), then
bumps the version in the same transaction.
"""

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import ParamSpec, TypeVar

from django.db import transaction
from django.db.models import F
from django.db.models.expressions import RawSQL
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import policies, roles
from tournaments.compiled_query import CompiledQuery
from tournaments.errors import TournamentError
from tournaments.live import live_touch
from tournaments.models import Hand, Seat, SheetConfirmation, TableSession, Tournament
from tournaments.models.play import SheetClosure
from tournaments.selectors import eligibility
from tournaments.system_texts import system_text_store


class SheetChanged(TournamentError):
    """The sheet was changed by somebody else since the user opened it."""

    def __init__(self):
        super().__init__(
            _("This sheet changed since you opened it: reload it and check before saving."),
            code="conflict",
        )


class SheetLocked(TournamentError):
    def __init__(self, message: str):
        super().__init__(message, code="locked")


class SessionNotStarted(TournamentError):
    """Nothing is played before the chief umpire starts the session (3.5.6: its time counts
    from the start)."""

    def __init__(self):
        super().__init__(
            _(
                "The session has not started: no hand, penalty or confirmation is recorded "
                "before the chief umpire starts it (rule 3.5.6)."
            ),
            code="invalid_state",
        )


NOT_THE_SHEETS_UMPIRE = gettext_lazy(
    "Only the umpire of this table or the chief umpire may change this sheet."
)

# What may still be written in each state (a correction by a director writes in any state).
HANDS = "hands"  # hands, dead-hand and hand-number checks: once started, only while open
FOULS = "fouls"  # penalties, confirmations, removing a hand: once started, until the umpire signs
CHECKIN = "checkin"  # check-ins and substitutes: until the umpire signs, also before the start
SIGN = "sign"  # umpire's signature: complete sheets; countersignature: signed sheets
# Hands copied from the paper score sheet at the score desk (the desk app): as HANDS, and also
# on a sheet the session's end closed, since the paper holds what was played before the gong.
PAPER = "paper"
CORRECTION = "correction"


def sheet_lock(
    *,
    table_session: TableSession,
    expected_version: int | None = None,
    purpose: str = HANDS,
    user=None,
) -> tuple[TableSession, list[Seat]]:
    """Lock the sheet for a write: its row (select_for_update), the user's role, the version
    the user saw, the tournament's and the sheet's state.

    `user=None` is the system itself (commands, the demo builder): no role check.
    """
    batch = _BATCH.get()
    if batch is not None and table_session.pk in batch.locked:
        locked, seats = batch.locked[table_session.pk]
        _check_locked(locked, expected_version, purpose, user)
        locked._status_when_locked = locked.status  # as each write of the batch begins
        return locked, seats
    locked = _LOCKED_SHEET.first(sheet_id=table_session.pk)
    if locked is None:
        raise TableSession.DoesNotExist("TableSession matching query does not exist.")
    _check_locked(locked, expected_version, purpose, user)
    locked._status_when_locked = locked.status
    seats = _seats_and_hands_recorded(locked)
    if len(seats) != 4:
        raise TournamentError(_("This table does not have four seated players."))
    if batch is not None:
        batch.locked[locked.pk] = (locked, seats)
    return locked, seats


# The locked sheet's attribute: how many hands it holds, read with its seats (see below).
HANDS_RECORDED = "hands_recorded_when_locked"


def _seats_and_hands_recorded(locked: TableSession) -> list[Seat]:
    """The locked sheet's seats, each with how many hands the sheet holds, which the sheet
    keeps as HANDS_RECORDED (the next hand's number: one query less per hand). Read after the
    lock, in a statement of its own, so it sees what the writes before ours committed (a
    count read with the locking statement would be as old as that statement's snapshot).
    The count is plain SQL: Django builds a Subquery's SQL in 0.6 ms, more than the query
    it saves."""
    seats = _SEATS_AND_HANDS_RECORDED.fetch(sheet_id=locked.pk)
    if seats:
        setattr(locked, HANDS_RECORDED, seats[0].hands_recorded)
    # Ordered here, not by the query: an ordering makes Django hash every selected column.
    return sorted(seats, key=_by_position)


_HANDS_COUNT_SQL = (
    f"SELECT COUNT(*) FROM {Hand._meta.db_table} "
    f"WHERE {Hand._meta.get_field('table_session').column} = %s"
)


# Each hand's lock, built once per connection (compiled_query.py, #31).
_LOCKED_SHEET = CompiledQuery(
    lambda sheet_id: (
        TableSession.objects.select_for_update(of=("self",))
        .select_related("session__tournament")
        .filter(pk=sheet_id)
        .order_by()
    ),
    sheet_id=int,
)
_SEATS_AND_HANDS_RECORDED = CompiledQuery(
    lambda sheet_id: (
        Seat.objects.filter(table_session_id=sheet_id)
        .order_by()
        .annotate(
            hands_recorded=RawSQL(_HANDS_COUNT_SQL, (sheet_id,)),
            player_barred=eligibility.barred_now("player"),
        )
    ),
    sheet_id=int,
)


def _by_position(seat: Seat) -> str:
    return seat.position


def _check_locked(locked: TableSession, expected_version, purpose: str, user) -> None:
    if user is not None:  # first: a user without the role learns nothing about the sheet
        if purpose == CORRECTION:
            roles.require(policies.may_correct(user), _("Only the chief umpire makes corrections."))
        else:
            roles.require(
                policies.umpires_sheet(user, locked),
                str(NOT_THE_SHEETS_UMPIRE),
            )
        if purpose == HANDS:
            roles.require(
                policies.umpire_enters_hands(user, locked),
                _(
                    "In this tournament the players enter the hands on their phones: the "
                    "umpire settles their disputes."
                ),
            )
    if expected_version is not None and locked.version != expected_version:
        raise SheetChanged()
    _check_state(locked, purpose)


P = ParamSpec("P")
R = TypeVar("R")


class _Batch:
    def __init__(self):
        self.locked: dict[int, tuple[TableSession, list[Seat]]] = {}
        self.touched: dict[int, TableSession] = {}


_BATCH: ContextVar[_Batch | None] = ContextVar("sheet_batch", default=None)


def sheet_write_atomic(service: Callable[P, R]) -> Callable[P, R]:
    """`transaction.atomic` for a service that writes to a sheet, without its savepoint within
    `sheet_writes_batched`: the batch is all or nothing (an error in any write rolls it all
    back), so each write needs no savepoint of its own (two round trips each)."""

    @functools.wraps(service)
    def atomically(*args: P.args, **kwargs: P.kwargs) -> R:
        with transaction.atomic(savepoint=_BATCH.get() is None):
            return service(*args, **kwargs)

    return atomically


@contextmanager
def sheet_writes_batched() -> Iterator[None]:
    """Within it (inside one transaction), the many writes of one caller to a sheet (the score
    desk's whole paper) lock the sheet once (each write still checks its state, on the locked
    row the writes keep up to date), and bump its version once, at the end: to its readers
    the sheet changed once. Each write still withdraws the confirmations it invalidates."""
    if _BATCH.get() is not None:
        yield
        return
    batch = _Batch()
    token = _BATCH.set(batch)
    try:
        yield
    finally:
        _BATCH.reset(token)
    for sheet in batch.touched.values():
        _version_bump(sheet)


def _check_state(sheet: TableSession, purpose: str) -> None:
    refusal = sheet_state_refusal(sheet, purpose)
    if refusal is not None:
        raise refusal


def sheet_state_refusal(sheet: TableSession, purpose: str) -> TournamentError | None:
    """Why the sheet's state refuses a write of this purpose now, or None when it is open to
    it (the one statement of the state rules: the services raise it, `sheet_actions` offers
    only what it allows)."""
    if purpose == CORRECTION:
        return None
    if sheet.session.tournament.status == Tournament.Status.FINISHED:
        return SheetLocked(
            _("The tournament is finished: its sheets change only by a director's correction.")
        )
    status = sheet.status
    if status in (TableSession.Status.SIGNED, TableSession.Status.FINAL) and purpose != SIGN:
        return SheetLocked(
            _("The umpire has signed this sheet: it changes only by a director's correction.")
        )
    if purpose in (HANDS, FOULS, PAPER) and sheet.session.actual_start is None:
        # Players check in before the start (CHECKIN): they are expected early (3.5.7).
        return SessionNotStarted()
    if purpose == PAPER and sheet.closed_by == SheetClosure.SESSION_END:
        return None
    if purpose in (HANDS, PAPER) and status != TableSession.Status.OPEN:
        return SheetLocked(
            _("This sheet is closed (%(why)s): no more hands can be recorded.")
            % {"why": sheet.get_closed_by_display()}
        )
    return None


def sheet_is_locked(sheet: TableSession) -> bool:
    """Signed (or final), or its tournament finished: it changes only by a correction."""
    return sheet.session.tournament.status == Tournament.Status.FINISHED or sheet.status in (
        TableSession.Status.SIGNED,
        TableSession.Status.FINAL,
    )


def sheet_touch(sheet: TableSession, *, keep_confirmations: bool = False) -> int:
    """Bump the version after a write (inside the caller's transaction); returns the new one.

    The players confirm the sheet as it stands (3.9.2, Appendix 5): a write that changes its
    hands, penalties, check-ins or seats before the umpire signs withdraws the confirmations
    already given (their history keeps them), so the umpire never signs figures a player did
    not see. Sign-off itself, corrections and closing the sheet pass `keep_confirmations`.
    """
    sheet.__dict__.pop(HANDS_RECORDED, None)  # the write may have added a hand
    if not keep_confirmations and _may_hold_confirmations(sheet):
        for confirmation in SheetConfirmation.objects.filter(table_session=sheet):
            confirmation._change_reason = system_text_store("sheet.confirmation_withdrawn")
            confirmation.delete()
    batch = _BATCH.get()
    if batch is not None:
        batch.touched[sheet.pk] = sheet  # bumped once, when the batch ends
        return sheet.version
    return _version_bump(sheet)


def _may_hold_confirmations(sheet: TableSession) -> bool:
    """Confirmations are given only to a complete sheet (services/signoff.py), and the one
    write that reopens a sheet withdraws them: a sheet open when locked holds none, and
    asking the database would be a query on every hand."""
    if sheet.status not in (TableSession.Status.OPEN, TableSession.Status.COMPLETE):
        return False
    return getattr(sheet, "_status_when_locked", None) != TableSession.Status.OPEN


def _version_bump(sheet: TableSession) -> int:
    TableSession.objects.filter(pk=sheet.pk).update(version=F("version") + 1)
    sheet.version += 1
    live_touch(sheet.session.tournament_id)
    return sheet.version
