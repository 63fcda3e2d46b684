"""Penalties recorded at the table (rule 3.11), applied to the session's scores."""

from django.db import transaction
from django.utils.translation import gettext as _

from scoring import payments
from tournaments.errors import TournamentError
from tournaments.models import Penalty, Player, TableSession
from tournaments.models.play import POSITIONS
from tournaments.services.results import table_session_recompute


def _position_of(table_session: TableSession, player: Player) -> int:
    seat = table_session.seats.filter(player=player).first()
    if seat is None:
        raise TournamentError(
            _("%(player)s does not sit at this table in this session.") % {"player": player}
        )
    return POSITIONS.index(seat.position)


def _deltas(
    kind: str,
    offender: int,
    *,
    amount: int | None,
    minutes_late: int | None,
    invalid_claim: bool,
    occurrence: int | None,
) -> dict:
    if kind == Penalty.Kind.WARNING:
        return {}
    if kind == Penalty.Kind.DEDUCTION:
        result = payments.deduction(amount or 0, offender=offender).deltas
    elif kind == Penalty.Kind.FALSE_HU:
        result = payments.false_hu_payments(offender=offender, invalid_claim=invalid_claim).deltas
    elif kind == Penalty.Kind.REPEATED_FOUL:
        result = payments.repeated_foul_payments(
            offender=offender, occurrence=occurrence or 1
        ).deltas
    elif kind == Penalty.Kind.LATE_ARRIVAL:
        late = payments.late_arrival_penalty(minutes_late if minutes_late is not None else -1)
        return {POSITIONS[offender]: late.delta, "forfeited": late.forfeited}
    else:
        raise TournamentError(_("Unknown kind of penalty."))
    return {p: d for p, d in zip(POSITIONS, result, strict=True) if d}


@transaction.atomic
def penalty_record(
    *,
    table_session: TableSession,
    player: Player,
    kind: str,
    reason: str,
    amount: int | None = None,
    minutes_late: int | None = None,
    invalid_claim: bool = False,
    hand_number: int | None = None,
    user=None,
) -> Penalty:
    """Record a penalty; repeated fouls escalate from the player's earlier ones this session."""
    if not reason.strip():
        raise TournamentError(_("Describe the foul."))
    offender = _position_of(table_session, player)
    occurrence = None
    if kind == Penalty.Kind.REPEATED_FOUL:
        occurrence = (
            1
            + table_session.penalties.filter(player=player, kind=Penalty.Kind.REPEATED_FOUL).count()
        )
    try:
        deltas = _deltas(
            kind,
            offender,
            amount=amount,
            minutes_late=minutes_late,
            invalid_claim=invalid_claim,
            occurrence=occurrence,
        )
    except payments.PaymentError as error:
        raise TournamentError(str(error)) from error
    penalty = Penalty.objects.create(
        table_session=table_session,
        player=player,
        kind=kind,
        reason=reason.strip(),
        hand_number=hand_number,
        deltas=deltas,
        recorded_by=user,
    )
    table_session_recompute(table_session=table_session)
    return penalty
