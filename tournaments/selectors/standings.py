"""Standings (rule 3.10, Appendix 7): individual and team, per session and cumulative.

Official standings count signed sheets only (Appendix 5: "Resultados son definitivos una vez
firmado"); live standings count every sheet and mark the unsigned ones provisional
(`result_is_provisional`, the one definition every output asks). A
disqualified player is not ranked (3.11.5), a player who lost his rank ranks after every
player without that sanction (3.11.6.10): docs/results.md.

Four SQL queries whatever the number of players: the players, the sanctions on rank, every
session result and the states of the counted sessions' sheets; the ranking is computed in
Python.
"""

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Player, Sanction, Session, SessionResult, TableSession, Tournament
from tournaments.models.play import TABLE_POINT_UNIT
from tournaments.models.tournament import TIE_BREAK_CHOICES

SIGNED = (TableSession.Status.SIGNED, TableSession.Status.FINAL)


def result_is_provisional(sheet_status: str) -> bool:
    """A session result is provisional until its sheet is signed by its umpire (Appendix 5:
    "Resultados son definitivos una vez firmado"): open and complete sheets are provisional,
    signed and countersigned ones are not. Every output asks this (the standings, the API,
    the players' own pages, the public pages): docs/results.md, "Official means signed"."""
    return sheet_status not in SIGNED


# A sanction on rank, as the standings name it ("status"), and where it puts the player.
DISQUALIFIED = Player.Status.DISQUALIFIED.value
LOSS_OF_RANK = Sanction.Kind.LOSS_OF_RANK.value
_STANDING_ORDER = {"": 0, LOSS_OF_RANK: 1, DISQUALIFIED: 2}
# A player with no counted session: no place (the printed standings' status code; the API
# and the JSON give his own status, with a null rank and no session).
NO_SESSION = "no_session"
# How every output names a standing that is not a plain place.
STANDING_LABELS = {
    DISQUALIFIED: gettext_lazy("disqualified"),
    LOSS_OF_RANK: gettext_lazy("lost his rank"),
    Player.Status.WITHDRAWN.value: gettext_lazy("withdrawn"),
    NO_SESSION: gettext_lazy("no session counted"),
}


def standing_label(status: str) -> str:
    """The word for a player's standing status, empty for a player who simply ranks."""
    return str(STANDING_LABELS.get(status, ""))


@dataclass
class SessionLine:
    session: int
    table: int
    position: str
    score: int
    rank: int
    table_points: Fraction
    provisional: bool = False
    forfeited: bool = False
    # In his totals (and his team's): false for a finalist's qualifying session when points
    # do not carry over into the final stage.
    counted: bool = True


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
    rank: int | None = 0
    finalist: bool = False
    sanction: str = ""  # "disqualified" or "loss_of_rank": see ranking_criteria

    @property
    def played(self) -> bool:
        """He has a session counted in these standings."""
        return bool(self.sessions)

    @property
    def ranked(self) -> bool:
        """He takes a place: not disqualified (rule 3.11.5), and a session counted (3.10.1
        ranks by the points "obtenida durante el torneo": without a session he has none)."""
        return self.sanction != DISQUALIFIED and self.played

    @property
    def standing_status(self) -> str:
        """The sanction that moved him, else the player's own status (active, withdrawn)."""
        return self.sanction or self.status

    @property
    def label(self) -> str:
        """The standing in words where it is not a plain place ("disqualified", "no session
        counted", ...)."""
        return standing_label(self.printed_status)

    @property
    def printed_status(self) -> str:
        """`standing_status`, except for an active player with no session counted, who takes
        no place: NO_SESSION."""
        status = self.standing_status
        if not self.played and status == Player.Status.ACTIVE:
            return NO_SESSION
        return status

    @property
    def provisional(self) -> bool:
        """Counts a session whose sheet is not yet signed: the figures may change."""
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
    # Sessions counted with a sheet whose result is still provisional (`result_is_provisional`):
    # counted live, or left out of the official standings until it is signed.
    provisional_sessions: list[int] = field(default_factory=list)
    tie_breaks: list[str] = field(default_factory=list)  # the tournament's further ones

    @property
    def ranking(self) -> list[str]:
        """The keys the places are decided by, in order: table points, contest points (rule
        3.10.1), then the tournament's further tie-breaks; players equal on all share."""
        return [RANKED_BY_TABLE_POINTS, RANKED_BY_CONTEST_POINTS, *self.tie_breaks]

    @property
    def ranking_text(self) -> str:
        """The ranking in words, in the reader's language (`ranking_text`)."""
        return ranking_text(self.tie_breaks)

    @property
    def official_sessions(self) -> list[int]:
        """Sessions counted whose every sheet is signed."""
        return [n for n in self.session_numbers if n not in self.provisional_sessions]

    @property
    def provisional(self) -> bool:
        """A session counted has a sheet not yet signed by its umpire: these standings may
        change."""
        return bool(self.provisional_sessions)


