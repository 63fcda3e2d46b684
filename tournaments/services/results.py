"""Session totals, ranks and table points, recomputed whenever a hand or penalty changes."""

from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Sum
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from tournaments import scoring_adapter
from tournaments.compiled_query import CompiledQuery
from tournaments.models import HandScore, Penalty, Seat, SessionResult, TableSession
from tournaments.models.play import TABLE_POINT_UNIT
from tournaments.services.row_updates import rows_update


@dataclass(frozen=True)
class _Line:
    player_id: int
    position: str
    score: int
    rank: int
    table_points_12: int
    forfeited: bool


def _penalty_effects(penalties: list[Penalty], seats: dict[str, Seat]) -> tuple[dict, set]:
    """Score change per position, and the positions whose player lost the session."""
    deltas: dict[str, int] = defaultdict(int)
    forfeited: set[str] = set()
    position_of = {seat.player_id: position for position, seat in seats.items()}
    for penalty in penalties:
        for position, delta in penalty.deltas.items():
            if position in seats:
                deltas[position] += int(delta)
        if penalty.forfeited and penalty.player_id in position_of:
            forfeited.add(position_of[penalty.player_id])
    return deltas, forfeited


def _rank(scores: dict[str, int], forfeited: set[str], tie_rule: str) -> dict[str, tuple]:
    """Rank and table points per position (3.9.2).

    A player who lost the session (3.11.2) takes no table points and ranks below everyone who
    played it; the others share the top places among themselves, so a tie at the bottom never
    hands table points to a forfeited player.
    """
    floor = min(scores.values()) - 1
    ranking = {p: (floor if p in forfeited else s) for p, s in scores.items()}
    ranks = scoring_adapter.table_points(ranking, tie_rule=tie_rule)
    last = len(scores) - len(forfeited) + 1
    return {
        p: ((last, 0) if p in forfeited else (rank, int(tp * TABLE_POINT_UNIT)))
        for p, (rank, tp) in ranks.items()
    }


def _has_result(table_session: TableSession, hand_totals: dict, penalties: list) -> bool:
    """A sheet gives its players a result once anything is recorded on it, and always once it
    is closed: a sheet closed by the session's end or the time limit with no hand and no
    penalty is a four-way tie (3.9.2: equal scores share their places' table points)."""
    return bool(hand_totals or penalties) or table_session.status != TableSession.Status.OPEN


def penalties_in_force(table_session: TableSession) -> list[Penalty]:
    """The sheet's penalties not voided: what its results count (in no order: they add up;
    an ordering costs Django more to build than the query takes to run)."""
    return _PENALTIES_IN_FORCE.fetch(
        sheet_id=table_session.pk, attach={"table_session": table_session}
    )


# The queries of every hand's write, built once per connection (compiled_query.py, #31).
_PENALTIES_IN_FORCE = CompiledQuery(
    lambda sheet_id: Penalty.objects.filter(
        table_session_id=sheet_id, voided_at__isnull=True
    ).order_by(),
    sheet_id=int,
)
_RESULTS = CompiledQuery(
    lambda sheet_id: SessionResult.objects.filter(table_session_id=sheet_id), sheet_id=int
)


def _lines(
    table_session: TableSession,
    by_position: dict[str, Seat],
    penalties: list[Penalty] | None = None,
) -> list[_Line]:
    hand_totals = dict(
        HandScore.objects.filter(hand__table_session=table_session)
        .values_list("position")
        .annotate(total=Sum("points"))
        .order_by()
    )
    if penalties is None:
        penalties = penalties_in_force(table_session)
    if len(by_position) != 4 or not _has_result(table_session, hand_totals, penalties):
        return []
    tournament = table_session.session.tournament
    penalty_deltas, forfeited = _penalty_effects(penalties, by_position)
    scores = {p: hand_totals.get(p, 0) + penalty_deltas.get(p, 0) for p in by_position}
    ranked = _rank(scores, forfeited, tournament.tie_rule)
    # A lost session is one fixed result (3.11.2 "ha perdido la sesión actual"): 0 table
    # points and the tournament's contest points for it, whatever was paid at his seat.
    forfeit_score = tournament.forfeit_contest_points
    lines = [
        _Line(
            seat.player_id,
            p,
            forfeit_score if p in forfeited else scores[p],
            *ranked[p],
            p in forfeited,
        )
        for p, seat in sorted(by_position.items())
    ]
    # A registered player replaced by a substitute after losing the session: the seat's
    # payments are the substitute's line; his is the fixed forfeit.
    lines += [
        _Line(seat.replaced_player_id, p, forfeit_score, 4, 0, True)
        for p, seat in sorted(by_position.items())
        if seat.replaced_player_id
    ]
    return lines


def table_session_expected_results(
    *, table_session: TableSession, seats: list[Seat] | None = None
) -> list[_Line]:
    """The results the sheet gives, as table_session_recompute would store them, without
    writing anything (to compare with results stored elsewhere, e.g. in an archive)."""
    by_position = {s.position: s for s in (seats or table_session.seats.all())}
    return _lines(table_session, by_position)


