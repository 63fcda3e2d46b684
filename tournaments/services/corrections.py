"""Corrections: a director's change to a score sheet, with a written reason.

Once the umpire has signed, a sheet changes only here (Appendix 5: results are final once
signed; what an appeal upheld under 3.12-3.13 or a foul found late changes, the chief umpire
writes as a correction). The kinds: replace a hand, remove a hand (the later hands renumber
and are rescored), add a penalty, void a penalty, change a check-in, swap two seats.

Each correction needs a reason a reader can see, may name the appeal it applies (an appeal of
the same sheet), keeps the values before and after (a `Correction` row) and passes its reason
and its author to the history of every row it changes; results and standings are recomputed
in the same transaction, so a paper printed before no longer matches (the verify page names
the correction). See docs/appeals.md, "Corrections".
"""

from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import seating_adapter
from tournaments.errors import TournamentError
from tournaments.models import (
    Appeal,
    CheckIn,
    Correction,
    Hand,
    HandScore,
    Penalty,
    Player,
    Seat,
    Session,
    TableSession,
)
from tournaments.services.checkin import checkin_apply
from tournaments.services.hands import check_winner_may_win, hand_score, write_scores
from tournaments.services.penalties import (
    change_reason,
    clean_reason,
    mark_void,
    penalty_create_locked,
    penalty_fields_check,
    refuse_nul,
    visible_text,
)
from tournaments.services.results import table_session_recompute
from tournaments.services.sheets import CORRECTION, sheet_lock, sheet_touch


def _reason(reason: str) -> str:
    """The correction's reason, refused when a reader would see nothing (empty, spaces,
    zero-width or control characters only)."""
    reason = visible_text(reason)
    if not reason:
        raise TournamentError(_("A correction needs a written reason."))
    refuse_nul(reason)
    return reason


def _short_reason(reason: str) -> str:
    """A reason that is also written on a penalty or a check-in (300 characters at most)."""
    return clean_reason(reason, missing=_("A correction needs a written reason."))


def _check_appeal(appeal: Appeal | None, sheet: TableSession) -> Appeal | None:
    """The appeal a correction applies (3.12-3.13): one about this score sheet, not rejected
    nor withdrawn (those change no result)."""
    if appeal is None:
        return None
    appeal = Appeal.objects.get(pk=appeal.pk)
    if appeal.table_session_id != sheet.pk:
        raise TournamentError(
            _("Appeal %(pk)s is not about this score sheet (%(sheet)s).")
            % {"pk": appeal.pk, "sheet": sheet}
        )
    if appeal.status in (Appeal.Status.REJECTED, Appeal.Status.WITHDRAWN):
        raise TournamentError(
            _("Appeal %(pk)s was %(status)s: it changes no result.")
            % {"pk": appeal.pk, "status": appeal.get_status_display().lower()}
        )
    return appeal


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


def _finish(
    sheet: TableSession, seats, *, kind: str, reason: str, before, after, user, appeal=None
):
    correction = Correction.objects.create(
        table_session=sheet,
        kind=kind,
        reason=reason,
        before=before,
        after=after,
        made_by=user,
        appeal=appeal,
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
    appeal: Appeal | None = None,
    expected_version: int | None = None,
    user,
) -> Correction:
    """Replace what a hand recorded (a win rescored by the scoring core, or a draw); the
    winds and the dealer stay those of its number (Appendix 4)."""
    reason = _reason(reason)
    sheet, seats = sheet_lock(
        table_session=hand.table_session,
        expected_version=expected_version,
        purpose=CORRECTION,
        user=user,
    )
    appeal = _check_appeal(appeal, sheet)
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
        appeal=appeal,
    )


@transaction.atomic
def correction_penalty_void(
    *,
    penalty: Penalty,
    reason: str,
    appeal: Appeal | None = None,
    expected_version: int | None = None,
    user,
) -> Correction:
    """Void a penalty of a locked sheet (rule 3.11): it stays on the Record of Fouls (Appendix
    6), marked void, and counts for nothing."""
    reason = _short_reason(reason)
    sheet, seats = sheet_lock(
        table_session=penalty.table_session,
        expected_version=expected_version,
        purpose=CORRECTION,
        user=user,
    )
    appeal = _check_appeal(appeal, sheet)
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
        appeal=appeal,
    )


