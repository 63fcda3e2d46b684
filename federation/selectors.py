"""The EMA results of a tournament: one row per player of the official standings, with the
base rating the European Mahjong Association's ranking (MERS) gives his place
(docs/federation.md).

The places are those of the official standings (tournaments.selectors.standings: signed
sheets only, a disqualified player without a place), never computed again here. The file is
final results: `not_final_yet` names what still keeps them from being final.
"""

import math
from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _

from tournaments.models import Session, TableSession, Tournament
from tournaments.selectors.standings import points_value, standings_compute

HEADER = [
    "rank",
    "name",
    "ema_id",
    "country",
    "table_points",
    "contest_points",
    "mers_base_rating",
]
TOP_RATING = 1000


@dataclass(frozen=True)
class EmaRow:
    rank: int | None  # None: disqualified, no place (rule 3.11.5)
    name: str
    ema_id: str
    country: str  # ISO 3166-1 alpha-2 code, "" when unknown
    table_points: int | float
    contest_points: int
    mers_base_rating: int | None  # None without a place

    def cells(self) -> list:
        """The row's values in the order of HEADER."""
        return [
            self.rank,
            self.name,
            self.ema_id,
            self.country,
            self.table_points,
            self.contest_points,
            self.mers_base_rating,
        ]


def mers_base_rating(*, rank: int, ranked: int) -> int:
    """The EMA's base rating of a place: 1000 × (N − rank) / (N − 1), N the number of ranked
    players, rounded to the nearest whole number (halves up), as the EMA's results list it.
    A field of one: he won it, and a winner's base rating is 1000."""
    if ranked <= 1:
        return TOP_RATING
    exact = Fraction(TOP_RATING * (ranked - rank), ranked - 1)
    return math.floor(exact + Fraction(1, 2))


def ema_rows(*, tournament: Tournament) -> list[EmaRow]:
    """Every player who played a counted session, in the order of the official standings,
    the disqualified last with neither a place nor a rating; players sharing a place share its
    rating. Those with no counted session (withdrawn before the first, or nothing signed yet)
    take no place in the standings (docs/results.md) and are left out. Five queries."""
    standings = standings_compute(tournament=tournament, live=False)
    played = [row for row in standings.players if row.played]
    ranked = sum(1 for row in played if row.rank is not None)
    identities = {
        pk: (ema_id, country)
        for pk, ema_id, country in tournament.players.values_list("pk", "ema_id", "country")
    }
    rows = []
    for row in played:
        ema_id, country = identities.get(row.player_id, ("", ""))
        rows.append(
            EmaRow(
                rank=row.rank,
                name=row.name,
                ema_id=ema_id or "",
                country=str(country or ""),
                table_points=points_value(row.table_points),
                contest_points=row.contest_points,
                mers_base_rating=(
                    None if row.rank is None else mers_base_rating(rank=row.rank, ranked=ranked)
                ),
            )
        )
    return rows


def not_final_yet(*, tournament: Tournament) -> list[str]:
    """What keeps the tournament's results from being final, in order, as a reader names it:
    each score sheet not countersigned by the chief umpire ("session 3 table 7": open,
    complete or signed; Appendix 5's "Firma del árbitro general"), and, until the tournament
    is finished, each planned session with no sheet yet ("session 7 (not seated yet)").
    Empty: the results are final. Two queries."""
    sheets = (
        TableSession.objects.filter(session__tournament=tournament)
        .exclude(status=TableSession.Status.FINAL)
        .order_by("session__number", "table__number")
        .values_list("session__number", "table__number")
    )
    missing = [
        _("session %(session)s table %(table)s") % {"session": session, "table": table}
        for session, table in sheets
    ]
    if tournament.status != Tournament.Status.FINISHED:
        seated = set(
            Session.objects.filter(tournament=tournament, table_sessions__isnull=False)
            .values_list("number", flat=True)
            .distinct()
        )
        missing += [
            _("session %(session)s (not seated yet)") % {"session": number}
            for number in range(1, tournament.sessions_planned + 1)
            if number not in seated
        ]
    return missing
