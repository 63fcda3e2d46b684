"""Session totals, ranks and table points, recomputed whenever a hand or penalty changes."""

from collections import defaultdict

from django.db import transaction
from django.db.models import Sum

from tournaments import scoring_adapter
from tournaments.models import HandScore, Penalty, Seat, SessionResult, TableSession
from tournaments.models.play import TABLE_POINT_UNIT


def _ranking_scores(scores: dict[str, int], forfeited: set[str]) -> dict[str, int]:
    # A player who lost the session by arriving late (3.11.2) takes the last place(s).
    if not forfeited:
        return scores
    floor = min(scores.values()) - 1
    return {p: (floor if p in forfeited else s) for p, s in scores.items()}


def _penalty_effects(penalties: list[Penalty], seats: dict[str, Seat]) -> tuple[dict, set]:
    deltas: dict[str, int] = defaultdict(int)
    forfeited: set[str] = set()
    position_of = {seat.player_id: position for position, seat in seats.items()}
    for penalty in penalties:
        for position, delta in penalty.deltas.items():
            if position in seats:
                deltas[position] += int(delta)
        if penalty.kind == Penalty.Kind.LATE_ARRIVAL and penalty.deltas.get("forfeited"):
            forfeited.add(position_of.get(penalty.player_id))
    return deltas, forfeited


@transaction.atomic
def table_session_recompute(
    *, table_session: TableSession, seats: list[Seat] | None = None
) -> list[SessionResult]:
    """Sum hand scores and penalties per seat; rank the table; give table points (3.9.2)."""
    by_position = {s.position: s for s in (seats or table_session.seats.all())}
    SessionResult.objects.filter(table_session=table_session).delete()
    hand_totals = dict(
        HandScore.objects.filter(hand__table_session=table_session)
        .values_list("position")
        .annotate(total=Sum("points"))
        .order_by()
    )
    penalties = list(table_session.penalties.all())
    if len(by_position) != 4 or (not hand_totals and not penalties):
        return []
    penalty_deltas, forfeited = _penalty_effects(penalties, by_position)
    scores = {p: hand_totals.get(p, 0) + penalty_deltas.get(p, 0) for p in by_position}
    ranks = scoring_adapter.table_points(
        _ranking_scores(scores, forfeited), tie_rule=table_session.session.tournament.tie_rule
    )
    return SessionResult.objects.bulk_create(
        SessionResult(
            table_session=table_session,
            session_id=table_session.session_id,
            player_id=by_position[p].player_id,
            position=p,
            score=scores[p],
            rank=ranks[p][0],
            table_points_12=int(ranks[p][1] * TABLE_POINT_UNIT),
        )
        for p in sorted(by_position)
    )