@transaction.atomic
def correction_seats_swap(
    *,
    table_session: TableSession,
    first: str,
    second: str,
    reason: str,
    appeal: Appeal | None = None,
    expected_version: int | None = None,
    user,
) -> Correction:
    """Two players were recorded in each other's seat (3.5.7, Appendix 4): swap them. Every
    hand's payment follows the seat it was paid at (hands are recorded by seat); every penalty
    follows its player (the Record of Fouls names him, and his repeats are counted per player),
    so its score changes move with him to his true seat."""
    reason = _reason(reason)
    sheet, seats = sheet_lock(
        table_session=table_session,
        expected_version=expected_version,
        purpose=CORRECTION,
        user=user,
    )
    appeal = _check_appeal(appeal, sheet)
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
        appeal=appeal,
    )


# -- removing a hand ---------------------------------------------------------------------------


def _hand_rows(hand: Hand, scores: dict | None = None) -> dict:
    """What renumbering changes in a hand: its number, winds, dealer, points and payments
    (`scores`: the payments just written; else those stored)."""
    if scores is None:
        scores = {s.position: s.points for s in hand.scores.all()}
    return {
        "number": hand.number,
        "prevalent_wind": hand.prevalent_wind,
        "dealer": hand.dealer_position,
        "points": hand.points,
        "flowers": hand.flowers,
        "scores": scores,
    }


def _check_removable(sheet: TableSession, hand: Hand) -> None:
    """A hand an appeal names stays (the appeal keeps pointing at it); a penalty that names the
    hand must be voided first (it would otherwise name the hand renumbered into its place)."""
    named_by = Appeal.objects.filter(hand=hand).values_list("pk", flat=True).first()
    if named_by is not None:
        raise TournamentError(
            _(
                "Appeal %(pk)s names hand %(n)s: a hand an appeal names is not removed; "
                "replace it instead (a draw scores nothing)."
            )
            % {"pk": named_by, "n": hand.number}
        )
    penalty = (
        Penalty.objects.filter(table_session=sheet, hand_number=hand.number, voided_at__isnull=True)
        .select_related("player")
        .first()
    )
    if penalty is not None:
        raise TournamentError(
            _(
                "A penalty names hand %(n)s (%(kind)s, %(player)s): void it first, or replace "
                "the hand instead of removing it."
            )
            % {"n": hand.number, "kind": penalty.get_kind_display(), "player": penalty.player.name}
        )


def _rescored(sheet: TableSession, hand: Hand, number: int):
    """Hand `hand` scored again as hand `number`: its prevalent and seat winds follow from the
    new number (Appendix 4), so a hand entered as tiles may score differently, or not reach 8
    points any more (3.7.2); then the removal is refused. None for a draw or a stop."""
    if hand.outcome != Hand.Outcome.WIN:
        return None
    try:
        return hand_score(
            table_session=sheet,
            number=number,
            winner=hand.winner_position,
            discarder=hand.discarder_position or None,
            tiles=hand.tiles,
            points=None if hand.tiles is not None else hand.points,
            flowers=0 if hand.tiles is not None else hand.flowers,
        )
    except TournamentError as error:
        raise TournamentError(
            _(
                "Hand %(old)s would become hand %(new)s, with that hand's winds, and is then "
                "refused: %(why)s Nothing was changed."
            )
            % {"old": hand.number, "new": number, "why": error.message},
            code=error.code,
        ) from error


