"""What the public pages show, read once per live version (the views cache the result).

Nothing here is private: names, numbers, seats, scores and table points are what the
tournament posts on its notice board. Standings are live (open sheets count, marked
provisional), as spectators follow them during a session.
"""

from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Count
from django.http import Http404

from tournaments.display import start_wind, table_state, table_state_label
from tournaments.models import Player, Seat, Session, SessionResult, TableSession, Tournament
from tournaments.models.play import HANDS_PER_SESSION, TABLE_POINT_UNIT
from tournaments.selectors.scoresheet import hands_count
from tournaments.selectors.standings import (
    Standings,
    points_value,
    result_is_provisional,
    standings_compute,
)


@dataclass(frozen=True)
class TableLine:
    position: str
    wind: str
    number: int | None
    name: str
    native_name: str
    team: str
    score: int | None
    rank: int | None
    table_points: int | float | None
    forfeited: bool
    provisional: bool = False  # a result whose sheet is not yet signed (marked *)


@dataclass(frozen=True)
class PublicTable:
    number: int
    status: str
    status_label: str
    hands: int
    lines: tuple[TableLine, ...]

    @property
    def status_text(self) -> str:
        """The table's state in words, in the language of the page."""
        return table_state_label(self.status, self.hands)


@dataclass(frozen=True)
class PublicSession:
    number: int
    stage: str
    status: str
    actual_start: object
    actual_end: object
    tables: tuple[PublicTable, ...]


@dataclass
class PlayerSessionLine:
    session: int
    table: int
    position: str
    wind: str
    status_label: str
    hands: int
    score: int | None = None
    rank: int | None = None
    table_points: int | float | None = None
    forfeited: bool = False
    provisional: bool = False  # a result whose sheet is not yet signed (marked *)

    @property
    def status_text(self) -> str:
        """The state of his table in words, in the language of the page."""
        return table_state_label(self.status_label, self.hands)


@dataclass
class PublicPlayer:
    number: int | None
    name: str
    native_name: str
    team: str
    country: str  # his country's name in the reader's language, or ""
    flag: str  # its flag: django-countries' static image (flags/es.gif), or ""
    rank: int | None
    table_points: int | float
    contest_points: int
    provisional: bool
    lines: list[PlayerSessionLine] = field(default_factory=list)


def live_standings(tournament: Tournament) -> Standings:
    return standings_compute(tournament=tournament, live=True)


def public_session(tournament: Tournament, number: int, *, figures: bool = True) -> PublicSession:
    """A session's tables with their players and figures, read as plain values: the live
    session's page is read again at every version during play (125 tables, 500 seats).
    Without `figures` (the standings are held back: every table's scores and table points
    would give them), the tables and their states only."""
    session = Session.objects.filter(tournament=tournament, number=number).first()
    if session is None:
        raise Http404
    sheets = (
        TableSession.objects.filter(session=session)
        .annotate(hand_count=hands_count())
        .order_by("table__number")
        .values_list("pk", "status", "table__number", "hand_count")
    )
    seats: dict[int, list[tuple]] = {}
    for sheet_id, *seat in (
        Seat.objects.filter(session=session)
        .order_by("position")
        .values_list(
            "table_session_id",
            "position",
            "player__lot_number",
            "player__name",
            "player__native_name",
            "player__team__name",
        )
    ):
        seats.setdefault(sheet_id, []).append(seat)
    results = _session_results(session) if figures else {}
    tables = tuple(
        _table(sheet_id, status, table, hands, seats.get(sheet_id, []), results)
        for sheet_id, status, table, hands in sheets
    )
    return PublicSession(
        number=session.number,
        stage=session.stage,
        status=session.status,
        actual_start=session.actual_start,
        actual_end=session.actual_end,
        tables=tables,
    )


def _session_results(session: Session) -> dict[tuple[int, str], tuple]:
    """(score, rank, twelfths of table points, forfeited) by (sheet, seat)."""
    figures = SessionResult.objects.filter(session=session).values_list(
        "table_session_id", "position", "score", "rank", "table_points_12", "forfeited"
    )
    return {(sheet_id, position): rest for sheet_id, position, *rest in figures}


