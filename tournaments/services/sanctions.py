"""Sanctions on a player rather than on a session's score (rules 3.11, 3.11.1, 3.11.4-5,
3.11.6.10): warning, disqualification, loss of rank, exclusion from later competitions,
public criticism; and their lifting on appeal (3.12.1)."""

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournaments import policies, roles
from tournaments.errors import TournamentError
from tournaments.live import live_touch
from tournaments.models import Appeal, Player, Sanction, Session
from tournaments.services.penalties import change_reason
from tournaments.texts import visible_text

# As the admin's reason field (tournaments.admin.forms.ReasonField).
SANCTION_REASON_MAX_LENGTH = 2000


def _clean_reason(reason: str, missing: str | None = None) -> str:
    reason = visible_text(reason)
    if not reason:
        raise TournamentError(missing or _("Give the reason for the sanction."))
    if "\x00" in reason:
        raise TournamentError(_("The reason contains a NUL character (\\x00)."))
    if len(reason) > SANCTION_REASON_MAX_LENGTH:
        raise TournamentError(
            _("Keep the reason of the sanction under %(max)s characters.")
            % {"max": SANCTION_REASON_MAX_LENGTH}
        )
    return reason


@transaction.atomic
def sanction_record(
    *,
    player: Player,
    kind: str,
    reason: str,
    session: Session | None = None,
    user=None,
) -> Sanction:
    """Record a sanction decided by the chief umpire, with its reason, and the session it
    concerns if any. A disqualification (3.11.5, 3.11.6.10) also marks the player
    disqualified (re-seating the remaining sessions seats active players only); a player is
    disqualified once. A warning (3.11.1) given to the player rather than at the table (a
    foul's warning at the table is a penalty of the score sheet) leaves him as he is, as do
    loss of rank (3.11.5), exclusion from later competitions (3.11.4) and public criticism
    (3.11).

    The reason is required: a text with no visible character (only spaces, zero-width or
    control characters) is refused."""
    if user is not None:
        roles.require(
            policies.may_decide_sanction(user), _("Only the chief umpire decides sanctions.")
        )
    if kind not in Sanction.Kind.values:
        raise TournamentError(_("Unknown kind of sanction: %(kind)s.") % {"kind": kind})
    reason = _clean_reason(reason)
    player = Player.objects.select_for_update().get(pk=player.pk)
    if session is not None and session.tournament_id != player.tournament_id:
        raise TournamentError(_("That session belongs to another tournament."))
    status_before = ""
    if kind == Sanction.Kind.DISQUALIFICATION:
        if player.status == Player.Status.DISQUALIFIED:
            raise TournamentError(
                _("%(player)s is already disqualified.") % {"player": player.name},
                code="invalid_state",
            )
        status_before = player.status
        player.status = Player.Status.DISQUALIFIED
        player.save(update_fields=["status"])
    # A sanction on rank changes the standings every page shows.
    live_touch(player.tournament_id)
    return Sanction.objects.create(
        player=player,
        session=session,
        kind=kind,
        reason=reason,
        decided_by=user,
        status_before=status_before,
    )


@transaction.atomic
def sanction_void(
    *, sanction: Sanction, reason: str, appeal: Appeal | None = None, user
) -> Sanction:
    """Lift a sanction, on appeal or as the chief umpire decides (3.12.1: "puede apelar las
    sentencias hechas por un árbitro"): it stays in the record, voided with its reason and
    the appeal that lifted it, and counts for nothing from now on. A lifted disqualification
    gives the player back the status he had (he is ranked again, his link works again, he
    may be seated); the standings, the certificates, the team totals, the EMA file and the
    public pages follow at once. `user=None` only for the system (a command)."""
    if user is not None:
        roles.require(
            policies.may_decide_sanction(user), _("Only the chief umpire lifts sanctions.")
        )
    reason = _clean_reason(reason, _("Give the reason for lifting the sanction."))
    sanction = Sanction.objects.select_for_update().select_related("player").get(pk=sanction.pk)
    if sanction.voided:
        raise TournamentError(
            _("This sanction was already lifted on %(at)s.")
            % {"at": date_format(timezone.localtime(sanction.voided_at), "DATETIME_FORMAT")},
            code="invalid_state",
        )
    _check_lifting_appeal(appeal, sanction)
    player = Player.objects.select_for_update().get(pk=sanction.player_id)
    if sanction.kind == Sanction.Kind.DISQUALIFICATION and player.status == (
        Player.Status.DISQUALIFIED
    ):
        player.status = sanction.status_before or Player.Status.ACTIVE
        player._change_reason = change_reason(reason)
        player.save(update_fields=["status"])
    sanction.voided_at, sanction.voided_by = timezone.now(), user
    sanction.void_reason, sanction.void_appeal = reason, appeal
    sanction._change_reason = change_reason(reason)
    sanction.save(update_fields=["voided_at", "voided_by", "void_reason", "void_appeal"])
    live_touch(player.tournament_id)
    return sanction


def _check_lifting_appeal(appeal: Appeal | None, sanction: Sanction) -> None:
    """The appeal named as lifting a sanction concerns its player, and was not rejected or
    withdrawn."""
    if appeal is None:
        return
    if appeal.player_id != sanction.player_id:
        raise TournamentError(
            _("That appeal concerns another player than the sanction's."), code="invalid"
        )
    if appeal.status in (Appeal.Status.REJECTED, Appeal.Status.WITHDRAWN):
        raise TournamentError(
            _("That appeal was %(status)s: it lifts nothing.")
            % {"status": appeal.get_status_display().lower()},
            code="invalid_state",
        )