# Sheets written within `results_recomputed_once`, by id: (sheet, seats) to recompute at its end.
_PENDING: ContextVar[dict | None] = ContextVar("results_pending", default=None)


@contextmanager
def results_recomputed_once() -> Iterator[None]:
    """Within it (inside one transaction), the rows written one by one to a sheet (the score
    desk's whole paper: 16 hands, its fouls) recompute the sheet's results once, when it ends,
    instead of after every row; nothing between them reads the results. On an error nothing
    is recomputed (the transaction is rolled back)."""
    if _PENDING.get() is not None:  # already within one: the outer one recomputes
        yield
        return
    pending: dict = {}
    token = _PENDING.set(pending)
    try:
        yield
    finally:
        _PENDING.reset(token)
    for sheet, seats in pending.values():
        table_session_recompute(table_session=sheet, seats=seats)


def table_session_recompute_after_write(
    *,
    table_session: TableSession,
    seats: list[Seat],
    penalties: list[Penalty] | None = None,
) -> None:
    """After a hand or a foul is written: recompute the sheet's results now, or once at the end
    of the enclosing `results_recomputed_once` (which reads the penalties again then).
    `penalties`: the sheet's penalties in force, when the write read them and left them as
    they were (a hand)."""
    pending = _PENDING.get()
    if pending is None:
        table_session_recompute(table_session=table_session, seats=seats, penalties=penalties)
    else:
        pending[table_session.pk] = (table_session, seats)


RESULT_FIELDS = ("position", "score", "rank", "table_points_12", "forfeited")


# No savepoint of its own: within a caller's transaction an error here rolls the caller's write
# back too (each hand and foul recomputes its sheet: two round trips saved per write).
@transaction.atomic(savepoint=False)
def table_session_recompute(
    *,
    table_session: TableSession,
    seats: list[Seat] | None = None,
    penalties: list[Penalty] | None = None,
    reason: str = "",
) -> list[SessionResult]:
    """Sum hand scores and penalties per seat; rank the table; give table points (3.9.2).

    Results are updated in place, so each one's history shows how it changed (with the
    correction's reason, when there is one). New and changed results are written in bulk, a
    history row for each (as a save would), in a few statements however many change.
    """
    by_position = {s.position: s for s in (seats or table_session.seats.all())}
    lines = {line.player_id: line for line in _lines(table_session, by_position, penalties)}
    existing = {r.player_id: r for r in _RESULTS.fetch(sheet_id=table_session.pk)}
    for player_id, result in existing.items():
        if player_id not in lines:
            result._change_reason = reason
            result.delete()
    saved, created, changed, fields = [], [], [], set()
    for player_id, line in lines.items():
        result = existing.get(player_id)
        values = {name: getattr(line, name) for name in RESULT_FIELDS}
        if result is None:
            result = SessionResult(
                table_session=table_session,
                session_id=table_session.session_id,
                player_id=player_id,
                **values,
            )
            created.append(result)
        else:
            moved = {key for key, value in values.items() if getattr(result, key) != value}
            for key in moved:
                setattr(result, key, values[key])
            if moved:
                changed.append(result)
                fields |= moved
        saved.append(result)
    if created:
        bulk_create_with_history(created, SessionResult, default_change_reason=reason)
    if changed:
        # Only the columns that moved (a hand moves the scores, ranks and table points; the
        # positions and forfeits seldom), in one UPDATE; then a history row for each, as
        # bulk_update_with_history writes them (given no fields, it writes only those).
        rows_update(SessionResult, changed, [name for name in RESULT_FIELDS if name in fields])
        bulk_update_with_history(changed, SessionResult, fields=[], default_change_reason=reason)
    return saved


@dataclass(frozen=True)
class ResultChange:
    """A stored session result that a recompute changed (or removed, or added)."""

    session: int
    table: int
    player: str
    before: tuple[int, int] | None  # (score, table points in twelfths)
    after: tuple[int, int] | None


def _stored(table_session: TableSession) -> dict[int, tuple[str, tuple[int, int]]]:
    return {
        r.player_id: (r.player.name, (r.score, r.table_points_12))
        for r in SessionResult.objects.filter(table_session=table_session).select_related("player")
    }


@transaction.atomic
def tournament_results_recompute(*, tournament_id: int, reason: str) -> list[ResultChange]:
    """Recompute every stored session result of a tournament under the rules as they are
    now (each sheet locked in one order, each changed result's history carrying `reason`),
    and say what changed: nothing official changes silently."""
    changes = []
    sheets = (
        TableSession.objects.select_for_update(of=("self",))
        .filter(session__tournament_id=tournament_id)
        .select_related("session__tournament", "table")
        .order_by("pk")
    )
    for sheet in sheets:
        before = _stored(sheet)
        table_session_recompute(table_session=sheet, reason=reason)
        after = _stored(sheet)
        for player_id in sorted(before.keys() | after.keys()):
            old, new = before.get(player_id), after.get(player_id)
            if (old and old[1]) != (new and new[1]):
                changes.append(
                    ResultChange(
                        session=sheet.session.number,
                        table=sheet.table.number,
                        player=(new or old)[0],
                        before=old and old[1],
                        after=new and new[1],
                    )
                )
    return changes
