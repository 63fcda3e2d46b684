"""Sanctions on a player rather than on a session's score (rules 3.11, 3.11.1, 3.11.4-5,
3.11.6.10): warning, disqualification, loss of rank, exclusion from later competitions,
public criticism."""

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import policies, roles
from tournaments.errors import TournamentError
from tournaments.live import live_touch
from tournaments.models import Player, Sanction, Session
from tournaments.texts import visible_text

# As the admin's reason field (tournaments.admin.forms.ReasonField).
SANCTION_REASON_MAX_LENGTH = 2000


def _clean_reason(reason: str) -> str:
    reason = visible_text(reason)
    if not reason:
        raise TournamentError(_("Give the reason for the sanction."))
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
    if kind == Sanction.Kind.DISQUALIFICATION:
        if player.status == Player.Status.DISQUALIFIED:
            raise TournamentError(
                _("%(player)s is already disqualified.") % {"player": player.name},
                code="invalid_state",
            )
        player.status = Player.Status.DISQUALIFIED
        player.save(update_fields=["status"])
    # A sanction on rank changes the standings every page shows.
    live_touch(player.tournament_id)
    return Sanction.objects.create(
        player=player, session=session, kind=kind, reason=reason, decided_by=user
    )
