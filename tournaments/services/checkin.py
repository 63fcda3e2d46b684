"""Check-in: when each player arrived for a session, the late-arrival penalty that follows from
it (rule 3.11.2), and the substitute who takes the seat of a player who lost the session.

The late-arrival penalty is a `Penalty` of kind LATE_ARRIVAL kept in step with the check-in
and the session's actual start: it is created, or voided and made again, by this module
only, so it appears on the Record of Fouls like any other foul. See docs/penalties.md.
"""

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournaments import policies, roles, scoring_adapter
from tournaments.errors import TournamentError
from tournaments.models import CheckIn, Penalty, Player, Seat, Session, TableSession
from tournaments.selectors import eligibility
from tournaments.services.oath import oath_check_first_seats, oath_note_first_seats
from tournaments.services.penalties import change_reason, clean_reason, mark_void
from tournaments.services.results import table_session_recompute
from tournaments.services.sheets import CHECKIN, sheet_lock, sheet_touch
from tournaments.system_texts import system_text_store

# A clock at the table may run a little ahead of the server's.
ARRIVAL_CLOCK_TOLERANCE = timedelta(minutes=5)
# A player comes early, not days early: an arrival longer than this before the session's start
# is a date typed wrong (docs/penalties.md, "Late arrival and check-in").
ARRIVAL_EARLIEST_BEFORE_START = timedelta(days=1)


def minutes_late(*, actual_start: datetime | None, arrived_at: datetime) -> int:
    """Whole minutes after the session's actual start, a started minute counting as a whole
    one (10 min 1 s is 11 minutes); 0 when on time or before the session started (3.11.2)."""
    if actual_start is None:
        return 0
    seconds = (arrived_at - actual_start).total_seconds()
    if seconds <= 0:
        return 0
    return math.ceil(seconds / 60)


def _aware(moment: datetime) -> datetime:
    if not isinstance(moment, datetime):
        raise TournamentError(_("Give the date and time the player arrived."))
    if timezone.is_naive(moment):
        return timezone.make_aware(moment)
    return moment


def _seat_in_session(session: Session, player: Player) -> Seat:
    """The player's seat in the session, also when a substitute took it after he lost it."""
    seat = (
        Seat.objects.filter(session=session)
        .filter(Q(player=player) | Q(replaced_player=player))
        .select_related("table_session")
        .first()
    )
    if seat is None:
        raise TournamentError(
            _("%(player)s has no seat in %(session)s.")
            % {"player": player.name, "session": session}
        )
    return seat


def _is_called_in_substitute(seat: Seat, player: Player) -> bool:
    """A substitute called to a seat after its player lost the session is not late."""
    return seat.replaced_player_id is not None and seat.player_id == player.pk


def _late_reason(minutes: int) -> str:
    """The penalty's nature as stored: a code, put into words where it is shown (issue 27)."""
    return system_text_store("checkin.late", minutes=minutes)


def _absent_reason() -> str:
    return system_text_store("checkin.absent")


@dataclass(frozen=True)
class _LatePenalty:
    """The late-arrival penalty a check-in calls for: minutes late (None for a no-show),
    points lost and whether the session is lost (rule 3.11.2)."""

    minutes: int | None
    points: int
    forfeited: bool

    def matches(self, penalty: Penalty) -> bool:
        return (
            penalty.minutes_late == self.minutes
            and penalty.amount == self.points
            and penalty.forfeited == self.forfeited
        )

    @property
    def reason(self) -> str:
        return _absent_reason() if self.minutes is None else _late_reason(self.minutes)


def _late_penalty_due(seat: Seat, check_in: CheckIn, start) -> _LatePenalty | None:
    """What rule 3.11.2 asks of this check-in: nothing when on time (or a substitute called
    to the seat), points off up to 15 minutes, the session lost after 15 minutes or when the
    player did not come at all."""
    player = check_in.player
    if _is_called_in_substitute(seat, player):
        return None
    if check_in.absent:
        return _LatePenalty(minutes=None, points=0, forfeited=True)
    minutes = minutes_late(actual_start=start, arrived_at=check_in.arrived_at)
    if not minutes:
        return None
    points, forfeited = scoring_adapter.late_arrival(minutes)
    return _LatePenalty(minutes=minutes, points=points, forfeited=forfeited)


