"""Corrections: a director's change to a score sheet, with a written reason.

Once the umpire has signed, a sheet changes only here. Each correction keeps the values
before and after (a `Correction` row) and passes its reason and its author to the history of
every row it changes; results and standings are recomputed in the same transaction.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import TournamentError
from tournaments.models import Correction, Hand, HandScore, Penalty, Seat, TableSession
from tournaments.services.hands import check_winner_may_win, hand_score, write_scores
from tournaments.services.penalties import change_reason, clean_reason, mark_void
from tournaments.services.results import table_session_recompute
from tournaments.services.sheets import CORRECTION, sheet_lock, sheet_touch


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise TournamentError(_("A correction needs a written reason."))
    return reason


def _audited(row, *, reason: str, user):
    """Who made the change and why, for the row's history (the reason on one line; the
    Correction keeps it as written)."""
    row._change_reason = change_reason(reason)
    row._history_user = user
    return row


def _hand_state(hand: Hand) -> dict:
    return {
        "number": hand.number,
        "outcome": hand.outcome,
        "winner": hand.winner_position,
        "discarder": hand.discarder_position,
        "tiles": hand.tiles,
        "points": hand.points,
        "flowers": hand.flowers,
        "scores": {s.position: s.points for s in hand.scores.all()},
    }


def _finish(sheet: TableSession, seats, *, kind: str, reason: str, before, after, user):
    correction = Correction.objects.create(
        table_session=sheet, kind=kind, reason=reason, before=before, after=after, made_by=user
    )
    sheet_touch(sheet)
    table_session_recompute(table_session=sheet, seats=seats, reason=change_reason(reason))
    return correction


@transaction.atomic
def correction_hand_replace(
    *,
    hand: Hand,
    reason: str,
    outcome: str = Hand.Outcome.WIN,
    winner: str = "",
    discarder: str | None = None,
    tiles: dict | None = None,
    points: int | None = None,
    flowers: int = 0,
    expected_version: int | None = None,
    user,
) -> Correction:
    """Replace what a hand recorded (a win rescored by the scoring core, or a draw)."""
    reason = _reason(reason)
    sheet, seats = sheet_lock(
        table_session=hand.table_session,
        expected_version=expected_version,
        purpose=CORRECTION,
        user=user,
    )
    hand = Hand.objects.select_for_update().get(pk=hand.pk)
    before = _hand_state(hand)
    if Hand.Outcome.TIME_LIMIT in (outcome, hand.outcome) and outcome != hand.outcome:
        raise TournamentError(
            _("A time-limit stop ends the sheet: remove the later hands instead of moving it.")
        )
    if outcome == Hand.Outcome.WIN:
        scored = hand_score(
            table_session=sheet,
            number=hand.number,
            winner=winner,
            discarder=discarder,
            tiles=tiles,
            points=points,
            flowers=flowers,
        )
        check_winner_may_win(sheet, seats, winner, hand.number)
        hand.winner_position, hand.discarder_position = winner, discarder or ""
        hand.tiles, hand.fans = tiles, scored.fans
        hand.points, hand.flowers = scored.points, scored.flowers
        payments = scored.payments
    else:
        hand.winner_position = hand.discarder_position = ""
        hand.tiles, hand.fans, hand.points, hand.flowers = None, [], 0, 0
        payments = {}
    hand.outcome = outcome
    _audited(hand, reason=reason, user=user).save()
    HandScore.objects.filter(hand=hand).delete()
    write_scores(hand, seats, payments)
    return _finish(
        sheet,
        seats,
        kind=Correction.Kind.HAND,
        reason=reason,
        before=before,
        after=_hand_state(hand),
        user=user,
    )


@transaction.atomic
def correction_penalty_void(
    *, penalty: Penalty, reason: str, expected_version: int | None = None, user
) -> Correction:
    """Void a penalty of a locked sheet: it stays on the Record of Fouls, marked void."""
    reason = clean_reason(reason, missing=_("A correction needs a written reason."))
    sheet, seats = sheet_lock(
        table_session=penalty.table_session,
        expected_version=expected_version,
        purpose=CORRECTION,
        user=user,
    )
    penalty = Penalty.objects.select_for_update().get(pk=penalty.pk)
    if penalty.voided_at is not None:
        raise TournamentError(_("This penalty is already void."))
    before = {"penalty": penalty.pk, "kind": penalty.kind, "deltas": penalty.deltas}
    penalty._history_user = user
    mark_void(penalty, reason=reason, user=user)
    return _finish(
        sheet,
        seats,
        kind=Correction.Kind.PENALTY_VOID,
        reason=reason,
        before=before,
        after={"penalty": penalty.pk, "voided": True},
        user=user,
    )


@transaction.atomic
def correction_seats_swap(
    *,
    table_session: TableSession,
    first: str,
    second: str,
    reason: str,
    expected_version: int | None = None,
    user,
) -> Correction:
    """Two players were recorded in each other's seat: swap them. Every hand's payment follows
    the seat it was paid at (hands are recorded by seat); every penalty follows its player (the
    Record of Fouls names him, and his repeats are counted per player), so its score changes
    move with him to his true seat."""
    reason = _reason(reason)
    sheet, seats = sheet_lock(
        table_session=table_session,
        expected_version=expected_version,
        purpose=CORRECTION,
        user=user,
    )
    by_position = {seat.position: seat for seat in seats}
    if first == second or first not in by_position or second not in by_position:
        raise TournamentError(_("Choose two different seats of this table."))
    a, b = by_position[first], by_position[second]
    before = {first: a.player_id, second: b.player_id}
    # Positions are unique per sheet: move one seat aside for the swap, without a history
    # record of the stopgap position (in one transaction).
    Seat.objects.filter(pk=a.pk).update(position="-")
    for seat, position in ((b, first), (a, second)):
        seat.position = position
        _audited(seat, reason=reason, user=user).save(update_fields=["position"])
    swapped = {first: second, second: first}
    for penalty in Penalty.objects.select_for_update().filter(table_session=sheet):
        if not swapped.keys() & penalty.deltas.keys():
            continue
        penalty.deltas = {swapped.get(p, p): delta for p, delta in penalty.deltas.items()}
        _audited(penalty, reason=reason, user=user).save(update_fields=["deltas"])
    for seat in (a, b):
        HandScore.objects.filter(hand__table_session=sheet, position=seat.position).update(
            player=seat.player
        )
    seats = list(Seat.objects.filter(table_session=sheet).order_by("position"))
    return _finish(
        sheet,
        seats,
        kind=Correction.Kind.SEAT,
        reason=reason,
        before=before,
        after={first: b.player_id, second: a.player_id},
        user=user,
    )
