"""Fouls recorded at the table and their penalties (rule 3.11), applied to the session's scores.

Every penalty is a line of the Record of Fouls (Appendix 6). Its points are computed from the
rules by the scoring core (through `scoring_adapter`), never typed, except where the rule
leaves the amount to the umpire (a deduction, 3.11.2; a revealed tile, 3.11.6.7). A penalty
recorded in error is voided with a reason, never deleted. Late arrival is not recorded here:
it follows from the check-in (`tournaments.services.checkin`). See docs/penalties.md.
"""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import scoring_adapter
from tournaments.display import penalty_description as penalty_description  # re-exported
from tournaments.display import penalty_summary as penalty_summary  # re-exported
from tournaments.errors import TournamentError
from tournaments.models import Hand, Penalty, Player, Seat, TableSession
from tournaments.models.play import HANDS_PER_SESSION, SheetClosure
from tournaments.services.results import (
    table_session_recompute,
    table_session_recompute_after_write,
)
from tournaments.services.sheets import FOULS, sheet_lock, sheet_touch, sheet_write_atomic
from tournaments.system_texts import is_system_text
from tournaments.texts import check_text, visible_text

Kind = Penalty.Kind

# Kinds whose points the rules fix (the umpire types no amount).
_COMPUTED_KINDS = {Kind.WARNING, Kind.REPEATED_FOUL, Kind.FALSE_HU, Kind.EXPOSED_HAND}
# Kinds that take away the right to win one hand (3.11.3, 3.11.6.2, 3.11.6.6, 3.11.6.8-9).
DEAD_HAND_KINDS = {Kind.FALSE_HU, Kind.DEAD_HAND}


REASON_MAX_LENGTH = 300  # Penalty.reason and Penalty.void_reason
REMARKS_MAX_LENGTH = 1000  # Penalty.remarks (a text field: the limit is kept here)


def change_reason(text: str) -> str:
    """A reason as the history records it: on one line (the column is a text field). A system
    text's stored code is kept as it is (its parameters are already on one line)."""
    if is_system_text(text):
        return text
    return " ".join(str(text).split())


def refuse_nul(reason: str) -> None:
    """PostgreSQL stores no NUL character in a text column: refuse it rather than fail."""
    if "\x00" in reason:
        raise TournamentError(_("The reason contains a NUL character (\\x00)."))


def clean_reason(reason: str, *, missing: str) -> str:
    """A reason stripped, refused when it shows nothing (`missing` says what to write: empty,
    or only spaces, zero-width or control characters) or is too long."""
    reason = visible_text(reason)
    if not reason:
        raise TournamentError(missing)
    refuse_nul(reason)
    if len(reason) > REASON_MAX_LENGTH:
        raise TournamentError(
            _("Keep the reason under %(max)s characters; put the details in the remarks.")
            % {"max": REASON_MAX_LENGTH}
        )
    return reason


def clean_remarks(remarks: str) -> str:
    """The penalty's remarks (optional) stripped, refused when they hold a NUL character or
    are longer than REMARKS_MAX_LENGTH (the column has no limit of its own)."""
    return check_text(
        (remarks or "").strip(),
        field=Penalty._meta.get_field("remarks").verbose_name,
        max_length=REMARKS_MAX_LENGTH,
    )


def _seat_of(seats: list[Seat], player: Player, *, role: str) -> Seat:
    seat = next((s for s in seats if s.player_id == player.pk), None)
    if seat is None:
        raise TournamentError(
            _("%(player)s (%(role)s) does not sit at this table in this session.")
            % {"player": player.name, "role": role}
        )
    return seat


