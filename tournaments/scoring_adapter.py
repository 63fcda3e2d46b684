"""The one place ORM rows meet the scoring engine (`scoring/`)."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

import scoring
from scoring import payments
from tournaments.errors import HandRejected, TournamentError
from tournaments.models.play import POSITIONS

MINIMUM_POINTS = 8
# No hand can score more than every fan of the table at once (flowers aside): a loose but
# certain bound for "points only" entry, which has no tiles to check.
POINTS_UPPER_BOUND = 1728


@dataclass(frozen=True)
class ScoredWin:
    points: int
    flowers: int
    fans: list[dict]
    explanation: list[str]

    @property
    def total(self) -> int:
        return self.points + self.flowers


def score_tiles(*, tiles: dict, seat_wind: str, prevalent_wind: str, self_drawn: bool) -> ScoredWin:
    """Score a hand in the shared format; the winds and self-draw come from the score sheet.

    Refuses a hand that is not a winning hand or is under 8 points without flowers (3.7.2).
    """
    if not isinstance(tiles, dict):
        raise HandRejected(_("The hand must be a JSON object in the shared hand format."))
    hand = {**tiles, "seat_wind": seat_wind, "prevalent_wind": prevalent_wind}
    hand["self_drawn"] = self_drawn
    result = scoring.score_hand(hand)
    if not result.winning:
        details = [(issue.code, issue.message) for issue in result.errors]
        text = "; ".join(message for _code, message in details) or _("not a winning hand")
        raise HandRejected(
            _("Not a valid winning hand: %(reason)s") % {"reason": text},
            code="not_winning",
            details=details,
        )
    fans = [{"id": f.id, "name": f.name, "points": f.points, "count": f.count} for f in result.fans]
    if result.points < MINIMUM_POINTS:
        raise HandRejected(
            _("The hand scores %(points)s points without flowers; at least 8 are needed to win.")
            % {"points": result.points},
            code="under_minimum",
            details=[("under_minimum", _("fans: %(fans)s") % {"fans": _fan_list(fans)})],
        )
    return ScoredWin(
        points=result.points,
        flowers=result.flowers,
        fans=fans,
        explanation=_explanation_lines(result),
    )


def _fan_list(fans: list[dict]) -> str:
    return ", ".join(
        f"{f['name']} {f['points']}" + (f"×{f['count']}" if f["count"] > 1 else "") for f in fans
    )


def _explanation_lines(result) -> list[str]:
    """One line per fan: which sets or tiles it was scored on (for the sheet and the form)."""
    return [f"{item.name}: {item.text}" for item in result.explanation]


def check_points_only(points: int) -> None:
    """What can be checked of a hand entered as points only (3.7.2: 8 points at least)."""
    if points < MINIMUM_POINTS:
        raise HandRejected(
            _("A winning hand scores at least 8 points; %(points)s was entered.")
            % {"points": points},
            code="under_minimum",
        )
    if points > POINTS_UPPER_BOUND:
        raise HandRejected(
            _("No hand scores %(points)s points (all 81 fans together make %(max)s).")
            % {"points": points, "max": POINTS_UPPER_BOUND},
            code="impossible_total",
        )


def win_payments(*, total: int, winner: str, discarder: str | None) -> dict[str, int]:
    """Per-position score changes of a win (rule 3.9.1.3)."""
    try:
        deltas = payments.hand_payments(
            points=total,
            winner=POSITIONS.index(winner),
            discarder=None if not discarder else POSITIONS.index(discarder),
        )
    except payments.PaymentError as error:
        raise TournamentError(str(error)) from error
    return dict(zip(POSITIONS, deltas, strict=True))


def table_points(scores: dict[str, int], *, tie_rule: str) -> dict[str, tuple[int, "object"]]:
    """Rank and table points (4/2/1/0, rule 3.9.2) per position."""
    ordered = list(POSITIONS)
    results = payments.session_result([scores[p] for p in ordered], tie_rule=tie_rule)
    return {p: (r.rank, r.table_points) for p, r in zip(ordered, results, strict=True)}
