"""Seating: the table-rotation chart stored as Seats, re-seating, seeded final stages."""

import zlib

from django.db import transaction
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from tournaments import roles, seating_adapter
from tournaments.errors import TournamentError
from tournaments.history import history_user
from tournaments.models import (
    Appeal,
    CheckIn,
    Correction,
    Hand,
    Penalty,
    Player,
    Sanction,
    Seat,
    Session,
    SessionResult,
    Table,
    TableSession,
    Tournament,
)
from tournaments.models.play import POSITIONS

DEFAULT_TIME_LIMIT = 20.0


def _check_organiser(user) -> None:
    """Seating is the organiser's (the chief umpire's too); `user=None` is the system."""
    if user is not None:
        roles.require(roles.is_organiser(user), _("Only an organiser seats the players."))


def _numeric_seed(seed: str) -> int:
    # A printed text seed maps to the engine's integer seed the same way on every machine.
    return zlib.crc32(seed.encode("utf-8"))


def _numbered_players(tournament: Tournament) -> dict[int, Player]:
    players = tournament.players.filter(status=Player.Status.ACTIVE).select_related("team")
    numbered = {p.lot_number: p for p in players if p.lot_number is not None}
    if len(numbered) != len(players):
        raise TournamentError(_("Draw lots first: some active players have no number."))
    return numbered


def _substitutes(tournament: Tournament) -> list[Player]:
    return list(tournament.players.filter(status=Player.Status.SUBSTITUTE).order_by("pk"))


def _stage_sessions(tournament: Tournament) -> int:
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        return tournament.sessions_planned
    return tournament.qualifying_sessions or tournament.sessions_planned


def _write_session(
    *, tournament: Tournament, number: int, tables, players: dict[int, Player], stage: str
) -> Session:
    session = Session.objects.create(tournament=tournament, number=number, stage=stage)
    substitutes = iter(_substitutes(tournament))
    seats = []
    for table_number, table_players in enumerate(tables, start=1):
        table, _created = Table.objects.get_or_create(tournament=tournament, number=table_number)
        table_session = TableSession.objects.create(session=session, table=table)
        for position, number_at_seat in zip(POSITIONS, table_players, strict=True):
            if seating_adapter.is_bye(number_at_seat):
                player = next(substitutes, None)
                if player is None:
                    raise TournamentError(
                        _(
                            "Session %(n)s has more empty seats than registered substitutes; "
                            "register substitutes to fill them."
                        )
                        % {"n": number}
                    )
            else:
                player = players[number_at_seat]
            seats.append(
                Seat(table_session=table_session, session=session, player=player, position=position)
            )
    # With history: the audit trail shows when each seat was drawn, and by whom.
    bulk_create_with_history(seats, Seat, default_user=history_user())
    return session


def _check_nothing_recorded(sessions) -> None:
    """Re-drawing replaces these sessions whole: refuse while anything was recorded on them,
    so that no penalty, result, check-in or umpire assignment is ever deleted silently."""
    sheets = TableSession.objects.filter(session__in=sessions)
    recorded = [
        (_("hands"), Hand.objects.filter(table_session__in=sheets).exists()),
        (_("penalties"), Penalty.objects.filter(table_session__in=sheets).exists()),
        (_("session results"), SessionResult.objects.filter(session__in=sessions).exists()),
        (_("check-ins"), CheckIn.objects.filter(session__in=sessions).exists()),
        (_("umpire assignments"), sheets.filter(umpire__isnull=False).exists()),
        (_("started sessions"), sessions.filter(actual_start__isnull=False).exists()),
        (_("scheduled times"), sessions.filter(scheduled_start__isnull=False).exists()),
        (_("appeals"), Appeal.objects.filter(session__in=sessions).exists()),
        (_("sanctions"), Sanction.objects.filter(session__in=sessions).exists()),
        (_("corrections"), Correction.objects.filter(table_session__in=sheets).exists()),
    ]
    found = [str(label) for label, present in recorded if present]
    if found:
        raise TournamentError(
            _(
                "These sessions already have %(what)s recorded; nothing was changed. "
                "Re-seat only the sessions that have nothing recorded yet."
            )
            % {"what": ", ".join(found)}
        )


def _groups(players: dict[int, Player], count: int) -> list[int | None]:
    return [players[n].team_id if n in players else None for n in range(1, count + 1)]


