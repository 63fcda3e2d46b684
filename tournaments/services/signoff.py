"""Sign-off of a score sheet (3.9.1.4, 3.9.2, Appendix 5): the four players confirm it, the
umpire signs (the sheet is locked from then on), the chief umpire countersigns (final), one
sheet at a time or a whole session at once (`session_countersign`)."""

import datetime
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import policies, roles
from tournaments.errors import TournamentError
from tournaments.models import Appeal, Player, Session, SheetConfirmation, TableSession
from tournaments.models.discipline import NO_SHOW
from tournaments.services.sheets import FOULS, SIGN, sheet_lock, sheet_touch, sheet_write_atomic
from tournaments.services.tournament import tournament_status_refresh
from tournaments.system_texts import system_text_store


def _require_complete(sheet: TableSession) -> None:
    if sheet.status == TableSession.Status.OPEN:
        raise TournamentError(
            _(
                "The sheet is still open: it is complete after 16 hands, a time-limit stop or "
                "the end of the session."
            ),
            code="invalid_state",
        )


@sheet_write_atomic
def sheet_confirm_player(
    *,
    table_session: TableSession,
    player: Player,
    confirmed_at: datetime.datetime | None = None,
    expected_version: int | None = None,
    user=None,
    author=None,
) -> SheetConfirmation:
    """A player confirms the sheet: recorded by the umpire at the table, or by the player on
    his own login. `author`: when the system records it (`user=None`) for the score desk, the
    clerk the row names as having recorded it (see `hands.hand_record_win`)."""
    if user is not None and policies.is_the_player(user, player):
        sheet, _seats = sheet_lock(
            table_session=table_session, expected_version=expected_version, purpose=FOULS
        )
    else:
        sheet, _seats = sheet_lock(
            table_session=table_session,
            expected_version=expected_version,
            purpose=FOULS,
            user=user,
        )
    _require_complete(sheet)
    if not sheet.seats.filter(player=player).exists():
        raise TournamentError(
            _("%(player)s does not sit at this table in this session.") % {"player": player}
        )
    if player.pk in _no_shows(sheet):
        raise TournamentError(
            _(
                "%(player)s did not come to this session: that line of the sheet is signed by "
                "nobody (rule 3.9.2)."
            )
            % {"player": player},
            code="invalid_state",
        )
    if sheet.confirmations.filter(player=player).exists():
        raise TournamentError(
            _("%(player)s has already confirmed this sheet.") % {"player": player},
            code="invalid_state",
        )
    confirmation = SheetConfirmation.objects.create(
        table_session=sheet,
        player=player,
        confirmed_at=_signed_at(confirmed_at, sheet),
        recorded_by=user if user is not None else author,
    )
    sheet_touch(sheet, keep_confirmations=True)
    return confirmation


def _no_shows(sheet: TableSession) -> set[int]:
    """The players of the sheet who did not come (3.11.2): "los jugadores y el árbitro deberán
    firmar la hoja" (3.9.2) asks the players who played; one who never came signs nothing."""
    return set(sheet.penalties.filter(NO_SHOW).values_list("player_id", flat=True))


def _signed_at(at: datetime.datetime | None, sheet: TableSession) -> datetime.datetime:
    """Now, or the time it happened when recorded afterwards (never in the future, never
    before the session started)."""
    now = timezone.now()
    if at is None:
        return now
    if at > now:
        raise TournamentError(_("A signature cannot be dated in the future."))
    start = sheet.session.actual_start
    if start is not None and at < start:
        raise TournamentError(_("A signature cannot be dated before the session started."))
    return at


@transaction.atomic
def sheet_sign(
    *,
    table_session: TableSession,
    expected_version: int | None = None,
    at: datetime.datetime | None = None,
    user=None,
) -> TableSession:
    """The umpire signs a complete sheet its players confirmed (those who came: a player who
    did not come signs nothing, `_no_shows`); it is locked from now on."""
    sheet, seats = sheet_lock(
        table_session=table_session, expected_version=expected_version, purpose=SIGN, user=user
    )
    if sheet.status != TableSession.Status.COMPLETE:
        _require_complete(sheet)
        raise TournamentError(_("This sheet is already signed."), code="invalid_state")
    confirmed = set(sheet.confirmations.values_list("player_id", flat=True)) | _no_shows(sheet)
    missing = [seat.player for seat in seats if seat.player_id not in confirmed]
    if missing:
        raise TournamentError(
            _("Not every player has confirmed the sheet: %(names)s.")
            % {"names": ", ".join(p.name for p in missing)}
        )
    sheet.status = TableSession.Status.SIGNED
    sheet.umpire_signed_by, sheet.umpire_signed_at = user, _signed_at(at, sheet)
    sheet._change_reason = system_text_store("sheet.signed")
    sheet.save(update_fields=["status", "umpire_signed_by", "umpire_signed_at"])
    sheet_touch(sheet, keep_confirmations=True)
    return sheet


@transaction.atomic
def sheet_countersign(
    *,
    table_session: TableSession,
    expected_version: int | None = None,
    at: datetime.datetime | None = None,
    user=None,
) -> TableSession:
    """The chief umpire countersigns a signed sheet: its results are final (Appendix 5)."""
    if user is not None:
        roles.require(policies.may_countersign(user), _("Only the chief umpire countersigns."))
    sheet, _seats = sheet_lock(
        table_session=table_session, expected_version=expected_version, purpose=SIGN
    )
    if sheet.status != TableSession.Status.SIGNED:
        raise TournamentError(
            _("Only a sheet the umpire has signed can be countersigned."), code="invalid_state"
        )
    if user is not None and sheet.umpire_signed_by_id == user.pk:
        raise TournamentError(
            _("You signed this sheet as its umpire: another chief umpire countersigns it.")
        )
    sheet.status = TableSession.Status.FINAL
    sheet.countersigned_by, sheet.countersigned_at = user, _signed_at(at, sheet)
    sheet._change_reason = system_text_store("sheet.countersigned")
    sheet.save(update_fields=["status", "countersigned_by", "countersigned_at"])
    sheet_touch(sheet, keep_confirmations=True)
    tournament_status_refresh(tournament_id=sheet.session.tournament_id)  # the last one ends it
    return sheet


