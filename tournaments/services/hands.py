"""Umpire hand entry: wins (tiles or points only), draws and time-limit stops.

Hand numbers are consecutive per score sheet; the prevalent wind, the dealer and the seat
winds come from the hand number (Appendix 4), never from what is typed.
"""

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import scoring_adapter, seating_adapter
from tournaments.errors import TournamentError
from tournaments.models import Appeal, Hand, HandScore, Penalty, Seat, TableSession, Tournament
from tournaments.models.play import HANDS_PER_SESSION, MAX_FLOWERS, POSITIONS, SheetClosure
from tournaments.selectors.session_time import time_stop_check
from tournaments.services.results import penalties_in_force, table_session_recompute_after_write
from tournaments.services.sheets import (
    FOULS,
    HANDS,
    HANDS_RECORDED,
    PAPER,
    sheet_lock,
    sheet_touch,
    sheet_write_atomic,
)
from tournaments.system_texts import system_text_store


@dataclass(frozen=True)
class HandPreview:
    number: int
    prevalent_wind: str
    dealer_position: str
    winner_seat_wind: str
    points: int
    flowers: int
    fans: list[dict]
    explanation: list[str]
    payments: dict[str, int]

    @property
    def total(self) -> int:
        return self.points + self.flowers


def _next_number(table_session: TableSession) -> int:
    """The next hand's number: from the count sheet_lock read with the seats, else counted."""
    recorded = getattr(table_session, HANDS_RECORDED, None)
    number = (table_session.hands.count() if recorded is None else recorded) + 1
    if number > HANDS_PER_SESSION:
        raise TournamentError(_("All 16 hands of this session are already recorded."))
    return number


def _check_positions(winner: str, discarder: str | None) -> None:
    if winner not in POSITIONS:
        raise TournamentError(_("Choose the winner (A, B, C or D)."))
    if discarder and discarder not in POSITIONS:
        raise TournamentError(_("The discarder must be A, B, C or D."))
    if discarder == winner:
        raise TournamentError(_("The winner cannot have discarded his own winning tile."))


def hand_preview(
    *,
    table_session: TableSession,
    winner: str,
    discarder: str | None,
    tiles: dict | None = None,
    points: int | None = None,
    flowers: int = 0,
    from_paper: bool = False,
) -> HandPreview:
    """Score the next hand of a sheet and its payments, without saving anything."""
    return hand_score(
        table_session=table_session,
        number=_next_number(table_session),
        winner=winner,
        discarder=discarder,
        tiles=tiles,
        points=points,
        flowers=flowers,
        from_paper=from_paper,
    )


def hand_score(
    *,
    table_session: TableSession,
    number: int,
    winner: str,
    discarder: str | None,
    tiles: dict | None = None,
    points: int | None = None,
    flowers: int = 0,
    from_paper: bool = False,
) -> HandPreview:
    """Score hand `number` of a sheet as a win and its payments, without saving anything.

    `from_paper`: the hand is copied from the paper score sheet at the score desk, which
    records points, not tiles: in a tiles tournament its points stand without the tiles (the
    8-point minimum is checked as in a points-only tournament)."""
    _check_positions(winner, discarder)
    winds = seating_adapter.hand_winds(number)
    seat_wind = seating_adapter.seat_wind(winner, number)
    mode = table_session.session.tournament.entry_mode
    tiles_required = mode == Tournament.EntryMode.TILES and not from_paper
    if tiles_required or tiles is not None:
        if tiles is None:
            raise TournamentError(_("This tournament records the tiles of every winning hand."))
        scored = scoring_adapter.score_tiles(
            tiles=tiles,
            seat_wind=seat_wind,
            prevalent_wind=winds.prevalent_wind,
            self_drawn=not discarder,
        )
        points, flowers, fans, explanation = (
            scored.points,
            scored.flowers,
            scored.fans,
            scored.explanation,
        )
    else:
        if points is None:
            raise TournamentError(_("Enter the points of the winning hand."))
        if not 0 <= flowers <= MAX_FLOWERS:
            raise TournamentError(_("A hand has 0 to %(max)s flowers.") % {"max": MAX_FLOWERS})
        scoring_adapter.check_points_only(points)
        fans, explanation = [], []
    return HandPreview(
        number=number,
        prevalent_wind=winds.prevalent_wind,
        dealer_position=winds.dealer_position,
        winner_seat_wind=seat_wind,
        points=points,
        flowers=flowers,
        fans=fans,
        explanation=explanation,
        payments=scoring_adapter.win_payments(
            total=points + flowers, winner=winner, discarder=discarder
        ),
    )