def _table(sheet_id: int, status: str, table: int, hands: int, seats, results) -> PublicTable:
    lines = []
    for position, number, name, native_name, team in seats:
        result = results.get((sheet_id, position))
        score, rank, tp12, forfeited = result if result else (None, None, None, False)
        lines.append(
            TableLine(
                position=position,
                wind=start_wind(position),
                number=number,
                name=name,
                native_name=native_name,
                team=team or "",
                score=score,
                rank=rank,
                table_points=_tp(tp12) if result else None,
                forfeited=bool(forfeited),
                provisional=bool(result) and result_is_provisional(status),
            )
        )
    state = table_state(status, hands)
    return PublicTable(
        number=table,
        status=state,
        status_label=state,
        hands=min(hands, HANDS_PER_SESSION),
        lines=tuple(lines),
    )


def _tp(twelfths: int) -> int | float:
    return points_value(Fraction(twelfths, TABLE_POINT_UNIT))


@dataclass(frozen=True)
class PlayerFigures:
    """What a player's page shows of the standings."""

    rank: int | None
    table_points: int | float
    contest_points: int
    provisional: bool


def player_figures(standings: Standings) -> dict[int, PlayerFigures]:
    """Each player's figures by his id: what the players' pages share of a version's
    standings (a few KB to fetch, where the whole standings take every web process a dozen
    milliseconds to unpickle)."""
    return {
        row.player_id: PlayerFigures(
            rank=row.rank,
            table_points=points_value(row.table_points),
            contest_points=row.contest_points,
            provisional=row.provisional,
        )
        for row in standings.players
    }


def public_player(
    tournament: Tournament,
    number: int,
    figures: dict[int, PlayerFigures],
    *,
    results_shown: bool = True,
) -> PublicPlayer:
    """A player's public page: who he is, his figures in the standings (`figures`, by player
    id: none while they are held) and his sessions; without `results_shown` (the standings are
    held back), his sessions' tables and states but not their scores and table points."""
    player = (
        Player.objects.filter(tournament=tournament, lot_number=number)
        .select_related("team")
        .first()
    )
    if player is None:
        raise Http404
    row = figures.get(player.pk)
    page = PublicPlayer(
        number=player.lot_number,
        name=player.name,
        native_name=player.native_name,
        team=player.team.name if player.team_id else "",
        country=player.country.name,
        flag=f"flags/{player.country.code.lower()}.gif" if player.country else "",
        rank=row.rank if row else None,
        table_points=row.table_points if row else 0,
        contest_points=row.contest_points if row else 0,
        provisional=row.provisional if row else False,
    )
    seats = (
        Seat.objects.filter(player=player)
        .select_related("session", "table_session__table")
        .annotate(hand_count=Count("table_session__hands"))
        .order_by("session__number")
    )
    results = (
        {r.table_session_id: r for r in SessionResult.objects.filter(player=player)}
        if results_shown
        else {}
    )
    for seat in seats:
        sheet = seat.table_session
        result = results.get(sheet.pk)
        page.lines.append(
            PlayerSessionLine(
                session=seat.session.number,
                table=sheet.table.number,
                position=seat.position,
                wind=start_wind(seat.position),
                status_label=table_state(sheet.status, seat.hand_count),
                hands=min(seat.hand_count, HANDS_PER_SESSION),
                score=result.score if result else None,
                rank=result.rank if result else None,
                table_points=_tp(result.table_points_12) if result else None,
                forfeited=bool(result and result.forfeited),
                provisional=bool(result) and result_is_provisional(sheet.status),
            )
        )
    return page


def current_session(tournament: Tournament) -> Session | None:
    """The session the hall clock shows: the one running, else the last started, else the
    next scheduled."""
    sessions = list(tournament.sessions.order_by("number"))
    running = [s for s in sessions if s.status == Session.Status.RUNNING]
    if running:
        return running[-1]
    started = [s for s in sessions if s.actual_start is not None]
    if started:
        return started[-1]
    return sessions[0] if sessions else None