def _sync_late_penalty(
    *, sheet: TableSession, seat: Seat, check_in: CheckIn, start, why: str, user
) -> bool:
    """Make the player's late-arrival penalty on this sheet agree with his check-in (inside
    the caller's lock of the sheet). Returns whether anything changed.

    An outdated penalty is voided with `why` and a new one recorded: never deleted, never
    edited in place, so the Record of Fouls shows both.
    """
    player = check_in.player
    due = _late_penalty_due(seat, check_in, start)
    current = list(
        Penalty.objects.select_for_update().filter(
            table_session=sheet,
            player=player,
            kind=Penalty.Kind.LATE_ARRIVAL,
            voided_at__isnull=True,
        )
    )
    if due is None and not current:
        return False
    if due is not None and len(current) == 1 and due.matches(current[0]):
        return False
    if seat.replaced_player_id == player.pk and not (due and due.forfeited):
        raise TournamentError(
            _(
                "%(player)s lost this session and a substitute took the seat: the late arrival "
                "can no longer change (a director's correction can)."
            )
            % {"player": player.name}
        )
    for penalty in current:
        mark_void(penalty, reason=why, user=user)
    if due is not None:
        Penalty.objects.create(
            table_session=sheet,
            player=player,
            kind=Penalty.Kind.LATE_ARRIVAL,
            minutes_late=due.minutes,
            amount=due.points,
            forfeited=due.forfeited,
            reason=due.reason,
            deltas={seat.position: -due.points} if due.points else {},
            recorded_by=user,
        )
    return True


def _checked_arrival(arrived_at: datetime | None, absent: bool) -> datetime | None:
    """An arrival time, or none for a no-show: never both, never neither."""
    if absent:
        if arrived_at is not None:
            raise TournamentError(
                _("A player who did not come has no arrival time: give one or the other.")
            )
        return None
    if arrived_at is None:
        raise TournamentError(_("Give the date and time the player arrived."))
    arrived_at = _aware(arrived_at)
    if arrived_at > timezone.now() + ARRIVAL_CLOCK_TOLERANCE:
        raise TournamentError(_("An arrival cannot be recorded in the future."))
    return arrived_at


def no_show_from(session: Session) -> datetime | None:
    """From when a player who has not come may be recorded as not coming: once more than 15
    minutes have passed since the session's start, when arriving would lose the session
    anyway (3.11.2: "ha perdido la sesión actual si tarda más de 15 minutos"). Before that he
    may still arrive, late, and play. None: the session has not started."""
    if session.actual_start is None:
        return None
    lost_after = timedelta(minutes=scoring_adapter.LATE_ARRIVAL_SESSION_LOST_AFTER)
    return session.actual_start + lost_after


def _check_no_show_possible(session: Session, absent: bool) -> None:
    """A no-show is recorded only once the player can no longer arrive in time to play
    (`no_show_from`); before that, 409 saying from when. Every door records check-ins
    through `checkin_apply`."""
    if not absent:
        return
    start = no_show_from(session)
    if start is None:
        raise TournamentError(
            _("A player is recorded as not come only after the session has started."),
            code="invalid_state",
        )
    if timezone.now() <= start:
        raise TournamentError(
            _(
                "A player is recorded as not come only after 15 minutes (rule 3.11.2): from "
                "%(at)s. Until then the player may still arrive and play."
            )
            % {"at": date_format(timezone.localtime(start), "DATETIME_FORMAT")},
            code="invalid_state",
        )


def earliest_arrival(session: Session) -> tuple[datetime | None, str]:
    """The earliest arrival time taken as real, and what decides it: a day before the
    session's recorded start, else before its scheduled start ("start"); with neither, the
    tournament's first day decides (`_check_after_first_day`: None here); with no first day
    either, a day before the tournament was created ("created": nobody arrives for a session
    of a tournament that did not exist yet)."""
    start = session.actual_start or session.scheduled_start
    if start is not None:
        return start - ARRIVAL_EARLIEST_BEFORE_START, "start"
    if session.tournament.start_date is not None:
        return None, "first_day"
    return session.tournament.created_at - ARRIVAL_EARLIEST_BEFORE_START, "created"


def _check_plausible_arrival(session: Session, arrived_at: datetime | None) -> None:
    """An arrival before `earliest_arrival` is a date typed wrong (year 1, last year)."""
    earliest, decided_by = earliest_arrival(session)
    if arrived_at is None or earliest is None or arrived_at >= earliest:
        return
    at = date_format(timezone.localtime(earliest), "DATETIME_FORMAT")
    if decided_by == "start":
        message = _(
            "An arrival cannot be recorded more than a day before the session's start: not "
            "before %(at)s."
        )
    else:
        message = _(
            "An arrival cannot be recorded more than a day before the tournament was created "
            "(not before %(at)s): give the session its start, or the tournament its first day, "
            "first."
        )
    raise TournamentError(message % {"at": at})


def _check_after_first_day(session: Session, arrived_at: datetime | None) -> None:
    """An arrival before the tournament's first day is a date typed wrong."""
    first_day = session.tournament.start_date
    if arrived_at is not None and first_day and timezone.localtime(arrived_at).date() < first_day:
        raise TournamentError(
            _("An arrival cannot be recorded before the tournament's first day (%(day)s).")
            % {"day": date_format(first_day, "DATE_FORMAT")}
        )


