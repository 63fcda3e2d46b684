"""Session totals, ranks and table points, recomputed whenever a hand or penalty changes."""

from collections import defaultdict

from django.db import transaction
from django.db.models import Sum

from tournaments import scoring_adapter
from tournaments.models import HandScore, Penalty, SessionResult, TableSession
from tournaments.models.play import TABLE_POINT_UNIT


def _forfeited_positions(table_session: TableSession) -> set[str]:
    positions = {seat.player_id: seat.position for seat in table_session.seats.all()}
    return {
        positions[p.player_id]
        for p in table_session.penalties.filter(kind=Penalty.Kind.LATE_ARRIVAL)
        if p.deltas.get("forfeited") and p.player_id in positions
    }


def _ranking_scores(scores: dict[str, int], forfeited: set[str]) -> dict[str, int]:
    # A player who lost the session by arriving late (3.11.2) takes the last place(s).
    if not forfeited:
        return scores
    floor = min(scores.values()) - 1
    return {p: (floor if p in forfeited else s) for p, s in scores.items()}


@transaction.atomic
def table_session_recompute(*, table_session: TableSession) -> list[SessionResult]:
    """Sum hand scores and penalties per seat; rank the table; give table points (3.9.2)."""
    seats = {seat.position: seat for seat in table_session.seats.all()}
    SessionResult.objects.filter(table_session=table_session).delete()
    if len(seats) != 4:
        return []
    has_hands = table_session.hands.exists()
    penalties = list(table_session.penalties.all())
    if not has_hands and not penalties:
        return []
    scores: dict[str, int] = defaultdict(int)
    rows = (
        HandScore.objects.filter(hand__table_session=table_session)
        .values("position")
        .annotate(total=Sum("points"))
    )
    for row in rows:
        scores[row["position"]] = row["total"]
    for penalty in penalties:
        for position, delta in penalty.deltas.items():
            if position in seats:
                scores[position] += int(delta)
    scores = {p: scores[p] for p in seats}
    ranking = _ranking_scores(scores, _forfeited_positions(table_session))
    ranks = scoring_adapter.table_points(
        ranking, tie_rule=table_session.session.tournament.tie_rule
    )
    results = [
        SessionResult(
            table_session=table_session,
            session_id=table_session.session_id,
            player_id=seats[p].player_id,
            position=p,
            score=scores[p],
            rank=ranks[p][0],
            table_points_12=int(ranks[p][1] * TABLE_POINT_UNIT),
        )
        for p in sorted(seats)
    ]
    return SessionResult.objects.bulk_create(results)
