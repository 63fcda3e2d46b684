"""Seating: the table-rotation chart stored as Seats, re-seating, seeded final stages."""

import zlib
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from simple_history.utils import bulk_create_with_history

from tournaments import policies, roles, seating_adapter
from tournaments.errors import TournamentError
from tournaments.history import history_user
from tournaments.live import live_touch
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
from tournaments.services.cut_off import cut_off_ranking, final_session_to_seed
from tournaments.services.oath import oath_check_first_seats, oath_note_first_seats
from tournaments.services.sheets import sheet_touch

DEFAULT_TIME_LIMIT = 20.0


def _check_organiser(user) -> None:
    """Seating is the organiser's (the chief umpire's too); `user=None` is the system."""
    if user is not None:
        roles.require(policies.may_organise(user), _("Only an organiser seats the players."))


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


@dataclass
class RotaCarried:
    """What a chart drawn again did with the umpires of the sheets it replaced (the rota stays
    with the table numbers): how many sheets kept theirs (`kept`), the sheets of tables the
    new chart no longer has, with their umpire (`dropped`: session, table, username), and the
    new tables of a session that had a rota, without an umpire yet (`unassigned`)."""

    kept: int = 0
    dropped: list[tuple[int, int, str]] = field(default_factory=list)
    unassigned: list[tuple[int, int]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.kept or self.dropped or self.unassigned)


def _write_session(
    *,
    tournament: Tournament,
    number: int,
    tables,
    players: dict[int, Player],
    stage: str,
    session: Session | None = None,
    carried: RotaCarried | None = None,
) -> Session:
    """Seat one session. A session drawn again (`session`) keeps its row (its scheduled times)
    and the score sheets of the table numbers the new chart still has (their umpires: the rota
    stays with the table numbers); `carried` records what became of the umpires."""
    if session is None:
        session = Session.objects.create(tournament=tournament, number=number, stage=stage)
    elif session.stage != stage:
        session.stage = stage
        session.save(update_fields=["stage"])
    if carried is None:
        carried = RotaCarried()
    sheets = _session_sheets(tournament, session, len(tables), carried)
    substitutes = iter(_substitutes(tournament))
    seats = []
    for table_number, table_players in enumerate(tables, start=1):
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
                Seat(
                    table_session=sheets[table_number],
                    session=session,
                    player=player,
                    position=position,
                )
            )
    # With history: the audit trail shows when each seat was drawn, and by whom.
    bulk_create_with_history(seats, Seat, default_user=history_user())
    live_touch(tournament.pk)
    return session


def _session_sheets(
    tournament: Tournament, session: Session, count: int, carried: RotaCarried
) -> dict[int, TableSession]:
    """The score sheets of tables 1..count of the session, by table number: those it had are
    kept with their umpire (their seats are drawn again), the others are made; the sheets of
    tables beyond `count` go."""
    existing = {
        sheet.table.number: sheet
        for sheet in session.table_sessions.select_related("table", "umpire")
    }
    Seat.objects.filter(session=session).delete()  # each with its history
    for table_number in sorted(n for n in existing if n > count):
        sheet = existing.pop(table_number)
        if sheet.umpire_id is not None:
            carried.dropped.append((session.number, table_number, sheet.umpire.get_username()))
        sheet.delete()
    had_rota = any(sheet.umpire_id is not None for sheet in existing.values())
    sheets = {}
    for table_number in range(1, count + 1):
        sheet = existing.get(table_number)
        if sheet is None:
            table, _created = Table.objects.get_or_create(
                tournament=tournament, number=table_number
            )
            sheet = TableSession.objects.create(session=session, table=table)
            if had_rota:
                carried.unassigned.append((session.number, table_number))
        else:
            sheet_touch(sheet)  # its seats changed: a reader's copy is out of date
            carried.kept += sheet.umpire_id is not None
        sheets[table_number] = sheet
    return sheets