@dataclass(frozen=True)
class CheckInApplied:
    """What recording a check-in changed: anything at all (truthy), and the sheet's scores
    (its late-arrival penalty, rule 3.11.2)."""

    changed: bool
    scores_changed: bool

    def __bool__(self) -> bool:
        return self.changed


def checkin_apply(
    *,
    sheet: TableSession,
    seats: list[Seat],
    session: Session,
    player: Player,
    arrived_at: datetime | None,
    absent: bool = False,
    why: str,
    user=None,
) -> CheckInApplied:
    """Record or change a player's check-in inside the caller's lock of his sheet, and bring
    his late-arrival penalty in line with it (rule 3.11.2). The caller touches the sheet and
    recomputes its results. Returns what changed.

    Shared by the umpire's check-in and the director's correction of one.
    """
    arrived_at = _checked_arrival(arrived_at, absent)
    _check_plausible_arrival(session, arrived_at)
    _check_after_first_day(session, arrived_at)
    _check_no_show_possible(session, absent)
    seat = next(s for s in seats if player.pk in (s.player_id, s.replaced_player_id))
    check_in = CheckIn.objects.select_for_update().filter(session=session, player=player).first()
    changed = False
    if check_in is None:
        check_in = CheckIn(session=session, player=player, arrived_at=arrived_at, absent=absent)
        check_in.recorded_by = user
        check_in.save()
        changed = True
    elif (check_in.arrived_at, check_in.absent) != (arrived_at, absent):
        check_in.arrived_at, check_in.absent = arrived_at, absent
        check_in.recorded_by = user
        check_in._change_reason = change_reason(why)
        check_in.save()
        changed = True
    synced = _sync_late_penalty(
        sheet=sheet,
        seat=seat,
        check_in=check_in,
        start=session.actual_start,
        why=why,
        user=user,
    )
    return CheckInApplied(changed=changed or synced, scores_changed=synced)


class ScoresNeedVersion(TournamentError):
    """A check-in that changes the sheet's scores is a write to the sheet like any other: it
    carries the version of the sheet the client read."""

    def __init__(self):
        super().__init__(
            _(
                "This check-in changes the score sheet (a late-arrival penalty): send If-Match "
                "with the ETag of the player's score sheet."
            ),
            code="precondition_required",
        )


@transaction.atomic
def checkin_record(
    *,
    session: Session,
    player: Player,
    arrived_at: datetime | None = None,
    absent: bool = False,
    expected_version: int | None = None,
    version_for_scores: bool = False,
    user=None,
) -> CheckIn:
    """Record (or correct) when a player arrived for a session, or that he did not come;
    his late-arrival penalty follows from it against the session's actual start (3.11.2):

    1-10 minutes late, 10 points off; 11-15 minutes, 20 points off; more than 15, the session
    is lost (a LATE_ARRIVAL penalty with `forfeited`, no points). Arriving before the start,
    or before the session is started, is on time. A started minute counts as a whole one.
    A no-show (`absent`) loses the session at once, with no arrival time invented, and his
    seat is free for a substitute.

    Allowed to the umpire of the player's sheet, the chief umpire and the organiser, until the
    umpire signs the sheet. With `version_for_scores`, a check-in that changes the sheet's
    scores without `expected_version` is refused, and nothing is written (the API's rule).
    """
    arrived_at = _checked_arrival(arrived_at, absent)
    if player.tournament_id != session.tournament_id:
        raise TournamentError(_("This player is not registered in this tournament."))
    session = Session.objects.select_for_update().get(pk=session.pk)
    seat = _seat_in_session(session, player)
    if user is not None:
        roles.require(
            policies.may_check_in(user, seat.table_session),
            _(
                "Only the umpire of the player's table, the chief umpire or an organiser records "
                "check-ins."
            ),
        )
    if seat.replaced_player_id == player.pk:
        raise TournamentError(
            _(
                "%(player)s lost this session and a substitute took the seat: the check-in "
                "can no longer change (a director's correction can)."
            )
            % {"player": player.name}
        )
    sheet, seats = sheet_lock(
        table_session=seat.table_session,
        expected_version=expected_version,
        purpose=CHECKIN,
        user=None,
    )
    applied = checkin_apply(
        sheet=sheet,
        seats=seats,
        session=session,
        player=player,
        arrived_at=arrived_at,
        absent=absent,
        why=system_text_store("checkin.time_changed"),
        user=user,
    )
    if applied.scores_changed and version_for_scores and expected_version is None:
        raise ScoresNeedVersion()  # rolls back the whole check-in
    sheet_touch(sheet)
    table_session_recompute(table_session=sheet, seats=seats)
    return CheckIn.objects.get(session=session, player=player)