@transaction.atomic
def correction_hand_remove(
    *,
    table_session: TableSession,
    number: int,
    reason: str,
    appeal: Appeal | None = None,
    expected_version: int | None = None,
    user,
) -> Correction:
    """Remove hand `number` of a sheet (a hand recorded that was not played, or twice).

    The later hands move down one number each, and their prevalent wind, dealer and seat winds
    follow from the new number (3.4.5-3.4.8, Appendix 4): every win is rescored by the scoring
    core (a tiles hand may gain or lose wind fans; one that no longer reaches 8 points refuses
    the whole removal, 3.7.2) and pays again (3.9.1.3). Penalties naming a later hand follow
    it. The sheet keeps its state: one closed by 16 hands stays closed with 15. The correction
    keeps the removed hand and, for each renumbered one, its number, points and payments
    before and after.
    """
    reason = _reason(reason)
    sheet, seats = sheet_lock(
        table_session=table_session,
        expected_version=expected_version,
        purpose=CORRECTION,
        user=user,
    )
    appeal = _check_appeal(appeal, sheet)
    hands = list(
        Hand.objects.select_for_update()
        .filter(table_session=sheet)
        .order_by("number")
        .prefetch_related("scores")
    )
    removed = next((h for h in hands if h.number == number), None)
    if removed is None:
        raise TournamentError(_("This sheet has no hand %(n)s.") % {"n": number})
    _check_removable(sheet, removed)
    later = [h for h in hands if h.number > number]
    # Score every later hand at its new number before writing anything.
    rescored = [(h, _rescored(sheet, h, h.number - 1)) for h in later]
    before = {**_hand_state(removed), "hands": len(hands)}
    removed._change_reason = change_reason(reason)
    removed._history_user = user
    removed.delete()
    renumbered = []
    for hand, scored in rescored:  # upwards: each takes the number the previous one freed
        was = _hand_rows(hand)
        hand.number -= 1
        winds = seating_adapter.hand_winds(hand.number)
        hand.prevalent_wind, hand.dealer_position = winds.prevalent_wind, winds.dealer_position
        payments = {}
        if scored is not None:
            hand.fans, hand.points, hand.flowers = scored.fans, scored.points, scored.flowers
            payments = scored.payments
        _audited(hand, reason=reason, user=user).save()
        HandScore.objects.filter(hand=hand).delete()
        write_scores(hand, seats, payments)
        now = _hand_rows(hand, {s.position: payments.get(s.position, 0) for s in seats})
        renumbered.append({"from": was["number"], "before": was, "after": now})
    moved = []
    for penalty in Penalty.objects.select_for_update().filter(
        table_session=sheet, hand_number__gt=number
    ):
        moved.append({"penalty": penalty.pk, "from": penalty.hand_number})
        penalty.hand_number -= 1
        _audited(penalty, reason=reason, user=user).save(update_fields=["hand_number"])
    return _finish(
        sheet,
        seats,
        kind=Correction.Kind.HAND_REMOVED,
        reason=reason,
        before=before,
        after={
            "removed": number,
            "hands": len(hands) - 1,
            "renumbered": renumbered,
            "penalties_renumbered": moved,
        },
        user=user,
        appeal=appeal,
    )


# -- adding a penalty --------------------------------------------------------------------------


@transaction.atomic
def correction_penalty_add(
    *,
    table_session: TableSession,
    player: Player,
    kind: str,
    nature: str,
    reason: str,
    foul: str = "",
    amount: int | None = None,
    victim: Player | None = None,
    invalid_claim: bool = False,
    hand_number: int | None = None,
    remarks: str = "",
    appeal: Appeal | None = None,
    expected_version: int | None = None,
    user,
) -> Correction:
    """Record a foul and its penalty (rule 3.11) on a sheet already signed: a foul found late,
    or one an upheld appeal adds. The same checks and arithmetic as the umpire's
    `penalty_record` (the kinds, the fields each needs, the hand number within the sheet's
    hands, the points from the rules and the player's earlier records); `nature` is the
    Record of Fouls' "nature of the foul", `reason` the correction's. Late arrival follows
    from the check-in: correct the check-in instead."""
    reason = _reason(reason)
    nature = penalty_fields_check(
        kind=kind,
        reason=nature,
        foul=foul,
        amount=amount,
        victim=victim,
        invalid_claim=invalid_claim,
    )
    sheet, seats = sheet_lock(
        table_session=table_session,
        expected_version=expected_version,
        purpose=CORRECTION,
        user=user,
    )
    appeal = _check_appeal(appeal, sheet)
    penalty = penalty_create_locked(
        sheet=sheet,
        seats=seats,
        player=player,
        kind=kind,
        reason=nature,
        foul=foul,
        amount=amount,
        victim=victim,
        invalid_claim=invalid_claim,
        hand_number=hand_number,
        remarks=remarks,
        user=user,
        history_reason=reason,
    )
    return _finish(
        sheet,
        seats,
        kind=Correction.Kind.PENALTY,
        reason=reason,
        before={"penalty": None},
        after={
            "penalty": penalty.pk,
            "player": penalty.player_id,
            "kind": penalty.kind,
            "amount": penalty.amount,
            "hand_number": penalty.hand_number,
            "deltas": penalty.deltas,
        },
        user=user,
        appeal=appeal,
    )


