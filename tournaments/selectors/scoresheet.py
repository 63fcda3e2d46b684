"""Read-only view of one score sheet (Appendix 5): seats, 16 hand rows, totals, penalties."""

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import (
    Aggregate,
    Count,
    JSONField,
    OuterRef,
    Prefetch,
    Q,
    Subquery,
    Value,
)
from django.db.models.functions import Coalesce, JSONArray

from tournaments import seating_adapter
from tournaments.compiled_query import CompiledQuery
from tournaments.fans import fan_name
from tournaments.models import (
    Correction,
    Hand,
    HandScore,
    Penalty,
    Player,
    Seat,
    Session,
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
    replaced_player: Player | None = None  # lost the session; this seat's player replaces him
    forfeited: bool = False  # this seat's player lost the session (3.11.2)
    absent: bool = False  # this seat's player did not come: he signs nothing (3.9.2)


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
            text = f"{fan_name(fan.get('id'), fan.get('name'))} {fan.get('points')}"
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
    # A list, or for one sheet its unevaluated queryset: read when shown (the admin's page, the
    # printed sheet), not by the sheet the umpire's tablet reads before every hand.
    corrections: Iterable[Correction] = field(default_factory=list)

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
    ).prefetch_related(Prefetch("seats", Seat.objects.select_related("player")), "results")


def hands_aggregate(aggregate) -> Subquery:
    """`aggregate` (Count, Max...) over a sheet's hands, as an annotation: a subquery per listed
    row, not a join and GROUP BY over every hand of the event before the page's 100 rows are
    picked (the 500-player sheet list spent most of its time there). None with no hand."""
    hands = (
        Hand.objects.filter(table_session=OuterRef("pk"))
        .order_by()
        .values("table_session")
        .annotate(value=aggregate)
        .values("value")
    )
    return Subquery(hands)


def hands_count():
    """A sheet's hands, as an annotation (hands_aggregate)."""
    return Coalesce(hands_aggregate(Count("pk")), 0)


def scoresheet_list_rows():
    """Score sheets with what the admin's list shows of their seats and results, read with
    them as JSON: `listed_seats`, [position, player's name] per seat, and `listed_results`,
    [position, id, score, table points x12] per result, in no order. A model instance per seat,
    player and result cost a fifth of the 100-player list (issue #31)."""
    seats = _rows_of(Seat, "position", "player__name")
    results = _rows_of(SessionResult, "position", "id", "score", "table_points_12")
    return TableSession.objects.select_related("session__tournament", "table", "umpire").annotate(
        listed_seats=Coalesce(seats, Value([], JSONField())),
        listed_results=Coalesce(results, Value([], JSONField())),
    )


def _rows_of(model, *fields: str) -> Subquery:
    """The listed sheet's rows of `model` as one JSON array of their `fields` (a subquery)."""
    grouped = (
        model.objects.filter(table_session=OuterRef("pk"))
        .order_by()
        .values("table_session")
        .annotate(rows=_JsonRows(JSONArray(*fields)))
        .values("rows")
    )
    return Subquery(grouped, output_field=JSONField())


class _JsonRows(Aggregate):
    """Values as one JSON array: json_group_array in SQLite, jsonb_agg in PostgreSQL."""

    function = "json_group_array"
    output_field = JSONField()

    def as_postgresql(self, compiler, connection, **extra):
        return self.as_sql(compiler, connection, function="jsonb_agg", **extra)


class _PositionPoints(Aggregate):
    """Rows' (position, points) as one JSON object: json_group_object in SQLite,
    jsonb_object_agg in PostgreSQL (jsonb: what Django's driver hands over as text)."""

    function = "json_group_object"
    output_field = JSONField()

    def as_postgresql(self, compiler, connection, **extra):
        return self.as_sql(compiler, connection, function="jsonb_object_agg", **extra)


def with_payments(hands):
    """Hands with their payments read in the same query (`_payments`: {position: points}),
    not by a second query for their scores: one sheet's read, before every hand."""
    payments = (
        HandScore.objects.filter(hand=OuterRef("pk"))
        .order_by()
        .values("hand")
        .annotate(by_position=_PositionPoints("position", "points"))
        .values("by_position")
    )
    return hands.annotate(_payments=Subquery(payments, output_field=JSONField()))