def check_winner_may_win(
    table_session: TableSession,
    seats: list[Seat],
    winner: str,
    number: int,
    penalties: list[Penalty] | None = None,
):
    """A dead hand (3.11.6.6, 3.11.6.8-9) loses the right to win that hand; a player who lost
    the session by arriving late (3.11.2) wins no hand of it. `penalties`: the sheet's
    penalties in force, when the caller has read them (`penalties_in_force`)."""
    player_id = next(s.player_id for s in seats if s.position == winner)
    if penalties is None:
        penalties = penalties_in_force(table_session)
    barring = {
        penalty.forfeited
        for penalty in penalties
        if penalty.player_id == player_id
        and (penalty.forfeited or (penalty.dead_hand and penalty.hand_number == number))
    }
    if True in barring:
        raise TournamentError(
            _("%(who)s lost this session by arriving late and cannot win a hand of it.")
            % {"who": winner}
        )
    if barring:
        raise TournamentError(
            _("%(who)s has a dead hand in hand %(n)s and cannot win it.")
            % {"who": winner, "n": number}
        )


def check_winner_not_barred(seats: list[Seat], winner: str) -> None:
    """A disqualified or excluded player plays no more (3.11.4-5, selectors/eligibility.py):
    a win of his entered while he is barred is refused. (A paper sheet keyed afterwards holds
    the hands he played before: a later session could not start with him seated.) The seats
    come from `sheet_lock`, which reads whether each player is barred."""
    seat = next(s for s in seats if s.position == winner)
    if getattr(seat, "player_barred", False):
        raise TournamentError(
            _(
                "The winner (%(who)s) is disqualified or excluded (rules 3.11.4-5) and plays "
                "no more: no win of this player is recorded."
            )
            % {"who": winner},
            code="invalid_state",
        )


def _close_if_done(table_session: TableSession, hand: Hand) -> None:
    """A sheet is complete after its 16th hand, or at a time-limit stop (3.5.6)."""
    if hand.outcome == Hand.Outcome.TIME_LIMIT:
        closure = SheetClosure.TIME_LIMIT
    elif hand.number >= HANDS_PER_SESSION:
        closure = SheetClosure.ALL_HANDS
    else:
        return
    table_session.status = TableSession.Status.COMPLETE
    table_session.closed_by = closure
    table_session.save(update_fields=["status", "closed_by"])


def write_scores(hand: Hand, seats: list[Seat], payments: dict[str, int]) -> None:
    """The hand's payments, one row per seat; `hand.scores.all()` then gives them without a
    query (as if prefetched: the caller shows them at once)."""
    scores = HandScore.objects.bulk_create(
        HandScore(
            hand=hand,
            player_id=s.player_id,
            position=s.position,
            points=payments.get(s.position, 0),
        )
        for s in seats
    )
    hand._prefetched_objects_cache = {"scores": scores}  # the related_name of HandScore.hand


@sheet_write_atomic
def hand_record_win(
    *,
    table_session: TableSession,
    winner: str,
    discarder: str | None,
    tiles: dict | None = None,
    points: int | None = None,
    flowers: int = 0,
    expected_version: int | None = None,
    user=None,
    from_paper: bool = False,
    author=None,
) -> Hand:
    """Record the next hand as a win; the scoring core refuses invalid or under-8 hands.

    The score desk (the desk app) records a whole paper sheet as the system (`user=None`)
    once it has checked `policies.may_key_at_desk` itself: `from_paper` (see `hand_score`;
    a sheet the session's end closed still takes the hands the paper holds) and `author`, the
    login the row names as its author when `user` is None (the clerk whose entry recorded it).
    """
    purpose = PAPER if from_paper else HANDS
    table_session, seats = sheet_lock(
        table_session=table_session, expected_version=expected_version, purpose=purpose, user=user
    )
    preview = hand_preview(
        table_session=table_session,
        winner=winner,
        discarder=discarder,
        tiles=tiles,
        points=points,
        flowers=flowers,
        from_paper=from_paper,
    )
    if not from_paper:
        check_winner_not_barred(seats, winner)
    penalties = penalties_in_force(table_session)  # read once: the results need them too
    check_winner_may_win(table_session, seats, winner, preview.number, penalties)
    hand = Hand.objects.create(
        table_session=table_session,
        number=preview.number,
        prevalent_wind=preview.prevalent_wind,
        dealer_position=preview.dealer_position,
        outcome=Hand.Outcome.WIN,
        winner_position=winner,
        discarder_position=discarder or "",
        tiles=tiles,
        fans=preview.fans,
        points=preview.points,
        flowers=preview.flowers,
        entered_by=user if user is not None else author,
    )
    write_scores(hand, seats, preview.payments)
    _after_write(table_session, seats, hand, penalties)
    return hand


