"""GET|POST /api/tournaments/{slug}/players/."""

import pytest

from tests.api.event_helpers import NOT_ORGANISERS, ORGANISERS
from tests.api.helpers import assert_error
from tests.tournaments.factories import PlayerFactory, TeamFactory, TournamentFactory
from tournaments.models import Player, Tournament
from tournaments.roles import Role


def url(tournament) -> str:
    return f"/api/tournaments/{tournament.slug}/players/"


@pytest.mark.parametrize("role", ORGANISERS)
def test_it_registers_a_player_from_a_name_alone(as_role, role):
    tournament = TournamentFactory()
    response = as_role(role).post(url(tournament), {"name": "Ana García"}, format="json")
    assert response.status_code == 201, response.content
    player = Player.objects.get(tournament=tournament)
    assert (player.name, player.registration_number, player.status) == ("Ana García", 1, "active")
    body = response.json()
    assert body["id"] == player.pk and body["number"] is None and body["team"] is None


def test_it_takes_the_team_by_id_and_the_other_details(as_role):
    tournament = TournamentFactory()
    PlayerFactory(tournament=tournament, registration_number=1)
    team = TeamFactory(tournament=tournament, name="Dragons")
    response = as_role(Role.ORGANISER).post(
        url(tournament),
        {
            "name": "Li Wei",
            "native_name": "李伟",
            "country": "CN",
            "club": "Beijing",
            "team": team.pk,
            "status": "substitute",
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    player = Player.objects.get(name="Li Wei")
    assert (player.native_name, player.team, player.status) == ("李伟", team, "substitute")
    assert player.registration_number == 2
    assert response.json()["team_name"] == "Dragons"


@pytest.mark.parametrize("role", NOT_ORGANISERS)
def test_it_refuses_a_player_to_other_roles(as_role, role):
    tournament = TournamentFactory()
    response = as_role(role).post(url(tournament), {"name": "Ana"}, format="json")
    assert_error(response, 403, code="forbidden")
    assert not Player.objects.exists()


def test_it_refuses_anonymous_users(anonymous):
    tournament = TournamentFactory()
    assert_error(anonymous.post(url(tournament), {"name": "Ana"}, format="json"), 401)
    assert_error(anonymous.get(url(tournament)), 401)


def test_it_refuses_a_missing_name_naming_the_field(as_role):
    response = as_role(Role.ORGANISER).post(url(TournamentFactory()), {}, format="json")
    assert_error(response, 400, field="name")


def test_it_refuses_an_unknown_team_naming_the_field(as_role):
    response = as_role(Role.ORGANISER).post(
        url(TournamentFactory()), {"name": "Ana", "team": 9999}, format="json"
    )
    assert_error(response, 400, field="team")


def test_it_refuses_a_team_of_another_tournament(as_role):
    tournament = TournamentFactory()
    other = TeamFactory()
    response = as_role(Role.ORGANISER).post(
        url(tournament), {"name": "Ana", "team": other.pk}, format="json"
    )
    assert_error(response, 400, code="invalid")
    assert not tournament.players.exists()


def test_it_refuses_a_player_once_the_tournament_is_finished(as_role):
    tournament = TournamentFactory(status=Tournament.Status.FINISHED)
    response = as_role(Role.ORGANISER).post(url(tournament), {"name": "Ana"}, format="json")
    assert_error(response, 400)
    assert not tournament.players.exists()


def test_an_unknown_tournament_is_a_404(as_role):
    client = as_role(Role.ORGANISER)
    assert_error(client.post("/api/tournaments/nope/players/", {"name": "X"}, format="json"), 404)
    assert_error(client.get("/api/tournaments/nope/players/"), 404)


def test_the_list_is_ordered_by_number_then_registration(as_role):
    tournament = TournamentFactory()
    PlayerFactory(tournament=tournament, name="Late", registration_number=3)
    PlayerFactory(tournament=tournament, name="Two", registration_number=1, lot_number=2)
    PlayerFactory(tournament=tournament, name="One", registration_number=2, lot_number=1)
    body = as_role(Role.PLAYER).get(url(tournament)).json()
    assert [p["name"] for p in body["results"]] == ["One", "Two", "Late"]
    assert [p["number"] for p in body["results"]] == [1, 2, None]


def test_the_list_is_filtered_by_team_and_status(as_role):
    tournament = TournamentFactory()
    team = TeamFactory(tournament=tournament)
    PlayerFactory(tournament=tournament, name="Member", team=team)
    PlayerFactory(tournament=tournament, name="Sub", status=Player.Status.SUBSTITUTE)
    client = as_role(None)
    by_team = client.get(url(tournament), {"team": team.pk}).json()["results"]
    assert [p["name"] for p in by_team] == ["Member"]
    by_status = client.get(url(tournament), {"status": "substitute"}).json()["results"]
    assert [p["name"] for p in by_status] == ["Sub"]


def test_a_bad_filter_is_a_400_naming_it(as_role):
    response = as_role(None).get(url(TournamentFactory()), {"status": "gone"})
    assert_error(response, 400, field="status")
