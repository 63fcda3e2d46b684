"""Session totals, ranks and table points, recomputed whenever a hand or penalty changes."""

from collections import defaultdict
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Sum

from tournaments import scoring_adapter
from tournaments.models import HandScore, Penalty, Seat, SessionResult, TableSession
from tournaments.models.play import TABLE_POINT_UNIT


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

    A player who lost the session by arriving late (3.11.2) takes no table points and ranks
    below everyone who played it; the others share the top places among themselves, so a tie
    at the bottom never hands table points to a forfeited player.
    """
    floor = min(scores.values()) - 1
    ranking = {p: (floor if p in forfeited else s) for p, s in scores.items()}
    ranks = scoring_adapter.table_points(ranking, tie_rule=tie_rule)
    last = len(scores) - len(forfeited) + 1
    return {
        p: ((last, 0) if p in forfeited else (rank, int(tp * TABLE_POINT_UNIT)))
        for p, (rank, tp) in ranks.items()
    }


def _lines(table_session: TableSession, by_position: dict[str, Seat]) -> list[_Line]:
    hand_totals = dict(
        HandScore.objects.filter(hand__table_session=table_session)
        .values_list("position")
        .annotate(total=Sum("points"))
        .order_by()
    )
    penalties = list(table_session.penalties.filter(voided_at__isnull=True))
    if len(by_position) != 4 or (not hand_totals and not penalties):
        return []
    penalty_deltas, forfeited = _penalty_effects(penalties, by_position)
    scores = {p: hand_totals.get(p, 0) + penalty_deltas.get(p, 0) for p in by_position}
    ranked = _rank(scores, forfeited, table_session.session.tournament.tie_rule)
    lines = [
        _Line(seat.player_id, p, scores[p], *ranked[p], p in forfeited)
        for p, seat in sorted(by_position.items())
    ]
    # A registered player replaced by a substitute after losing the session (3.11.2).
    lines += [
        _Line(seat.replaced_player_id, p, 0, 4, 0, True)
        for p, seat in sorted(by_position.items())
        if seat.replaced_player_id
    ]
    return lines


@transaction.atomic
def table_session_recompute(
    *, table_session: TableSession, seats: list[Seat] | None = None, reason: str = ""
) -> list[SessionResult]:
    """Sum hand scores and penalties per seat; rank the table; give table points (3.9.2).

    Results are updated in place, so each one's history shows how it changed (with the
    correction's reason, when there is one).
    """
    by_position = {s.position: s for s in (seats or table_session.seats.all())}
    lines = {line.player_id: line for line in _lines(table_session, by_position)}
    existing = {r.player_id: r for r in SessionResult.objects.filter(table_session=table_session)}
    for player_id, result in existing.items():
        if player_id not in lines:
            result._change_reason = reason
            result.delete()
    saved = []
    for player_id, line in lines.items():
        result = existing.get(player_id) or SessionResult(
            table_session=table_session, session_id=table_session.session_id, player_id=player_id
        )
        values = {
            "position": line.position,
            "score": line.score,
            "rank": line.rank,
            "table_points_12": line.table_points_12,
            "forfeited": line.forfeited,
        }
        if result.pk is None or any(getattr(result, k) != v for k, v in values.items()):
            for key, value in values.items():
                setattr(result, key, value)
            result._change_reason = reason
            result.save()
        saved.append(result)
    return saved