_TIE_BREAK_KEYS = {
    "best_session": lambda row: row.best_session,
    "most_firsts": lambda row: row.firsts,
}
RANKED_BY_TABLE_POINTS, RANKED_BY_CONTEST_POINTS = "table_points", "contest_points"


def applied_tie_breaks(tournament: Tournament) -> list[str]:
    """The tournament's further tie-breaks, in its order (none unless the organiser chose
    some: rule 3.10.1 names table points and contest points only)."""
    return [name for name in tournament.tie_breaks or [] if name in _TIE_BREAK_KEYS]


def ranking_text(tie_breaks: list[str]) -> str:
    """ "Ranked by table points, then contest points[, then …]; players still equal share
    their place.", in the reader's language: what every standings page says it ranks by."""
    further = [str(TIE_BREAK_CHOICES[name]).lower() for name in tie_breaks]
    then = _(", then %(list)s") % {"list": ", ".join(further)} if further else ""
    return _(
        "Ranked by table points, then contest points%(further)s; players still equal share "
        "their place."
    ) % {"further": then}


def ranking_criteria(tie_breaks: list[str]) -> list[tuple[str, object]]:
    """The ranking's keys in order, each as (name, value of a row; smaller ranks higher):
    whether he takes a place (every ranked player before those with no session counted and
    the disqualified), a sanction on rank (every player without one, then those who lost
    their rank (3.11.6.10, "perder rango competitivo"), then the disqualified (3.11.5), who
    take no place), the final stage, then table points, contest points (3.10.1) and the
    tournament's further tie-breaks."""
    return [
        ("ranked", lambda row: not row.ranked),
        ("sanction", lambda row: _STANDING_ORDER[row.sanction]),
        ("final_stage", lambda row: not row.finalist),
        (RANKED_BY_TABLE_POINTS, lambda row: -_in_twelfths(row.table_points)),
        (RANKED_BY_CONTEST_POINTS, lambda row: -row.contest_points),
        *(
            (name, lambda row, k=_TIE_BREAK_KEYS[name]: -k(row))
            for name in tie_breaks
            if name in _TIE_BREAK_KEYS
        ),
    ]


def _in_twelfths(points: Fraction):
    """Table points as a whole number of twelfths where they are one (always, from the
    sheets: 3.9.2's shares), to sort by: comparing Fractions was a third of ranking 500
    players (issue #31). The same order either way."""
    if TABLE_POINT_UNIT % points.denominator == 0:
        return points.numerator * (TABLE_POINT_UNIT // points.denominator)
    return points * TABLE_POINT_UNIT


def _sort_key(tie_breaks: list[str]):
    criteria = [value for _name, value in ranking_criteria(tie_breaks)]

    def key(row: PlayerRow) -> tuple:
        return tuple(value(row) for value in criteria)

    return key


def deciding_criterion(upper: PlayerRow, lower: PlayerRow, tie_breaks: list[str]) -> str | None:
    """What ranked `upper` above `lower`, two neighbours of the standings: the name of the
    first ranking key on which they differ ("ranked", "sanction", "final_stage", "table_points",
    "contest_points" or a tie-break of the tournament), or None when every key is equal (a
    shared place)."""
    for name, value in ranking_criteria(tie_breaks):
        if value(upper) != value(lower):
            return name
    return None


def _assign_ranks(rows: list, key) -> None:
    """Places 1, 2, ... in order, equal keys sharing a place; a row that takes no place
    (`ranked` false: the disqualified, a player with no session counted) gets None and the
    places below move up."""
    previous = None
    place = 0
    last_rank = None
    for row in rows:
        if not getattr(row, "ranked", True):
            row.rank = None
            continue
        place += 1
        current = key(row)
        row.rank = last_rank if current == previous else place
        previous, last_rank = current, row.rank


def _load_results(tournament: Tournament, through_session: int | None, live: bool):
    results = SessionResult.objects.filter(session__tournament=tournament)
    if not live:
        results = results.filter(table_session__status__in=SIGNED)
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
        "forfeited",
    ).order_by("session__number")


