import datetime

import factory

from tournaments.models import Player, Seat, Session, Table, TableSession, Team, Tournament
from tournaments.models.play import POSITIONS

# When the tests' sessions start unless a test says otherwise: nothing is recorded on a sheet
# before its session starts (rule 3.5.6). Earlier than the START of every test, so a test that
# starts a session itself (or a later session) moves the start forward.
PLAY_START = datetime.datetime(2026, 5, 1, 9, 0, tzinfo=datetime.UTC)


def start_session(sheet_or_session, at: datetime.datetime = PLAY_START):
    """Record the session's actual start directly (not through the service: no role, no
    check-in judged again), on the row and on the object given. Returns the object."""
    session = getattr(sheet_or_session, "session", sheet_or_session)
    Session.objects.filter(pk=session.pk).update(actual_start=at)
    session.actual_start = at
    return sheet_or_session


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    name = factory.Sequence(lambda n: f"Open {n}")
    slug = factory.Sequence(lambda n: f"open-{n}")
    sessions_planned = 6
    # Tests not about the Player's Oath draw lots without recording it (Appendix 2: a new
    # tournament requires it; tests/tournaments/test_oath_required.py sets it).
    oath_required = False


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team

    tournament = factory.SubFactory(TournamentFactory)
    name = factory.Sequence(lambda n: f"Team {n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    tournament = factory.SubFactory(TournamentFactory)
    name = factory.Sequence(lambda n: f"Player {n}")
    registration_number = factory.Sequence(lambda n: n + 1)


def seated_table(
    tournament: Tournament,
    *,
    session_number: int = 1,
    table_number: int = 1,
    players: list[Player] | None = None,
    started: bool = False,
) -> TableSession:
    """A sheet of four players; `started`: its session started at PLAY_START (unless it had
    a start already), so hands, penalties and confirmations are accepted."""
    session, _ = Session.objects.get_or_create(tournament=tournament, number=session_number)
    if started and session.actual_start is None:
        start_session(session)
    table, _ = Table.objects.get_or_create(tournament=tournament, number=table_number)
    table_session = TableSession.objects.create(session=session, table=table)
    if players is None:
        start = tournament.players.count()
        players = [
            PlayerFactory(
                tournament=tournament,
                name=f"Player {p}",
                lot_number=start + i + 1,
                registration_number=start + i + 1,
            )
            for i, p in enumerate(POSITIONS)
        ]
    for position, player in zip(POSITIONS, players, strict=True):
        Seat.objects.create(
            table_session=table_session, session=session, player=player, position=position
        )
    return table_session


def two_session_chart(tournament: Tournament, names: list[tuple[str, str]]) -> list[Player]:
    """Two sessions of two tables: eight numbered players called `names` (name, native name)
    in seat order; session 2 mixes the tables and seats a substitute instead of player 8.
    Returns the eight players."""
    first = seated_table(tournament, table_number=1)
    second = seated_table(tournament, table_number=2)
    players = [s.player for s in first.seats.order_by("position")]
    players += [s.player for s in second.seats.order_by("position")]
    for player, (name, native) in zip(players, names, strict=True):
        player.name, player.native_name = name, native
        player.save(update_fields=["name", "native_name"])
    substitute = PlayerFactory(
        tournament=tournament, name="Sub Stitute", status=Player.Status.SUBSTITUTE
    )
    seated_table(tournament, session_number=2, table_number=1, players=players[0:8:2])
    seated_table(
        tournament,
        session_number=2,
        table_number=2,
        players=[players[1], players[3], players[5], substitute],
    )
    return players


def sign_sheets(*sheets: TableSession) -> None:
    """The players who came confirm each complete sheet (one who did not come signs
    nothing, 3.9.2) and its umpire signs it (the system itself, no role check): official
    standings count signed sheets only."""
    from tournaments.models.discipline import NO_SHOW
    from tournaments.services.signoff import sheet_confirm_player, sheet_sign

    for sheet in sheets:
        absent = set(sheet.penalties.filter(NO_SHOW).values_list("player_id", flat=True))
        for seat in Seat.objects.filter(table_session=sheet).select_related("player"):
            if seat.player_id not in absent:
                sheet_confirm_player(table_session=sheet, player=seat.player)
        sheet_sign(table_session=sheet)


def sign_complete_sheets(tournament: Tournament) -> None:
    """Sign every complete sheet of the tournament (see sign_sheets)."""
    sign_sheets(
        *TableSession.objects.filter(
            session__tournament=tournament, status=TableSession.Status.COMPLETE
        ).order_by("pk")
    )
