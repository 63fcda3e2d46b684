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
