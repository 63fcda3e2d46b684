"""Standings (rule 3.10, Appendix 7): individual and team, per session and cumulative.

Two SQL queries whatever the number of players: one for the players, one for every
session result; the ranking is computed in Python.
"""

from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.models import Player, Session, SessionResult, TableSession, Tournament
from tournaments.models.play import TABLE_POINT_UNIT


@dataclass
class SessionLine:
    session: int
    table: int
    position: str
    score: int
    rank: int
    table_points: Fraction
    provisional: bool = False


@dataclass
class PlayerRow:
    player_id: int
    number: int | None
    name: str
    team: str
    status: str
    table_points: Fraction = Fraction(0)
    contest_points: int = 0
    sessions: list[SessionLine] = field(default_factory=list)
    rank: int = 0
    finalist: bool = False

    @property
    def provisional(self) -> bool:
        """Counts a session whose sheet is still open: the figures may change."""
        return any(line.provisional for line in self.sessions)

    @property
    def best_session(self) -> int:
        return max((s.score for s in self.sessions), default=0)

    @property
    def firsts(self) -> int:
        return sum(1 for s in self.sessions if s.rank == 1)


@dataclass
class TeamRow:
    name: str
    members: list[str]
    table_points: Fraction = Fraction(0)
    contest_points: int = 0
    sessions: dict[int, tuple[Fraction, int]] = field(default_factory=dict)
    rank: int = 0


@dataclass
class Standings:
    players: list[PlayerRow]
    teams: list[TeamRow]
    session_numbers: list[int]
    live: bool = False
    provisional_sessions: list[int] = field(default_factory=list)

    @property
    def official_sessions(self) -> list[int]:
        """Sessions counted whose every sheet counted was complete."""
        return [n for n in self.session_numbers if n not in self.provisional_sessions]


_TIE_BREAK_KEYS = {
    "best_session": lambda row: row.best_session,
    "most_firsts": lambda row: row.firsts,
}


def ranking_criteria(tie_breaks: list[str]) -> list[tuple[str, object]]:
    """The ranking's keys in order, each as (name, value of a row; smaller ranks higher):
    final stage first, then table points, contest points (3.10.1) and the tournament's
    further tie-breaks."""
    return [
        ("final_stage", lambda row: not row.finalist),
        ("table_points", lambda row: -row.table_points),
        ("contest_points", lambda row: -row.contest_points),
        *(
            (name, lambda row, k=_TIE_BREAK_KEYS[name]: -k(row))
            for name in tie_breaks
            if name in _TIE_BREAK_KEYS
        ),
    ]


def _sort_key(tie_breaks: list[str]):
    criteria = [value for _name, value in ranking_criteria(tie_breaks)]

    def key(row: PlayerRow) -> tuple:
        return tuple(value(row) for value in criteria)

    return key


def deciding_criterion(upper: PlayerRow, lower: PlayerRow, tie_breaks: list[str]) -> str | None:
    """What ranked `upper` above `lower`, two neighbours of the standings: the name of the
    first ranking key on which they differ ("final_stage", "table_points", "contest_points"
    or a tie-break of the tournament), or None when every key is equal (a shared place)."""
    for name, value in ranking_criteria(tie_breaks):
        if value(upper) != value(lower):
            return name
    return None


def _assign_ranks(rows: list, key) -> None:
    previous = None
    for index, row in enumerate(rows, start=1):
        current = key(row)
        row.rank = rows[index - 2].rank if current == previous else index
        previous = current


def _load_results(tournament: Tournament, through_session: int | None, live: bool):
    results = SessionResult.objects.filter(session__tournament=tournament)
    if not live:
        results = results.exclude(table_session__status=TableSession.Status.OPEN)
    if through_session is not None:
        results = results.filter(session__number__lte=through_session)
    return results.values_list(
        "player_id",
        "session__number",
        "session__stage",
        "table_session__table__number",
        "position",
        "score",
        "rank",
        "table_points_12",
        "table_session__status",
    ).order_by("session__number")


