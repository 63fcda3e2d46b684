"""GET|POST /api/tournaments/{slug}/teams/."""

import pytest

from tests.api.event_helpers import NOT_ORGANISERS, ORGANISERS
from tests.api.helpers import assert_error
from tests.tournaments.factories import PlayerFactory, TeamFactory, TournamentFactory
from tournaments.models import Team
from tournaments.roles import Role


def url(tournament) -> str:
    return f"/api/tournaments/{tournament.slug}/teams/"


@pytest.mark.parametrize("role", ORGANISERS)
def test_it_registers_a_team(as_role, role):
    tournament = TournamentFactory()
    response = as_role(role).post(
        url(tournament), {"name": "Dragons", "country": "ES"}, format="json"
    )
    assert response.status_code == 201, response.content
    team = Team.objects.get(tournament=tournament)
    assert (team.name, team.country) == ("Dragons", "ES")
    assert response.json() == {
        "id": team.pk,
        "name": "Dragons",
        "country": "ES",
        "captain": None,
        "members": 0,
    }


@pytest.mark.parametrize("role", NOT_ORGANISERS)
def test_it_refuses_a_team_to_other_roles(as_role, role):
    tournament = TournamentFactory()
    response = as_role(role).post(url(tournament), {"name": "Dragons"}, format="json")
    assert_error(response, 403, code="forbidden")
    assert not Team.objects.exists()


def test_it_refuses_anonymous_users(anonymous):
    tournament = TournamentFactory()
    assert_error(anonymous.post(url(tournament), {"name": "Dragons"}, format="json"), 401)
    assert_error(anonymous.get(url(tournament)), 401)


def test_it_refuses_a_missing_name_naming_the_field(as_role):
    response = as_role(Role.ORGANISER).post(url(TournamentFactory()), {}, format="json")
    assert_error(response, 400, field="name")


def test_it_refuses_a_name_taken_in_another_case(as_role):
    tournament = TournamentFactory()
    TeamFactory(tournament=tournament, name="Dragons")
    response = as_role(Role.ORGANISER).post(url(tournament), {"name": "DRAGONS"}, format="json")
    assert_error(response, 400, code="invalid")
    assert tournament.teams.count() == 1


def test_an_unknown_tournament_is_a_404(as_role):
    client = as_role(Role.ORGANISER)
    assert_error(client.post("/api/tournaments/nope/teams/", {"name": "X"}, format="json"), 404)
    assert_error(client.get("/api/tournaments/nope/teams/"), 404)


def test_every_logged_in_user_lists_the_teams_with_their_members(as_role):
    tournament = TournamentFactory()
    dragons = TeamFactory(tournament=tournament, name="Dragons")
    TeamFactory(tournament=tournament, name="Bamboo")
    TeamFactory(name="Elsewhere")
    PlayerFactory(tournament=tournament, team=dragons)
    PlayerFactory(tournament=tournament, team=dragons)
    body = as_role(Role.PLAYER).get(url(tournament)).json()
    assert body["count"] == 2
    assert [(t["name"], t["members"]) for t in body["results"]] == [
        ("Bamboo", 0),
        ("Dragons", 2),
    ]


def test_no_team_is_created_in_a_finished_tournament(as_role):
    tournament = TournamentFactory(status="finished")
    response = as_role(Role.ORGANISER).post(url(tournament), {"name": "Late"}, format="json")
    assert_error(response, 409, code="invalid_state")
    assert not tournament.teams.exists()