def _after_write(
    table_session: TableSession,
    seats: list[Seat],
    hand: Hand | None,
    penalties: list[Penalty] | None = None,
) -> None:
    if hand is not None:
        _close_if_done(table_session, hand)
    sheet_touch(table_session)
    table_session_recompute_after_write(
        table_session=table_session, seats=seats, penalties=penalties
    )


@sheet_write_atomic
def hand_record_no_win(
    *,
    table_session: TableSession,
    outcome: str,
    expected_version: int | None = None,
    user=None,
    from_paper: bool = False,
    author=None,
) -> Hand:
    """A draw (wall exhausted) or a hand stopped by the time limit: nobody scores (3.9.1.3).
    A time-limit stop ends the session for that table (3.5.6), and is refused before the
    session's time is up (`time_stop_check`). `from_paper` and `author`: the score desk's, as
    in `hand_record_win`."""
    if outcome not in (Hand.Outcome.DRAW, Hand.Outcome.TIME_LIMIT):
        raise TournamentError(_("A hand without a winner is a draw or a time-limit stop."))
    purpose = PAPER if from_paper else HANDS
    table_session, seats = sheet_lock(
        table_session=table_session, expected_version=expected_version, purpose=purpose, user=user
    )
    number = _next_number(table_session)
    if outcome == Hand.Outcome.TIME_LIMIT:
        time_stop_check(table_session.session)
    winds = seating_adapter.hand_winds(number)
    hand = Hand.objects.create(
        table_session=table_session,
        number=number,
        prevalent_wind=winds.prevalent_wind,
        dealer_position=winds.dealer_position,
        outcome=outcome,
        entered_by=user if user is not None else author,
    )
    write_scores(hand, seats, {})
    _after_write(table_session, seats, hand)
    return hand


@transaction.atomic
def hand_delete_last(
    *, table_session: TableSession, number: int, expected_version: int | None = None, user=None
) -> int:
    """Take back the last hand entered on an open sheet (an umpire's typing mistake).

    `number` is the hand the umpire confirmed removing: a second post of the same
    confirmation finds another last hand and is refused, so it never removes two.
    """
    # Allowed until the umpire signs: a time-limit stop pressed by mistake can be taken back.
    table_session, seats = sheet_lock(
        table_session=table_session, expected_version=expected_version, purpose=FOULS, user=user
    )
    last = table_session.hands.order_by("-number").first()
    if last is None:
        raise TournamentError(_("This score sheet has no hand to remove."))
    if last.number != number:
        raise TournamentError(
            _("Hand %(n)s is no longer the last hand of this sheet; nothing was removed.")
            % {"n": number}
        )
    if Appeal.objects.filter(hand=last).exists():
        raise TournamentError(
            _("An appeal names hand %(n)s: it stays until the committee rules on it.")
            % {"n": number}
        )
    last._change_reason = system_text_store("hand.last_removed")
    last.delete()
    _reopen_if_closed_by_hands(table_session)
    _after_write(table_session, seats, None)
    return number


def _reopen_if_closed_by_hands(table_session: TableSession) -> None:
    if table_session.closed_by not in (SheetClosure.ALL_HANDS, SheetClosure.TIME_LIMIT):
        return
    if table_session.session.actual_end is not None:
        table_session.closed_by = SheetClosure.SESSION_END
    else:
        table_session.status, table_session.closed_by = TableSession.Status.OPEN, ""
    table_session.save(update_fields=["status", "closed_by"])
