"""Sign-off of a score sheet (3.9.1.4, 3.9.2, Appendix 5): the four players confirm it, the
umpire signs (the sheet is locked from then on), the chief umpire countersigns (final)."""

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import policies, roles
from tournaments.errors import TournamentError
from tournaments.models import Player, SheetConfirmation, TableSession
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
    """The umpire signs a complete sheet the four players confirmed; it is locked from now on."""
    sheet, seats = sheet_lock(
        table_session=table_session, expected_version=expected_version, purpose=SIGN, user=user
    )
    if sheet.status != TableSession.Status.COMPLETE:
        _require_complete(sheet)
        raise TournamentError(_("This sheet is already signed."), code="invalid_state")
    confirmed = set(sheet.confirmations.values_list("player_id", flat=True))
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