def sheet_sign_off(
    *, table_session: TableSession, expected_version: int | None = None, user
) -> TableSession:
    """The next signature a sheet takes from this login: the chief umpire countersigns a
    signed sheet; otherwise its umpire signs it (each refuses what it may not do)."""
    if table_session.status == TableSession.Status.SIGNED:
        # A signed sheet's next signature is the countersignature: refused to other roles.
        return sheet_countersign(
            table_session=table_session, expected_version=expected_version, user=user
        )
    return sheet_sign(table_session=table_session, expected_version=expected_version, user=user)


# -- a whole session at once -------------------------------------------------------------------

# What else holds a signed sheet back from the session's countersigning, registered by the
# apps built on tournaments (player_entry: a hand its players dispute), which tournaments never
# imports: each `blocker(table_sessions) -> {sheet id: reason}`.
_COUNTERSIGN_BLOCKERS: list[Callable[[list[TableSession]], dict[int, str]]] = []


def countersign_blockers_register(blocker: Callable[[list[TableSession]], dict[int, str]]) -> None:
    """Hold back from `session_countersign` the sheets `blocker(sheets)` names, with a reason
    (once; from the app's AppConfig.ready)."""
    if blocker not in _COUNTERSIGN_BLOCKERS:
        _COUNTERSIGN_BLOCKERS.append(blocker)


def countersign_blockers(sheets: list[TableSession]) -> dict[int, list[str]]:
    """Why each of these sheets is not countersigned with its session: an open appeal
    (3.12.4: the committee's ruling may change the sheet), and what the apps registered."""
    reasons: dict[int, list[str]] = defaultdict(list)
    appeals = (
        Appeal.objects.filter(table_session__in=sheets, status__in=Appeal.OPEN_STATUSES)
        .select_related("player")
        .order_by("pk")
    )
    for appeal in appeals:
        reasons[appeal.table_session_id].append(
            _("Appeal of %(player)s (%(status)s) is open.")
            % {"player": appeal.player, "status": appeal.get_status_display()}
        )
    for blocker in _COUNTERSIGN_BLOCKERS:
        for sheet_id, reason in blocker(sheets).items():
            reasons[sheet_id].append(str(reason))
    return dict(reasons)


@dataclass
class SessionCountersigning:
    """What `session_countersign` did: the sheets countersigned and those it left, by why."""

    countersigned: list[TableSession] = field(default_factory=list)
    not_signed: list[TableSession] = field(default_factory=list)
    already_countersigned: list[TableSession] = field(default_factory=list)
    # Signed by this login as the table's umpire: another chief umpire countersigns them.
    signed_by_you: list[TableSession] = field(default_factory=list)
    # An open appeal or dispute: sheet → the reasons.
    held: dict[TableSession, list[str]] = field(default_factory=dict)


def session_countersign_plan(*, session: Session, user=None) -> SessionCountersigning:
    """How the session's sheets stand for countersigning, nothing written: in `countersigned`
    the sheets `session_countersign` would countersign now (the admin's review page)."""
    sheets = list(
        TableSession.objects.filter(session=session)
        .select_related("table", "session", "umpire")
        .order_by("table__number")
    )
    return _plan(sheets, user)


def _plan(sheets: list[TableSession], user) -> SessionCountersigning:
    plan = SessionCountersigning()
    blocked = countersign_blockers(
        [sheet for sheet in sheets if sheet.status == TableSession.Status.SIGNED]
    )
    for sheet in sheets:
        if sheet.status == TableSession.Status.FINAL:
            plan.already_countersigned.append(sheet)
        elif sheet.status != TableSession.Status.SIGNED:
            plan.not_signed.append(sheet)
        elif sheet.pk in blocked:
            plan.held[sheet] = blocked[sheet.pk]
        elif user is not None and sheet.umpire_signed_by_id == user.pk:
            plan.signed_by_you.append(sheet)
        else:
            plan.countersigned.append(sheet)
    return plan


@transaction.atomic
def session_countersign(*, session: Session, user=None) -> SessionCountersigning:
    """The chief umpire countersigns every signed sheet of a session at once (Appendix 5:
    the countersignature makes a sheet's results final), in one transaction: all of them or,
    if one is refused, none. Left out and listed: the sheets not signed yet, those already
    countersigned, those with an open appeal (3.12.4) or another registered hold (a disputed
    hand), and those this login signed as their umpire. Each sheet goes through
    `sheet_countersign` and its checks."""
    if user is not None:
        roles.require(policies.may_countersign(user), _("Only the chief umpire countersigns."))
    sheets = list(
        TableSession.objects.select_for_update(of=("self",))
        .filter(session=session)
        .select_related("table", "session")
        .order_by("pk")
    )
    sheets.sort(key=lambda sheet: sheet.table.number)
    plan = _plan(sheets, user)
    done = []
    for sheet in plan.countersigned:
        try:
            done.append(sheet_countersign(table_session=sheet, user=user))
        except TournamentError as error:
            raise TournamentError(
                _(
                    "%(sheet)s could not be countersigned (%(why)s): no sheet of the session "
                    "was countersigned."
                )
                % {"sheet": sheet, "why": error.message},
                code=error.code,
            ) from error
    plan.countersigned = done
    return plan
