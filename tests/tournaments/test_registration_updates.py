import pytest

from tests.tournaments.factories import PlayerFactory, TeamFactory, TournamentFactory
from tournaments.errors import TournamentError
from tournaments.services.registration import player_update, team_update


def test_a_player_cannot_join_a_team_of_another_tournament(tournament):
    player = PlayerFactory(tournament=tournament)
    player.team = TeamFactory(tournament=TournamentFactory())
    with pytest.raises(TournamentError, match="belongs to another tournament"):
        player_update(player=player)


def test_a_team_captain_must_be_a_member(tournament):
    team = TeamFactory(tournament=tournament)
    team.captain = PlayerFactory(tournament=tournament)
    with pytest.raises(TournamentError, match="is not a member"):
        team_update(team=team)
    team.captain.team = team
    team.captain.save()
    assert team_update(team=team).captain_id == team.captain.pk


def test_a_renamed_team_keeps_names_unique(tournament):
    TeamFactory(tournament=tournament, name="Spain")
    other = TeamFactory(tournament=tournament, name="France")
    other.name = "SPAIN"
    with pytest.raises(TournamentError, match="already a team named"):
        team_update(team=other)