# -- a check-in --------------------------------------------------------------------------------


def _moment(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _check_in_state(sheet: TableSession, player: Player) -> dict:
    """The player's check-in and his late-arrival penalty in force (3.11.2)."""
    check_in = CheckIn.objects.filter(session_id=sheet.session_id, player=player).first()
    late = (
        Penalty.objects.filter(
            table_session=sheet,
            player=player,
            kind=Penalty.Kind.LATE_ARRIVAL,
            voided_at__isnull=True,
        )
        .order_by("pk")
        .last()
    )
    return {
        "player": player.pk,
        "checked_in": check_in is not None,
        "arrived_at": _moment(check_in.arrived_at) if check_in is not None else None,
        "absent": bool(check_in is not None and check_in.absent),
        "late_penalty": None
        if late is None
        else {
            "penalty": late.pk,
            "minutes_late": late.minutes_late,
            "points": late.amount,
            "forfeited": late.forfeited,
        },
    }


@transaction.atomic
def correction_check_in(
    *,
    table_session: TableSession,
    player: Player,
    arrived_at: datetime | None = None,
    absent: bool = False,
    reason: str,
    appeal: Appeal | None = None,
    expected_version: int | None = None,
    user,
) -> Correction:
    """Record or change a player's check-in on a signed sheet (3.5.7): the time he arrived, or
    that he did not come (`absent`). His late-arrival penalty follows from it as at the table
    (3.11.2: up to 10 minutes 10 points, up to 15 minutes 20 points, later or absent the
    session is lost): the outdated one is voided with this reason, the new one recorded."""
    reason = _short_reason(reason)
    # The session before the sheet, as the umpire's check-in locks them (one lock order).
    session = Session.objects.select_for_update().get(pk=table_session.session_id)
    sheet, seats = sheet_lock(
        table_session=table_session,
        expected_version=expected_version,
        purpose=CORRECTION,
        user=user,
    )
    appeal = _check_appeal(appeal, sheet)
    if not any(player.pk in (s.player_id, s.replaced_player_id) for s in seats):
        raise TournamentError(
            _("%(player)s does not sit at this table in this session.") % {"player": player.name}
        )
    before = _check_in_state(sheet, player)
    changed = checkin_apply(
        sheet=sheet,
        seats=seats,
        session=session,
        player=player,
        arrived_at=arrived_at,
        absent=absent,
        why=reason,
        user=user,
    )
    if not changed:
        raise TournamentError(_("The check-in already says this: there is nothing to correct."))
    return _finish(
        sheet,
        seats,
        kind=Correction.Kind.CHECK_IN,
        reason=reason,
        before=before,
        after=_check_in_state(sheet, player),
        user=user,
        appeal=appeal,
    )


# -- in words ----------------------------------------------------------------------------------


def correction_summary(correction: Correction) -> str:
    """What a correction did, in one line for the sheet's page ("Hand 5 removed; hands 6-16
    renumbered 5-15 and rescored")."""
    after = correction.after or {}
    if correction.kind == Correction.Kind.HAND_REMOVED:
        moved = [line["from"] for line in after.get("renumbered", [])]
        if not moved:
            return _("Hand %(n)s removed.") % {"n": after.get("removed")}
        return _(
            "Hand %(n)s removed; hands %(first)s-%(last)s renumbered %(new_first)s-%(new_last)s "
            "and rescored."
        ) % {
            "n": after.get("removed"),
            "first": moved[0],
            "last": moved[-1],
            "new_first": moved[0] - 1,
            "new_last": moved[-1] - 1,
        }
    return str(correction.get_kind_display())