def _sanctions(tournament: Tournament, rows: dict[int, PlayerRow]) -> None:
    """Mark the players whose place a sanction decides."""
    lost_rank = Sanction.objects.in_force().filter(
        player__tournament=tournament, kind=Sanction.Kind.LOSS_OF_RANK
    ).values_list("player_id", flat=True)
    for player_id in lost_rank:
        if player_id in rows:
            rows[player_id].sanction = LOSS_OF_RANK
    for row in rows.values():
        if row.status == Player.Status.DISQUALIFIED:
            row.sanction = DISQUALIFIED


def _sanctions_as_of(tournament: Tournament, rows: dict[int, PlayerRow], session: int) -> None:
    """The players as they stood after `session`: the disqualifications and losses of rank
    decided later undone (a player disqualified later stood as an active player)."""
    sanctions = Sanction.objects.in_force().filter(
        player__tournament=tournament,
        kind__in=(Sanction.Kind.DISQUALIFICATION, Sanction.Kind.LOSS_OF_RANK),
    )
    by_then = set(
        sanctions.filter(_decided_by(tournament, session)).values_list("player_id", "kind")
    )
    for player_id, kind in set(sanctions.values_list("player_id", "kind")) - by_then:
        row = rows.get(player_id)
        if row is None:
            continue
        if kind == Sanction.Kind.DISQUALIFICATION and row.status == DISQUALIFIED:
            row.status = Player.Status.ACTIVE
        if row.status == DISQUALIFIED:
            row.sanction = DISQUALIFIED
        elif (player_id, Sanction.Kind.LOSS_OF_RANK) in by_then:
            row.sanction = LOSS_OF_RANK
        else:
            row.sanction = ""


def _decided_by(tournament: Tournament, session: int) -> Q:
    """The sanctions decided by the end of `session`: for that session or an earlier one, or
    for none, before the next session started (any, while it has not)."""
    following = tournament.sessions.filter(number=session + 1).first()
    start = following.actual_start if following is not None else None
    undated = Q(session__isnull=True)
    if start is not None:
        undated &= Q(decided_at__lt=start)
    return Q(session__number__lte=session) | undated


@lru_cache(maxsize=4096)
def _points(twelfths: int) -> Fraction:
    """Table points from whole twelfths (a table's 4/2/1/0 shared on ties, 3.9.2): a few dozen
    values, each made once."""
    return Fraction(twelfths, TABLE_POINT_UNIT)


def standings_compute(
    *,
    tournament: Tournament,
    through_session: int | None = None,
    live: bool = False,
    sanctions_as_of: int | None = None,
) -> Standings:
    """Standings from signed sheets only (official: what seeding and prizes use), or, with
    `live`, also from sheets still open or not yet signed, whose lines are marked
    provisional. `sanctions_as_of`: as the players stood after that session (a printed
    "after session N"), a sanction decided later not counted."""
    players = tournament.players.exclude(status=Player.Status.SUBSTITUTE).values_list(
        "pk", "lot_number", "name", "team__name", "status"
    )
    rows = {
        pk: PlayerRow(player_id=pk, number=number, name=name, team=team or "", status=status)
        for pk, number, name, team, status in players
    }
    _sanctions(tournament, rows)
    if sanctions_as_of is not None:
        _sanctions_as_of(tournament, rows, sanctions_as_of)
    numbers = _add_results(
        rows,
        _load_results(tournament, through_session, live),
        final_only=not tournament.carry_over_points,
    )
    tie_breaks = applied_tie_breaks(tournament)
    rank_key = _sort_key(tie_breaks)
    ordered = sorted(rows.values(), key=lambda r: (rank_key(r), r.number or 0))
    _assign_ranks(ordered, rank_key)
    return Standings(
        players=ordered,
        teams=_team_rows(ordered, counts_disqualified=tournament.team_counts_disqualified),
        session_numbers=sorted(numbers),
        live=live,
        provisional_sessions=_provisional_sessions(tournament, numbers),
        tie_breaks=tie_breaks,
    )