def hand_payments(hand: Hand) -> dict[str, int]:
    """A hand's payments by position: read with it (`with_payments`), else its scores (a
    session's sheets prefetch them; a hand just written has them)."""
    if hasattr(hand, "_payments"):
        return {position: int(points) for position, points in (hand._payments or {}).items()}
    return {score.position: score.points for score in hand.scores.all()}


# One sheet's rows, their queries built once per connection (compiled_query.py): the
# umpire's read before every hand (#31). No ordering where the sheet orders itself (an
# ordering makes Django hash every selected column).
_SEATS = CompiledQuery(
    lambda teams, sheet_id: (
        Seat.objects.filter(table_session_id=sheet_id)
        .select_related("player__team" if teams else "player", "replaced_player")
        .order_by()
    ),
    sheet_id=int,
)
_HANDS = CompiledQuery(
    lambda sheet_id: with_payments(Hand.objects.filter(table_session_id=sheet_id).order_by()),
    sheet_id=int,
)
_PENALTIES = CompiledQuery(
    lambda sheet_id: Penalty.objects.filter(table_session_id=sheet_id).order_by(), sheet_id=int
)
_RESULTS = CompiledQuery(
    lambda sheet_id: SessionResult.objects.filter(table_session_id=sheet_id).order_by(),
    sheet_id=int,
)


def scoresheet_compute(*, table_session: TableSession, teams: bool = True) -> ScoreSheet:
    """One sheet; its seats' players with their teams unless `teams=False` (the API's sheet,
    which does not show them).

    Its queries are lean because half the CPU of the umpire's read before every hand was Django
    building their SQL (issue #31): built once per connection (`_SEATS` and the others), no
    join for the penalised players (they sit at the table: `_penalty_players`), corrections
    read only if shown.
    """
    # An open sheet holds no confirmation: they are given to a complete sheet, and the write
    # that reopens one withdraws them (services/sheets.py, sheet_touch). No query for them on
    # the sheet an umpire reads before every hand.
    confirmations = (
        table_session.confirmations.select_related("recorded_by")
        if table_session.status != TableSession.Status.OPEN
        else ()
    )
    sheet = {"attach": {"table_session": table_session}, "sheet_id": table_session.pk}
    return _sheet_assemble(
        table_session,
        seats=_SEATS.fetch(teams=teams, **sheet),
        hands=_HANDS.fetch(**sheet),  # rows by number
        penalties=sorted(_PENALTIES.fetch(**sheet), key=lambda p: (p.recorded_at, p.pk)),
        confirmations=confirmations,
        results=_RESULTS.fetch(**sheet),
        corrections=table_session.corrections.select_related("made_by"),
    )


def scoresheets_compute(*, table_sessions) -> list[ScoreSheet]:
    """Every sheet of a queryset of table sessions, in its order, computed exactly as
    `scoresheet_compute` does but in a fixed number of queries whatever the number of sheets
    (one per related table: a session's 125 sheets print in one go). Also loads what the
    printed sheet shows beyond the figures: signatures, who recorded and voided penalties."""
    sheets = table_sessions.select_related(
        "session__tournament", "table", "umpire", "umpire_signed_by", "countersigned_by"
    ).prefetch_related(
        Prefetch(
            "seats",
            queryset=Seat.objects.select_related("player__team", "replaced_player__team"),
            to_attr="_print_seats",
        ),
        Prefetch(
            "hands",
            queryset=Hand.objects.prefetch_related("scores").order_by("number"),
            to_attr="_print_hands",
        ),
        Prefetch(
            "penalties",
            queryset=Penalty.objects.select_related("player", "victim", "recorded_by", "voided_by"),
            to_attr="_print_penalties",
        ),
        Prefetch(
            "confirmations",
            queryset=SheetConfirmation.objects.select_related("recorded_by"),
            to_attr="_print_confirmations",
        ),
        Prefetch(
            "results", queryset=SessionResult.objects.order_by("pk"), to_attr="_print_results"
        ),
        Prefetch(
            "corrections",
            queryset=Correction.objects.select_related("made_by"),
            to_attr="_print_corrections",
        ),
    )
    return [
        _sheet_assemble(
            sheet,
            seats=sheet._print_seats,
            hands=sheet._print_hands,
            penalties=sheet._print_penalties,
            confirmations=sheet._print_confirmations,
            results=sheet._print_results,
            corrections=sheet._print_corrections,
        )
        for sheet in sheets
    ]


