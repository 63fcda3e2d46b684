"""Umpire hand entry: wins (tiles or points only), draws and time-limit stops.

Hand numbers are consecutive per score sheet; the prevalent wind, the dealer and the seat
winds come from the hand number (Appendix 4), never from what is typed.
"""

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import scoring_adapter, seating_adapter
from tournaments.errors import TournamentError
from tournaments.models import Hand, HandScore, Seat, TableSession, Tournament
from tournaments.models.play import HANDS_PER_SESSION, POSITIONS
from tournaments.services.results import table_session_recompute


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
    number = table_session.hands.count() + 1
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
) -> HandPreview:
    """Score the next hand of a sheet and its payments, without saving anything."""
    _check_positions(winner, discarder)
    number = _next_number(table_session)
    winds = seating_adapter.hand_winds(number)
    seat_wind = seating_adapter.seat_wind(winner, number)
    mode = table_session.session.tournament.entry_mode
    if mode == Tournament.EntryMode.TILES or tiles is not None:
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
        if not 0 <= flowers <= 8:
            raise TournamentError(_("A hand has 0 to 8 flowers."))
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


def _locked(table_session: TableSession) -> tuple[TableSession, list[Seat]]:
    """The sheet, locked against concurrent entry, and its four seats."""
    locked = (
        TableSession.objects.select_for_update()
        .select_related("session__tournament")
        .get(pk=table_session.pk)
    )
    seats = list(Seat.objects.filter(table_session=locked).order_by("position"))
    if len(seats) != 4:
        raise TournamentError(_("This table does not have four seated players."))
    return locked, seats


def _write_scores(hand: Hand, seats: list[Seat], payments: dict[str, int]) -> None:
    HandScore.objects.bulk_create(
        HandScore(
            hand=hand,
            player_id=s.player_id,
            position=s.position,
            points=payments.get(s.position, 0),
        )
        for s in seats
    )


@transaction.atomic
def hand_record_win(
    *,
    table_session: TableSession,
    winner: str,
    discarder: str | None,
    tiles: dict | None = None,
    points: int | None = None,
    flowers: int = 0,
    user=None,
) -> Hand:
    """Record the next hand as a win; the scoring core refuses invalid or under-8 hands."""
    table_session, seats = _locked(table_session)
    preview = hand_preview(
        table_session=table_session,
        winner=winner,
        discarder=discarder,
        tiles=tiles,
        points=points,
        flowers=flowers,
    )
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
        entered_by=user,
    )
    _write_scores(hand, seats, preview.payments)
    table_session_recompute(table_session=table_session, seats=seats)
    return hand


@transaction.atomic
def hand_record_no_win(*, table_session: TableSession, outcome: str, user=None) -> Hand:
    """A draw (wall exhausted) or a hand stopped by the time limit: nobody scores (3.9.1.3)."""
    if outcome not in (Hand.Outcome.DRAW, Hand.Outcome.TIME_LIMIT):
        raise TournamentError(_("A hand without a winner is a draw or a time-limit stop."))
    table_session, seats = _locked(table_session)
    number = _next_number(table_session)
    winds = seating_adapter.hand_winds(number)
    hand = Hand.objects.create(
        table_session=table_session,
        number=number,
        prevalent_wind=winds.prevalent_wind,
        dealer_position=winds.dealer_position,
        outcome=outcome,
        entered_by=user,
    )
    _write_scores(hand, seats, {})
    table_session_recompute(table_session=table_session, seats=seats)
    return hand


@transaction.atomic
def hand_delete_last(*, table_session: TableSession) -> int:
    """Take back the last hand entered on a sheet (an umpire's typing mistake)."""
    table_session, seats = _locked(table_session)
    last = table_session.hands.order_by("-number").first()
    if last is None:
        raise TournamentError(_("This score sheet has no hand to remove."))
    number = last.number
    last.delete()
    table_session_recompute(table_session=table_session, seats=seats)
    return number