def _check_hand_number(
    sheet: TableSession, hand_number: int | None, *, kind: str, offender: str
) -> None:
    """A foul happens in a hand of this sheet: 1-16, and not after the next hand to be played
    (bug 6). False Hu and dead hand name the hand whose right to win is lost.

    On an open sheet the hand in play is the one after those recorded. When the session's end
    closed the sheet after N hands, hand N+1 was in play at the gong (3.5.6: "Cualquier mano
    en juego finaliza inmediatamente"): a foul in it is still recorded, hand N+2 is not. A
    sheet closed by its 16th hand or a time-limit stop takes fouls in its recorded hands only
    (the stopped hand is itself recorded)."""
    if hand_number is None:
        if kind in DEAD_HAND_KINDS:
            raise TournamentError(
                _("Give the number of the hand in which the player loses the right to win.")
            )
        return
    if isinstance(hand_number, bool) or not isinstance(hand_number, int):
        raise TournamentError(
            _("The hand number must be a whole number from 1 to %(max)s.")
            % {"max": HANDS_PER_SESSION}
        )
    if not 1 <= hand_number <= HANDS_PER_SESSION:
        raise TournamentError(
            _("A session has hands 1 to %(max)s; there is no hand %(n)s.")
            % {"max": HANDS_PER_SESSION, "n": hand_number}
        )
    played = Hand.objects.filter(table_session=sheet).count()
    at_the_gong = sheet.closed_by == SheetClosure.SESSION_END
    in_play = sheet.status == TableSession.Status.OPEN or at_the_gong
    last_possible = min(played + 1 if in_play else played, HANDS_PER_SESSION)
    if hand_number > last_possible and at_the_gong:
        raise TournamentError(
            _(
                "Hand %(n)s was never played: the session ended during hand %(last)s, the last "
                "one a foul can be recorded in (rule 3.5.6)."
            )
            % {"n": hand_number, "last": last_possible}
        )
    if hand_number > last_possible:
        raise TournamentError(
            _("Hand %(n)s has not been reached: %(played)s hands are recorded on this sheet.")
            % {"n": hand_number, "played": played}
        )
    if kind in DEAD_HAND_KINDS:
        won = Hand.objects.filter(
            table_session=sheet,
            number=hand_number,
            outcome=Hand.Outcome.WIN,
            winner_position=offender,
        ).exists()
        if won:
            raise TournamentError(
                _(
                    "Hand %(n)s is recorded as won by %(who)s: remove that hand before "
                    "recording a dead hand in it."
                )
                % {"n": hand_number, "who": offender}
            )


def _check_fields(
    kind: str, *, foul: str, amount: int | None, victim: Player | None, invalid_claim: bool
) -> None:
    """Refuse what does not belong to this kind of penalty, rather than ignore it."""
    if kind == Kind.LATE_ARRIVAL:
        raise TournamentError(
            _(
                "Late arrival is not recorded as a penalty: record the player's check-in time "
                "and the penalty follows from it (rule 3.11.2)."
            )
        )
    if kind not in Kind.values:
        raise TournamentError(_("Unknown kind of penalty: %(kind)s.") % {"kind": kind})
    if kind == Kind.REPEATED_FOUL:
        if foul not in Penalty.Foul.values:
            raise TournamentError(
                _(
                    "Choose which foul was repeated (a changed claim, touching the wall, a late "
                    "Pung): each has its own scale (rules 3.11.6.3-5)."
                )
            )
    elif foul:
        raise TournamentError(_("Only a repeated foul names which foul it was."))
    if kind in _COMPUTED_KINDS and amount is not None:
        raise TournamentError(
            _("The rules set the points of this penalty (%(kind)s): leave the amount empty.")
            % {"kind": Kind(kind).label}
        )
    if kind == Kind.DEAD_HAND and amount is not None:
        raise TournamentError(_("A dead hand costs no points: leave the amount empty."))
    if kind in (Kind.DEDUCTION, Kind.REVEALED_TILE) and amount is None:
        raise TournamentError(_("Enter the points the umpire decided."))
    if kind == Kind.REVEALED_TILE and victim is None:
        raise TournamentError(_("Choose the player whose tile was revealed."))
    if kind != Kind.REVEALED_TILE and victim is not None:
        raise TournamentError(_("Only a revealed tile names a player who is paid."))
    if invalid_claim and kind != Kind.FALSE_HU:
        raise TournamentError(_("Only a False Hu can be an invalid claim on a discard."))


