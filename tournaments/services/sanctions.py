"""Sanctions on a player rather than on a session's score (rules 3.11, 3.11.4-5, 3.11.6.10):
disqualification, loss of rank, exclusion from later competitions, public criticism."""

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import roles
from tournaments.errors import TournamentError
from tournaments.models import Player, Sanction, Session


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
    disqualified (re-seating the remaining sessions seats active players only)."""
    if user is not None:
        roles.require(roles.is_director(user), _("Only the chief umpire decides sanctions."))
    if kind not in Sanction.Kind.values:
        raise TournamentError(_("Unknown kind of sanction: %(kind)s.") % {"kind": kind})
    reason = (reason or "").strip()
    if not reason:
        raise TournamentError(_("Give the reason for the sanction."))
    player = Player.objects.select_for_update().get(pk=player.pk)
    if session is not None and session.tournament_id != player.tournament_id:
        raise TournamentError(_("That session belongs to another tournament."))
    if kind == Sanction.Kind.DISQUALIFICATION:
        if player.status == Player.Status.DISQUALIFIED:
            raise TournamentError(
                _("%(player)s is already disqualified.") % {"player": player.name}
            )
        player.status = Player.Status.DISQUALIFIED
        player.save(update_fields=["status"])
    return Sanction.objects.create(
        player=player, session=session, kind=kind, reason=reason, decided_by=user
    )
