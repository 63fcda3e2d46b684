import factory

from tournaments.models import Player, Seat, Session, Table, TableSession, Team, Tournament
from tournaments.models.play import POSITIONS


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    name = factory.Sequence(lambda n: f"Open {n}")
    slug = factory.Sequence(lambda n: f"open-{n}")
    sessions_planned = 6


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
) -> TableSession:
    session, _ = Session.objects.get_or_create(tournament=tournament, number=session_number)
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