def _occurrence(sheet: TableSession, player: Player, foul: str) -> int:
    """The n-th time this player commits this foul in this session: his earlier non-voided
    records of the same foul, plus one (rules 3.11.6.3-5; each foul has its own count)."""
    earlier = Penalty.objects.filter(
        table_session__session_id=sheet.session_id,
        player=player,
        kind=Kind.REPEATED_FOUL,
        foul=foul,
        voided_at__isnull=True,
    ).count()
    return earlier + 1


@sheet_write_atomic
def penalty_record(
    *,
    table_session: TableSession,
    player: Player,
    kind: str,
    reason: str,
    foul: str = "",
    amount: int | None = None,
    victim: Player | None = None,
    invalid_claim: bool = False,
    hand_number: int | None = None,
    remarks: str = "",
    expected_version: int | None = None,
    user=None,
    author=None,
) -> Penalty:
    """Record a foul and its penalty on a sheet that the umpire has not signed (rule 3.11).

    - warning (3.11.1): no points;
    - deduction (3.11.2): `amount` of 5, 10, 20, 30, 40, 50 or 60, given to nobody;
    - repeated foul (3.11.6.3-5): `foul` says which; a warning, then 5, 10, 20, ... to each
      other player, counted from the player's non-voided records of that foul this session;
    - False Hu (3.11.6.6): 10 to each other player, 20 when `invalid_claim`; dead hand;
    - exposed hand (3.11.6.7): 30 to each other player;
    - revealed tile (3.11.6.7): `amount` 5-60, paid to `victim`;
    - dead hand (3.11.3, 3.11.6.2, 3.11.6.8-9): no points, loses the right to win the hand.

    `hand_number` (1-16, not after the next hand to be played) is required for a False Hu and
    a dead hand. Late arrival comes from the check-in, not from here. `author`: when the
    system records it (`user=None`) for the score desk, the clerk the row names as its author
    (see `hands.hand_record_win`).
    """
    reason = penalty_fields_check(
        kind=kind,
        reason=reason,
        foul=foul,
        amount=amount,
        victim=victim,
        invalid_claim=invalid_claim,
    )
    remarks = clean_remarks(remarks)
    sheet, seats = sheet_lock(
        table_session=table_session, expected_version=expected_version, purpose=FOULS, user=user
    )
    penalty = penalty_create_locked(
        sheet=sheet,
        seats=seats,
        player=player,
        kind=kind,
        reason=reason,
        foul=foul,
        amount=amount,
        victim=victim,
        invalid_claim=invalid_claim,
        hand_number=hand_number,
        remarks=remarks,
        user=user if user is not None else author,
    )
    sheet_touch(sheet)
    table_session_recompute_after_write(table_session=sheet, seats=seats)
    return penalty


def penalty_fields_check(
    *,
    kind: str,
    reason: str,
    foul: str = "",
    amount: int | None = None,
    victim: Player | None = None,
    invalid_claim: bool = False,
) -> str:
    """The nature of the foul cleaned (returned), and whatever does not belong to this kind of
    penalty refused, before any lock (rule 3.11). Shared by `penalty_record` and the
    director's correction that adds a penalty to a signed sheet."""
    reason = clean_reason(reason, missing=_("Describe the foul."))
    _check_fields(kind, foul=foul, amount=amount, victim=victim, invalid_claim=invalid_claim)
    return reason


