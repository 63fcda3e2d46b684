"""Read-only view of one score sheet (Appendix 5): seats, 16 hand rows, totals, penalties."""

from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Q

from tournaments import seating_adapter
from tournaments.models import (
    Hand,
    Penalty,
    Player,
    SessionResult,
    SheetConfirmation,
    TableSession,
)
from tournaments.models.play import HANDS_PER_SESSION, POSITIONS


@dataclass
class SheetSeat:
    position: str
    player: Player
    total: int = 0
    penalties: int = 0
    rank: int | None = None
    table_points: Fraction | None = None
    confirmation: SheetConfirmation | None = None


@dataclass
class SheetRow:
    number: int
    prevalent_wind: str
    dealer_position: str
    hand: Hand | None = None
    deltas: dict[str, int] = field(default_factory=dict)
    running: dict[str, int] = field(default_factory=dict)

    @property
    def cells(self) -> list[tuple[int | None, int | None]]:
        """(change, running total) per position A..D, None for a hand not yet played."""
        if self.hand is None:
            return [(None, None) for _p in POSITIONS]
        return [(self.deltas.get(p, 0), self.running.get(p, 0)) for p in POSITIONS]

    @property
    def fans_summary(self) -> str:
        if self.hand is None:
            return ""
        parts = []
        for fan in self.hand.fans or []:
            text = f"{fan.get('name')} {fan.get('points')}"
            if fan.get("count", 1) > 1:
                text += f"×{fan['count']}"
            parts.append(text)
        return ", ".join(parts)


@dataclass
class PenaltyLine:
    penalty: Penalty
    deltas: list[int]
    forfeited: bool


@dataclass
class ScoreSheet:
    table_session: TableSession
    seats: list[SheetSeat]
    rows: list[SheetRow]
    penalties: list[PenaltyLine]
    hands_entered: int
    next_number: int | None
    corrections: list = field(default_factory=list)

    def seat(self, position: str) -> SheetSeat | None:
        return next((s for s in self.seats if s.position == position), None)

    @property
    def complete_table(self) -> bool:
        return len(self.seats) == len(POSITIONS)

    @property
    def hand_totals(self) -> list[int]:
        last = next((r for r in reversed(self.rows) if r.hand is not None), None)
        return [last.running.get(p, 0) if last else 0 for p in POSITIONS]


def scoresheet_table_sessions():
    """Score sheets with what their list shows, in as few queries as possible."""
    return TableSession.objects.select_related(
        "session__tournament", "table", "umpire"
    ).prefetch_related("seats__player", "results")


def scoresheet_compute(*, table_session: TableSession) -> ScoreSheet:
    seats = {
        seat.position: SheetSeat(position=seat.position, player=seat.player)
        for seat in table_session.seats.select_related("player__team")
    }
    hands = {
        hand.number: hand
        for hand in table_session.hands.prefetch_related("scores").order_by("number")
    }
    running = dict.fromkeys(POSITIONS, 0)
    rows = []
    for number in range(1, HANDS_PER_SESSION + 1):
        hand = hands.get(number)
        if hand is None:
            winds = seating_adapter.hand_winds(number)
            rows.append(SheetRow(number, winds.prevalent_wind, winds.dealer_position))
            continue
        deltas = {score.position: score.points for score in hand.scores.all()}
        for position in POSITIONS:
            running[position] += deltas.get(position, 0)
        rows.append(
            SheetRow(
                number,
                hand.prevalent_wind,
                hand.dealer_position,
                hand=hand,
                deltas=deltas,
                running=dict(running),
            )
        )
    penalties = []
    for penalty in table_session.penalties.select_related("player", "victim"):
        deltas = [int(penalty.deltas.get(p, 0)) for p in POSITIONS]
        if penalty.voided_at is None:
            for position, delta in zip(POSITIONS, deltas, strict=True):
                if position in seats:
                    seats[position].penalties += delta
        penalties.append(PenaltyLine(penalty, deltas, penalty.forfeited))
    by_player = {seat.player.pk: seat for seat in seats.values()}
    for confirmation in table_session.confirmations.select_related("recorded_by"):
        if confirmation.player_id in by_player:
            by_player[confirmation.player_id].confirmation = confirmation
    for position, seat in seats.items():
        seat.total = running[position] + seat.penalties
    results: list[SessionResult] = list(table_session.results.all())
    for result in results:
        if result.position in seats:
            seats[result.position].rank = result.rank
            seats[result.position].table_points = result.table_points
    entered = len(hands)
    return ScoreSheet(
        table_session=table_session,
        seats=[seats[p] for p in POSITIONS if p in seats],
        rows=rows,
        penalties=penalties,
        hands_entered=entered,
        next_number=entered + 1 if entered < HANDS_PER_SESSION else None,
        corrections=list(table_session.corrections.select_related("made_by")),
    )


def first_unplayed_session(tournament) -> int | None:
    """The first session after the last one with anything recorded: where re-seating can
    start without touching a hand, penalty, check-in or umpire assignment."""
    from tournaments.models import CheckIn, Sanction, Session

    sessions = Session.objects.filter(tournament=tournament)
    touched = sessions.filter(
        Q(table_sessions__hands__isnull=False)
        | Q(table_sessions__penalties__isnull=False)
        | Q(table_sessions__umpire__isnull=False)
        | Q(actual_start__isnull=False)
        | Q(pk__in=CheckIn.objects.values("session_id"))
        | Q(pk__in=Sanction.objects.values("session_id"))
        | Q(table_sessions__corrections__isnull=False)
        | Q(appeals__isnull=False)
    )
    last = touched.order_by("-number").values_list("number", flat=True).first() or 0
    return (
        sessions.filter(number__gt=last).order_by("number").values_list("number", flat=True).first()
    )
