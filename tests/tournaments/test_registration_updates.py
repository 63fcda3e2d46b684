import pytest
from django.db import IntegrityError, transaction

from tests.tournaments.factories import PlayerFactory, TeamFactory, TournamentFactory
from tournaments.errors import TournamentError
from tournaments.models import Player, Team
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


def test_an_edit_to_a_too_long_name_is_refused_and_not_saved(tournament):
    player = PlayerFactory(tournament=tournament, name="Ana")
    player.name = "a" * 121
    with pytest.raises(TournamentError, match="longer than 120 characters"):
        player_update(player=player)
    assert Player.objects.get(pk=player.pk).name == "Ana"


def test_an_edit_with_a_nul_character_is_refused(tournament):
    player = PlayerFactory(tournament=tournament, name="Ana")
    player.native_name = "安\x00娜"
    with pytest.raises(TournamentError, match="NUL character"):
        player_update(player=player)
    team = TeamFactory(tournament=tournament, name="Spain")
    team.country = "Spa\x00in"
    with pytest.raises(TournamentError, match="NUL character"):
        team_update(team=team)
    assert Team.objects.get(pk=team.pk).country == ""


def test_a_renamed_team_cannot_outgrow_its_column(tournament):
    team = TeamFactory(tournament=tournament, name="Spain")
    team.name = "S" * 121
    with pytest.raises(TournamentError, match="longer than 120 characters"):
        team_update(team=team)


def test_the_database_itself_refuses_team_names_differing_only_in_case(tournament):
    TeamFactory(tournament=tournament, name="Spain 1")
    with pytest.raises(IntegrityError), transaction.atomic():
        Team.objects.create(tournament=tournament, name="SPAIN 1")
    TeamFactory(tournament=TournamentFactory(), name="spain 1")  # another tournament: fine
    assert Team.objects.filter(name__iexact="spain 1").count() == 2