def _add_results(rows: dict[int, PlayerRow], results, *, final_only: bool) -> set[int]:
    """Each result as a session line of its player, added to his totals; the numbers of the
    sessions counted. With `final_only` (points do not carry over), a finalist's totals count
    the final stage only: his qualifying lines stay, marked not `counted`."""
    numbers: set[int] = set()
    # Table points are added up in whole twelfths and made a Fraction once per player: 5,000
    # Fraction additions were most of a 500-player event's standings.
    twelfths = dict.fromkeys(rows, 0)
    for pid, session, stage, table, position, score, rank, tp12, status, lost in results:
        row = rows.get(pid)
        if row is None:
            continue
        numbers.add(session)
        provisional = result_is_provisional(status)
        line = SessionLine(session, table, position, score, rank, _points(tp12), provisional, lost)
        row.sessions.append(line)
        if stage == Session.Stage.FINAL and not row.finalist:
            row.finalist = True
            if final_only:  # what he carried in from the qualifying sessions no longer counts
                twelfths[pid], row.contest_points = 0, 0
                for earlier in row.sessions[:-1]:
                    earlier.counted = False
        if final_only and row.finalist and stage != Session.Stage.FINAL:
            line.counted = False
            continue
        twelfths[pid] += tp12
        row.contest_points += score
    for pid, row in rows.items():
        row.table_points = _points(twelfths[pid])
    return numbers


def _provisional_sessions(tournament: Tournament, numbers: set[int]) -> list[int]:
    """The sessions counted that have a sheet whose result is provisional, counted or not
    (an open sheet with nothing on it yet, or one the official standings leave out)."""
    sheets = TableSession.objects.filter(
        session__tournament=tournament, session__number__in=numbers
    ).values_list("session__number", "status")
    return sorted({number for number, status in sheets if result_is_provisional(status)})


def _team_rows(players: list[PlayerRow], *, counts_disqualified: bool) -> list[TeamRow]:
    """Teams by the sum of their players (Appendix 7): a team's total is its players' totals,
    and its cells add the session lines those totals count, so the total is the sum of the
    cells (a finalist's qualifying sessions count in neither when points do not carry over).
    A disqualified player's figures count for his team only when the tournament says so
    (`team_counts_disqualified`)."""
    teams: dict[str, TeamRow] = {}
    # Summed in whole twelfths, made Fractions once per team and session (as the players').
    sessions: dict[str, dict[int, list[int]]] = {}
    for row in players:
        if not row.team:
            continue
        team = teams.setdefault(row.team, TeamRow(name=row.team, members=[]))
        team.members.append(row.name)
        if not row.ranked and not counts_disqualified:
            continue
        team.table_points += row.table_points
        team.contest_points += row.contest_points
        by_session = sessions.setdefault(row.team, {})
        for line in row.sessions:
            if not line.counted:  # not in his total, so not in his team's either
                continue
            figures = by_session.setdefault(line.session, [0, 0])
            points = line.table_points  # twelfths: its denominator divides 12
            figures[0] += points.numerator * (TABLE_POINT_UNIT // points.denominator)
            figures[1] += line.score
    for name, by_session in sessions.items():
        teams[name].sessions = {
            number: (_points(tp12), cp) for number, (tp12, cp) in by_session.items()
        }
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


@dataclass(frozen=True)
class SessionCell:
    """One session's figures in a standings table, as every output shows them (the admin's
    page, the printed standings, the CSV): the table points (`points_value`), the contest
    points and, for a player, his place at the table, whether the sheet was not yet signed
    (provisional) and whether he lost the session (forfeit, 3.11.2)."""

    table_points: int | float
    contest_points: int
    rank: int | None = None
    provisional: bool = False
    forfeited: bool = False


def session_cells(row: PlayerRow, numbers: list[int]) -> list[SessionCell | None]:
    """A player's cell under each of the session columns `numbers` (None: he did not play
    that session, or it does not count)."""
    by_session = {line.session: line for line in row.sessions}
    return [
        None
        if (line := by_session.get(number)) is None
        else SessionCell(
            table_points=points_value(line.table_points),
            contest_points=line.score,
            rank=line.rank,
            provisional=line.provisional,
            forfeited=line.forfeited,
        )
        for number in numbers
    ]


def team_session_cells(team: TeamRow, numbers: list[int]) -> list[SessionCell | None]:
    """A team's cell (its players' sums) under each of the session columns `numbers`."""
    return [
        None
        if number not in team.sessions
        else SessionCell(
            table_points=points_value(team.sessions[number][0]),
            contest_points=team.sessions[number][1],
        )
        for number in numbers
    ]


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
            "forfeit": line.forfeited,
        }

    return {
        "live": standings.live,
        "sessions_counted": standings.session_numbers,
        "provisional_sessions": standings.provisional_sessions,
        "provisional": standings.provisional,
        "ranking": standings.ranking,
        "players": [
            {
                "rank": row.rank,
                "status": row.standing_status,
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