@transaction.atomic
def checkin_session_started(*, session: Session, user=None) -> int:
    """Bring every late-arrival penalty of a session in line with its actual start, after the
    chief umpire sets or changes it (called by the service that starts the session, in its
    transaction). Returns how many players' penalties changed.

    A changed penalty is voided ("session start changed") and made again. A sheet already
    signed by its umpire refuses the change (a director's correction changes it).
    """
    if user is not None:
        roles.require(policies.may_run_sessions(user), _("Only the chief umpire starts a session."))
    session = Session.objects.get(pk=session.pk)
    check_ins = list(CheckIn.objects.filter(session=session).select_related("player"))
    if not check_ins:
        return 0
    seats_by_player = {}
    for seat in Seat.objects.filter(session=session):
        seats_by_player[seat.player_id] = seat
        if seat.replaced_player_id is not None:
            seats_by_player[seat.replaced_player_id] = seat
    by_sheet: dict[int, list[CheckIn]] = {}
    for check_in in check_ins:
        seat = seats_by_player.get(check_in.player_id)
        if seat is not None:
            by_sheet.setdefault(seat.table_session_id, []).append(check_in)
    changed = 0
    why = system_text_store("checkin.start_changed")
    for sheet_id in sorted(by_sheet):  # one lock order for every caller: no deadlock
        sheet, seats = sheet_lock(
            table_session=TableSession(pk=sheet_id), purpose=CHECKIN, user=None
        )
        seat_of = {s.player_id: s for s in seats}
        seat_of.update({s.replaced_player_id: s for s in seats if s.replaced_player_id})
        touched = False
        for check_in in by_sheet[sheet_id]:
            touched |= _sync_late_penalty(
                sheet=sheet,
                seat=seat_of[check_in.player_id],
                check_in=check_in,
                start=session.actual_start,
                why=why,
                user=user,
            )
        if touched:
            changed += 1
            sheet_touch(sheet)
            table_session_recompute(table_session=sheet, seats=seats)
    return changed


@transaction.atomic
def seat_replace_with_substitute(
    *,
    table_session: TableSession,
    player: Player,
    substitute: Player,
    reason: str,
    expected_version: int | None = None,
    without_oath: bool = False,
    user=None,
) -> Seat:
    """Give the seat of a player who lost the session by arriving more than 15 minutes late
    (rule 3.11.2), or who is disqualified or excluded (3.11.4-5: he plays no more), to a
    registered substitute of the tournament who has no seat in it.

    The seat keeps the replaced player (`Seat.replaced_player`); his session result is a
    forfeit. Allowed to the umpire of the sheet and the chief umpire, until the umpire signs.
    A substitute's first seat asks the Player's Oath (Appendix 2, services/oath.py): refused
    without it unless an organiser confirms (`without_oath`).
    """
    reason = clean_reason(reason, missing=_("Say why the substitute takes this seat."))
    sheet, seats = sheet_lock(
        table_session=table_session, expected_version=expected_version, purpose=CHECKIN, user=user
    )
    seat = next((s for s in seats if s.player_id == player.pk), None)
    if seat is None:
        raise TournamentError(
            _("%(player)s does not sit at this table in this session.") % {"player": player.name}
        )
    lost = Penalty.objects.filter(
        table_session=sheet,
        player=player,
        kind=Penalty.Kind.LATE_ARRIVAL,
        forfeited=True,
        voided_at__isnull=True,
    ).exists()
    if not lost and not eligibility.player_is_barred(player):
        raise TournamentError(
            _(
                "%(player)s has not lost this session: only a player more than 15 minutes late "
                "(rule 3.11.2), or one disqualified or excluded (3.11.4-5), is replaced by a "
                "substitute."
            )
            % {"player": player.name}
        )
    if (
        substitute.tournament_id != sheet.session.tournament_id
        or substitute.status != Player.Status.SUBSTITUTE
    ):
        raise TournamentError(
            _("%(player)s is not a registered substitute of this tournament.")
            % {"player": substitute.name}
        )
    if Seat.objects.filter(session_id=sheet.session_id, player=substitute).exists():
        raise TournamentError(
            _("%(player)s already has a seat in this session.") % {"player": substitute.name}
        )
    tournament = sheet.session.tournament
    unsworn = oath_check_first_seats(
        tournament=tournament,
        players=[substitute],
        sessions_kept=tournament.sessions.all(),
        without_oath=without_oath,
        user=user,
    )
    oath_note_first_seats(unsworn)
    seat.player = substitute
    seat.replaced_player = player
    seat._change_reason = change_reason(reason)
    seat.save(update_fields=["player", "replaced_player"])
    sheet_touch(sheet)
    table_session_recompute(table_session=sheet, seats=seats)
    return seat