def _check_nothing_recorded(sessions) -> None:
    """Re-drawing replaces the seats of these sessions: refuse while anything was recorded on
    them, so that no penalty, result or check-in is ever deleted silently. Their scheduled
    times and their sheets' umpires are no such record: they stay (`_write_session`)."""
    sheets = TableSession.objects.filter(session__in=sessions)
    recorded = [
        (_("hands"), Hand.objects.filter(table_session__in=sheets).exists()),
        (_("penalties"), Penalty.objects.filter(table_session__in=sheets).exists()),
        (_("session results"), SessionResult.objects.filter(session__in=sessions).exists()),
        (_("check-ins"), CheckIn.objects.filter(session__in=sessions).exists()),
        (_("started sessions"), sessions.filter(actual_start__isnull=False).exists()),
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


# -- generating and re-seating: search outside any transaction, then a short locked write --
#
# The search takes up to `time_limit` seconds (300 at most): it runs on what was read, with no
# lock held and no transaction open. The write then takes the tournament's lock, reads the
# same inputs again and refuses if they changed meanwhile, so a chart is never written for
# players, numbers or teams other than those it was searched for.

Progress = Callable[[int, int, str], None]
STEPS = 3  # read, search, write: the progress a seating job shows


def _no_progress(done: int, total: int, message: str) -> None:
    return None


@dataclass(frozen=True)
class _Inputs:
    """What a search depends on; compared again before writing its chart."""

    players: tuple[tuple[int, int, int | None], ...]  # (number, player pk, team pk) by number
    late: tuple[tuple[int, int], ...] = ()  # late entries: (player pk, number they will get)
    sessions: int = 0  # how many sessions the chart has
    replaced: tuple[int, ...] = ()  # the sessions the chart replaces (pks)
    played: tuple = ()  # the chart of the sessions kept (re-seating)


def _players_key(players: dict[int, Player]) -> tuple[tuple[int, int, int | None], ...]:
    return tuple((n, p.pk, p.team_id) for n, p in sorted(players.items()))


def _generate_inputs(tournament: Tournament) -> tuple[_Inputs, dict[int, Player]]:
    """Read what a new chart needs; refuse what cannot be seated (nothing is written)."""
    _check_nothing_recorded(tournament.sessions.all())
    players = _numbered_players(tournament)
    if len(players) < 4:
        raise TournamentError(_("At least four players are needed for a seating chart."))
    inputs = _Inputs(
        players=_players_key(players),
        sessions=_stage_sessions(tournament),
        replaced=tuple(tournament.sessions.order_by("pk").values_list("pk", flat=True)),
    )
    return inputs, players


def _late_entries(tournament: Tournament) -> list[tuple[Player, int]]:
    """Active players registered after the draw, with the numbers they will get (after the
    highest drawn, in order of registration): worked out, not yet saved."""
    late = tournament.players.filter(status=Player.Status.ACTIVE, lot_number__isnull=True)
    top = max(
        tournament.players.exclude(lot_number=None).values_list("lot_number", flat=True), default=0
    )
    ordered = late.select_related("team").order_by("registration_number")
    return [(player, top + offset) for offset, player in enumerate(ordered, start=1)]


def _reseat_inputs(tournament: Tournament, from_session: int) -> tuple[_Inputs, dict]:
    remaining = tournament.sessions.filter(number__gte=from_session)
    _check_nothing_recorded(remaining)
    count = remaining.filter(stage=Session.Stage.QUALIFYING).count()
    if count == 0:
        raise TournamentError(_("There is no session %(n)s to re-seat.") % {"n": from_session})
    late = _late_entries(tournament)
    for player, number in late:
        player.lot_number = number  # in memory only, until the chart is written
    drawn = tournament.players.filter(status=Player.Status.ACTIVE, lot_number__isnull=False)
    players = {p.lot_number: p for p in drawn.select_related("team")}
    players.update({number: player for player, number in late})
    inputs = _Inputs(
        players=_players_key(players),
        late=tuple((player.pk, number) for player, number in late),
        sessions=count,
        replaced=tuple(remaining.order_by("pk").values_list("pk", flat=True)),
        played=tuple(tuple(session) for session in _played_chart(tournament, from_session)),
    )
    return inputs, players


def _lock_and_recheck(
    tournament: Tournament, searched: _Inputs, read
) -> tuple[Tournament, dict[int, Player]]:
    """Inside the write's transaction: lock the tournament, read the inputs again and refuse
    if they are not those the chart was searched for. Returns the locked tournament and the
    players to seat."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    now, players = read(locked)
    if now != searched:
        raise TournamentError(
            _("The players changed while the chart was searched; start again."),
            code="changed",
        )
    return locked, players


def _write_chart(
    *, tournament: Tournament, chart, players: dict[int, Player], first: int, replace
) -> RotaCarried:
    """Write the chart's sessions from number `first` on over the sessions `replace`: a session
    of the same number keeps its row and the sheets of its table numbers; the others go."""
    carried = RotaCarried()
    sessions = {session.number: session for session in replace}
    for offset, tables in enumerate(chart):
        _write_session(
            tournament=tournament,
            number=first + offset,
            tables=tables,
            players=players,
            stage=Session.Stage.QUALIFYING,
            session=sessions.pop(first + offset, None),
            carried=carried,
        )
    for session in sessions.values():
        session.delete()
    return carried


def _empty_seats(chart) -> int:
    """The most empty seats of a session of the chart: the substitutes it needs."""
    return max(
        (sum(seating_adapter.is_bye(n) for table in tables for n in table) for tables in chart),
        default=0,
    )


def _check_first_seats(
    tournament: Tournament,
    players: dict[int, Player],
    *,
    empty_seats: int,
    sessions_kept,
    without_oath: bool,
    user,
) -> list[Player]:
    """The Player's Oath at every first seat (Appendix 2, `tournaments.services.oath`) of a
    chart of `players` whose `empty_seats` (in a session) the first substitutes fill, as
    `_write_session` takes them. Returns those seated without it, as confirmed."""
    seated = [*players.values(), *_substitutes(tournament)[:empty_seats]]
    return oath_check_first_seats(
        tournament=tournament,
        players=seated,
        sessions_kept=sessions_kept,
        without_oath=without_oath,
        user=user,
    )


def _empty_seats_for(players: dict[int, Player]) -> int:
    """Before the search: one table for every four players, a substitute in each seat left."""
    return -len(players) % 4


def seating_check_generate(
    *, tournament: Tournament, without_oath: bool = False, user=None
) -> None:
    """Refuse now what `seating_generate` would refuse before searching (nothing written)."""
    _check_organiser(user)
    _inputs, players = _generate_inputs(tournament)
    _check_first_seats(
        tournament,
        players,
        empty_seats=_empty_seats_for(players),
        sessions_kept=Session.objects.none(),
        without_oath=without_oath,
        user=user,
    )


def seating_generate(
    *,
    tournament: Tournament,
    seed: str | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    without_oath: bool = False,
    user=None,
    progress: Progress | None = None,
) -> str:
    """Draw the table-rotation chart (Appendix 3) for the round-robin sessions.

    Teammates never share a table when that is possible. Refused once any hand is recorded,
    and if the players changed while the chart was searched. Where the tournament requires
    the Player's Oath, refused while someone would take his first seat without it, unless
    `without_oath` (the organiser's confirmation, noted in their history).
    """
    progress = progress or _no_progress
    seating_check_generate(tournament=tournament, without_oath=without_oath, user=user)
    progress(0, STEPS, _("Reading the players"))
    searched, players = _generate_inputs(tournament)
    seed = (seed or "").strip() or seating_adapter.new_seed()
    count = max(players)
    progress(1, STEPS, _("Searching for the chart (up to %(s)s s)") % {"s": _seconds(time_limit)})
    chart = seating_adapter.generate_chart(
        players=count,
        sessions=searched.sessions,
        groups=_groups(players, count),
        seed=_numeric_seed(seed),
        time_limit=time_limit,
    )
    progress(2, STEPS, _("Writing the chart"))
    with transaction.atomic():
        locked, players = _lock_and_recheck(tournament, searched, _generate_inputs)
        unsworn = _check_first_seats(
            locked,
            players,
            empty_seats=_empty_seats(chart),
            sessions_kept=Session.objects.none(),
            without_oath=without_oath,
            user=user,
        )
        _write_chart(
            tournament=locked,
            chart=chart,
            players=players,
            first=1,
            replace=locked.sessions.all(),
        )
        oath_note_first_seats(unsworn)
        locked.seating_seed = seed
        locked.status = Tournament.Status.SEATED
        locked.save(update_fields=["seating_seed", "status"])
    return seed


def _seconds(time_limit: float) -> str:
    return f"{time_limit:g}"


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


def _save_late_numbers(late: tuple[tuple[int, int], ...]) -> None:
    for pk, number in late:
        player = Player.objects.get(pk=pk)
        player.lot_number = number
        player.save(update_fields=["lot_number"])  # with history: the audit trail shows it


@dataclass(frozen=True)
class Reseated:
    """A re-seat's result: the seed to print, and what became of the umpire rota."""

    seed: str
    rota: RotaCarried


def _by_table(pairs) -> str:
    """(session, table, *who) as "table 8 (umpire2): sessions 4, 5, 6": one phrase per table,
    so that a rota of a whole event stays a few words."""
    by_table: dict[tuple, list[int]] = {}
    for session, table, *who in pairs:
        by_table.setdefault((table, *who), []).append(session)
    phrases = []
    for (table, *who), numbers in sorted(by_table.items()):
        phrase = _("table %(table)s") % {"table": table}
        if who:
            phrase += f" ({who[0]})"
        listed = ", ".join(str(n) for n in sorted(numbers))
        sessions = ngettext("session %(sessions)s", "sessions %(sessions)s", len(numbers))
        phrases.append(phrase + ": " + sessions % {"sessions": listed})
    return "; ".join(phrases)


def rota_carried_text(rota: RotaCarried) -> str:
    """The umpire rota after a chart was drawn again, in words (empty when there was none)."""
    lines = []
    if rota.kept:
        lines.append(
            ngettext(
                "%(n)s score sheet keeps its umpire: the rota stays with the table numbers.",
                "%(n)s score sheets keep their umpires: the rota stays with the table numbers.",
                rota.kept,
            )
            % {"n": rota.kept}
        )
    if rota.dropped:
        lines.append(
            _("No longer in the chart, with their umpire: %(tables)s.")
            % {"tables": _by_table(rota.dropped)}
        )
    if rota.unassigned:
        lines.append(
            _("New, without an umpire (assign it on the umpire rota): %(tables)s.")
            % {"tables": _by_table(rota.unassigned)}
        )
    return " ".join(lines)


def seating_check_reseat(
    *, tournament: Tournament, from_session: int, without_oath: bool = False, user=None
) -> None:
    """Refuse now what `seating_reseat_remaining` would refuse before searching."""
    _check_organiser(user)
    _inputs, players = _reseat_inputs(tournament, from_session)
    _check_first_seats(
        tournament,
        players,
        empty_seats=_empty_seats_for(players),
        sessions_kept=tournament.sessions.filter(number__lt=from_session),
        without_oath=without_oath,
        user=user,
    )


def seating_reseat_remaining(
    *,
    tournament: Tournament,
    from_session: int,
    seed: str | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    without_oath: bool = False,
    user=None,
    progress: Progress | None = None,
) -> Reseated:
    """Regenerate sessions from `from_session` on after a withdrawal, late entry or
    substitution, keeping who already met whom in the objective. Played sessions stay.

    The sessions drawn again keep their scheduled times, and each of their tables its score
    sheet and umpire (the umpire rota stays with the table numbers); the result says which
    umpires lost a table the new chart no longer has, and which new tables have none yet.

    The players it seats for the first time (registered after the draw, substitutes filling
    its empty seats) are asked the Player's Oath as `seating_generate` asks it."""
    progress = progress or _no_progress
    seating_check_reseat(
        tournament=tournament, from_session=from_session, without_oath=without_oath, user=user
    )
    progress(0, STEPS, _("Reading the players and the sessions played"))
    searched, players = _reseat_inputs(tournament, from_session)
    seed = (seed or "").strip() or seating_adapter.new_seed()
    progress(1, STEPS, _("Searching for the chart (up to %(s)s s)") % {"s": _seconds(time_limit)})
    chart = seating_adapter.reseat_chart(
        played=[list(session) for session in searched.played],
        active_players=sorted(players),
        remaining_sessions=searched.sessions,
        groups={n: p.team_id for n, p in players.items()},
        seed=_numeric_seed(seed),
        time_limit=time_limit,
    )
    progress(2, STEPS, _("Writing the chart"))
    with transaction.atomic():
        locked, players = _lock_and_recheck(
            tournament, searched, lambda again: _reseat_inputs(again, from_session)
        )
        unsworn = _check_first_seats(
            locked,
            players,
            empty_seats=_empty_seats(chart),
            sessions_kept=locked.sessions.filter(number__lt=from_session),
            without_oath=without_oath,
            user=user,
        )
        _save_late_numbers(searched.late)
        rota = _write_chart(
            tournament=locked,
            chart=chart,
            players=players,
            first=from_session,
            replace=locked.sessions.filter(number__gte=from_session),
        )
        oath_note_first_seats(unsworn)
    return Reseated(seed=seed, rota=rota)


@transaction.atomic
def seating_seed_final_session(
    *,
    tournament: Tournament,
    method: str = "straight",
    finalists: int | None = None,
    without_oath: bool = False,
    user=None,
) -> Session:
    """Add the next session of the final stage, seated by the official standings: the top
    four at table 1 ("straight") or in snake bands ("snake").

    Who advances follows the standings (rule 3.10.1); players sharing a place across the cut-off
    are taken in the order a recorded decision gives, and refused until there is one (never by
    player number: `tournaments.services.cut_off`). A player whose first seat it would be is
    asked the Player's Oath as every seating asks it (`without_oath`: the organiser confirms).
    """
    _check_organiser(user)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    number, count = final_session_to_seed(tournament, finalists)
    ranking = cut_off_ranking(tournament=tournament, count=count, session=number)
    tables = seating_adapter.seeded_tables(ranking, method=method)
    players = _numbered_players(tournament)
    unsworn = oath_check_first_seats(
        tournament=tournament,
        players=[players[n] for n in ranking],
        sessions_kept=tournament.sessions.all(),
        without_oath=without_oath,
        user=user,
    )
    session = _write_session(
        tournament=tournament,
        number=number,
        tables=tables,
        players=players,
        stage=Session.Stage.FINAL,
    )
    oath_note_first_seats(unsworn)
    return session


# -- seating as a background job (tournaments.services.jobs, kind "seating") ------------------

MIN_TIME_LIMIT, MAX_TIME_LIMIT = 0.5, 300.0
_JOB_PARAMS = {"seed", "time_limit", "from_session", "without_oath"}


@dataclass(frozen=True)
class _JobOptions:
    seed: str
    time_limit: float
    from_session: int | None
    without_oath: bool = False


def _job_options(params: dict) -> _JobOptions:
    """The parameters of a seating job: {"seed": str, "time_limit": seconds, "from_session":
    a session number to re-seat from, or absent to generate the whole chart, "without_oath":
    true to confirm first seats without the Player's Oath (Appendix 2), or absent}."""
    unknown = sorted(set(params) - _JOB_PARAMS)
    if unknown:
        raise TournamentError(_("Unknown parameters: %(names)s.") % {"names": ", ".join(unknown)})
    seed = params.get("seed") or ""
    time_limit = params.get("time_limit", DEFAULT_TIME_LIMIT)
    from_session = params.get("from_session")
    if not isinstance(seed, str) or len(seed) > 100:
        raise TournamentError(_("The seed is a text of at most 100 characters."))
    if (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, int | float)
        or not MIN_TIME_LIMIT <= time_limit <= MAX_TIME_LIMIT
    ):
        raise TournamentError(
            _("The search time is between %(min)s and %(max)s seconds.")
            % {"min": _seconds(MIN_TIME_LIMIT), "max": _seconds(MAX_TIME_LIMIT)}
        )
    if from_session is not None and (
        isinstance(from_session, bool) or not isinstance(from_session, int) or from_session < 1
    ):
        raise TournamentError(_("Re-seat from a session number (1 or more)."))
    without_oath = params.get("without_oath", False)
    if not isinstance(without_oath, bool):
        raise TournamentError(_("Confirm seating without the oath with true or false."))
    return _JobOptions(
        seed=seed,
        time_limit=float(time_limit),
        from_session=from_session,
        without_oath=without_oath,
    )


def seating_job_check(*, user, tournament: Tournament, params: dict) -> None:
    """Before a seating job is queued (and again when a worker starts it): the parameters,
    the user's role, and what the search would refuse anyway (no lots, records kept...)."""
    options = _job_options(params)
    if options.from_session is None:
        seating_check_generate(tournament=tournament, without_oath=options.without_oath, user=user)
    else:
        seating_check_reseat(
            tournament=tournament,
            from_session=options.from_session,
            without_oath=options.without_oath,
            user=user,
        )


def seating_job_run(*, tournament: Tournament, params: dict, progress: Progress) -> None:
    """Run a seating job: the chart is the result (in the database), its seed the message."""
    options = _job_options(params)

    def report(done: int, total: int, message: str) -> None:
        # A few steps far apart (the search is long): each one is shown at once, not held
        # back by the job's throttle until the next.
        progress(done, total, message)
        flush = getattr(progress, "flush", None)
        if flush is not None:
            flush()

    arguments = {
        "tournament": tournament,
        "seed": options.seed or None,
        "time_limit": options.time_limit,
        "without_oath": options.without_oath,
        "progress": report,
    }
    if options.from_session is None:
        seed = seating_generate(**arguments)
        message = _("Seating chart generated. Seed (print it): %(seed)s") % {"seed": seed}
    else:
        reseated = seating_reseat_remaining(from_session=options.from_session, **arguments)
        message = _("Sessions from %(n)s on re-seated. Seed (print it): %(seed)s") % {
            "seed": reseated.seed,
            "n": options.from_session,
        }
        message = " ".join(filter(None, (message, rota_carried_text(reseated.rota))))
    report(STEPS, STEPS, message)