@transaction.atomic
def seating_generate(
    *,
    tournament: Tournament,
    seed: str | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    user=None,
) -> str:
    """Draw the table-rotation chart (Appendix 3) for the round-robin sessions.

    Teammates never share a table when that is possible. Refused once any hand is recorded.
    """
    _check_organiser(user)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _check_nothing_recorded(tournament.sessions.all())
    players = _numbered_players(tournament)
    if len(players) < 4:
        raise TournamentError(_("At least four players are needed for a seating chart."))
    seed = (seed or "").strip() or seating_adapter.new_seed()
    count = max(players)
    chart = seating_adapter.generate_chart(
        players=count,
        sessions=_stage_sessions(tournament),
        groups=_groups(players, count),
        seed=_numeric_seed(seed),
        time_limit=time_limit,
    )
    tournament.sessions.all().delete()
    for number, tables in enumerate(chart, start=1):
        _write_session(
            tournament=tournament,
            number=number,
            tables=tables,
            players=players,
            stage=Session.Stage.QUALIFYING,
        )
    tournament.seating_seed = seed
    tournament.status = Tournament.Status.SEATED
    tournament.save(update_fields=["seating_seed", "status"])
    return seed


def _played_chart(tournament: Tournament, before: int) -> list[list[tuple[int, ...]]]:
    chart: dict[int, dict[int, list]] = {}
    seats = (
        Seat.objects.filter(session__tournament=tournament, session__number__lt=before)
        .select_related("player", "session", "table_session__table")
        .order_by("session__number", "table_session__table__number", "position")
    )
    for seat in seats:
        tables = chart.setdefault(seat.session.number, {})
        number = seat.player.lot_number or 0  # substitutes count as byes in the history
        tables.setdefault(seat.table_session.table.number, []).append(number)
    return [[tuple(t) for t in tables.values()] for _n, tables in sorted(chart.items())]


def _assign_late_entries(tournament: Tournament) -> None:
    late = tournament.players.filter(status=Player.Status.ACTIVE, lot_number__isnull=True)
    top = max(
        tournament.players.exclude(lot_number=None).values_list("lot_number", flat=True), default=0
    )
    for offset, player in enumerate(late.order_by("registration_number"), start=1):
        player.lot_number = top + offset
        player.save(update_fields=["lot_number"])


@transaction.atomic
def seating_reseat_remaining(
    *,
    tournament: Tournament,
    from_session: int,
    seed: str | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    user=None,
) -> str:
    """Regenerate sessions from `from_session` on after a withdrawal, late entry or
    substitution, keeping who already met whom in the objective. Played sessions stay."""
    _check_organiser(user)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    remaining = tournament.sessions.filter(number__gte=from_session)
    _check_nothing_recorded(remaining)
    count = remaining.filter(stage=Session.Stage.QUALIFYING).count()
    if count == 0:
        raise TournamentError(_("There is no session %(n)s to re-seat.") % {"n": from_session})
    _assign_late_entries(tournament)
    players = _numbered_players(tournament)
    seed = (seed or "").strip() or seating_adapter.new_seed()
    chart = seating_adapter.reseat_chart(
        played=_played_chart(tournament, from_session),
        active_players=sorted(players),
        remaining_sessions=count,
        groups={n: p.team_id for n, p in players.items()},
        seed=_numeric_seed(seed),
        time_limit=time_limit,
    )
    remaining.delete()
    for offset, tables in enumerate(chart):
        _write_session(
            tournament=tournament,
            number=from_session + offset,
            tables=tables,
            players=players,
            stage=Session.Stage.QUALIFYING,
        )
    return seed


@transaction.atomic
def seating_seed_final_session(
    *,
    tournament: Tournament,
    method: str = "straight",
    finalists: int | None = None,
    user=None,
) -> Session:
    """Add the next session of the final stage, seated by current standings: the top four
    at table 1 ("straight") or in snake bands ("snake")."""
    from tournaments.selectors.standings import standings_compute

    _check_organiser(user)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        raise TournamentError(_("A round-robin tournament has no seeded final stage."))
    count = finalists or tournament.finalists
    if not count or count % 4:
        raise TournamentError(_("Set the number of players advancing (a multiple of four)."))
    number = (
        tournament.sessions.order_by("-number").values_list("number", flat=True).first() or 0
    ) + 1
    if number > tournament.sessions_planned:
        raise TournamentError(
            _("All %(n)s sessions already exist.") % {"n": tournament.sessions_planned}
        )
    open_sheets = TableSession.objects.filter(
        session__tournament=tournament, status=TableSession.Status.OPEN
    )
    if open_sheets.exists():
        raise TournamentError(
            _(
                "%(n)s score sheet(s) are still open: the final stage is seeded from official "
                "standings, so end the sessions before it first."
            )
            % {"n": open_sheets.count()}
        )
    table = standings_compute(tournament=tournament)
    ranking = [row.number for row in table.players if row.status == Player.Status.ACTIVE]
    ranking = ranking[:count]
    if len(ranking) < count:
        raise TournamentError(_("Only %(n)s players can advance.") % {"n": len(ranking)})
    tables = seating_adapter.seeded_tables(ranking, method=method)
    return _write_session(
        tournament=tournament,
        number=number,
        tables=tables,
        players=_numbered_players(tournament),
        stage=Session.Stage.FINAL,
    )
