"""Helpers of the tests of settled registrations and their corrections (issue #26): a small
team tournament whose two sessions are played, logins with a role, and the players' and
teams' rows as stored."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from tests.tournaments.factories import (
    PlayerFactory,
    TeamFactory,
    TournamentFactory,
    seated_table,
    sign_complete_sheets,
)
from tournaments.models import Hand, Player, Team, Tournament
from tournaments.roles import ROLE_GROUPS, STAFF_ROLES, Role
from tournaments.selectors.standings import standings_compute
from tournaments.services.hands import hand_record_no_win, hand_record_win

REASON = "Bo registered for team Y; the entry form was typed in wrong"


def make_user(username: str, role: str | None = None):
    """A login with one role (staff for the staff roles), no password (tests force_login)."""
    user = get_user_model().objects.create_user(
        username, f"{username}@example.org", is_staff=role in STAFF_ROLES
    )
    if role is not None:
        user.groups.add(Group.objects.get_or_create(name=ROLE_GROUPS[Role(role)])[0])
    return user


def team_league(*, signed: bool) -> Tournament:
    """Two teams, X (Ana, Bo) and Y (Cai, Dan), two sessions played at one table, points only;
    `signed`: both sheets signed. Team standings (signed): X 7 TP 28 CP first, Y 7 TP -28 CP.
    Bo moved to Y: Y 9.5 TP first, X 4.5 TP."""
    tournament = TournamentFactory(entry_mode=Tournament.EntryMode.POINTS_ONLY)
    team_x = TeamFactory(tournament=tournament, name="X")
    team_y = TeamFactory(tournament=tournament, name="Y")
    players = [
        PlayerFactory(
            tournament=tournament, name=name, lot_number=i + 1, team=team, registration_number=i + 1
        )
        for i, (name, team) in enumerate(
            [("Ana", team_x), ("Bo", team_x), ("Cai", team_y), ("Dan", team_y)]
        )
    ]
    first = seated_table(tournament, session_number=1, players=players, started=True)
    hand_record_win(table_session=first, winner="A", discarder=None, points=10)
    hand_record_win(table_session=first, winner="B", discarder="C", points=8)
    hand_record_no_win(table_session=first, outcome=Hand.Outcome.TIME_LIMIT)
    second = seated_table(tournament, session_number=2, players=players, started=True)
    hand_record_win(table_session=second, winner="C", discarder="D", points=12)
    hand_record_win(table_session=second, winner="D", discarder="C", points=14)
    hand_record_no_win(table_session=second, outcome=Hand.Outcome.TIME_LIMIT)
    if signed:
        sign_complete_sheets(tournament)
    return tournament


def player(tournament: Tournament, name: str) -> Player:
    return Player.objects.select_related("team").get(tournament=tournament, name=name)


def team(tournament: Tournament, name: str) -> Team:
    return Team.objects.get(tournament=tournament, name=name)


def team_ranking(tournament: Tournament) -> list[tuple[str, object]]:
    """The official team standings: (name, table points), best first."""
    return [(t.name, t.table_points) for t in standings_compute(tournament=tournament).teams]


def stored(row) -> dict:
    """The settled fields of a player or a team as the database holds them."""
    if isinstance(row, Player):
        return Player.objects.filter(pk=row.pk).values(
            "name", "native_name", "registration_number", "team_id", "country", "club"
        )[0]
    return Team.objects.filter(pk=row.pk).values("name", "country", "captain_id")[0]


def finish(tournament: Tournament) -> None:
    """Mark the tournament finished directly (the state, not the service's checks)."""
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