def session_scoresheets_compute(*, session: Session, table=None) -> list[ScoreSheet]:
    """All sheets of a session in table order (or the one of `table`: a Table or its number),
    in a fixed number of queries."""
    sheets = TableSession.objects.filter(session=session).order_by("table__number")
    if isinstance(table, int):
        sheets = sheets.filter(table__number=table)
    elif table is not None:
        sheets = sheets.filter(table=table)
    return scoresheets_compute(table_sessions=sheets)


def _sheet_rows(hands: Iterable[Hand]) -> tuple[list[SheetRow], dict[str, int], int]:
    """The sheet's 16 rows (a hand not yet played: its winds and dealer only), each seat's
    running total after the last hand and the number of hands entered."""
    by_number = {hand.number: hand for hand in hands}
    running = dict.fromkeys(POSITIONS, 0)
    rows = []
    for number in range(1, HANDS_PER_SESSION + 1):
        hand = by_number.get(number)
        if hand is None:
            winds = seating_adapter.hand_winds(number)
            rows.append(SheetRow(number, winds.prevalent_wind, winds.dealer_position))
            continue
        deltas = hand_payments(hand)
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
    return rows, running, len(by_number)


def _penalty_players(penalties: Iterable[Penalty], seats: Iterable[SheetSeat]) -> list[Penalty]:
    """The penalties with their player (and victim) given from the table's seats when not
    loaded with them: a penalty is always given to a player of the table (or the one a
    substitute replaced). Anyone else is read as usual."""
    players = {}
    for seat in seats:
        for player in (seat.player, seat.replaced_player):
            if player is not None:
                players[player.pk] = player
    penalties = list(penalties)
    for penalty in penalties:
        for relation in ("player", "victim"):
            player_id = getattr(penalty, f"{relation}_id")
            if player_id in players and not getattr(Penalty, relation).is_cached(penalty):
                setattr(penalty, relation, players[player_id])
    return penalties


def _penalty_lines(
    penalties: Iterable[Penalty], by_position: dict[str, SheetSeat]
) -> list[PenaltyLine]:
    """The sheet's penalty lines; each seat's penalties add up those not voided."""
    lines = []
    absent = {penalty.player_id for penalty in penalties if penalty.marks_no_show}
    for seat in by_position.values():
        seat.absent = seat.player.pk in absent
    for penalty in penalties:
        deltas = [int(penalty.deltas.get(p, 0)) for p in POSITIONS]
        if penalty.voided_at is None:
            for position, delta in zip(POSITIONS, deltas, strict=True):
                if position in by_position:
                    by_position[position].penalties += delta
        lines.append(PenaltyLine(penalty, deltas, penalty.forfeited))
    return lines


def _seat_results(by_position: dict[str, SheetSeat], results: Iterable[SessionResult]) -> None:
    """Each seat's rank, table points and forfeit, from its own player's result."""
    for result in results:
        seat = by_position.get(result.position)
        # A seat taken over by a substitute also holds the replaced player's result (lost,
        # rank 4): the seat shows its own player's.
        if seat is not None and result.player_id == seat.player.pk:
            seat.rank = result.rank
            seat.table_points = result.table_points
            seat.forfeited = result.forfeited


def _sheet_assemble(
    table_session: TableSession,
    *,
    seats: Iterable[Seat],
    hands: Iterable[Hand],
    penalties: Iterable[Penalty],
    confirmations: Iterable[SheetConfirmation],
    results: Iterable[SessionResult],
    corrections: Iterable[Correction],
) -> ScoreSheet:
    """The sheet from its rows, however they were loaded (one sheet or a session's)."""
    by_position = {
        seat.position: SheetSeat(
            position=seat.position, player=seat.player, replaced_player=seat.replaced_player
        )
        for seat in seats
    }
    rows, running, entered = _sheet_rows(hands)
    penalties = _penalty_players(penalties, by_position.values())
    lines = _penalty_lines(penalties, by_position)
    by_player = {seat.player.pk: seat for seat in by_position.values()}
    for confirmation in confirmations:
        if confirmation.player_id in by_player:
            by_player[confirmation.player_id].confirmation = confirmation
    for position, seat in by_position.items():
        seat.total = running[position] + seat.penalties
    _seat_results(by_position, results)
    return ScoreSheet(
        table_session=table_session,
        seats=[by_position[p] for p in POSITIONS if p in by_position],
        rows=rows,
        penalties=lines,
        hands_entered=entered,
        next_number=entered + 1 if entered < HANDS_PER_SESSION else None,
        corrections=corrections,
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