def standings_compute(
    *, tournament: Tournament, through_session: int | None = None, live: bool = False
) -> Standings:
    """Standings from complete sheets only (official: what seeding and prizes use), or, with
    `live`, also from sheets still open, whose lines are marked provisional."""
    players = tournament.players.exclude(status=Player.Status.SUBSTITUTE).values_list(
        "pk", "lot_number", "name", "team__name", "status"
    )
    rows = {
        pk: PlayerRow(player_id=pk, number=number, name=name, team=team or "", status=status)
        for pk, number, name, team, status in players
    }
    final_only = not tournament.carry_over_points
    numbers: set[int] = set()
    provisional: set[int] = set()
    for pid, session, stage, table, position, score, rank, tp12, status in _load_results(
        tournament, through_session, live
    ):
        row = rows.get(pid)
        if row is None:
            continue
        numbers.add(session)
        is_provisional = status == TableSession.Status.OPEN
        if is_provisional:
            provisional.add(session)
        line = SessionLine(
            session, table, position, score, rank, Fraction(tp12, TABLE_POINT_UNIT), is_provisional
        )
        row.sessions.append(line)
        if stage == Session.Stage.FINAL:
            if not row.finalist and final_only:
                row.table_points, row.contest_points = Fraction(0), 0
            row.finalist = True
        if row.finalist and final_only and stage != Session.Stage.FINAL:
            continue
        row.table_points += line.table_points
        row.contest_points += score
    rank_key = _sort_key(tournament.tie_breaks or [])
    ordered = sorted(rows.values(), key=lambda r: (rank_key(r), r.number or 0))
    _assign_ranks(ordered, rank_key)
    return Standings(
        players=ordered,
        teams=_team_rows(ordered),
        session_numbers=sorted(numbers),
        live=live,
        provisional_sessions=sorted(provisional),
    )


def _team_rows(players: list[PlayerRow]) -> list[TeamRow]:
    teams: dict[str, TeamRow] = {}
    for row in players:
        if not row.team:
            continue
        team = teams.setdefault(row.team, TeamRow(name=row.team, members=[]))
        team.members.append(row.name)
        team.table_points += row.table_points
        team.contest_points += row.contest_points
        for line in row.sessions:
            tp, cp = team.sessions.get(line.session, (Fraction(0), 0))
            team.sessions[line.session] = (tp + line.table_points, cp + line.score)
    ordered = sorted(teams.values(), key=lambda t: (*team_rank_key(t), t.name))
    _assign_ranks(ordered, team_rank_key)
    return ordered


def team_rank_key(team: TeamRow) -> tuple:
    """Teams rank by their players' table points, then contest points (Appendix 7)."""
    return (-team.table_points, -team.contest_points)


def team_deciding_criterion(upper: TeamRow, lower: TeamRow) -> str | None:
    """What ranked one team above its neighbour: "table_points", "contest_points", or None
    when both are equal (a shared place)."""
    for name, mine, theirs in zip(
        ("table_points", "contest_points"), team_rank_key(upper), team_rank_key(lower), strict=True
    ):
        if mine != theirs:
            return name
    return None


def points_value(value: Fraction) -> int | float:
    """Table points for display and JSON: whole numbers stay whole, shares get 2 decimals."""
    return int(value) if value.denominator == 1 else round(float(value), 2)


def standings_as_dict(standings: Standings) -> dict:
    def session_dict(line: SessionLine) -> dict:
        return {
            "session": line.session,
            "table": line.table,
            "position": line.position,
            "score": line.score,
            "rank": line.rank,
            "table_points": points_value(line.table_points),
            "provisional": line.provisional,
        }

    return {
        "live": standings.live,
        "sessions_counted": standings.session_numbers,
        "provisional_sessions": standings.provisional_sessions,
        "players": [
            {
                "rank": row.rank,
                "number": row.number,
                "name": row.name,
                "team": row.team,
                "table_points": points_value(row.table_points),
                "contest_points": row.contest_points,
                "provisional": row.provisional,
                "sessions": [session_dict(line) for line in row.sessions],
            }
            for row in standings.players
        ],
        "teams": [
            {
                "rank": team.rank,
                "name": team.name,
                "members": team.members,
                "table_points": points_value(team.table_points),
                "contest_points": team.contest_points,
                "sessions": [
                    {"session": n, "table_points": points_value(tp), "contest_points": cp}
                    for n, (tp, cp) in sorted(team.sessions.items())
                ],
            }
            for team in standings.teams
        ],
    }