def penalty_create_locked(
    *,
    sheet: TableSession,
    seats: list[Seat],
    player: Player,
    kind: str,
    reason: str,
    foul: str = "",
    amount: int | None = None,
    victim: Player | None = None,
    invalid_claim: bool = False,
    hand_number: int | None = None,
    remarks: str = "",
    user=None,
    history_reason: str = "",
) -> Penalty:
    """Compute and save a penalty inside the caller's lock of `sheet` (after
    `penalty_fields_check`): the offender and the victim sit at the table, the hand number
    fits the sheet, the points follow from the rules (3.11). The caller bumps the version and
    recomputes. `history_reason` (a correction's) goes to the penalty's history."""
    remarks = clean_remarks(remarks)
    offender = _seat_of(seats, player, role=_("the offender")).position
    _check_hand_number(sheet, hand_number, kind=kind, offender=offender)
    occurrence = None
    if kind == Kind.WARNING:
        deltas, points = {}, 0
    elif kind == Kind.DEDUCTION:
        deltas = scoring_adapter.deduction_deltas(offender=offender, amount=amount)
        points = amount
    elif kind == Kind.REPEATED_FOUL:
        occurrence = _occurrence(sheet, player, foul)
        deltas = scoring_adapter.repeated_foul_deltas(offender=offender, occurrence=occurrence)
        points = scoring_adapter.repeated_foul_amount(occurrence)
    elif kind == Kind.FALSE_HU:
        deltas = scoring_adapter.false_hu_deltas(offender=offender, invalid_claim=invalid_claim)
        points = scoring_adapter.false_hu_amount(invalid_claim=invalid_claim)
    elif kind == Kind.EXPOSED_HAND:
        deltas = scoring_adapter.exposed_hand_deltas(offender=offender)
        points = scoring_adapter.exposed_hand_amount()
    elif kind == Kind.REVEALED_TILE:
        harmed = _seat_of(seats, victim, role=_("the player whose tile was revealed")).position
        deltas = scoring_adapter.revealed_tile_deltas(
            offender=offender, victim=harmed, amount=amount
        )
        points = amount
    else:  # DEAD_HAND
        deltas, points = {}, 0
    penalty = Penalty(
        table_session=sheet,
        player=player,
        kind=kind,
        foul=foul if kind == Kind.REPEATED_FOUL else "",
        occurrence=occurrence,
        victim=victim if kind == Kind.REVEALED_TILE else None,
        amount=points,
        invalid_claim=bool(invalid_claim),
        dead_hand=kind in DEAD_HAND_KINDS,
        hand_number=hand_number,
        reason=reason,
        remarks=remarks,
        deltas=deltas,
        recorded_by=user,
    )
    if history_reason:
        penalty._change_reason = change_reason(history_reason)
        penalty._history_user = user
    penalty.save()
    return penalty


@transaction.atomic
def penalty_void(
    *, penalty: Penalty, reason: str, expected_version: int | None = None, user=None
) -> Penalty:
    """Void a penalty recorded in error, with the reason; the row stays on the Record of Fouls
    marked void, counts for nothing, and the session's results are recomputed.

    Other penalties are not changed: a later repeat of the same foul keeps the occurrence and
    points it was recorded (and announced) with; the next repeat counts the non-voided
    records. Late-arrival penalties follow the check-in: change the check-in time instead.
    """
    reason = clean_reason(reason, missing=_("Say why this penalty is voided."))
    sheet, seats = sheet_lock(
        table_session=penalty.table_session,
        expected_version=expected_version,
        purpose=FOULS,
        user=user,
    )
    locked = Penalty.objects.select_for_update().get(pk=penalty.pk)
    if locked.voided_at is not None:
        raise TournamentError(_("This penalty was already voided."))
    if locked.kind == Kind.LATE_ARRIVAL:
        raise TournamentError(
            _(
                "A late-arrival penalty follows from the check-in: correct the player's "
                "check-in time (or the session's start) instead."
            )
        )
    mark_void(locked, reason=reason, user=user)
    sheet_touch(sheet)
    table_session_recompute(table_session=sheet, seats=seats)
    return locked


def mark_void(penalty: Penalty, *, reason: str, user) -> None:
    """Mark a penalty void with its reason (inside the caller's lock of the sheet and its
    transaction; the caller bumps the version and recomputes). Also for a correction."""
    penalty.voided_at = timezone.now()
    penalty.voided_by = user
    penalty.void_reason = reason
    penalty._change_reason = change_reason(reason)
    penalty.save(update_fields=["voided_at", "voided_by", "void_reason"])
